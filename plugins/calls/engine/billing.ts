// CALL-06 / CALL-08: billing during a connected call. The server's begin-call and deduction
// answers are the only source of the balance; this schedules the next deduction, retries a
// failed one, forces the hang-up when the balance cannot cover the next point, and drives
// the in-call balance warning.
import { isInsufficient } from '../../../kernel/api.ts'
import { CallPath, HangupReason, type BillingReply, type CallWarning } from '../api.ts'
import { CallDefaults, unitsLeft, warningDurationMs, warningLevel } from '../rules.ts'
import type { CallTimers } from './timers.ts'

export interface BillingHost {
  timers: CallTimers
  post<T>(path: string, payload: unknown, opts?: { silent?: boolean; timeout?: number }): Promise<T>
  channelId(): string | null
  /** seconds since connect */
  duration(): number
  /** seconds of free time at the start (match calls), during which no warning shows */
  freeSec(): number
  setBalance(diamond: number): void
  warn(w: CallWarning | null): void
  hangUp(reason: number): void
  rate(event: string): void
  /** tell the user their balance ran short (the kernel already opened the shop on code 1080) */
  short(): void
  /** false while no video flows: the deduction waits until the picture is back */
  mediaFlowing?(): boolean
}

export class Billing {
  diamond = 0
  nextDeduction = 0
  nextPoint = 0
  /** failed deduction attempts for the current point (deductionErrMaxNum) */
  errors = 0
  private requesting = false
  private stopped = false
  private forced: unknown = null
  private warnTimer: unknown = null
  private retryTimer: unknown = null
  /** the (nextPoint - 1) s countdown is running: the balance cannot cover the next point */
  countdown = false
  private shownLevel: 0 | 1 | 2 | null = null

  constructor(
    private host: BillingHost,
    private opts: { attempts?: number; retryMs?: number } = {},
  ) {}

  get free(): boolean {
    return !(this.nextDeduction > 0)
  }

  /** Take a begin-call or deduction answer. */
  apply(reply: BillingReply) {
    if (this.stopped) return
    this.diamond = Number(reply.diamond) || 0
    this.nextDeduction = Number(reply.nextDeduction) || 0
    this.nextPoint = Number(reply.nextPoint) || 0
    this.host.setBalance(this.diamond)
    this.errors = 0
    this.plan()
    this.updateWarning(true)
  }

  /** A balance the server reported meanwhile (a recharge during the call, CALL-08). */
  balanceChanged(diamond: number) {
    if (this.stopped) return
    const more = diamond > this.diamond
    this.diamond = diamond
    this.plan()
    // recharging hides the toast
    if (more) this.hideWarning()
  }

  /** Called every second with the call duration: asks for the deduction once the billing point is reached. */
  tick(duration: number) {
    if (this.stopped || this.free) return
    if (this.countdown && this.shownLevel === 0) this.host.warn({ units: 0, secondsLeft: this.secondsLeft(duration) })
    if (this.host.mediaFlowing?.() === false) return
    if (duration >= this.nextPoint && !this.requesting && !this.countdown) void this.deduct()
  }

  stop() {
    this.stopped = true
    const t = this.host.timers
    t.clearTimeout(this.forced)
    t.clearTimeout(this.warnTimer)
    t.clearTimeout(this.retryTimer)
    this.host.warn(null)
  }

  private secondsLeft(duration = this.host.duration()): number {
    return Math.max(0, Math.min(CallDefaults.lastUnitCountdownSec, this.nextPoint - 1 - duration))
  }

  /** d1 §4: when diamond - nextDeduction < 0 the countdown starts and a forced hang-up is set; else both clear. */
  private plan() {
    const t = this.host.timers
    t.clearTimeout(this.forced)
    this.forced = null
    this.countdown = !this.free && this.diamond - this.nextDeduction < 0
    if (!this.countdown) return
    const wait = Math.max(0, this.nextPoint - this.host.duration() - CallDefaults.forcedHangupMarginSec)
    this.forced = t.setTimeout(() => {
      this.host.short()
      this.host.hangUp(HangupReason.balance)
    }, wait * 1000)
  }

  private async deduct() {
    const channelId = this.host.channelId()
    if (!channelId) return
    this.requesting = true
    try {
      const reply = await this.host.post<BillingReply>(CallPath.deduct, { searchValue: channelId }, { silent: true })
      this.requesting = false
      if (this.stopped) return
      this.host.rate('deduct')
      this.apply(reply)
    } catch (err) {
      if (this.stopped) return
      if (isInsufficient(err)) {
        this.requesting = false
        this.host.short()
        this.host.hangUp(HangupReason.balance)
        return
      }
      this.errors++
      this.host.rate('deduct-error')
      if (this.errors >= (this.opts.attempts ?? CallDefaults.deductionAttempts)) {
        this.requesting = false
        this.host.hangUp(HangupReason.deduction)
        return
      }
      // still 'requesting': the retry owns the point, so a tick cannot start a second request
      this.retryTimer = this.host.timers.setTimeout(() => {
        this.requesting = false
        if (!this.stopped) void this.deduct()
      }, this.opts.retryMs ?? CallDefaults.deductionRetryMs)
    }
  }

  /** CALL-08: at 2 units show 8 s, at 1 unit 10 s, at 0 the 60 s countdown; above 2 hide; none in free time. */
  private updateWarning(fresh: boolean) {
    if (this.free) return this.hideWarning()
    if (this.host.duration() < this.host.freeSec()) return this.hideWarning()
    const level = warningLevel(unitsLeft(this.diamond, this.nextDeduction))
    if (level == null) return this.hideWarning()
    if (!fresh && level === this.shownLevel) return
    const t = this.host.timers
    t.clearTimeout(this.warnTimer)
    this.shownLevel = level
    this.host.warn({ units: level, secondsLeft: level === 0 ? this.secondsLeft() : null })
    this.warnTimer = t.setTimeout(() => this.hideWarning(), warningDurationMs[level])
  }

  private hideWarning() {
    this.host.timers.clearTimeout(this.warnTimer)
    this.warnTimer = null
    this.shownLevel = null
    this.host.warn(null)
  }
}
