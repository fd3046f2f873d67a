// The live plugin's slice of the harness: the live lists, entering a room, status checks, the
// neighbour rooms, quick messages, translation, the anti-spam check, blocking, and control
// entries that drive the simulated rooms (fake-rooms.ts) and the full-server notices.
// Paths the spec leaves out are chosen here (harness/README.md lists them).
import { Code } from '../../kernel/protocol/envelope.ts'
import { NoticePush } from './api.ts'
import { boundedCount, byWallOrder, chatRoomsOf, collection, defineFake, type EndpointCall, EndpointError, followedIds, type HarnessContext, hostCard, hosts, langOf, mediaOf, page, type UserRow } from '../../harness/slice-kit.ts'
import { channelOf, endLive, isLive, roomIdOf, roomOf, setAway, simulatedEvent, simulatedLine, startLive, syncVideo, tick } from './fake-rooms.ts'
import { LivePaths } from './paths.ts'
import { LIVE_LIST_PATH } from '../wall/api.ts'
import { fanRank, hostRank, weeklyTasks } from '../rank/fake-api.ts'
import { LiveCall } from '../calls/api.ts'
import { activities, pendants, setFurniture } from './fake-furniture.ts'
import { agreementOf, wishListOf } from '../wish/fake-api.ts'

/** at most this many simulated lines or events per control call */
const MAX_SIMULATED = 1000

const refuse = (msg: string) => new EndpointError(Code.refused, msg)
/** words the harness's anti-spam check refuses (d2 §5) */
export const PROHIBITED = ['spam', 'scam', 'whatsapp', 'واتساب']

const meCountries = (ctx: HarnessContext) =>
  new Set(collection(ctx, 'countries').value().filter((c) => c.area === 'me').map((c) => c.countryId))

/** a live list row: the wall's host card plus the room's ids */
function liveRow(ctx: HarnessContext, h: UserRow, followed: boolean) {
  const r = roomOf(ctx, h.userId)
  const card = hostCard(ctx, h, followed) as Record<string, unknown>
  card.agoraLiveSimpleVO = { agoraChannelId: channelOf(h.userId), joinNum: r.audience, liveDescribe: h.liveDescribe ?? '' }
  return { ...card, id: h.userId, yxRoomId: roomIdOf(h.userId), hotScore: r.audience * 10 }
}

const liveHosts = (ctx: HarnessContext) => hosts(ctx).filter(isLive).sort(byWallOrder)

/** Live list (LIVE-01): isMiddleEast puts the Middle-East hosts first (the spec only names the flag). */
function liveList(ctx: HarnessContext, call: EndpointCall) {
  const mine = call.user ? followedIds(ctx, call.user.userId) : new Set<number>()
  let list = liveHosts(ctx)
  if (Number(call.payload.isMiddleEast) === 1) {
    const me = meCountries(ctx)
    list = [...list.filter((h) => me.has(Number(h.countryId))), ...list.filter((h) => !me.has(Number(h.countryId)))]
  }
  const skip = new Set((Array.isArray(call.payload.ids) ? call.payload.ids : []).map(Number))
  return page(
    list.filter((h) => !skip.has(h.userId)).map((h) => liveRow(ctx, h, mine.has(h.userId))),
    call.payload,
  )
}

function followLive(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const mine = followedIds(ctx, user.userId)
  return page(
    liveHosts(ctx)
      .filter((h) => mine.has(h.userId))
      .map((h) => liveRow(ctx, h, true)),
    { currentPage: 1, pageSize: call.payload.pageSize ?? 100 },
  )
}

const hostOf = (ctx: HarnessContext, id: unknown) => {
  const h = ctx.userById(Number(id))
  if (!h || (h.userType !== 2 && h.userType !== 3)) throw refuse(`no host ${id}`)
  return h
}

/** Enter a room: the room info of d2 §3 (liveRoomState ended when the host is not live). */
function enterRoom(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const h = hostOf(ctx, call.payload.anchorId)
  const r = roomOf(ctx, h.userId)
  const live = isLive(h)
  if (live) syncVideo(ctx, h)
  const followed = followedIds(ctx, user.userId).has(h.userId)
  const whoBlock = r.whoBlock.get(user.userId) ?? 0
  return {
    id: h.userId,
    userId: h.userId,
    yxAccid: h.yxAccid,
    yxRoomId: roomIdOf(h.userId),
    icon: h.icon,
    nickname: h.nickname,
    anchorLevelName: h.anchorLevelName,
    countryId: h.countryId,
    age: h.age,
    hotScore: r.audience * 10,
    followFlag: followed ? 1 : 0,
    privateCallOpen: r.privateCallOpen,
    videoPrice: h.videoPrice,
    unitPrice: h.videoPrice,
    giftPrice: LiveCall.entry,
    isBlockUser: whoBlock ? 1 : 0,
    whoBlock,
    // rank, task and top spender follow the ledger's gift rows (plugins/rank/fake-ranks.ts)
    currentAnchorRank: hostRank(ctx, h.userId, 'week').currentAnchorRank,
    agoraChannelId: channelOf(h.userId),
    agoraLiveSimpleVO: { agoraChannelId: channelOf(h.userId), joinNum: r.audience, liveDescribe: h.liveDescribe ?? '' },
    userStatus: live ? (r.calling ? 'CALLING' : 'LIVE') : 'OFFLINE',
    liveRoomState: live ? 'living' : 'ended',
    audienceNum: r.audience,
    expandMap: { tasks: weeklyTasks(ctx, h.userId) },
    bigBrotherList: fanRank(ctx, h.userId, 'now', null)
      .slice(0, 1)
      .map((e) => ({ userId: e.userId, icon: e.icon, cost: e.costNum })),
    pendantList: pendants(ctx, h.userId),
    // LIVE-09: the host's wishes with their counts from the ledger, and the viewer's agreement
    liveWishList: wishListOf(ctx, h.userId, langOf(call.headers)),
    clickAgreement: agreementOf(user),
    recommendLiveAnchorList: liveHosts(ctx)
      .filter((o) => o.userId !== h.userId)
      .slice(0, 6)
      .map((o) => liveRow(ctx, o, false)),
    rtcToken: null,
  }
}

/** Next (type 2) or previous (type 1) rooms: two live rooms around the given host. */
function neighbours(ctx: HarnessContext, call: EndpointCall) {
  const list = liveHosts(ctx)
  const id = Number(call.payload.anchorId)
  const at = list.findIndex((h) => h.userId === id)
  const step = Number(call.payload.type) === 1 ? -1 : 1
  const out: UserRow[] = []
  for (let i = 1; i < list.length && out.length < 2; i++) {
    const h = list[(((at < 0 ? 0 : at) + step * i) % list.length + list.length) % list.length]
    if (h.userId !== id && !out.includes(h)) out.push(h)
  }
  return out.map((h) => liveRow(ctx, h, false))
}

function statuses(ctx: HarnessContext, call: EndpointCall) {
  const raw = call.payload.anchorIds ?? call.payload.anchorId
  const ids = (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map(Number).filter((n) => n > 0)
  return ids.map((id) => {
    const h = ctx.userById(id)
    const r = roomOf(ctx, id)
    return { anchorId: id, liveRoomState: isLive(h) ? 'living' : 'ended', userStatus: isLive(h) ? (r.calling ? 'CALLING' : 'LIVE') : 'OFFLINE' }
  })
}

/** the harness's translation: tags the text with the target language (a real service is not faked) */
function translate(_ctx: HarnessContext, call: EndpointCall) {
  const list = Array.isArray(call.payload.list) ? call.payload.list : []
  const target = String(call.payload.target ?? langOf(call.headers))
  if (!list.length) throw refuse('list must hold Text items')
  return { translations: list.map((t: { text?: unknown }) => ({ text: `[${target}] ${String(t?.text ?? '')}` })) }
}

const prohibited = (text: string) => PROHIBITED.some((w) => text.toLowerCase().includes(w))

function antiSpam(_ctx: HarnessContext, call: EndpointCall) {
  return { result: prohibited(String(call.payload.text ?? '')) ? 1 : 0 }
}

/** a room's owner: the host whose room it is (room_<hostId>), as the chat room's creator role */
function ownerOf(ctx: HarnessContext, roomId: string): string | null {
  const id = /^room_(\d+)$/.exec(roomId)?.[1]
  const host = id ? ctx.userById(Number(id)) : null
  return host && (host.userType === 2 || host.userType === 3) ? host.yxAccid : null
}

/** host-side blocking from the control API: notice 4 (blocked) or 5 (unblocked) to the viewer */
function hostBlocks(ctx: HarnessContext, body: any, on: boolean) {
  const h = hostOf(ctx, body.hostId)
  const viewer = ctx.userById(Number(body.userId))
  if (!viewer) throw new Error(`no user ${body.userId}`)
  const r = roomOf(ctx, h.userId)
  const before = r.whoBlock.get(viewer.userId) ?? 0
  const after = on ? (before === 1 || before === 3 ? 3 : 2) : before === 3 ? 1 : before === 2 ? 0 : before
  r.whoBlock.set(viewer.userId, after)
  const reached = chatRoomsOf(ctx).notify(roomIdOf(h.userId), { type: on ? 4 : 5, account: viewer.yxAccid, whoBlock: after }, viewer.yxAccid)
  return { whoBlock: after, reached }
}

/** A full-server notice (d2 §4.10) to everyone, or to one user. */
export function notice(ctx: HarnessContext, body: any) {
  const host = body.hostId ? hostOf(ctx, body.hostId) : liveHosts(ctx)[0]
  const attachType = Number(body.attachType ?? 66)
  const data: Record<string, unknown> = {
    attachType,
    pushTime: body.pushTime ?? Date.now(),
    sendUserNickName: body.sendUserNickName ?? 'Khalid',
    sendUserIcon: ctx.userById(100002)?.icon ?? '',
    receiveUserNickName: host?.nickname ?? '',
    receiveUserIcon: host?.icon ?? '',
    userId: host?.userId,
    agoraChannelId: host ? channelOf(host.userId) : undefined,
    yxRoomId: host ? roomIdOf(host.userId) : undefined,
    giftNum: body.giftNum ?? 1,
    totalReward: body.totalReward ?? 5000,
    ...(body.showTime != null && { showTime: body.showTime }),
  }
  return { pushedTo: body.userId ? ctx.push(Number(body.userId), NoticePush, data) : ctx.broadcast(NoticePush, data) }
}

export default defineFake({
  endpoints: {
    [LIVE_LIST_PATH]: liveList,
    [LivePaths.listV2]: liveList,
    [LivePaths.followList]: followLive,
    [LivePaths.enter]: enterRoom,
    [LivePaths.getRoom]: enterRoom,
    [LivePaths.status]: statuses,
    [LivePaths.neighbours]: neighbours,
    [LivePaths.leave]: () => null,
    [LivePaths.quickMessages]: (_ctx, call) => (langOf(call.headers) === 'ar' ? 'مرحبا,جميلة,من وين انتي؟,تابعيني' : 'Hi,So beautiful,Where are you from?,Follow me'),
    [LivePaths.translate]: translate,
    [LivePaths.antiSpam]: antiSpam,
    // d2 §7 the live message list and its pages: the harness keeps no messages beside the chat room
    '/api/messageLive/list': (_ctx, call) => (call.requireUser(), []),
    '/api/messageLive/page': (_ctx, call) => (call.requireUser(), { list: [], total: 0, currentPage: Math.max(1, Number(call.payload.currentPage) || 1) }),
    [LivePaths.activities]: (ctx, call) => activities(ctx, langOf(call.headers)),
  },
  control: {
    'live/rooms': (ctx) =>
      liveHosts(ctx).map((h) => {
        const r = roomOf(ctx, h.userId)
        return { hostId: h.userId, nickname: h.nickname, roomId: roomIdOf(h.userId), channel: channelOf(h.userId), audience: r.audience, calling: r.calling, chatPerSec: r.chatRate, eventsPerSec: r.eventRate, videoFault: r.videoFault, viewers: chatRoomsOf(ctx).members(roomIdOf(h.userId)).length }
      }),
    'live/start': (ctx, body) => startLive(ctx, hostOf(ctx, body.hostId).userId),
    'live/end': (ctx, body) => endLive(ctx, hostOf(ctx, body.hostId).userId),
    'live/away': (ctx, body) => setAway(ctx, hostOf(ctx, body.hostId).userId, body.away !== false),
    'live/rate': (ctx, body) => {
      const r = roomOf(ctx, hostOf(ctx, body.hostId).userId)
      if (body.audience != null) r.audience = Math.max(0, Number(body.audience))
      if (body.chatPerSec != null) r.chatRate = Math.max(0, Number(body.chatPerSec))
      if (body.eventsPerSec != null) r.eventRate = Math.max(0, Number(body.eventsPerSec))
      return { hostId: r.hostId, audience: r.audience, chatPerSec: r.chatRate, eventsPerSec: r.eventRate }
    },
    'live/notify': (ctx, body) => {
      const h = hostOf(ctx, body.hostId)
      if (body.raw !== undefined) return { reached: chatRoomsOf(ctx).notify(roomIdOf(h.userId), body.raw) }
      const type = Number(body.type ?? 0)
      const account = String(body.account ?? (type === 1 && body.host ? h.yxAccid : `sim_ctl_${Date.now().toString(36)}`))
      if (type === 0) roomOf(ctx, h.userId).audience++
      if (type === 1) roomOf(ctx, h.userId).audience = Math.max(0, roomOf(ctx, h.userId).audience - 1)
      return { reached: chatRoomsOf(ctx).notify(roomIdOf(h.userId), { type, account, nick: String(body.nick ?? 'Guest'), level: Number(body.level ?? 0), ...(body.host && { isHost: true }) }) }
    },
    'live/chat': (ctx, body) => {
      const h = hostOf(ctx, body.hostId)
      if (body.count) {
        const count = boundedCount(body.count, MAX_SIMULATED)
        for (let i = 0; i < count; i++) simulatedLine(ctx, h.userId)
        return { posted: count }
      }
      const fromHost = !!body.fromHost
      return chatRoomsOf(ctx).post(roomIdOf(h.userId), {
        from: fromHost ? h.yxAccid : String(body.account ?? 'sim_ctl'),
        fromNick: fromHost ? h.nickname : String(body.nick ?? 'Guest'),
        ...(body.text !== undefined && { text: String(body.text) }),
        ...(body.record && { custom: body.record }),
        ext: fromHost ? { isHost: true } : { userLevel: Number(body.level ?? 5), isVip: !!body.vip, isNewUser: !!body.newUser },
      })
    },
    'live/events': (ctx, body) => {
      const h = hostOf(ctx, body.hostId)
      const count = boundedCount(body.count ?? 1, MAX_SIMULATED)
      for (let i = 0; i < count; i++) simulatedEvent(ctx, h.userId)
      return { posted: count }
    },
    'live/private-call': (ctx, body) => {
      const r = roomOf(ctx, hostOf(ctx, body.hostId).userId)
      r.privateCallOpen = body.open === false || body.open === 0 ? 0 : 1
      return { hostId: r.hostId, privateCallOpen: r.privateCallOpen }
    },
    'live/furniture': (ctx, body) => setFurniture(ctx, body),
    'live/block': (ctx, body) => hostBlocks(ctx, body, true),
    'live/unblock': (ctx, body) => hostBlocks(ctx, body, false),
    'live/notice': (ctx, body) => notice(ctx, body),
    'live/video-fail': (ctx, body) => {
      const h = hostOf(ctx, body.hostId)
      const code = body.code === null || body.code === '' ? null : String(body.code ?? 'UID_CONFLICT')
      roomOf(ctx, h.userId).videoFault = code
      mediaOf(ctx).rtc()?.failAudience(channelOf(h.userId), code)
      return { hostId: h.userId, videoFault: code }
    },
  },
  start(ctx) {
    // the chat room stamps who speaks from the account and filters what clients send, as the real one does
    chatRoomsOf(ctx).setRules({ ownerOf: (roomId) => ownerOf(ctx, roomId), prohibited })
    // ten steps a second, so a fast chat arrives as a stream, not in bursts
    let last = Date.now()
    const timer = setInterval(() => {
      const now = Date.now()
      try {
        tick(ctx, (now - last) / 1000)
      } catch (err) {
        ctx.log('live rooms tick failed', err)
      }
      last = now
    }, 100)
    timer.unref?.()
    return () => clearInterval(timer)
  },
})


