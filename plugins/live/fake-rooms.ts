// The harness's live rooms (HAR-03 for live): each live host has a room with a chat room and a
// video channel. While someone watches, simulated viewers enter, leave and chat (in en and ar),
// the host talks (her lines get translated by the app), and the room can go away into a call,
// come back, or end. Everything here is in memory, per harness.
import { HostStatus } from '../wall/api.ts'
import { liveChatRoomOf } from './api.ts'
import { chatRoomsOf, type HarnessContext, hosts, mediaOf, memoryOf, type Random, seededRandom, setHostStatus, type UserRow } from '../../harness/slice-kit.ts'

export interface Room {
  hostId: number
  audience: number
  /** simulated chat lines a second, and entrance/leave events a second */
  chatRate: number
  eventRate: number
  /** host away in a call: no video until back */
  calling: boolean
  /** viewers (userId) and who blocked whom: 1 the viewer blocked the host, 2 the host blocked the viewer, 3 both */
  whoBlock: Map<number, number>
  /** RTC join failure code for viewers (UID_CONFLICT, ALREADY_CONNECTED) */
  videoFault: string | null
  /** viewers were told the live ended (told once) */
  endedTold: boolean
  /** 1: the call icon shows and a private call may start (d2 §3 privateCallOpen) */
  privateCallOpen: number
  /** when the host last spoke (ms) */
  hostSaidAt: number
}

/** one person types: the host says at most a line in this long however busy her room's chat is */
const HOST_LINE_GAP_MS = 3000

export const channelOf = (hostId: number) => `live_${hostId}`
export const roomIdOf = liveChatRoomOf

const EN = ['Hi 👋', 'So beautiful', 'Where are you from?', 'Hello from Cairo', 'Nice song', 'You look great today', 'haha', 'Say hi to me please', 'Love this live ❤️', 'What time is it there?']
const AR = ['مرحبا 👋', 'جميلة جدا', 'من وين انتي؟', 'تحياتي من الرياض', 'ما شاء الله', 'أغنية حلوة', 'هههه', 'سلام عليكم', 'نورتي ❤️', 'كيف حالك اليوم؟']
const HOST_EN = ['Thank you all for coming!', 'Follow me for more lives', 'Who wants a private call?', 'Tell me where you are from']
const HOST_AR = ['شكرا لكم جميعا على الحضور', 'تابعوني لمزيد من البث', 'من يريد مكالمة خاصة؟', 'قولوا لي من وين انتم']
const NAMES = ['Omar', 'Khalid', 'Sam', 'Yusuf', 'Jake', 'Faisal', 'Ali', 'Hamza', 'Leo', 'Mo', 'سعيد', 'فهد', 'ماجد', 'ناصر']

interface LiveWorld {
  rooms: Map<number, Room>
  random: Random
  seq: number
}
function worldOf(ctx: HarnessContext): LiveWorld {
  return memoryOf(ctx, 'live.rooms', () => ({ rooms: new Map(), random: seededRandom(7), seq: 0 }))
}

export const isLive = (h: UserRow | null | undefined) => !!h && Number(h.onlineStatus) === HostStatus.live

export function roomOf(ctx: HarnessContext, hostId: number): Room {
  const w = worldOf(ctx)
  let r = w.rooms.get(hostId)
  if (!r) {
    r = { hostId, audience: 12 + ((hostId * 37) % 480), chatRate: 0.8, eventRate: 0.4, calling: false, whoBlock: new Map(), videoFault: null, endedTold: false, privateCallOpen: hostId % 2 === 0 ? 1 : 0, hostSaidAt: 0 }
    w.rooms.set(hostId, r)
  }
  return r
}

/** the host's video is in the channel while she is live and not away */
export function syncVideo(ctx: HarnessContext, host: UserRow) {
  const rtc = mediaOf(ctx).rtc()
  if (!rtc) return
  const r = roomOf(ctx, host.userId)
  if (isLive(host) && !r.calling) rtc.hostJoin(channelOf(host.userId), host.yxAccid)
  else rtc.hostLeave(channelOf(host.userId), host.yxAccid)
}

export function startLive(ctx: HarnessContext, hostId: number) {
  const r = roomOf(ctx, hostId)
  r.calling = false
  r.endedTold = false
  const out = setHostStatus(ctx, hostId, 'live')
  syncVideo(ctx, ctx.userById(hostId)!)
  return out
}

/** the live ends: viewers get liveRoomState ended, the video goes, the host is online again */
export function endLive(ctx: HarnessContext, hostId: number) {
  const host = ctx.userById(hostId)
  if (!host) throw new Error(`no host with userId ${hostId}`)
  const told = chatRoomsOf(ctx).post(roomIdOf(hostId), { from: host.yxAccid, fromNick: host.nickname, custom: { type: 'liveRoomState', liveRoomState: 'ended' }, ext: { isHost: true } })
  const out = isLive(host) ? setHostStatus(ctx, hostId, 'online') : null
  roomOf(ctx, hostId).calling = false
  roomOf(ctx, hostId).endedTold = true
  syncVideo(ctx, ctx.userById(hostId)!)
  return { ended: hostId, told: !!told, status: out }
}

/** the host goes into a call (away: custom live message -1) or comes back */
export function setAway(ctx: HarnessContext, hostId: number, away: boolean) {
  const host = ctx.userById(hostId)
  if (!isLive(host)) throw new Error(`host ${hostId} is not live`)
  const r = roomOf(ctx, hostId)
  r.calling = away
  chatRoomsOf(ctx).post(roomIdOf(hostId), { from: host!.yxAccid, fromNick: host!.nickname, custom: { type: away ? -1 : -2 }, ext: { isHost: true } })
  syncVideo(ctx, host!)
  return { hostId, calling: away }
}

const fakeAccount = (w: LiveWorld) => `sim_${(++w.seq).toString(36)}`

/** one simulated line: a viewer's, now and then the host's, in en or ar */
export function simulatedLine(ctx: HarnessContext, hostId: number) {
  const w = worldOf(ctx)
  const host = ctx.userById(hostId)!
  const r = roomOf(ctx, hostId)
  const ar = w.random() < 0.45
  if (w.random() < 0.12 && Date.now() - r.hostSaidAt >= HOST_LINE_GAP_MS) {
    r.hostSaidAt = Date.now()
    const list = ar ? HOST_AR : HOST_EN
    return chatRoomsOf(ctx).post(roomIdOf(hostId), { from: host.yxAccid, fromNick: host.nickname, text: list[Math.floor(w.random() * list.length)], ext: { isHost: true } })
  }
  const list = ar ? AR : EN
  const level = Math.floor(w.random() * 40)
  return chatRoomsOf(ctx).post(roomIdOf(hostId), {
    from: fakeAccount(w),
    fromNick: NAMES[Math.floor(w.random() * NAMES.length)],
    text: list[Math.floor(w.random() * list.length)],
    ext: { userLevel: level, isVip: w.random() < 0.15, isNewUser: w.random() < 0.1 },
  })
}

/** one simulated entrance or leave */
export function simulatedEvent(ctx: HarnessContext, hostId: number) {
  const w = worldOf(ctx)
  const r = roomOf(ctx, hostId)
  const enters = w.random() < 0.6 || r.audience < 5
  r.audience = Math.max(0, r.audience + (enters ? 1 : -1))
  const nick = NAMES[Math.floor(w.random() * NAMES.length)]
  return chatRoomsOf(ctx).notify(roomIdOf(hostId), { type: enters ? 0 : 1, account: fakeAccount(w), nick, level: Math.floor(w.random() * 30) })
}

/** Every tick: rooms with a viewer get their share of lines and events; rooms whose host is no
 *  longer live (the host timeline moved her) are ended for their viewers. */
export function tick(ctx: HarnessContext, seconds: number) {
  const w = worldOf(ctx)
  const hub = chatRoomsOf(ctx)
  for (const host of hosts(ctx)) {
    const watched = hub.members(roomIdOf(host.userId)).length > 0
    if (!watched) continue
    const r = roomOf(ctx, host.userId)
    if (!isLive(host)) {
      if (!r.endedTold) endLive(ctx, host.userId)
      continue
    }
    for (let n = poisson(r.chatRate * seconds, w.random); n > 0; n--) simulatedLine(ctx, host.userId)
    for (let n = poisson(r.eventRate * seconds, w.random); n > 0; n--) simulatedEvent(ctx, host.userId)
  }
}

/** a whole number near `mean` (the fraction decides by chance), so slow rates still happen */
function poisson(mean: number, random: Random) {
  const whole = Math.floor(mean)
  return whole + (random() < mean - whole ? 1 : 0)
}
