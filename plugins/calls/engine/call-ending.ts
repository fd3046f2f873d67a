// Hang-up (CALL-07): callOver with its balance, the post-call summary, a call a previous run left
// connected, and stopping everything of the current call.
import { CallBilling } from './call-billing.ts'
import { CallGameType, CallPath, CallScene, CallStatus, HangupReason, type CallOverReply, type LastCall } from '../api.ts'
import { isActive } from './machine.ts'
import { CallDefaults } from '../rules.ts'

export abstract class CallEnding extends CallBilling {
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
  protected reportOver(channelId: string, overReason: number, callScene: string): Promise<CallOverReply | null> {
    return this.deps
      .post<CallOverReply>(CallPath.over, { channelId, overReason, callScene }, { silent: true })
      .then((r) => {
        if (r && typeof r.diamond === 'number') this.deps.setBalance(r.diamond)
        return r ?? null
      })
      .catch(() => null)
  }

  /** the post-call sheet with what the server says the call charged; without its answer in time, without it */
  protected async summary(last: LastCall, over: Promise<CallOverReply | null>) {
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

  /** Stop everything of the current call and leave the channel. */
  protected finish() {
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
}
