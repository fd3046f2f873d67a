// Around the call (d1 §7, d3 §7): records, the pending call, ratings, feedback, recommended
// hosts, match history, the robot lookup and the host profile.
import { blockedIds, boundedRecord, collection, type EndpointCall, hasBlocked, type HarnessContext } from '../../../harness/slice-kit.ts'
import { HostStatus } from '../../wall/api.ts'
import { CallCategory, CallGameType, CallPath, CallRefusal, MissedReason, type CallRecord, type RecommendedHost, type RobotHost } from '../api.ts'
import { effectivePrice } from '../rules.ts'
import { later } from './hosts.ts'
import { discountOffFor } from '../../offers/fake-api.ts'
import { feedbackTypes, callLabels } from './tags.ts'
import { ACTIVE, refuse, table, nextId, findCall, ownCall, isHost, followed, hostBusyInCall, storedStatus, vipPercent } from './store.ts'
import type { CallCore } from './core.ts'

export function recordEndpoints(core: CallCore): Record<string, (ctx: HarnessContext, call: EndpointCall) => unknown> {
  const { record, recordsOf, now } = core
  return {
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
      const rows = table(ctx, 'pushCalls').value().filter((r) => r.viewerId === viewer.userId && r.status === 0)
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

    [CallPath.recommend]: recommendedHosts,

    [CallPath.matchRecords]: (ctx, call) => {
      const viewer = call.requireUser()
      const p = call.payload ?? {}
      const currentPage = Math.max(1, Number(p.currentPage) || 1)
      const pageSize = Math.min(100, Math.max(1, Number(p.pageSize) || 20))
      const rows = recordsOf(ctx, viewer.userId).filter((r) => r.callType === CallGameType.MATCH || r.callType === CallGameType.MATCH_POOL)
      return { list: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((r) => record(ctx, r)), currentPage, pageSize, total: rows.length }
    },

    [CallPath.robotLookup]: (ctx, call): RobotHost => robotLookup(ctx, call, core),

    [CallPath.feedbackTypes]: (_ctx, call) => feedbackTypes(call.headers),
    [CallPath.labels]: (_ctx, call) => callLabels(call.headers),

    [CallPath.rate]: (ctx, call) => {
      const viewer = call.requireUser()
      const rows = table(ctx, 'callRates')
      // a report is kept bounded (short strings, few keys), never the request body whole
      rows.push({ ...boundedRecord(call.payload), id: nextId(ctx, 'callRates'), userId: viewer.userId, at: new Date(now()).toISOString() }).write()
      // the report is a log; keep the state file small
      const all = rows.value()
      if (all.length > 500) ctx.db.set('callRates', all.slice(-500)).write()
      return null
    },

    [CallPath.detail]: hostProfile,
  }
}

/** the hosts suggested after a call (the few who could take one now) */
function recommendedHosts(ctx: HarnessContext, call: EndpointCall): RecommendedHost[] {
  const viewer = call.requireUser()
  const skip = Number(call.payload?.searchValue)
  const blocked = blockedIds(ctx, viewer.userId)
  // hosts who could take a call or are live now, live first; never the one just called
  const rows = collection(ctx, 'users').value()
    .filter((u) => isHost(u) && u.userId !== skip && !blocked.has(u.userId))
    .map((u) => ({ u, status: storedStatus(u) }))
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
}

/** IM-05: which host an invitation is for. A robot (userType 3) gets a free call ready to join. */
function robotLookup(ctx: HarnessContext, call: EndpointCall, core: CallCore): RobotHost {
  const { finish, newCall, rtOf } = core
  const viewer = call.requireUser()
  const callIndex = Number(call.payload?.callIndex)
  const invite = table(ctx, 'robotInvites').value().find((r) => r.callIndex === callIndex && r.viewerId === viewer.userId)
  const host = invite ? ctx.userById(invite.hostId) : null
  // an unknown invitation answers no userId: the app ends the call info; so does one from a host
  // the viewer blocked (ENG-11: no call from her)
  if (!invite || !host || hasBlocked(ctx, viewer.userId, host.userId)) return {}
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
}

/** ENG-11: a host's profile as this viewer sees it (her discount for him, whether he follows or blocked her) */
function hostProfile(ctx: HarnessContext, call: EndpointCall) {
  const p = call.payload ?? {}
  const id = Number(p.userId ?? p.searchValue ?? p.id)
  const user = ctx.userById(id)
  if (!user) throw refuse(CallRefusal.notHost)
  const me = call.user
  const follows = table(ctx, 'follows').value()
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
    // the server's one rule (PAY-10): this viewer's discount for this host, else a fixture's own amount
    discountOffDiamond: discountOffFor(ctx, user, me ?? null) || Number(user.discountOffDiamond) || 0,
    onlineStatus: storedStatus(user),
    liveDescribe: user.liveDescribe ?? null,
    followed: me ? followed(ctx, me.userId, user.userId) : false,
    // ENG-11 (d2 live info's fields): 1 and whoBlock 1 when the viewer blocked her
    isBlockUser: hasBlocked(ctx, me?.userId, user.userId) ? 1 : 0,
    whoBlock: hasBlocked(ctx, me?.userId, user.userId) ? 1 : 0,
    fansNum: follows.filter((f) => f.followUserId === user.userId).length,
    followNum: follows.filter((f) => f.userId === user.userId).length,
    photos: [user.icon],
  }
}
