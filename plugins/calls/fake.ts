// The calls plugin's slice of the harness (HAR-03, HAR-06): every call path of d1 §7, hosts
// that accept, reject, ignore, hang up or drop, and billing through the ledger so the balance
// never goes below zero and a retried deduction never charges twice.
//
// Refusals answer code '5000' with a CallRefusal message (api.ts); a short balance answers
// '1080' diamond.not.enough (the ledger throws it). Control entries live under /__harness/calls/.
import { Code, Msg } from '../../kernel/protocol/envelope.ts'
import { HostStatus, mapPushedStatus } from '../../kernel/protocol/status.ts'
import { PushType } from '../../kernel/protocol/push.ts'
import { defineFake, EndpointError, mediaOf, type EndpointCall, type FakeSlice, type HarnessContext, type UserRow } from '../../harness/types.ts'
import {
  CallCategory,
  CallGameType,
  CallPath,
  CallRefusal,
  HangupReason,
  MissedReason,
  NotifyType,
  type BillingReply,
  type CallCreated,
  type CallRecord,
  type IncomingCall,
  type RecommendedHost,
  type RobotHost,
  type RobotInvite,
  ROBOT_INVITE,
} from './api.ts'
import { CallDefaults, effectivePrice, pointTime } from './rules.ts'
import { isVip, toUser } from '../../kernel/protocol/user.ts'
import {
  behaviourOf,
  clearChannel,
  later,
  parseBehaviour,
  realTimers,
  resetRuntime,
  rtcOf,
  runtimeOf,
  type Behaviour,
  type Runtime,
  type Timers,
} from './fake/hosts.ts'
import { feedbackTypes, callLabels } from './fake/tags.ts'

/** One call as the harness keeps it (collection 'calls'). */
export interface CallRow {
  id: number
  channelId: string
  viewerId: number
  hostId: number
  direction: 'out' | 'in'
  callType: number
  discountFlag: number
  /** diamonds per billing period */
  price: number
  /** diamonds charged at begin-call instead of the price (the match ticket) */
  ticket: number | null
  /** seconds free after begin (match calls) */
  freeSec: number
  free: boolean
  state: 'ringing' | 'connected' | 'over' | 'missed' | 'rejected' | 'cancelled'
  /** ms timestamps */
  createdAt: number
  connectedAt: number | null
  beganAt: number | null
  endedAt: number | null
  /** billing points charged so far (point 0 is begin-call) */
  points: number
  lastReply: BillingReply | null
  category: number | null
  overReason: number | null
  missedReason: number | null
  callScene: string | null
  duration: number
  /** the host's status before the call made her busy */
  hostStatusBefore: number | null
  waitTime: number
}

const ACTIVE: CallRow['state'][] = ['ringing', 'connected']

/** One robot invitation sent (collection 'robotInvites'). */
interface RobotInviteRow {
  callIndex: number
  callType: number
  hostId: number
  viewerId: number
  /** what the lookup answers as the user type instead of the host's own (null: the host's) */
  userType: number | null
  /** the free call made for it, once looked up */
  channelId: string | null
  at: number
}

const refuse = (msg: string) => new EndpointError(Code.refused, msg)

function table(ctx: HarnessContext, name: string) {
  if (!ctx.db.has(name).value()) ctx.db.set(name, []).write()
  return ctx.db.get(name)
}

function nextId(ctx: HarnessContext, name: string): number {
  const rows = table(ctx, name).value() as Array<{ id: number }>
  return rows.reduce((max, r) => Math.max(max, r.id || 0), 0) + 1
}

function saveCall(ctx: HarnessContext, row: CallRow) {
  table(ctx, 'calls').find({ channelId: row.channelId }).assign(row).write()
}

function findCall(ctx: HarnessContext, channelId: unknown): CallRow | undefined {
  if (typeof channelId !== 'string' || !channelId) return undefined
  return table(ctx, 'calls').find({ channelId }).value() as CallRow | undefined
}

/** The call, if it belongs to this user; else 'call.not.found'. */
function ownCall(ctx: HarnessContext, user: UserRow, channelId: unknown): CallRow {
  const row = findCall(ctx, channelId)
  if (!row || row.viewerId !== user.userId) throw refuse(CallRefusal.noCall)
  return row
}

const isHost = (u: UserRow | null): u is UserRow => !!u && (u.userType === 2 || u.userType === 3)

function settingNumber(ctx: HarnessContext, key: string, fallback: number): number {
  const v = Number(ctx.settings()[key])
  return Number.isFinite(v) && v > 0 ? v : fallback
}

const periodSec = (ctx: HarnessContext) => settingNumber(ctx, 'billingPeriodSec', 60)

function followed(ctx: HarnessContext, userId: number, followUserId: number): boolean {
  return !!table(ctx, 'follows').find({ userId, followUserId }).value()
}

function hostBusyInCall(ctx: HarnessContext, hostId: number): boolean {
  return (table(ctx, 'calls').value() as CallRow[]).some((c) => c.hostId === hostId && ACTIVE.includes(c.state))
}

/** Why a host cannot take a call now, or null. */
function hostRefusal(ctx: HarnessContext, host: UserRow): string | null {
  const status = mapPushedStatus(host.onlineStatus, host.live)
  if (status === HostStatus.offline) return CallRefusal.hostOffline
  if (status === HostStatus.busy || status === HostStatus.live || hostBusyInCall(ctx, host.userId)) return CallRefusal.hostBusy
  return null
}

function vipPercent(ctx: HarnessContext): number {
  return settingNumber(ctx, 'vipCallDiscount', CallDefaults.vipCallDiscount)
}

function callPrice(ctx: HarnessContext, host: UserRow, viewer: UserRow, discountFlag: number): number {
  const list = Number(host.videoPrice) || 0
  const off = discountFlag === 1 ? Number(host.discountOffDiamond) || 0 : 0
  return effectivePrice(list, { discountOffDiamond: off, isVip: isVip(toUser(viewer), Date.now()), vipDiscount: vipPercent(ctx) })
}

function callView(ctx: HarnessContext, row: CallRow, host: UserRow): CallCreated {
  return {
    channelId: row.channelId,
    callUserId: host.userId,
    callType: row.callType,
    yxAccid: host.yxAccid,
    videoPrice: row.price,
    countryCode: (host.countryCode as string) ?? null,
    nickname: host.nickname,
    age: (host.age as number) ?? null,
    icon: host.icon,
    userType: host.userType,
    followed: followed(ctx, row.viewerId, host.userId),
    levelName: (host.anchorLevelName as string) ?? (host.levelName as string) ?? null,
  }
}

function setHostStatus(ctx: HarnessContext, host: UserRow, onlineStatus: number) {
  ctx.db.get('users').find({ userId: host.userId }).assign({ onlineStatus }).write()
  ctx.broadcast(PushType.hostStatus, { userId: host.userId, yxAccid: host.yxAccid, onlineStatus })
}

function notify(ctx: HarnessContext, rt: Runtime, row: CallRow, type: number, reason?: string) {
  const data: Record<string, unknown> = { channelId: row.channelId, type }
  if (reason) data.reason = reason
  ctx.push(row.viewerId, PushType.callNotify, data)
  if (rt.duplicatePushes) ctx.push(row.viewerId, PushType.callNotify, { ...data })
}

export interface CallsFakeOptions {
  /** injectable clock and timers for tests */
  timers?: Timers
}

export function createCallsFake(opts: CallsFakeOptions = {}): FakeSlice {
  const timers = opts.timers ?? realTimers
  const rtOf = (ctx: HarnessContext) => runtimeOf(ctx, timers)
  const now = () => timers.now()

  /** End a call: stop the host's timers, free the host, leave the video channel. */
  function finish(ctx: HarnessContext, row: CallRow, patch: Partial<CallRow>) {
    const rt = rtOf(ctx)
    clearChannel(rt, row.channelId)
    const wasConnected = row.state === 'connected'
    Object.assign(row, patch, { endedAt: now() })
    row.duration = row.beganAt != null ? Math.max(0, Math.floor((now() - row.beganAt) / 1000)) : 0
    saveCall(ctx, row)
    const host = ctx.userById(row.hostId)
    if (host && wasConnected) {
      rtcOf(ctx)?.hostLeave(row.channelId, host.yxAccid)
      // give the host back her status unless something else changed it meanwhile
      if (Number(host.onlineStatus) === 10000 && row.hostStatusBefore != null) setHostStatus(ctx, host, row.hostStatusBefore)
    }
  }

  function connect(ctx: HarnessContext, row: CallRow, b: Behaviour, push: boolean) {
    const rt = rtOf(ctx)
    const host = ctx.userById(row.hostId)
    if (!host) return
    row.state = 'connected'
    row.connectedAt = now()
    row.hostStatusBefore = Number(host.onlineStatus) || HostStatus.online
    saveCall(ctx, row)
    setHostStatus(ctx, host, 10000)
    if (!b.noMedia) rtcOf(ctx)?.hostJoin(row.channelId, host.yxAccid)
    if (push) notify(ctx, rt, row, NotifyType.CONNECTED)
    if (b.hangUpAfterSec != null) later(rt, row.channelId, b.hangUpAfterSec * 1000, () => hostHangUp(ctx, row.channelId))
    if (b.dropAfterSec != null)
      later(rt, row.channelId, b.dropAfterSec * 1000, () => {
        // the host's network goes: the viewer's RTC reports quality 'down' and the host vanishes
        const rtc = rtcOf(ctx)
        rtc?.setQuality(row.channelId, 6)
        rtc?.hostLeave(row.channelId, host.yxAccid)
      })
  }

  function hostHangUp(ctx: HarnessContext, channelId: string) {
    const row = findCall(ctx, channelId)
    if (!row || row.state !== 'connected') return false
    finish(ctx, row, { state: 'over', overReason: HangupReason.anchor, category: CallCategory.connected })
    notify(ctx, rtOf(ctx), row, NotifyType.HANG_UP)
    return true
  }

  function hostAnswers(ctx: HarnessContext, row: CallRow, b: Behaviour) {
    const rt = rtOf(ctx)
    const ring = () => notify(ctx, rt, row, NotifyType.ONLINE)
    if (!rt.reorderPushes || b.answer === 'never') ring()
    if (b.answer === 'never') {
      // the server gives up a while after the app's own ring time-out, in case the app went away
      const timeout = settingNumber(ctx, 'callTimeOut', CallDefaults.callTimeOut)
      later(rt, row.channelId, (timeout + 10) * 1000, () => {
        const cur = findCall(ctx, row.channelId)
        if (cur?.state !== 'ringing') return
        finish(ctx, cur, { state: 'missed', missedReason: MissedReason.timeout, category: CallCategory.timeout })
        notify(ctx, rt, cur, NotifyType.CANCEL, 'timeout')
      })
      return
    }
    later(rt, row.channelId, b.afterSec * 1000, () => {
      const cur = findCall(ctx, row.channelId)
      if (cur?.state !== 'ringing') return
      if (b.answer === 'accept') connect(ctx, cur, b, true)
      else {
        finish(ctx, cur, { state: 'rejected', missedReason: MissedReason.rejectOrBusy, category: CallCategory.rejected })
        notify(ctx, rt, cur, NotifyType.REJECT, b.answer)
      }
      if (rt.reorderPushes) ring()
    })
  }

  function newCall(ctx: HarnessContext, viewer: UserRow, host: UserRow, init: Partial<CallRow>): CallRow {
    const rt = rtOf(ctx)
    const row: CallRow = {
      id: nextId(ctx, 'calls'),
      channelId: `ch_${host.userId}_${now().toString(36)}_${++rt.seq}`,
      viewerId: viewer.userId,
      hostId: host.userId,
      direction: 'out',
      callType: CallGameType.DIRECT,
      discountFlag: 0,
      price: 0,
      ticket: null,
      freeSec: 0,
      free: false,
      state: 'ringing',
      createdAt: now(),
      connectedAt: null,
      beganAt: null,
      endedAt: null,
      points: 0,
      lastReply: null,
      category: null,
      overReason: null,
      missedReason: null,
      callScene: null,
      duration: 0,
      hostStatusBefore: null,
      waitTime: 0,
      ...init,
    }
    table(ctx, 'calls').push(row).write()
    return row
  }

  /** A match picks an online host who is not in a call; the order rotates so matches vary. */
  function pickMatchHost(ctx: HarnessContext): UserRow | null {
    const hosts = (ctx.db.get('users').value() as UserRow[]).filter((u) => isHost(u) && !hostRefusal(ctx, u))
    if (!hosts.length) return null
    return hosts[rtOf(ctx).seq % hosts.length]
  }

  /** Charge billing point `point` once (ledger key channel:point); answer the live balance. */
  function charge(ctx: HarnessContext, row: CallRow, user: UserRow, point: number, amount: number): BillingReply {
    if (amount > 0) ctx.move(user.userId, -amount, 'call', { key: `${row.channelId}:${point}`, channelId: row.channelId, point })
    row.points = point + 1
    const diamond = Number(ctx.userById(user.userId)?.diamondNum) || 0
    row.lastReply = row.free
      ? { diamond, nextDeduction: 0, nextPoint: 0 }
      : { diamond, nextDeduction: row.price, nextPoint: pointTime(point + 1, { periodSec: periodSec(ctx), freeSec: row.freeSec }) }
    saveCall(ctx, row)
    return row.lastReply
  }

  const pause = (ms: number) => new Promise<void>((r) => timers.setTimeout(r, ms))

  function activeOf(ctx: HarnessContext, channelId: unknown): CallRow | undefined {
    if (channelId) return findCall(ctx, channelId)
    const rows = (table(ctx, 'calls').value() as CallRow[]).filter((c) => ACTIVE.includes(c.state))
    return rows[rows.length - 1]
  }

  function record(ctx: HarnessContext, row: CallRow): CallRecord {
    const host = ctx.userById(row.hostId)
    return {
      channelId: row.channelId,
      userId: row.hostId,
      yxAccid: host?.yxAccid ?? '',
      nickname: host?.nickname ?? '',
      icon: host?.icon ?? '',
      age: (host?.age as number) ?? null,
      countryCode: (host?.countryCode as string) ?? null,
      levelName: (host?.anchorLevelName as string) ?? null,
      category: row.category ?? CallCategory.cancelled,
      callInOrOut: row.direction,
      callType: row.callType,
      callDuration: row.duration,
      createTime: new Date(row.createdAt).toISOString(),
    }
  }

  function recordsOf(ctx: HarnessContext, userId: number): CallRow[] {
    return (table(ctx, 'calls').value() as CallRow[]).filter((c) => c.viewerId === userId && c.category != null).sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
  }

  const endpoints: Record<string, (ctx: HarnessContext, call: EndpointCall) => unknown> = {
    [CallPath.create]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const callType = Number(p.callType) || CallGameType.DIRECT
      const discountFlag = Number(p.discountFlag) === 1 ? 1 : 0
      const match = callType === CallGameType.MATCH || callType === CallGameType.MATCH_POOL
      let host: UserRow | null
      if (match) {
        host = pickMatchHost(ctx)
        if (!host) throw refuse(Msg.noMatchUser)
      } else {
        host = ctx.userById(Number(p.beCallUserId))
        if (!isHost(host)) throw refuse(CallRefusal.notHost)
        const why = hostRefusal(ctx, host)
        if (why) throw refuse(why)
      }
      const price = callPrice(ctx, host, viewer, discountFlag)
      const ticket = match ? effectivePrice(settingNumber(ctx, 'matchCardDiamondNum', CallDefaults.matchTicket), { isVip: isVip(toUser(viewer), Date.now()), vipDiscount: vipPercent(ctx) }) : null
      // the server refuses what the first charge could not pay, so no call rings in vain
      if ((Number(viewer.diamondNum) || 0) < (ticket ?? price)) throw new EndpointError(Code.notEnough, Msg.notEnough)
      const row = newCall(ctx, viewer, host, {
        callType,
        discountFlag,
        price,
        ticket,
        freeSec: match ? settingNumber(ctx, 'matchFreeTime', CallDefaults.matchFreeTime) : 0,
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
      const reply = charge(ctx, row, viewer, 0, row.free ? 0 : (row.ticket ?? row.price))
      row.beganAt = now()
      saveCall(ctx, row)
      return reply
    },

    [CallPath.deduct]: (ctx, call) => {
      const viewer = call.requireUser()
      const rt = rtOf(ctx)
      const row = ownCall(ctx, viewer, call.payload?.searchValue)
      if (row.state !== 'connected') throw refuse(CallRefusal.callOver)
      if (row.beganAt == null || !row.lastReply) throw refuse(CallRefusal.notConnected)
      if (row.free) return row.lastReply
      const period = periodSec(ctx)
      const due = pointTime(row.points, { periodSec: period, freeSec: row.freeSec })
      const elapsed = (now() - row.beganAt) / 1000
      // tolerance for clocks: the app asks when its own duration counter reaches the point
      const tolerance = Math.min(2, period / 2)
      // not due yet: this repeats the charge already made (a retry after a lost answer)
      if (elapsed + tolerance < due) return row.lastReply
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
        const began = row.beganAt != null
        finish(ctx, row, {
          state: began ? 'over' : 'cancelled',
          overReason: Number(p.overReason) || HangupReason.user,
          callScene: String(p.callScene ?? 'ALL'),
          category: began ? CallCategory.connected : CallCategory.cancelled,
        })
      }
      return { channelId: row.channelId, callDuration: row.duration, diamond: Number(viewer.diamondNum) || 0 }
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

    [CallPath.records]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const currentPage = Math.max(1, Number(p.currentPage) || 1)
      const pageSize = Math.min(100, Math.max(1, Number(p.pageSize) || 20))
      const category = Number(p.category) || 0
      const rows = recordsOf(ctx, viewer.userId).filter((r) => !category || r.category === category)
      return { list: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((r) => record(ctx, r)), currentPage, pageSize, total: rows.length }
    },

    [CallPath.recordsByHost]: (ctx, call) => {
      const viewer = call.requireUser()
      const hostId = Number(call.payload?.searchValue ?? call.payload?.anchorId)
      return recordsOf(ctx, viewer.userId)
        .filter((r) => r.hostId === hostId)
        .map((r) => record(ctx, r))
    },

    [CallPath.recordsByAccids]: (ctx, call) => {
      const viewer = call.requireUser()
      const raw = call.payload?.yxAccids ?? call.payload?.searchValue ?? []
      const wanted = new Set((Array.isArray(raw) ? raw : String(raw).split(',')).map((s) => String(s).trim()).filter(Boolean))
      // the latest record with each host asked for
      const latest = new Map<string, CallRecord>()
      for (const r of recordsOf(ctx, viewer.userId)) {
        const rec = record(ctx, r)
        if (wanted.has(rec.yxAccid) && !latest.has(rec.yxAccid)) latest.set(rec.yxAccid, rec)
      }
      return [...latest.values()]
    },

    [CallPath.pushCall]: (ctx, call) => {
      const viewer = call.requireUser()
      const rows = (table(ctx, 'pushCalls').value() as Array<IncomingCall & { status: number; viewerId: number }>).filter((r) => r.viewerId === viewer.userId && r.status === 0)
      const row = rows[rows.length - 1]
      if (!row) return null
      const { status: _s, viewerId: _v, ...incoming } = row
      return incoming
    },

    [CallPath.updatePushCall]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const status = Number(p.status)
      // 1 accepted, 2 rejected, 3 missed, 4 no balance (noRmb)
      if (![1, 2, 3, 4].includes(status)) throw refuse(CallRefusal.badInput)
      const row = table(ctx, 'pushCalls').find({ channelId: String(p.channelId ?? ''), viewerId: viewer.userId })
      if (!row.value()) throw refuse(CallRefusal.noCall)
      row.assign({ status }).write()
      return null
    },

    [CallPath.evaluation]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const row = ownCall(ctx, viewer, p.channelId)
      const score = Number(p.score)
      if (![-1, 0].includes(score)) throw refuse(CallRefusal.badInput)
      const positive = String(p.positiveTags ?? '').split(',').filter(Boolean)
      if (positive.length > 3) throw refuse(CallRefusal.badInput)
      if (table(ctx, 'callEvaluations').find({ channelId: row.channelId }).value()) throw refuse(CallRefusal.evaluated)
      table(ctx, 'callEvaluations')
        .push({
          id: nextId(ctx, 'callEvaluations'),
          channelId: row.channelId,
          userId: viewer.userId,
          hostId: row.hostId,
          score,
          badTags: p.badTags ?? '',
          feedbackType: p.feedbackType ?? null,
          positiveTags: positive.join(','),
          anchorComments: p.anchorComments ?? null,
          at: new Date(now()).toISOString(),
        })
        .write()
      return null
    },

    [CallPath.recommend]: (ctx, call) => {
      call.requireUser()
      const skip = Number(call.payload?.searchValue)
      // hosts who could take a call or are live now, live first; never the one just called
      const rows = (ctx.db.get('users').value() as UserRow[])
        .filter((u) => isHost(u) && u.userId !== skip)
        .map((u) => ({ u, status: mapPushedStatus(u.onlineStatus, u.live) }))
        .filter(({ u, status }) => status === HostStatus.live || (status === HostStatus.online && !hostBusyInCall(ctx, u.userId)))
        .sort((a, b) => (a.status === HostStatus.live ? 0 : 1) - (b.status === HostStatus.live ? 0 : 1) || a.u.userId - b.u.userId)
        .slice(0, 6)
      return rows.map(({ u, status }): RecommendedHost => ({
        userId: u.userId,
        yxAccid: u.yxAccid,
        icon: u.icon,
        nickname: u.nickname,
        age: (u.age as number) ?? null,
        countryId: (u.countryId as number) ?? null,
        anchorLevelName: (u.anchorLevelName as string) ?? null,
        groupStatus: 'online',
        videoPrice: Number(u.videoPrice) || 0,
        liveUrl: null,
        status,
        agoraLiveSimpleVO: status === HostStatus.live ? { agoraChannelId: `live_${u.userId}`, joinNum: Number(u.liveViewers) || 0, liveDescribe: String(u.liveDescribe ?? '') } : null,
      }))
    },

    [CallPath.matchRecords]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const currentPage = Math.max(1, Number(p.currentPage) || 1)
      const pageSize = Math.min(100, Math.max(1, Number(p.pageSize) || 20))
      const rows = recordsOf(ctx, viewer.userId).filter((r) => r.callType === CallGameType.MATCH || r.callType === CallGameType.MATCH_POOL)
      return { list: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((r) => record(ctx, r)), currentPage, pageSize, total: rows.length }
    },

    /** IM-05: which host an invitation is for. A robot (userType 3) gets a free call ready to join. */
    [CallPath.robotLookup]: (ctx, call): RobotHost => {
      const viewer = call.requireUser()
      const callIndex = Number(call.payload?.callIndex)
      const invite = (table(ctx, 'robotInvites').value() as RobotInviteRow[]).find((r) => r.callIndex === callIndex && r.viewerId === viewer.userId)
      const host = invite ? ctx.userById(invite.hostId) : null
      // an unknown invitation answers no userId: the app ends the call info
      if (!invite || !host) return {}
      const userType = invite.userType ?? host.userType
      const view: RobotHost = { userId: host.userId, userType, yxAccid: host.yxAccid, nickname: host.nickname, icon: host.icon, videoPrice: Number(host.videoPrice) || 0 }
      if (userType !== 3) return view
      // one free call per invitation
      const existing = invite.channelId ? findCall(ctx, invite.channelId) : undefined
      if (existing && ACTIVE.includes(existing.state)) return { ...view, videoPrice: 0, channelId: existing.channelId }
      const row = newCall(ctx, viewer, host, { direction: 'in', price: 0, free: true, callType: Number(invite.callType) || CallGameType.DIRECT, waitTime: 30 })
      table(ctx, 'robotInvites').find({ callIndex }).assign({ channelId: row.channelId }).write()
      // nobody joined: the server lets the call go after a while
      later(rtOf(ctx), row.channelId, 30_000, () => {
        const cur = findCall(ctx, row.channelId)
        if (cur?.state === 'ringing') finish(ctx, cur, { state: 'missed', missedReason: MissedReason.timeout, category: CallCategory.timeout })
      })
      return { ...view, videoPrice: 0, channelId: row.channelId }
    },

    [CallPath.feedbackTypes]: (_ctx, call) => feedbackTypes(call.headers),
    [CallPath.labels]: (_ctx, call) => callLabels(call.headers),

    [CallPath.rate]: (ctx, call) => {
      const viewer = call.requireUser()
      const rows = table(ctx, 'callRates')
      rows.push({ ...(call.payload ?? {}), id: nextId(ctx, 'callRates'), userId: viewer.userId, at: new Date(now()).toISOString() }).write()
      // the report is a log; keep the state file small
      const all = rows.value() as unknown[]
      if (all.length > 500) ctx.db.set('callRates', all.slice(-500)).write()
      return null
    },

    [CallPath.detail]: (ctx, call) => {
      const p = call.payload ?? {}
      const id = Number(p.userId ?? p.searchValue ?? p.id)
      const user = ctx.userById(id)
      if (!user) throw refuse(CallRefusal.notHost)
      const me = call.user
      const follows = table(ctx, 'follows').value() as Array<{ userId: number; followUserId: number }>
      const price = Number(user.videoPrice) || 0
      return {
        userId: user.userId,
        yxAccid: user.yxAccid,
        nickname: user.nickname,
        icon: user.icon,
        userType: user.userType,
        age: user.age ?? null,
        countryId: user.countryId ?? null,
        countryCode: user.countryCode ?? null,
        levelName: user.anchorLevelName ?? null,
        anchorLevel: user.anchorLevel ?? null,
        videoPrice: price,
        vipVideoPrice: effectivePrice(price, { isVip: true, vipDiscount: vipPercent(ctx) }),
        discountOffDiamond: Number(user.discountOffDiamond) || 0,
        onlineStatus: mapPushedStatus(user.onlineStatus, user.live),
        liveDescribe: user.liveDescribe ?? null,
        followed: me ? followed(ctx, me.userId, user.userId) : false,
        fansNum: follows.filter((f) => f.followUserId === user.userId).length,
        followNum: follows.filter((f) => f.userId === user.userId).length,
        photos: [user.icon],
      }
    },
  }

  const control: FakeSlice['control'] = {
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
        rtc.setQuality(row.channelId, q)
      }
      if (body?.hostLeave) rtc.hostLeave(row.channelId, ctx.userById(row.hostId)?.yxAccid ?? '')
      return { ok: true, channelId: row.channelId }
    },
    /** a host calls a user: { hostId, userId?, waitTime?, free? } */
    'calls/incoming': (ctx, body) => {
      const host = ctx.userById(Number(body?.hostId))
      if (!isHost(host)) throw new Error(`${body?.hostId} is not a host`)
      const viewer = ctx.userById(Number(body?.userId ?? 100001))
      if (!viewer || viewer.userType === 2 || viewer.userType === 3) throw new Error(`${body?.userId} is not a viewer`)
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
      const sockets = ctx.push(viewer.userId, PushType.callIncoming, { ...incoming })
      if (rt.duplicatePushes) ctx.push(viewer.userId, PushType.callIncoming, { ...incoming })
      return { ok: true, channelId: row.channelId, sockets }
    },
    /**
     * IM-05: a robot host invites a user to a call through the harness IM: { hostId?, userId?,
     * callType?, userType? }. Default host: the first robot (userType 3); userType overrides what
     * the lookup answers (4 makes the app abort). Sent as a custom message (messageType 100) whose
     * attachment.raw is JSON { type: 'robot.call.invite', callIndex, callType }.
     */
    'calls/robot-invite': (ctx, body) => {
      const hosts = (ctx.db.get('users').value() as UserRow[]).filter(isHost)
      const host = body?.hostId != null ? ctx.userById(Number(body.hostId)) : (hosts.find((u) => u.userType === 3) ?? null)
      if (!isHost(host)) throw new Error(`${body?.hostId} is not a host`)
      const viewer = ctx.userById(Number(body?.userId ?? 100001))
      if (!viewer || viewer.userType === 2 || viewer.userType === 3) throw new Error(`${body?.userId} is not a viewer`)
      const userType = body?.userType != null ? Number(body.userType) : null
      if (userType != null && ![1, 2, 3, 4].includes(userType)) throw new Error('userType must be 1, 2, 3 or 4')
      const im = mediaOf(ctx).im()
      if (!im) throw new Error('the harness has no IM service')
      const rows = table(ctx, 'robotInvites')
      const callIndex = (rows.value() as RobotInviteRow[]).reduce((max, r) => Math.max(max, r.callIndex), 0) + 1
      const callType = Number(body?.callType) || CallGameType.DIRECT
      rows.push({ callIndex, callType, hostId: host.userId, viewerId: viewer.userId, userType, channelId: null, at: now() } satisfies RobotInviteRow).write()
      const invite: RobotInvite = { type: ROBOT_INVITE, callIndex, callType }
      im.send(host.yxAccid, viewer.yxAccid, { messageType: 100, attachment: { raw: JSON.stringify(invite) } })
      return { ok: true, callIndex, callType, hostId: host.userId, userId: viewer.userId }
    },
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

  return defineFake({
    seed(db) {
      for (const name of ['calls', 'pushCalls', 'callEvaluations', 'callRates', 'robotInvites']) if (!Array.isArray(db[name])) db[name] = []
    },
    endpoints,
    control,
    start(ctx) {
      runtimeOf(ctx, timers)
      // calls left ringing or connected by a previous run have no host timers any more
      for (const row of table(ctx, 'calls').value() as CallRow[]) {
        if (ACTIVE.includes(row.state)) finish(ctx, row, { state: row.beganAt != null ? 'over' : 'missed', category: row.beganAt != null ? CallCategory.connected : CallCategory.timeout, overReason: row.beganAt != null ? HangupReason.kicked : null })
      }
      return () => resetRuntime(ctx)
    },
  })
}

export const fake = createCallsFake()
export default fake
