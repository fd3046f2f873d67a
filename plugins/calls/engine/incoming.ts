// CALL-04: a host calls the user. The popup rings for waitTime seconds; accept joins the call
// (3 s time-out), reject and the time-out are reported as missed calls. Accept and reject are
// debounced 3 s. The auto-reject rules of d1 §4 answer some calls without ringing.
import { signal, type Signal } from '@preact/signals-react'
import type { RequestOptions } from '../../../kernel/api.ts'
import { CallPath, MissedReason, type CallCreated, type IncomingCall } from '../api.ts'
import { CallDefaults, incomingBalanceShort, incomingVerdict } from '../rules.ts'
import type { ToastKey } from '../strings.ts'
import type { CallTimers } from './timers.ts'

/** updatePushCall statuses */
const PushCallStatus = { accepted: 1, rejected: 2, missed: 3, noRmb: 4 } as const

export interface Where {
  path: string
  live: boolean
  payPopup: boolean
  /** a half-screen game or the game list popup shows */
  game?: boolean
  appId: string
}

export interface IncomingDeps {
  post<T>(path: string, payload?: unknown, opts?: RequestOptions): Promise<T>
  timers: CallTimers
  say(key: ToastKey, opts?: { type?: 'warning' | 'info' }): void
  user(): { userId: number; diamondNum: number } | null
  openShop(): void
  where(): Where
  rejectAppIds(): string[]
  inCall(): boolean
  rate(channelId: string, event: string): void
  accepted(created: CallCreated, free: boolean): void | Promise<void>
}

function valid(data: unknown): data is IncomingCall {
  const d = data as IncomingCall
  return !!d && typeof d.channelId === 'string' && !!d.channelId && Number.isFinite(Number(d.callUserId))
}

export class Incoming {
  /** the call ringing now (the popup shows it), or null */
  readonly call: Signal<IncomingCall | null> = signal(null)
  /** seconds left before it counts as missed */
  readonly left: Signal<number> = signal(0)
  private lastAction = -Infinity
  private ticker: unknown = null
  private expiry: unknown = null
  /** channels already handled, so a repeated push does not ring again */
  private seen = new Set<string>()

  constructor(private deps: IncomingDeps) {}

  onPush(data: unknown) {
    if (!valid(data) || this.seen.has(data.channelId)) return
    this.seen.add(data.channelId)
    const user = this.deps.user()
    const verdict = incomingVerdict(Number(data.beCallUserId), {
      ...this.deps.where(),
      userId: user?.userId ?? null,
      rejectAppIds: this.deps.rejectAppIds(),
      // one call at a time: a second one while another rings answers busy too
      inCall: this.deps.inCall() || this.call.value != null,
    })
    if (verdict === 'ignore') return
    if (verdict === 'reject') {
      this.missed(data.channelId, MissedReason.rejectOrBusy)
      this.deps.rate(data.channelId, 'auto-reject')
      return
    }
    const wait = Math.max(1, Number(data.waitTime) || 20)
    this.call.value = data
    this.left.value = wait
    this.deps.rate(data.channelId, 'incoming')
    this.ticker = this.deps.timers.setInterval(() => (this.left.value = Math.max(0, this.left.value - 1)), 1000)
    this.expiry = this.deps.timers.setTimeout(() => {
      const c = this.call.value
      if (!c) return
      this.missed(c.channelId, MissedReason.timeout)
      this.deps.rate(c.channelId, 'missed')
      this.clear()
    }, wait * 1000)
  }

  /** Both buttons share one 3 s debounce. */
  private debounced(): boolean {
    const now = this.deps.timers.now()
    if (now - this.lastAction < CallDefaults.incomingDebounceMs) return true
    this.lastAction = now
    return false
  }

  async accept(): Promise<boolean> {
    const c = this.call.value
    if (!c || this.debounced()) return false
    const user = this.deps.user()
    if (!user) return false
    if (incomingBalanceShort(user.diamondNum, Number(c.videoPrice) || 0, !!c.free)) {
      // recharge opens; the call is reported noRmb and, closed by payment, counts as a reject
      this.clear()
      this.deps.openShop()
      this.update(c.channelId, PushCallStatus.noRmb)
      this.missed(c.channelId, MissedReason.earlyCancel)
      this.deps.rate(c.channelId, 'noRmb')
      return false
    }
    this.clear()
    let created: CallCreated | null = null
    try {
      created = await this.deps.post<CallCreated>(CallPath.join, { channelId: c.channelId }, { silent: true, timeout: CallDefaults.joinTimeoutMs })
    } catch {
      created = null
    }
    if (!created?.channelId) {
      // on failure or a missing channel the call info is reset, and the call rejected
      this.deps.say('error', { type: 'warning' })
      this.missed(c.channelId, MissedReason.earlyCancel)
      return false
    }
    this.deps.rate(c.channelId, 'accept')
    await this.deps.accepted({ ...created, callUserId: created.callUserId ?? c.callUserId }, !!c.free)
    return true
  }

  reject(): boolean {
    const c = this.call.value
    if (!c || this.debounced()) return false
    this.clear()
    this.update(c.channelId, PushCallStatus.rejected)
    this.missed(c.channelId, MissedReason.earlyCancel)
    this.deps.rate(c.channelId, 'reject')
    return true
  }

  /** CALL-05: the host cancelled (type 2) or withdrew (type 1) the call ringing here: the popup closes
   *  with the toast an outgoing call gets for the same message. True when it was this call. */
  remoteEnded(channelId: string, reason?: string): boolean {
    const c = this.call.value
    if (!c || c.channelId !== channelId) return false
    this.clear()
    this.deps.rate(channelId, 'remote-cancel')
    this.deps.say(reason === 'busy' ? 'hostBusyLine' : 'hostUnavailable', { type: 'warning' })
    return true
  }

  /** A call the server still holds for the user (opened the app while a host was calling). */
  async checkPending() {
    try {
      const pending = await this.deps.post<IncomingCall | null>(CallPath.pushCall, {}, { silent: true })
      if (pending) this.onPush(pending)
    } catch {
      // nothing pending that we can know of
    }
  }

  private missed(channelId: string, missedReason: number) {
    this.deps.post(CallPath.miss, { channelId, missedReason }, { silent: true }).catch(() => {})
  }

  private update(channelId: string, status: number) {
    this.deps.post(CallPath.updatePushCall, { channelId, status }, { silent: true }).catch(() => {})
  }

  private clear() {
    this.deps.timers.clearInterval(this.ticker)
    this.deps.timers.clearTimeout(this.expiry)
    this.ticker = this.expiry = null
    this.call.value = null
    this.left.value = 0
  }

  dispose() {
    this.clear()
  }
}
