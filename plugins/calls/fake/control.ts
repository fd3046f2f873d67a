// The slice's control entries under /__harness/calls/: how hosts answer, faults, pushes, media,
// incoming calls and robot invitations, the state and a reset.
import { collection, type FakeSlice, type HarnessContext, hasBlocked, mediaOf } from '../../../harness/slice-kit.ts'
import { toUser } from '../../../kernel/protocol/user.ts'
import { silenced } from '../../../kernel/protocol/disturb.ts'
import { CallCategory, CallPush, CallGameType, MissedReason, NotifyType, type IncomingCall, type RobotInvite, ROBOT_INVITE } from '../api.ts'
import { later, parseBehaviour, resetRuntime, rtcOf } from './hosts.ts'
import { type RobotInviteRow, table, findCall, isHost, callPrice, notify } from './store.ts'
import type { CallCore } from './core.ts'

export function callControl(core: CallCore): NonNullable<FakeSlice['control']> {
  const { finish, hostHangUp, activeOf, rtOf, setQuality } = core
  return {
    /** set how one host (hostId) or every host without its own (no hostId) answers calls */
    'calls/behaviour': (ctx, body) => {
      const rt = rtOf(ctx)
      const hostId = body?.hostId != null ? Number(body.hostId) : null
      if (body?.reset) {
        if (hostId != null) rt.behaviours.delete(hostId)
        else rt.behaviours.clear()
        return { ok: true }
      }
      const b = parseBehaviour(body, hostId != null ? (rt.behaviours.get(hostId) ?? rt.fallback) : rt.fallback)
      if (typeof b === 'string') throw new Error(b)
      if (hostId != null) {
        if (!isHost(ctx.userById(hostId))) throw new Error(`${hostId} is not a host`)
        rt.behaviours.set(hostId, b)
      } else rt.fallback = b
      return { ok: true, hostId, behaviour: b }
    },
    /** the call-limit answer for a host: { hostId, isLimitMet, interactionCount } */
    'calls/limit': (ctx, body) => {
      const hostId = Number(body?.hostId)
      if (!isHost(ctx.userById(hostId))) throw new Error(`${body?.hostId} is not a host`)
      const limit = { isLimitMet: Number(body?.isLimitMet) === 1 ? 1 : 0, interactionCount: Math.max(0, Number(body?.interactionCount) || 0) }
      rtOf(ctx).limits.set(hostId, limit)
      return { ok: true, hostId, ...limit }
    },
    /** make the next `count` due deductions fail */
    'calls/fail-deductions': (ctx, body) => {
      const count = Number(body?.count ?? 1)
      if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number >= 0')
      rtOf(ctx).failDeductions = count
      return { ok: true, failDeductions: count }
    },
    /** begin-call trouble: { fail: count, delayMs } */
    'calls/begin': (ctx, body) => {
      const rt = rtOf(ctx)
      const fail = Number(body?.fail ?? 0)
      const delayMs = Number(body?.delayMs ?? 0)
      if (!Number.isInteger(fail) || fail < 0 || !Number.isFinite(delayMs) || delayMs < 0) throw new Error('fail must be a whole number >= 0 and delayMs a number >= 0')
      rt.failBegins = fail
      rt.beginDelayMs = delayMs
      return { ok: true, failBegins: fail, beginDelayMs: delayMs }
    },
    /** the host side acts now: { channelId?, action: cancel | hangup | reject | busy } (latest active call without channelId) */
    'calls/remote': (ctx, body) => {
      const rt = rtOf(ctx)
      const row = activeOf(ctx, body?.channelId)
      if (!row) throw new Error('no such call')
      const action = String(body?.action ?? '')
      if (action === 'hangup') {
        if (!hostHangUp(ctx, row.channelId)) throw new Error(`call ${row.channelId} is not connected`)
      } else if (action === 'cancel' || action === 'reject' || action === 'busy') {
        if (row.state !== 'ringing') throw new Error(`call ${row.channelId} is not ringing`)
        const cancel = action === 'cancel'
        finish(ctx, row, { state: cancel ? 'cancelled' : 'rejected', missedReason: cancel ? null : MissedReason.rejectOrBusy, category: cancel ? CallCategory.cancelled : CallCategory.rejected })
        notify(ctx, rt, row, cancel ? NotifyType.CANCEL : NotifyType.REJECT, cancel ? undefined : action)
      } else throw new Error('action must be cancel, hangup, reject or busy')
      return { ok: true, channelId: row.channelId }
    },
    /** { duplicate?, reorder? }: every call.notify sent twice; the ring sent after the answer */
    'calls/pushes': (ctx, body) => {
      const rt = rtOf(ctx)
      if (body?.duplicate != null) rt.duplicatePushes = !!body.duplicate
      if (body?.reorder != null) rt.reorderPushes = !!body.reorder
      return { ok: true, duplicate: rt.duplicatePushes, reorder: rt.reorderPushes }
    },
    /** media trouble now: { channelId?, quality?: 1..6, hostLeave?: true } */
    'calls/media': (ctx, body) => {
      const row = activeOf(ctx, body?.channelId)
      if (!row) throw new Error('no such call')
      const rtc = rtcOf(ctx)
      if (!rtc) throw new Error('the harness has no RTC service for slices (ctx.rtc)')
      if (body?.quality != null) {
        const q = Number(body.quality)
        if (!Number.isInteger(q) || q < 0 || q > 6) throw new Error('quality must be 0..6')
        setQuality(ctx, row.channelId, q)
      }
      if (body?.hostLeave) rtc.hostLeave(row.channelId, ctx.userById(row.hostId)?.yxAccid ?? '')
      return { ok: true, channelId: row.channelId }
    },
    /** a host calls a user: { hostId, userId?, waitTime?, free? } */
    'calls/incoming': (ctx, body) => ringViewer(core, ctx, body),
    /** IM-05: a robot host invites a user to a call (below) */
    'calls/robot-invite': (ctx, body) => inviteFromRobot(core, ctx, body),
    /** what is going on: calls, behaviours, simulated failures */
    'calls/state': (ctx) => {
      const rt = rtOf(ctx)
      return {
        calls: table(ctx, 'calls').value(),
        fallback: rt.fallback,
        behaviours: Object.fromEntries(rt.behaviours),
        limits: Object.fromEntries(rt.limits),
        failDeductions: rt.failDeductions,
        failBegins: rt.failBegins,
        beginDelayMs: rt.beginDelayMs,
        duplicatePushes: rt.duplicatePushes,
        reorderPushes: rt.reorderPushes,
      }
    },
    /** forget every simulated behaviour and stop pending host actions */
    'calls/reset': (ctx) => {
      resetRuntime(ctx)
      return { ok: true }
    },
  }
}

/** what a control entry was posted (the harness's JSON body) */
type ControlBody = Parameters<NonNullable<FakeSlice['control']>[string]>[1]

/** a host rings a viewer: the incoming call, its push, and the server's give-up after the wait */
function ringViewer(core: CallCore, ctx: HarnessContext, body: ControlBody) {
  const { finish, newCall, rtOf, now } = core
  const host = ctx.userById(Number(body?.hostId))
  if (!isHost(host)) throw new Error(`${body?.hostId} is not a host`)
  const viewer = ctx.userById(Number(body?.userId ?? 100001))
  if (!viewer || viewer.userType === 2 || viewer.userType === 3) throw new Error(`${body?.userId} is not a viewer`)
  // ENG-11: a host the viewer blocked cannot ring him (nothing is recorded: no call was made)
  if (hasBlocked(ctx, viewer.userId, host.userId)) return { ok: false, blocked: true, channelId: null, sockets: 0 }
  // IM-04: a VIP with do-not-disturb for calls is not rung (nothing is recorded: no call was made)
  if (silenced(toUser(viewer), 'calls', now())) return { ok: false, silenced: true, channelId: null, sockets: 0 }
  const waitTime = Math.max(1, Number(body?.waitTime) || 20)
  const free = !!body?.free
  const row = newCall(ctx, viewer, host, { direction: 'in', price: free ? 0 : callPrice(ctx, host, viewer, 0), free, waitTime })
  const incoming: IncomingCall = {
    channelId: row.channelId,
    callUserId: host.userId,
    beCallUserId: viewer.userId,
    yxAccid: host.yxAccid,
    nickname: host.nickname,
    icon: host.icon,
    age: (host.age as number) ?? null,
    countryCode: (host.countryCode as string) ?? null,
    levelName: (host.anchorLevelName as string) ?? null,
    userType: host.userType,
    videoPrice: row.price,
    waitTime,
    free,
  }
  table(ctx, 'pushCalls').push({ ...incoming, viewerId: viewer.userId, status: 0 }).write()
  const rt = rtOf(ctx)
  // the server stops ringing a while after the app's own wait, in case the app is gone
  later(rt, row.channelId, (waitTime + 5) * 1000, () => {
    const cur = findCall(ctx, row.channelId)
    if (cur?.state !== 'ringing') return
    finish(ctx, cur, { state: 'missed', missedReason: MissedReason.timeout, category: CallCategory.timeout })
    table(ctx, 'pushCalls').find({ channelId: cur.channelId }).assign({ status: 3 }).write()
  })
  const sockets = ctx.push(viewer.userId, CallPush.incoming, { ...incoming })
  if (rt.duplicatePushes) ctx.push(viewer.userId, CallPush.incoming, { ...incoming })
  return { ok: true, channelId: row.channelId, sockets }
}

/**
 * IM-05: a robot host invites a user to a call through the harness IM: { hostId?, userId?,
 * callType?, userType? }. Default host: the first robot (userType 3); userType overrides what
 * the lookup answers (4 makes the app abort). Sent as a custom message (messageType 100) whose
 * attachment.raw is JSON { type: 'robot.call.invite', callIndex, callType }.
 */
function inviteFromRobot(core: CallCore, ctx: HarnessContext, body: ControlBody) {
  const { now } = core
  const hosts = collection(ctx, 'users').value().filter(isHost)
  const host = body?.hostId != null ? ctx.userById(Number(body.hostId)) : (hosts.find((u) => u.userType === 3) ?? null)
  if (!isHost(host)) throw new Error(`${body?.hostId} is not a host`)
  const viewer = ctx.userById(Number(body?.userId ?? 100001))
  if (!viewer || viewer.userType === 2 || viewer.userType === 3) throw new Error(`${body?.userId} is not a viewer`)
  const userType = body?.userType != null ? Number(body.userType) : null
  if (userType != null && ![1, 2, 3, 4].includes(userType)) throw new Error('userType must be 1, 2, 3 or 4')
  const im = mediaOf(ctx).im()
  if (!im) throw new Error('the harness has no IM service')
  const rows = table(ctx, 'robotInvites')
  const callIndex = rows.value().reduce((max, r) => Math.max(max, r.callIndex), 0) + 1
  const callType = Number(body?.callType) || CallGameType.DIRECT
  rows.push({ callIndex, callType, hostId: host.userId, viewerId: viewer.userId, userType, channelId: null, at: now() } satisfies RobotInviteRow).write()
  const invite: RobotInvite = { type: ROBOT_INVITE, callIndex, callType }
  im.send(host.yxAccid, viewer.yxAccid, { messageType: 100, attachment: { raw: JSON.stringify(invite) } })
  return { ok: true, callIndex, callType, hostId: host.userId, userId: viewer.userId }
}
