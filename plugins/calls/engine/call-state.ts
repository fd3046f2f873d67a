// What every part of the call engine shares (see engine.ts): the call's signals, its dependencies,
// the configuration, status moves, timers and the call-report requests. The parts build on it in
// order: media (the RTC channel), billing (connect and begin-call), ending (hang-up and the summary),
// starting (checks, create, the waiting screen), and the engine itself (remote messages, incoming).
import { signal, type Signal } from '@preact/signals-react'
import type { RequestOptions } from '../../../kernel/api.ts'
import type { RtcClient } from '../../../kernel/rtc/types.ts'
import { CallPath, emptyInfo, CallStatus, HangupReason, type CallInfo, type CallNotify, type CallStatusValue, type CallWarning, type LastCall } from '../api.ts'
import type { Billing } from './billing.ts'
import { canMove } from './machine.ts'
import { CallDefaults } from '../rules.ts'
import type { ToastKey } from '../strings.ts'
import type { CallTimers } from './timers.ts'
import type { IncomingDeps } from './incoming.ts'
import { NetworkWatch, type CallLink } from './network.ts'

export interface CallConfig {
  /** ring time-out, s (callTimeOutNum) */
  callTimeOut: number
  /** match ticket (match_card_diamond_num) */
  matchTicket: number
  /** match free time, s (matchFreeTime) */
  matchFreeTime: number
  /** percent a VIP pays */
  vipDiscount: number
  /** configured robot call time, s */
  robotCallTime: number
  /** app ids whose users never receive host calls (d1 §4 auto-reject) */
  rejectAppIds: string[]
}

export interface ToastOpts {
  type?: 'info' | 'warning' | 'success'
  duration?: number
  params?: Record<string, unknown>
}

export interface CallUser {
  userId: number
  diamondNum: number
  yxAccid: string
  isVip: boolean
}

export interface CallDeps {
  post<T>(path: string, payload?: unknown, opts?: RequestOptions): Promise<T>
  /** the RTC client (loaded on first use) */
  rtc(): Promise<RtcClient>
  timers: CallTimers
  say(key: ToastKey, opts?: ToastOpts): void
  user(): CallUser | null
  /** only ever with a number the server answered */
  setBalance(diamond: number): void
  online(): boolean
  setCallChannel(channelId: string | null): void
  /** open the diamond shop (or a recommended offer) after a client-side balance check */
  openShop(source: 'call' | 'match' | 'incoming'): void
  back(): void
  config(): Partial<CallConfig>
  markHostBusy?(hostId: number): void
  leavePip?(): void
  /** messages exchanged with a chat account in this session */
  messageCounts?(yxAccid: string): { own: number; host: number }
  /** a call ended: the post-call sheet */
  ended?(last: LastCall): void
  /** where the user is, for the incoming-call rules */
  where: IncomingDeps['where']
  /** keep the connected call's channel across a reload or a closed tab (null: none is on) */
  remember?(call: UnfinishedCall | null): void
  /** the call a previous run left connected, if any */
  unfinished?(): UnfinishedCall | null
}

/** what a run keeps of its connected call, to end it and show its summary at the next start */
export type UnfinishedCall = Pick<LastCall, 'channelId' | 'icon' | 'callUserId' | 'yxAccid' | 'nickname' | 'levelName' | 'free' | 'callGameType'>

export abstract class CallState {
  /** ends the call (call-ending.ts); the weak-network watch calls it */
  abstract hangUp(reason?: number): void
  /** cancels the waiting call (call-starting.ts) */
  abstract cancel(): void

  readonly info: Signal<CallInfo> = signal(emptyInfo())
  readonly warning: Signal<CallWarning | null> = signal(null)
  /** the video link as the RTC reports it: quality, and whether it is down (the reconnecting overlay) */
  readonly link: Signal<CallLink> = signal({ quality: 0, healthy: true })
  protected billing: Billing | null = null
  protected network: NetworkWatch
  protected lockStartedAt: number | null = null
  protected lockTimer: unknown = null
  protected timers = new Set<unknown>()
  protected ticker: unknown = null
  protected rtcClient: RtcClient | null = null
  protected rtcOff: Array<() => void> = []
  protected beginAttempts = 0
  /** the RTC join of the current call succeeded */
  protected rtcJoined = false
  /** the remote's first video frame of the current call was drawn */
  protected firstFrame = false
  /** begin-call of the current call was sent (it is sent once, then only retried) */
  protected beginSent = false
  /** set when a call ends, so late answers of that call are ignored */
  protected generation = 0
  /** call pushes that came while createCall was still on its way (the host's ring can beat the answer) */
  protected early: CallNotify[] | null = null

  constructor(protected deps: CallDeps) {
    this.network = new NetworkWatch(
      deps.timers,
      CallDefaults.weakNetworkMs,
      () => {
        if (this.info.value.status !== CallStatus.CALLING_ING) return
        this.deps.say('unstable', { type: 'warning' })
        this.hangUp(HangupReason.weakNetwork)
      },
      (link) => (this.link.value = link),
    )
  }

  config(): CallConfig {
    const c = this.deps.config()
    const pos = (v: unknown, d: number) => (Number(v) > 0 ? Number(v) : d)
    return {
      callTimeOut: pos(c.callTimeOut, CallDefaults.callTimeOut),
      matchTicket: pos(c.matchTicket, CallDefaults.matchTicket),
      matchFreeTime: pos(c.matchFreeTime, CallDefaults.matchFreeTime),
      vipDiscount: pos(c.vipDiscount, CallDefaults.vipCallDiscount),
      robotCallTime: pos(c.robotCallTime, CallDefaults.robotMaxSec),
      rejectAppIds: c.rejectAppIds ?? [],
    }
  }

  protected patch(p: Partial<CallInfo>) {
    this.info.value = { ...this.info.value, ...p }
  }

  protected move(to: CallStatusValue, p: Partial<CallInfo> = {}): boolean {
    if (!canMove(this.info.value.status, to)) return false
    this.patch({ ...p, status: to })
    return true
  }

  protected later(fn: () => void, ms: number) {
    const id = this.deps.timers.setTimeout(() => {
      this.timers.delete(id)
      fn()
    }, ms)
    this.timers.add(id)
    return id
  }

  /** CALL-07: a call-report request at each call event; fire and forget. */
  rate(event: string, channelId = this.info.value.channelId) {
    if (!channelId) return
    const i = this.info.value
    this.deps
      .post(CallPath.rate, { channelId, callEvent: event, callStatus: i.status, callDuration: i.callDuration, callType: i.callGameType }, { silent: true })
      .catch(() => {})
  }

  protected report(path: string, payload: Record<string, unknown>) {
    this.deps.post(path, payload, { silent: true }).catch(() => {})
  }

  protected clearTimers() {
    for (const id of this.timers) this.deps.timers.clearTimeout(id)
    this.timers.clear()
  }

  protected stopTicker() {
    if (this.ticker != null) this.deps.timers.clearInterval(this.ticker)
    this.ticker = null
  }

  /** a promise that rejects when it has not settled within ms */
  protected bounded<T>(p: Promise<T>, ms: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.deps.timers.setTimeout(() => reject(new Error('timed out')), ms)
      p.then(
        (v) => (this.deps.timers.clearTimeout(id), resolve(v)),
        (e) => (this.deps.timers.clearTimeout(id), reject(e)),
      )
    })
  }
}
