// The rank plugin's slice of the harness: the fans and host rankings (computed from the ledger's
// gift rows, fake-ranks.ts), the room's viewers, the weekly task with its gift history, the user
// card, and a control entry that records gift sends (for scenarios and tests; the gift slice's
// own endpoints write the same rows). Paths the spec leaves out are listed in harness/README.md.
import { Code } from '../../kernel/protocol/envelope.ts'
import { isVip, toUser } from '../../kernel/protocol/user.ts'
import { chatRoomsOf, collection, defineFake, type EndpointCall, EndpointError, type HarnessContext, langOf, type UserRow } from '../../harness/slice-kit.ts'
import { roomIdOf, roomOf } from '../live/fake-api.ts'
import { RankPath, type FanPeriod, type HostPeriod } from './api.ts'
import { fanRank, GIFT_REASON, giftHistory, giftWall, hostRank, rankEntry, weeklyTasks } from './fake-ranks.ts'

const refuse = (msg: string) => new EndpointError(Code.refused, msg)
const FAN_PERIODS: FanPeriod[] = ['now', 'today', 'week']
const isHostRow = (u: UserRow | null) => !!u && (u.userType === 2 || u.userType === 3)

function hostOf(ctx: HarnessContext, id: unknown): UserRow {
  const h = ctx.userById(Number(id))
  if (!isHostRow(h)) throw refuse(`no host ${id}`)
  return h!
}

function sendRank(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const kind = String(call.payload.rankType ?? 'now') as FanPeriod
  if (!FAN_PERIODS.includes(kind)) throw refuse('rankType must be now, today or week')
  return fanRank(ctx, hostOf(ctx, call.payload.anchorUserId).userId, kind, user.userId)
}

const receiveRank = (fallback: HostPeriod) => (ctx: HarnessContext, call: EndpointCall) => {
  call.requireUser()
  const kind = String(call.payload.rankType ?? fallback)
  if (kind !== 'week' && kind !== 'lastWeek') throw refuse('rankType must be week or lastWeek')
  return hostRank(ctx, hostOf(ctx, call.payload.anchorUserId).userId, kind)
}

const SIM_NAMES = ['Omar', 'Khalid', 'Sam', 'Yusuf', 'Jake', 'Faisal', 'Ali', 'Hamza', 'Leo', 'Mo', 'سعيد', 'فهد', 'ماجد', 'ناصر']

/** people in the room: the users connected to its chat room, then simulated viewers up to the audience (at most 50) */
function viewers(ctx: HarnessContext, call: EndpointCall) {
  call.requireUser()
  const h = hostOf(ctx, call.payload.anchorUserId)
  const real = chatRoomsOf(ctx)
    .members(roomIdOf(h.userId))
    .map((a) => ctx.userByAccid(a))
    .filter((u): u is UserRow => !!u && !isHostRow(u))
  const list = [...new Map(real.map((u) => [u.userId, u])).values()].map((u) => {
    const e = rankEntry(u, u.userId, 0, 0)
    return { userId: u.userId, icon: e.icon, nickname: e.nickname, userLevelName: e.userLevelName, vipFlag: e.vipFlag, countryId: e.countryId }
  })
  const room = roomOf(ctx, h.userId)
  for (let i = 0; list.length < Math.min(50, room.audience); i++) {
    list.push({ userId: 900000 + i, icon: '', nickname: SIM_NAMES[(h.userId + i) % SIM_NAMES.length], userLevelName: String((i * 7) % 40), vipFlag: i % 9 === 0 ? 1 : 0, countryId: 1 + (i % 6) })
  }
  return list
}

function weeklyTask(ctx: HarnessContext, call: EndpointCall) {
  call.requireUser()
  const h = hostOf(ctx, call.payload.anchorUserId)
  return { taskList: weeklyTasks(ctx, h.userId), giftHistory: giftHistory(ctx, h.userId) }
}

function countryName(ctx: HarnessContext, id: unknown, lang: string) {
  const c = collection(ctx, 'countries').value() ?? []
  const row = c.find((x) => x.countryId === Number(id))
  return row ? (lang === 'ar' ? row.nameAr : row.nameEn) : ''
}

/** the user card (LIVE-13): an unknown id is refused (the app empties the card silently) */
function userCard(ctx: HarnessContext, call: EndpointCall) {
  const me = call.requireUser()
  const u = ctx.userById(Number(call.payload.searchValue))
  if (!u) throw refuse(`no user ${call.payload.searchValue}`)
  const host = isHostRow(u)
  const follows = collection(ctx, 'follows').value() ?? []
  return {
    userId: u.userId,
    nickname: u.nickname,
    icon: u.icon ?? '',
    userType: u.userType,
    age: u.age ?? null,
    country: countryName(ctx, u.countryId, langOf(call.headers)),
    levelName: host ? String(u.anchorLevelName ?? '') : String(Number(u.userLevel) || 0),
    vip: isVip(toUser(u), Date.now()) ? 1 : 0,
    fans: follows.filter((f) => f.followUserId === u.userId).length,
    follow: follows.filter((f) => f.userId === u.userId).length,
    isFollow: follows.some((f) => f.userId === me.userId && f.followUserId === u.userId),
    yxAccid: u.yxAccid,
    liveWelcome: host ? String(u.liveDescribe ?? '') : '',
    giftWalls: giftWall(ctx, u.userId, host, langOf(call.headers)),
  }
}

/** records gift sends as the gift slice does (the sender pays; a key makes a retry harmless) */
function recordGifts(ctx: HarnessContext, body: any) {
  const h = hostOf(ctx, body.hostId)
  const sends = Array.isArray(body.sends) ? body.sends : [body]
  return sends.map((s: any, i: number) => {
    const diamonds = Math.floor(Number(s.diamonds))
    if (!(diamonds > 0)) throw new Error('diamonds must be a whole number above 0')
    return ctx.move(Number(s.userId), -diamonds, GIFT_REASON, {
      hostId: h.userId,
      giftId: Number(s.giftId ?? 1),
      count: Number(s.count ?? 1),
      scene: 'LIVE',
      roomId: roomIdOf(h.userId),
      ...(s.key != null ? { key: String(s.key) } : body.key != null && { key: `${body.key}:${i}` }),
    })
  })
}

export default defineFake({
  endpoints: {
    // d3 §7 the points a user has after messages: the harness counts none
    '/api/ranking/v2/msgAfterIntegeral': (_ctx, call) => (call.requireUser(), { integral: 0 }),
    [RankPath.send]: sendRank,
    [RankPath.receive]: receiveRank('week'),
    [RankPath.receiveHistory]: receiveRank('lastWeek'),
    [RankPath.viewers]: viewers,
    [RankPath.task]: weeklyTask,
    [RankPath.card]: userCard,
  },
  control: {
    'rank/gifts': recordGifts,
    'rank/fans': (ctx, body) => fanRank(ctx, hostOf(ctx, body.hostId).userId, (body.rankType ?? 'week') as FanPeriod, null),
    'rank/hosts': (ctx, body) => hostRank(ctx, hostOf(ctx, body.hostId).userId, body.rankType === 'lastWeek' ? 'lastWeek' : 'week'),
  },
  controlInfo: {
    'rank/gifts': {
      title: 'Record gift sends',
      description: "Ledger rows of reason gift.send (the sender pays); the rankings, the task and the card's gift wall follow them",
      tab: 'money',
      body: { hostId: 200001, sends: [{ userId: 100002, diamonds: 1200, giftId: 1, count: 1 }] },
    },
  },
})
