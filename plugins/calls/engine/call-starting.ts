// Starting a call (CALL-01, CALL-03, CALL-12): the shared checks, the 'has call' lock, the direct
// call's limit check, createCall, the waiting screen's count-down and its cancel.
import { CallEnding } from './call-ending.ts'
import type { CallDeps, CallUser } from './call-state.ts'
import type { ToastKey } from '../strings.ts'
import { isInsufficient, isTimeout, type ApiErrorShape } from '../../../kernel/api.ts'
import { CallGameType, CallPath, emptyInfo, CallRefusal, CallStatus, FrontType, MissedReason, type CallCreated, type CallInfo, type CallLimit, type CallNotify, type StartCallOptions } from '../api.ts'
import { isActive } from './machine.ts'
import { CallDefaults, cancelReason, effectivePrice, limitAllows, outgoingBalanceShort } from '../rules.ts'

const apiErr = (err: unknown): Partial<ApiErrorShape> => (err && typeof err === 'object' ? (err as ApiErrorShape) : {})

/** what the user is told when createCall refused or went unanswered */
function createRefusalWord(err: unknown, match: boolean): ToastKey {
  const e = apiErr(err)
  if (isInsufficient(err)) return 'insufficient'
  if (match && (isTimeout(err) || e.message === 'no.match.user')) return 'matchTimeout'
  if (e.message === CallRefusal.blocked) return 'youBlocked'
  if (e.message === CallRefusal.hostBusy) return 'hostBusyLine'
  if (e.message === CallRefusal.hostOffline || e.message === CallRefusal.notHost) return 'hostUnavailable'
  return 'error'
}

/** CALL-01: whether a direct call's host may take one more call from this user (the server's
 *  limit and the messages each side sent); unknown when the server could not be asked */
async function hostLimit(deps: CallDeps, opts: StartCallOptions): Promise<'free' | 'busy' | 'unknown'> {
  let limit: CallLimit
  try {
    limit = await deps.post<CallLimit>(CallPath.limit, { searchValue: opts.hostId })
  } catch {
    return 'unknown'
  }
  const counts = deps.messageCounts?.(limit.yxAccId || opts.yxAccid || '') ?? { own: 0, host: 0 }
  return limitAllows(limit, counts) ? 'free' : 'busy'
}

/** the user cannot pay the host's first minute (her price after the discounts he has); no check
 *  when the caller knows no price */
function balanceShortFor(user: CallUser, opts: StartCallOptions, vipDiscount: number | null | undefined): boolean {
  if (opts.videoPrice === CallDefaults.noPriceCheck) return false
  const price = effectivePrice(opts.videoPrice, { discountOffDiamond: opts.discountOffDiamond, isVip: user.isVip, vipDiscount })
  return outgoingBalanceShort(user.diamondNum, price)
}

/** the call's card as createCall (or an accepted incoming call) answered it */
export function infoFromCreated(c: CallCreated): Partial<CallInfo> {
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

export abstract class CallStarting extends CallEnding {
  /** a remote message (engine.ts); those that came before createCall answered are replayed */
  abstract onNotify(data: CallNotify): void

  /** 'has call': a call is on, or one started less than 5 s ago (4.9 s on the start time). */
  locked(): boolean {
    if (isActive(this.info.value.status)) return true
    return this.lockStartedAt != null && this.deps.timers.now() - this.lockStartedAt < CallDefaults.lockStaleMs
  }

  protected lock() {
    this.lockStartedAt = this.deps.timers.now()
    this.deps.timers.clearTimeout(this.lockTimer)
    this.lockTimer = this.deps.timers.setTimeout(() => (this.lockStartedAt = null), CallDefaults.lockMs)
  }

  /** The checks every call start shares; false (after telling the user) when one refuses. */
  protected commonChecks(): CallUser | null {
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
    if (balanceShortFor(user, opts, this.config().vipDiscount)) {
      this.deps.say('insufficient', { type: 'warning' })
      this.deps.openShop('call')
      return false
    }
    // the lock covers the checks below, so a double tap cannot start two calls
    this.lock()
    if (gameType === CallGameType.DIRECT) {
      const limit = await hostLimit(this.deps, opts)
      if (limit !== 'free') this.lockStartedAt = null
      if (limit === 'unknown') return false
      if (limit === 'busy') {
        this.deps.say('hostBusyTryOther', { type: 'warning' })
        this.deps.markHostBusy?.(opts.hostId)
        return false
      }
    }
    const front = gameType === CallGameType.LIVE ? FrontType.LIVE : FrontType.DIRECT
    return this.place({ webSource: opts.source ?? '', beCallUserId: opts.hostId, callType: gameType, discountFlag: opts.discountFlag ?? 0 }, { callTagPath: opts.source ?? '', callTagSqec: opts.sqec ?? null }, gameType, front)
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

  protected async place(payload: Record<string, unknown>, tags: Record<string, unknown>, gameType: number, front: number): Promise<boolean> {
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
      this.deps.say(createRefusalWord(err, match), { type: 'warning' })
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
    this.move(CallStatus.CALLING, { ...infoFromCreated(created), waitLeft: match ? 0 : cfg.callTimeOut })
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

  protected startWaiting(timeout: number) {
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

  protected ringTimedOut(match: boolean) {
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
}
