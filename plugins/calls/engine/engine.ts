// The call engine: the d1 §4/§5 call lifecycle as plain TypeScript over injected
// dependencies (API, RTC, clock, toasts, navigation), so every rule runs under fake timers
// in a unit test and the UI only reads its signals.
//
// outgoing: start checks -> createCall -> join the RTC channel -> ring (waiting screen)
//           -> 'call.notify' CONNECTED -> the host's first video frame -> beginCallV2 -> billing
//           -> hang-up -> callOver
// incoming: 'call.incoming' -> ring (popup) -> accept: joinCall -> join RTC -> first frame -> begin ... | reject | missed
// Fair billing: begin-call starts billing on the server, so it is sent only once the RTC join
// succeeded and the host's first frame was drawn; a call that never got there ends within
// CallDefaults.firstFrameMs with a message and costs nothing.
import { signal, type Signal } from '@preact/signals-react'
import { isInsufficient, isTimeout } from '../../../kernel/api.ts'
import type { ApiErrorShape, RequestOptions } from '../../../kernel/api.ts'
import type { RtcClient } from '../../../kernel/rtc/types.ts'
import {
  CallGameType,
  CallPath,
  emptyInfo,
  CallRefusal,
  CallScene,
  CallStatus,
  FrontType,
  HangupReason,
  MissedReason,
  NotifyType,
  type BillingReply,
  type CallCreated,
  type CallInfo,
  type CallLimit,
  type CallNotify,
  type CallStatusValue,
  type CallOverReply,
  type CallWarning,
  type LastCall,
  type StartCallOptions,
} from '../api.ts'
import { Billing } from './billing.ts'
import { canMove, isActive } from './machine.ts'
import { CallDefaults, cancelReason, effectivePrice, limitAllows, outgoingBalanceShort, robotCallSeconds } from '../rules.ts'
import type { ToastKey } from '../strings.ts'
import type { CallTimers } from './timers.ts'
import { Incoming, type IncomingDeps } from './incoming.ts'
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

const apiErr = (err: unknown): Partial<ApiErrorShape> => (err && typeof err === 'object' ? (err as ApiErrorShape) : {})

export class CallEngine {
  readonly info: Signal<CallInfo> = signal(emptyInfo())
  readonly warning: Signal<CallWarning | null> = signal(null)
  /** the video link as the RTC reports it: quality, and whether it is down (the reconnecting overlay) */
  readonly link: Signal<CallLink> = signal({ quality: 0, healthy: true })
  readonly incoming: Incoming
  private billing: Billing | null = null
  private network: NetworkWatch
  private lockStartedAt: number | null = null
  private lockTimer: unknown = null
  private timers = new Set<unknown>()
  private ticker: unknown = null
  private rtcClient: RtcClient | null = null
  private rtcOff: Array<() => void> = []
  private beginAttempts = 0
  /** the RTC join of the current call succeeded */
  private rtcJoined = false
  /** the remote's first video frame of the current call was drawn */
  private firstFrame = false
  /** begin-call of the current call was sent (it is sent once, then only retried) */
  private beginSent = false
  /** set when a call ends, so late answers of that call are ignored */
  private generation = 0
  /** call pushes that came while createCall was still on its way (the host's ring can beat the answer) */
  private early: CallNotify[] | null = null

  constructor(private deps: CallDeps) {
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
    this.incoming = new Incoming({
      post: (p, d, o) => deps.post(p, d, o),
      timers: deps.timers,
      say: (k, o) => deps.say(k, o),
      user: () => deps.user(),
      openShop: () => deps.openShop('incoming'),
      where: deps.where,
      rejectAppIds: () => this.config().rejectAppIds,
      inCall: () => isActive(this.info.value.status),
      rate: (channelId, event) => this.rate(event, channelId),
      accepted: (created, free) => this.acceptedIncoming(created, free),
    })
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

  private patch(p: Partial<CallInfo>) {
    this.info.value = { ...this.info.value, ...p }
  }

  private move(to: CallStatusValue, p: Partial<CallInfo> = {}): boolean {
    if (!canMove(this.info.value.status, to)) return false
    this.patch({ ...p, status: to })
    return true
  }

  private later(fn: () => void, ms: number) {
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

  // ---- CALL-01 start checks ---------------------------------------------------------

  /** 'has call': a call is on, or one started less than 5 s ago (4.9 s on the start time). */
  locked(): boolean {
    if (isActive(this.info.value.status)) return true
    return this.lockStartedAt != null && this.deps.timers.now() - this.lockStartedAt < CallDefaults.lockStaleMs
  }

  private lock() {
    this.lockStartedAt = this.deps.timers.now()
    this.deps.timers.clearTimeout(this.lockTimer)
    this.lockTimer = this.deps.timers.setTimeout(() => (this.lockStartedAt = null), CallDefaults.lockMs)
  }

  /** The checks every call start shares; false (after telling the user) when one refuses. */
  private commonChecks(): CallUser | null {
    this.deps.leavePip?.()
    if (!this.deps.online()) {
      this.deps.say('networkError', { type: 'warning', duration: 2000 })
      return null
    }
    if (this.locked()) {
      this.deps.say('hasCall', { type: 'warning' })
      return null
    }
    return this.deps.user()
  }

  async start(opts: StartCallOptions): Promise<boolean> {
    const user = this.commonChecks()
    if (!user) return false
    const gameType = opts.gameType ?? CallGameType.DIRECT
    const cfg = this.config()
    if (opts.videoPrice !== CallDefaults.noPriceCheck) {
      const price = effectivePrice(opts.videoPrice, { discountOffDiamond: opts.discountOffDiamond, isVip: user.isVip, vipDiscount: cfg.vipDiscount })
      if (outgoingBalanceShort(user.diamondNum, price)) {
        this.deps.say('insufficient', { type: 'warning' })
        this.deps.openShop('call')
        return false
      }
    }
    // the lock covers the checks below, so a double tap cannot start two calls
    this.lock()
    if (gameType === CallGameType.DIRECT) {
      let limit: CallLimit
      try {
        limit = await this.deps.post<CallLimit>(CallPath.limit, { searchValue: opts.hostId })
      } catch {
        this.lockStartedAt = null
        return false
      }
      const counts = this.deps.messageCounts?.(limit.yxAccId || opts.yxAccid || '') ?? { own: 0, host: 0 }
      if (!limitAllows(limit, counts)) {
        this.lockStartedAt = null
        this.deps.say('hostBusyTryOther', { type: 'warning' })
        this.deps.markHostBusy?.(opts.hostId)
        return false
      }
    }
    return this.place(
      { webSource: opts.source ?? '', beCallUserId: opts.hostId, callType: gameType, discountFlag: opts.discountFlag ?? 0 },
      { callTagPath: opts.source ?? '', callTagSqec: opts.sqec ?? null },
      gameType,
      gameType === CallGameType.LIVE ? FrontType.LIVE : FrontType.DIRECT,
    )
  }

  /** CALL-12: a match call. */
  async startMatch(): Promise<boolean> {
    const user = this.commonChecks()
    if (!user) return false
    const cfg = this.config()
    const ticket = effectivePrice(cfg.matchTicket, { isVip: user.isVip, vipDiscount: cfg.vipDiscount })
    if (user.diamondNum < ticket) {
      this.deps.back()
      this.deps.openShop('match')
      return false
    }
    this.lock()
    return this.place({ webSource: 'match', beCallUserId: 0, callType: CallGameType.MATCH, discountFlag: 0 }, {}, CallGameType.MATCH, FrontType.MATCH)
  }

  private async place(payload: Record<string, unknown>, tags: Record<string, unknown>, gameType: number, front: number): Promise<boolean> {
    const match = gameType === CallGameType.MATCH
    const cfg = this.config()
    const gen = ++this.generation
    this.info.value = { ...emptyInfo(), ...tags, callGameType: gameType, callFrontGameType: front, callInOrOut: 'out', callStartTime: this.deps.timers.now() }
    let created: CallCreated
    this.early = []
    try {
      created = await this.deps.post<CallCreated>(CallPath.create, payload, { silent: true, timeout: match ? CallDefaults.matchTimeoutMs : undefined })
    } catch (err) {
      this.early = null
      this.lockStartedAt = null
      this.createFailed(err, match)
      return false
    }
    const early = this.early ?? []
    this.early = null
    if (gen !== this.generation) return false
    if (!created?.channelId) {
      this.lockStartedAt = null
      this.deps.say(match ? 'matchTimeout' : 'error', { type: 'warning' })
      return false
    }
    this.move(CallStatus.CALLING, { ...this.fromCreated(created), waitLeft: match ? 0 : cfg.callTimeOut })
    this.deps.setCallChannel(created.channelId)
    this.rate('create')
    // ring time-out: the waiting screen for direct calls, the 5 s match time-out for matches
    if (match) this.later(() => this.ringTimedOut(true), CallDefaults.matchTimeoutMs)
    else this.startWaiting(cfg.callTimeOut)
    for (const n of early) this.onNotify(n)
    // prepare the room; a failure cancels the call
    const joined = await this.joinRtc(created.channelId)
    if (!joined && gen === this.generation && this.info.value.status === CallStatus.CALLING) {
      this.deps.say('cantConnect', { type: 'warning' })
      this.cancel()
      return false
    }
    return gen === this.generation
  }

  private createFailed(err: unknown, match: boolean) {
    const e = apiErr(err)
    if (isInsufficient(err)) return this.deps.say('insufficient', { type: 'warning' })
    if (match && (isTimeout(err) || e.message === 'no.match.user')) return this.deps.say('matchTimeout', { type: 'warning' })
    if (e.message === CallRefusal.blocked) return this.deps.say('youBlocked', { type: 'warning' })
    if (e.message === CallRefusal.hostBusy) return this.deps.say('hostBusyLine', { type: 'warning' })
    if (e.message === CallRefusal.hostOffline || e.message === CallRefusal.notHost) return this.deps.say('hostUnavailable', { type: 'warning' })
    this.deps.say('error', { type: 'warning' })
  }

  private fromCreated(c: CallCreated): Partial<CallInfo> {
    return {
      channelId: c.channelId,
      callUserId: c.callUserId ?? null,
      yxAccid: c.yxAccid ?? '',
      videoPrice: Number(c.videoPrice) || 0,
      countryCode: c.countryCode ?? null,
      nickname: c.nickname ?? '',
      age: c.age ?? null,
      icon: c.icon ?? '',
      userType: Number(c.userType) || 0,
      followed: !!c.followed,
      levelName: c.levelName ?? null,
    }
  }

  // ---- CALL-03 waiting screen --------------------------------------------------------

  private startWaiting(timeout: number) {
    this.stopTicker()
    this.ticker = this.deps.timers.setInterval(() => {
      const left = Math.max(0, this.info.value.waitLeft - 1)
      this.patch({ waitLeft: left })
      if (left === 0) {
        this.stopTicker()
        // at zero it auto-cancels after 2 s
        this.later(() => this.ringTimedOut(false), CallDefaults.autoCancelDelayMs)
      }
    }, 1000)
    this.patch({ waitLeft: timeout })
  }

  /** CALL-03: the cancel button shows once the remaining time is under the time-out minus 5 s. */
  canCancel(): boolean {
    const i = this.info.value
    return i.status === CallStatus.CALLING && i.waitLeft < this.config().callTimeOut - CallDefaults.cancelAfter
  }

  private ringTimedOut(match: boolean) {
    const i = this.info.value
    if (i.status !== CallStatus.CALLING) return
    this.report(CallPath.miss, { channelId: i.channelId, missedReason: MissedReason.timeout })
    this.move(CallStatus.TIMEOUT)
    this.rate('timeout')
    this.deps.say(match ? 'matchTimeout' : 'hostUnavailable', { type: 'warning' })
    this.finish()
  }

  /** The user cancels the waiting call (early before the host's device rang, late after). */
  cancel() {
    const i = this.info.value
    if (i.status !== CallStatus.CALLING || !i.channelId) return
    this.report(CallPath.miss, { channelId: i.channelId, missedReason: cancelReason(i.hostReached) })
    this.move(CallStatus.CANCEL)
    this.rate('cancel')
    this.finish()
  }

  // ---- CALL-05 remote messages --------------------------------------------------------

  onNotify(data: CallNotify) {
    const i = this.info.value
    if (!data || typeof data.channelId !== 'string') return
    const type = Number(data.type)
    // the incoming call ringing in the popup, cancelled by its host
    if ((type === NotifyType.REJECT || type === NotifyType.CANCEL) && this.incoming.remoteEnded(data.channelId, data.reason)) return
    if (data.channelId !== i.channelId || !i.channelId) {
      if (this.early && this.early.length < 10) this.early.push(data)
      return
    }
    if (type === NotifyType.ONLINE) {
      if (i.status === CallStatus.CALLING && !i.hostReached) {
        this.patch({ hostReached: true })
        this.rate('ring')
      }
    } else if (type === NotifyType.REJECT || type === NotifyType.CANCEL) {
      if (i.status === CallStatus.CALLING) {
        this.move(CallStatus.CANCEL)
        this.rate(type === NotifyType.REJECT ? 'reject' : 'remote-cancel')
        this.deps.say(data.reason === 'busy' ? 'hostBusyLine' : 'hostUnavailable', { type: 'warning' })
        this.finish()
      } else if (i.status === CallStatus.CALLING_ING) this.hangUp(HangupReason.anchor)
    } else if (type === NotifyType.HANG_UP) {
      if (!isActive(i.status)) return
      this.deps.say('hostHungUp', { type: 'warning' })
      this.hangUp(HangupReason.anchor)
    } else if (type === NotifyType.CONNECTED) {
      if (i.status === CallStatus.CALLING) this.connected()
    }
  }

  // ---- connect, begin-call and billing (CALL-02, CALL-06) ----------------------------

  private connected() {
    if (!this.move(CallStatus.CALLING_ING, { callConnectTime: null, callDuration: 0, waitLeft: 0 })) return
    this.clearTimers()
    this.stopTicker()
    this.rate('connect')
    this.beginAttempts = 0
    const c = this.info.value
    this.deps.remember?.({ channelId: c.channelId!, icon: c.icon, callUserId: c.callUserId ?? 0, yxAccid: c.yxAccid, nickname: c.nickname, levelName: c.levelName, free: c.free, callGameType: c.callGameType })
    // no video within the bound: the call ends, never billed
    this.later(() => this.videoNeverCame(), CallDefaults.firstFrameMs)
    this.maybeBegin()
  }

  /** begin-call (billing) once connected, joined and the host's first frame drawn; once per call */
  private maybeBegin() {
    const i = this.info.value
    if (i.status !== CallStatus.CALLING_ING || !this.rtcJoined || !this.firstFrame || this.beginSent) return
    this.beginSent = true
    void this.begin(this.generation)
  }

  private videoNeverCame() {
    const i = this.info.value
    // a begin-call on its way has its own bound (and is reversed by callOver reason 10)
    if (i.status !== CallStatus.CALLING_ING || i.began || this.beginSent) return
    this.deps.say('noVideo', { type: 'warning' })
    this.hangUp(HangupReason.weakNetwork)
  }

  private tick() {
    const i = this.info.value
    if (i.status !== CallStatus.CALLING_ING || i.callConnectTime == null) return
    const duration = Math.floor((this.deps.timers.now() - i.callConnectTime) / 1000)
    if (duration !== i.callDuration) this.patch({ callDuration: duration })
    this.billing?.tick(duration)
  }

  private async begin(gen: number) {
    const i = this.info.value
    const match = i.callGameType === CallGameType.MATCH
    this.beginAttempts++
    let reply: BillingReply
    try {
      reply = await this.deps.post<BillingReply>(CallPath.begin, { channelId: i.channelId, discountFlag: 0 }, { silent: true, timeout: CallDefaults.beginTimeoutMs })
    } catch (err) {
      if (gen !== this.generation || this.info.value.status !== CallStatus.CALLING_ING) return
      if (isInsufficient(err)) {
        this.deps.say('insufficient', { type: 'warning' })
        return this.hangUp(HangupReason.balance)
      }
      if (this.beginAttempts < CallDefaults.beginAttempts) return void this.begin(gen)
      // the server reverses what a begin-call the app never heard of charged (callOver reason 10)
      this.deps.say(match ? 'matchNotStarted' : 'callNotStarted', { type: 'warning' })
      return this.hangUp(HangupReason.beginCall)
    }
    if (gen !== this.generation || this.info.value.status !== CallStatus.CALLING_ING) return
    // the duration (and every billing point, d1 §3) counts from the begin-call answer
    this.patch({ callConnectTime: this.deps.timers.now(), callDuration: 0 })
    this.ticker = this.deps.timers.setInterval(() => this.tick(), 1000)
    this.network.start(true)
    const cfg = this.config()
    this.billing = new Billing({
      timers: this.deps.timers,
      post: (p, d, o) => this.deps.post(p, d, o),
      channelId: () => this.info.value.channelId,
      duration: () => this.info.value.callDuration,
      freeSec: () => (match ? cfg.matchFreeTime : 0),
      setBalance: (n) => this.deps.setBalance(n),
      warn: (w) => (this.warning.value = w),
      hangUp: (r) => this.hangUp(r),
      rate: (e) => this.rate(e),
      short: () => this.deps.say('insufficient', { type: 'warning' }),
      // no deduction while no video flows: a period is charged only once the picture is back
      mediaFlowing: () => this.network.healthy,
    })
    this.billing.apply(reply)
    this.patch({ began: true })
    this.rate('begin')
    // CALL-11: a robot (free) call ends by itself at the lesser of the configured time and 15 s
    if (this.info.value.free) this.later(() => this.hangUp(HangupReason.anchor), robotCallSeconds(cfg.robotCallTime) * 1000)
  }

  /** A balance the server pushed (a recharge during the call). */
  onBalance(diamondNum: number) {
    this.billing?.balanceChanged(diamondNum)
  }

  // ---- CALL-07 hang-up ---------------------------------------------------------------

  /** Ignored when already hung up or without a channel; while ringing it cancels. */
  hangUp(reason: number = HangupReason.user) {
    const i = this.info.value
    if (!i.channelId || i.status === CallStatus.HANG_UP) return
    if (i.status === CallStatus.CALLING && reason === HangupReason.user) return this.cancel()
    if (!this.move(CallStatus.HANG_UP, { hangupReason: reason })) return
    const scene = i.callGameType === CallGameType.MATCH ? CallScene.match : CallScene.all
    const over = this.reportOver(i.channelId, reason, scene)
    this.rate('hangup')
    const last: LastCall = {
      channelId: i.channelId,
      icon: i.icon,
      callUserId: i.callUserId ?? 0,
      yxAccid: i.yxAccid,
      nickname: i.nickname,
      callDuration: i.callDuration,
      levelName: i.levelName,
      free: i.free,
      callGameType: i.callGameType,
      hangupReason: reason,
    }
    this.finish()
    // a call that never began was never billed: no summary to rate
    if (i.status === CallStatus.CALLING_ING && i.began) void this.summary(last, over)
  }

  /** callOver, its balance taken; resolves with the answer or null */
  private reportOver(channelId: string, overReason: number, callScene: string): Promise<CallOverReply | null> {
    return this.deps
      .post<CallOverReply>(CallPath.over, { channelId, overReason, callScene }, { silent: true })
      .then((r) => {
        if (r && typeof r.diamond === 'number') this.deps.setBalance(r.diamond)
        return r ?? null
      })
      .catch(() => null)
  }

  /** the post-call sheet with what the server says the call charged; without its answer in time, without it */
  private async summary(last: LastCall, over: Promise<CallOverReply | null>) {
    const reply = await this.bounded(over, CallDefaults.summaryWaitMs).catch(() => null)
    const known = reply && typeof reply.charged === 'number'
    this.deps.ended?.({
      ...last,
      callDuration: typeof reply?.callDuration === 'number' ? reply.callDuration : last.callDuration,
      charged: known ? reply.charged : null,
      periods: known ? (reply.periods ?? null) : null,
    })
  }

  /** A call a previous run left connected (a reload or a closed tab): report it over and show its summary. */
  async endUnfinished(): Promise<boolean> {
    const u = this.deps.unfinished?.()
    if (!u?.channelId || isActive(this.info.value.status)) return false
    this.deps.remember?.(null)
    const scene = u.callGameType === CallGameType.MATCH ? CallScene.match : CallScene.all
    const reply = await this.reportOver(u.channelId, HangupReason.lost, scene)
    if (!reply) return false
    await this.summary({ ...u, callDuration: 0, hangupReason: HangupReason.lost }, Promise.resolve(reply))
    return true
  }

  private report(path: string, payload: Record<string, unknown>) {
    this.deps.post(path, payload, { silent: true }).catch(() => {})
  }

  /** Stop everything of the current call and leave the channel. */
  private finish() {
    this.generation++
    this.clearTimers()
    this.stopTicker()
    this.billing?.stop()
    this.billing = null
    this.warning.value = null
    this.network.stop()
    this.rtcJoined = false
    this.firstFrame = false
    this.beginSent = false
    this.deps.remember?.(null)
    this.lockStartedAt = null
    this.deps.setCallChannel(null)
    void this.leaveRtc()
  }

  private clearTimers() {
    for (const id of this.timers) this.deps.timers.clearTimeout(id)
    this.timers.clear()
  }

  private stopTicker() {
    if (this.ticker != null) this.deps.timers.clearInterval(this.ticker)
    this.ticker = null
  }

  // ---- RTC (CALL-09 weak network) ----------------------------------------------------

  /** publish false: watch only, the camera stays off (a robot invitation the user did not agree to) */
  private async joinRtc(channel: string, publish = true): Promise<boolean> {
    const user = this.deps.user()
    const gen = this.generation
    try {
      const rtc = await this.deps.rtc()
      this.rtcClient = rtc
      const own = String(user?.userId ?? '')
      this.rtcOff = [
        rtc.on('connection-state', (e) => this.network.connection(e.state)),
        rtc.on('network-quality', (e) => this.network.quality(e.uplink, e.downlink)),
        rtc.on('user-joined', (e) => e.uid !== own && this.network.remote(true)),
        rtc.on('user-published', (e) => e.uid !== own && this.network.remote(true)),
        rtc.on('user-left', (e) => e.uid !== own && this.network.remote(false)),
        rtc.on('first-frame', (e) => {
          if (e.uid === own || gen !== this.generation) return
          this.firstFrame = true
          this.maybeBegin()
        }),
      ]
      await this.bounded(rtc.join({ channel, uid: own }), CallDefaults.rtcJoinBoundMs)
      if (gen !== this.generation) return false
      this.network.connection('connected')
      this.rtcJoined = true
      this.maybeBegin()
      // the call goes on without a camera or a microphone (the RTC reports them as 'local-media')
      if (publish) await rtc.publish().catch(() => false)
      return true
    } catch {
      return false
    }
  }

  /** a promise that rejects when it has not settled within ms */
  private bounded<T>(p: Promise<T>, ms: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.deps.timers.setTimeout(() => reject(new Error('timed out')), ms)
      p.then(
        (v) => (this.deps.timers.clearTimeout(id), resolve(v)),
        (e) => (this.deps.timers.clearTimeout(id), reject(e)),
      )
    })
  }

  private async leaveRtc() {
    for (const off of this.rtcOff) off()
    this.rtcOff = []
    const rtc = this.rtcClient
    this.rtcClient = null
    if (rtc) await rtc.leave().catch(() => {})
  }

  // ---- incoming (CALL-04) ------------------------------------------------------------

  /** agreed: the user tapped Accept (a robot invitation's free call joins without it: no camera) */
  private async acceptedIncoming(created: CallCreated, free: boolean, agreed = true) {
    this.generation++
    this.info.value = { ...emptyInfo(), ...this.fromCreated(created), callInOrOut: 'in', free, callStartTime: this.deps.timers.now(), callFrontGameType: free ? FrontType.BOT : FrontType.DIRECT }
    this.deps.setCallChannel(created.channelId)
    const gen = this.generation
    const joined = await this.joinRtc(created.channelId, agreed)
    if (gen !== this.generation) return
    if (!joined) {
      // the server holds the accepted call as connected: report it over, so the host is free
      this.deps.say('cantConnect', { type: 'warning' })
      this.report(CallPath.over, { channelId: created.channelId, overReason: HangupReason.weakNetwork, callScene: CallScene.all })
      this.rate('join-failed', created.channelId)
      this.finish()
      this.info.value = emptyInfo()
      return
    }
    this.connected()
  }

  /** CALL-11: join the free robot call the server prepared for a robot invitation (IM-05). */
  async joinFree(channelId: string): Promise<boolean> {
    if (this.locked() || this.incoming.call.value) return false
    let created: CallCreated | null = null
    try {
      created = await this.deps.post<CallCreated>(CallPath.join, { channelId }, { silent: true, timeout: CallDefaults.joinTimeoutMs })
    } catch {
      created = null
    }
    // on failure or a missing channel the call info is reset (d1 §4)
    if (!created?.channelId || this.locked()) return false
    await this.acceptedIncoming(created, true, false)
    return isActive(this.info.value.status)
  }

  dispose() {
    this.incoming.dispose()
    if (isActive(this.info.value.status)) this.hangUp(HangupReason.user)
    this.finish()
    this.deps.timers.clearTimeout(this.lockTimer)
  }
}
