// The call's own paths (d1 §7): create, join, begin, deduct, over, miss and the call limit.
import { Code, Msg } from '../../../kernel/protocol/envelope.ts'
import { type EndpointCall, EndpointError, hasBlocked, type HarnessContext, type UserRow } from '../../../harness/slice-kit.ts'
import { CallCategory, CallGameType, CallPath, CallRefusal, HangupReason, LiveCall, MissedReason } from '../api.ts'
import { CallDefaults, effectivePrice, pointTime } from '../rules.ts'
import { isVip, toUser } from '../../../kernel/protocol/user.ts'
import { behaviourOf, clearChannel } from './hosts.ts'
import { ACTIVE, refuse, table, saveCall, ownCall, isHost, settingNumber, periodSec, followed, hostRefusal, liveCallRefusal, vipPercent, callPrice, callView } from './store.ts'
import type { CallCore } from './core.ts'

export function lifecycleEndpoints(core: CallCore): Record<string, (ctx: HarnessContext, call: EndpointCall) => unknown> {
  const { finish, connect, hostAnswers, newCall, pickMatchHost, charge, pause, rtOf, now, videoFlows, reverseBegin, chargedBy, alive } = core
  return {
    [CallPath.create]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const callType = Number(p.callType) || CallGameType.DIRECT
      const discountFlag = Number(p.discountFlag) === 1 ? 1 : 0
      const match = callType === CallGameType.MATCH || callType === CallGameType.MATCH_POOL
      const live = callType === CallGameType.LIVE
      let host: UserRow | null
      if (match) {
        host = pickMatchHost(ctx)
        if (!host) throw refuse(Msg.noMatchUser)
      } else {
        host = ctx.userById(Number(p.beCallUserId))
        if (!isHost(host)) throw refuse(CallRefusal.notHost)
        // ENG-11: no call to a host the viewer blocked
        if (hasBlocked(ctx, viewer.userId, host.userId)) throw refuse(CallRefusal.blocked)
        // a private call from live (LIVE-14) reaches a host who is live; any other call refuses her
        const why = live ? liveCallRefusal(ctx, host) : hostRefusal(ctx, host)
        if (why) throw refuse(why)
      }
      const price = callPrice(ctx, host, viewer, discountFlag)
      const ticket = match
        ? effectivePrice(settingNumber(ctx, 'matchCardDiamondNum', CallDefaults.matchTicket), { isVip: isVip(toUser(viewer), Date.now()), vipDiscount: vipPercent(ctx) })
        : live
          ? settingNumber(ctx, 'liveCallEntry', LiveCall.entry)
          : null
      // the server refuses what the first charge could not pay, so no call rings in vain
      if ((Number(viewer.diamondNum) || 0) < (ticket ?? price)) throw new EndpointError(Code.notEnough, Msg.notEnough)
      const row = newCall(ctx, viewer, host, {
        callType,
        discountFlag,
        price,
        ticket,
        freeSec: match ? settingNumber(ctx, 'matchFreeTime', CallDefaults.matchFreeTime) : live ? settingNumber(ctx, 'liveCallFreeSec', LiveCall.freeSec) : 0,
      })
      hostAnswers(ctx, row, match ? { ...behaviourOf(rtOf(ctx), host), answer: 'accept' } : behaviourOf(rtOf(ctx), host))
      ctx.log('call', row.channelId, 'viewer', viewer.userId, '-> host', host.userId, match ? '(match)' : '')
      return callView(ctx, row, host)
    },

    [CallPath.join]: (ctx, call) => {
      const viewer = call.requireUser()
      const row = ownCall(ctx, viewer, call.payload?.channelId)
      const host = ctx.userById(row.hostId)!
      if (row.state === 'connected') return callView(ctx, row, host)
      if (row.direction !== 'in' || row.state !== 'ringing') throw refuse(CallRefusal.callOver)
      clearChannel(rtOf(ctx), row.channelId)
      connect(ctx, row, behaviourOf(rtOf(ctx), host), false)
      table(ctx, 'pushCalls').find({ channelId: row.channelId }).assign({ status: 1 }).write()
      return callView(ctx, row, host)
    },

    [CallPath.begin]: async (ctx, call) => {
      const viewer = call.requireUser()
      const rt = rtOf(ctx)
      if (rt.beginDelayMs > 0) await pause(rt.beginDelayMs)
      const row = ownCall(ctx, viewer, call.payload?.channelId)
      // a retried begin-call answers what the first one did, charging nothing again
      if (row.beganAt != null && row.lastReply && row.state === 'connected') return row.lastReply
      if (rt.failBegins > 0) {
        rt.failBegins--
        throw refuse(CallRefusal.beginFailed)
      }
      if (row.state !== 'connected') throw refuse(row.state === 'ringing' ? CallRefusal.notConnected : CallRefusal.callOver)
      // billing starts from this answer, so only once both sides are in the video channel
      if (!videoFlows(ctx, row)) throw refuse(CallRefusal.noVideo)
      const reply = charge(ctx, row, viewer, 0, row.free ? 0 : (row.ticket ?? row.price))
      row.beganAt = now()
      alive(row)
      saveCall(ctx, row)
      return reply
    },

    [CallPath.deduct]: (ctx, call) => {
      const viewer = call.requireUser()
      const rt = rtOf(ctx)
      const row = ownCall(ctx, viewer, call.payload?.searchValue)
      if (row.state !== 'connected') throw refuse(CallRefusal.callOver)
      if (row.beganAt == null || !row.lastReply) throw refuse(CallRefusal.notConnected)
      alive(row)
      saveCall(ctx, row)
      if (row.free) return row.lastReply
      const period = periodSec(ctx)
      const due = pointTime(row.points, { periodSec: period, freeSec: row.freeSec })
      const elapsed = (now() - row.beganAt) / 1000
      // tolerance for clocks: the app asks when its own duration counter reaches the point
      const tolerance = Math.min(2, period / 2)
      // not due yet: this repeats the charge already made (a retry after a lost answer)
      if (elapsed + tolerance < due) return row.lastReply
      // a period in which no video flows is not charged: the app asks again once the picture is back
      if (!videoFlows(ctx, row)) return row.lastReply
      if (rt.failDeductions > 0) {
        rt.failDeductions--
        throw refuse(CallRefusal.deductionFailed)
      }
      return charge(ctx, row, viewer, row.points, row.price)
    },

    [CallPath.over]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const row = ownCall(ctx, viewer, p.channelId)
      if (ACTIVE.includes(row.state)) {
        if (Number(p.overReason) === HangupReason.beginCall) reverseBegin(ctx, row)
        const began = row.beganAt != null
        finish(ctx, row, {
          state: began ? 'over' : 'cancelled',
          overReason: Number(p.overReason) || HangupReason.user,
          callScene: String(p.callScene ?? 'ALL'),
          category: began ? CallCategory.connected : CallCategory.cancelled,
        })
      }
      return { channelId: row.channelId, callDuration: row.duration, diamond: Number(viewer.diamondNum) || 0, ...chargedBy(ctx, row) }
    },

    [CallPath.miss]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const row = ownCall(ctx, viewer, p.channelId)
      const reason = Number(p.missedReason)
      if (![1, 2, 3, 6].includes(reason)) throw refuse(CallRefusal.badInput)
      if (row.state === 'ringing') {
        // incoming: a reject (1 or 3) is 'rejected'; outgoing: the user cancelled
        const category =
          reason === MissedReason.timeout ? CallCategory.timeout : row.direction === 'in' || reason === MissedReason.rejectOrBusy ? CallCategory.rejected : CallCategory.cancelled
        finish(ctx, row, { state: 'missed', missedReason: reason, category })
        table(ctx, 'pushCalls').find({ channelId: row.channelId }).assign({ status: reason === MissedReason.timeout ? 3 : 2 }).write()
      }
      return null
    },

    [CallPath.limit]: (ctx, call) => {
      call.requireUser()
      const host = ctx.userById(Number(call.payload?.searchValue))
      if (!isHost(host)) throw refuse(CallRefusal.notHost)
      const limit = rtOf(ctx).limits.get(host.userId) ?? { isLimitMet: 0, interactionCount: 0 }
      return { ...limit, isFollow: followed(ctx, call.user!.userId, host.userId), yxAccId: host.yxAccid }
    },

  }
}
