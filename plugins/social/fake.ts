// Harness slice of the social pages (ENG-06, ENG-11): host search and recommendations, the user
// ranking, the block list, favourites, the user card and the feedback form. The follow list
// (userFriend) and follow/unfollow are the shell's and the wall's slices.
import { Code } from '../../kernel/protocol/envelope.ts'
import { byWallOrder, collection, defineFake, type EndpointCall, EndpointError, followedIds, type HarnessContext, hostCard, hosts, page, type UserRow, withoutBlocked } from '../../harness/slice-kit.ts'
import { FEEDBACK_MAX, FEEDBACK_PICS_MAX, FeedbackType, RankType, SEARCH_MAX, SocialPath } from './paths.ts'

declare module '../../harness/collections.ts' {
  interface Collections {
    blocks: Mark[]
    collects: Mark[]
    rankers: Ranker[]
    feedback: FeedbackRow[]
  }
}

const refuse = (msg: string) => new EndpointError(Code.refused, msg)

interface Mark {
  userId: number
  targetId: number
  at: string
}
interface Ranker {
  userId: number
  nickname: string
  userLevel: number
  vipFlag: number
  countryId: number
  /** diamonds spent today; the week and month multiply it */
  day: number
}
interface FeedbackRow {
  id: number
  userId: number
  feedbackType: number
  suggestion: string
  email: string
  pics: string[]
  hostId: number | null
  hostLvl: string
  at: string
}

const RANKER_NAMES = ['Omar', 'Noura', 'Khalid', 'Lina', 'Youssef', 'Sara', 'Hamza', 'Maya', 'Ali', 'Reem', 'Tariq', 'Dana', 'Fahad', 'Huda', 'Zaid', 'Jana', 'Majed', 'Rana', 'Sami', 'Aya']

/** viewers who spent diamonds (not log-in users of the harness): the ranking has a crowd to rank in;
 *  no picture, so the app draws their initial */
export function seedRankers(): Ranker[] {
  return RANKER_NAMES.map((nickname, i) => ({
    userId: 300001 + i,
    nickname,
    userLevel: 60 - i * 3,
    vipFlag: i % 3 === 0 ? 1 : 0,
    countryId: 1 + (i % 6),
    day: 9_000 - i * 430,
  }))
}

type MarkTable = 'blocks' | 'collects'
const marks = (ctx: HarnessContext, name: MarkTable, userId: number) =>
  collection(ctx, name).filter({ userId }).value().slice().sort((a, b) => b.at.localeCompare(a.at))

/** the host a payload names (userId, or yxAccid), or a refusal */
function targetOf(ctx: HarnessContext, call: EndpointCall, idField: string): UserRow {
  const byId = ctx.userById(Number(call.payload[idField]))
  const target = byId ?? (call.payload.yxAccid ? ctx.userByAccid(String(call.payload.yxAccid)) : null)
  if (!target || !(target.userType === 2 || target.userType === 3)) throw refuse(`no host ${call.payload[idField] ?? call.payload.yxAccid}`)
  return target
}

/** d1 §7 search: a name part (any case) or a uid; blank is refused, the rest cut to SEARCH_MAX */
function search(ctx: HarnessContext, call: EndpointCall) {
  const q = String(call.payload.searchValue ?? '').trim().slice(0, SEARCH_MAX)
  if (!q) throw refuse('searchValue (a name or a uid) is required')
  const mine = call.user ? followedIds(ctx, call.user.userId) : new Set<number>()
  const needle = q.toLowerCase()
  // ENG-11: a host the caller blocked is not found
  const found = withoutBlocked(ctx, call.user?.userId, hosts(ctx))
    .filter((h) => String(h.userId) === q || h.nickname.toLowerCase().includes(needle))
    .sort(byWallOrder)
    .map((h) => hostCard(ctx, h, mine.has(h.userId)))
  return page(found, { currentPage: call.payload.currentPage, pageSize: call.payload.pageSize ?? 20 })
}

/** recommendations: the hosts online or live now, best first, at most 10 */
function recommend(ctx: HarnessContext, call: EndpointCall) {
  const mine = call.user ? followedIds(ctx, call.user.userId) : new Set<number>()
  return withoutBlocked(ctx, call.user?.userId, hosts(ctx))
    .filter((h) => Number(h.onlineStatus) === 1 || Number(h.onlineStatus) === -1)
    .sort(byWallOrder)
    .slice(0, 10)
    .map((h) => hostCard(ctx, h, mine.has(h.userId)))
}

const PERIOD_DAYS: Record<number, number> = { [RankType.day]: 1, [RankType.week]: 7, [RankType.month]: 30 }

/** diamonds a harness user spent in the period, from the ledger */
function spentSince(ctx: HarnessContext, since: number): Map<number, number> {
  const out = new Map<number, number>()
  for (const e of collection(ctx, 'ledger').value()) {
    if (e.delta < 0 && Date.parse(e.at) >= since) out.set(e.userId, (out.get(e.userId) ?? 0) - e.delta)
  }
  return out
}

/** d2 §3 rank entries, top 100; the last item is the caller's own entry (rank 0 when unranked) */
function userRank(ctx: HarnessContext, call: EndpointCall) {
  const type = Number(call.payload.rankType ?? RankType.day)
  const days = PERIOD_DAYS[type]
  if (!days) throw refuse('rankType must be 1 (day), 2 (week) or 3 (month)')
  const spent = spentSince(ctx, Date.now() - days * 86_400_000)
  const crowd = collection(ctx, 'rankers').value().map((r) => ({ ...r, userLevelName: String(r.userLevel), icon: '', costNum: r.day * (days === 1 ? 1 : days / 2) }))
  const real = [...spent].flatMap(([userId, costNum]) => {
    const u = ctx.userById(userId)
    if (!u || u.userType === 2 || u.userType === 3) return []
    const vip = (u.vipInfo as { isVip?: boolean } | undefined)?.isVip
    return [{ userId, nickname: u.nickname, icon: u.icon, userLevel: Number(u.userLevel ?? 0), userLevelName: String(u.userLevel ?? 0), vipFlag: vip ? 1 : 0, countryId: Number(u.countryId ?? 1), costNum }]
  })
  const ranked = [...crowd, ...real]
    .sort((a, b) => b.costNum - a.costNum || a.userId - b.userId)
    .slice(0, 100)
    .map((r, i) => {
      const { day: _day, ...entry } = r as typeof r & { day?: number }
      return { ...entry, rank: i + 1 }
    })
  const me = call.user
  if (!me) return ranked
  const own = ranked.find((r) => r.userId === me.userId) ?? { userId: me.userId, nickname: me.nickname, icon: me.icon, userLevel: Number(me.userLevel ?? 0), userLevelName: String(me.userLevel ?? 0), vipFlag: 0, countryId: 1, costNum: spent.get(me.userId) ?? 0, rank: 0 }
  return [...ranked, own]
}

function setMark(ctx: HarnessContext, name: MarkTable, userId: number, target: UserRow, on: boolean) {
  const rows = collection(ctx, name)
  const existing = rows.find({ userId, targetId: target.userId }).value()
  if (on && !existing) rows.push({ userId, targetId: target.userId, at: new Date().toISOString() }).write()
  if (!on && existing) rows.remove({ userId, targetId: target.userId }).write()
}

/** d1 §7 block and unblock: { type: 1, userId, yxAccid } */
function block(on: boolean) {
  return (ctx: HarnessContext, call: EndpointCall) => {
    const user = call.requireUser()
    if (Number(call.payload.type) !== 1) throw refuse('type must be 1 (a host)')
    const target = targetOf(ctx, call, 'userId')
    if (call.payload.yxAccid && String(call.payload.yxAccid) !== target.yxAccid) throw refuse('userId and yxAccid name different users')
    setMark(ctx, 'blocks', user.userId, target, on)
    return { userId: target.userId, blocked: on }
  }
}

/** a marked list (blocks, favourites) as host cards, newest first */
function markedList(name: MarkTable) {
  return (ctx: HarnessContext, call: EndpointCall) => {
    const user = call.requireUser()
    const mine = followedIds(ctx, user.userId)
    // ENG-11: the favourites leave out a host the user blocked (the block list is where she is)
    const hidden = name === 'blocks' ? new Set<number>() : new Set(marks(ctx, 'blocks', user.userId).map((m) => m.targetId))
    const list = marks(ctx, name, user.userId).flatMap((m) => {
      if (hidden.has(m.targetId)) return []
      const h = ctx.userById(m.targetId)
      return h ? [{ ...hostCard(ctx, h, mine.has(h.userId)), markedAt: m.at }] : []
    })
    return page(list, { currentPage: call.payload.currentPage, pageSize: call.payload.pageSize ?? 20 })
  }
}

/** favourites: { collectUserId, type 1 add | 2 remove } */
function collect(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const type = Number(call.payload.type)
  if (type !== 1 && type !== 2) throw refuse('type must be 1 (add) or 2 (remove)')
  const target = targetOf(ctx, call, 'collectUserId')
  setMark(ctx, 'collects', user.userId, target, type === 1)
  return { userId: target.userId, collected: type === 1 }
}

/** d2 §3 user card data, plus the caller's block and favourite marks */
function card(ctx: HarnessContext, call: EndpointCall) {
  const target = ctx.userById(Number(call.payload.searchValue))
  if (!target) throw refuse(`no user ${call.payload.searchValue}`)
  const follows = collection(ctx, 'follows').value()
  const me = call.user
  const has = (name: MarkTable) => !!me && !!collection(ctx, name).find({ userId: me.userId, targetId: target.userId }).value()
  const host = target.userType === 2 || target.userType === 3
  return {
    userId: target.userId,
    nickname: target.nickname,
    icon: target.icon,
    userType: target.userType,
    age: target.age ?? null,
    country: target.countryCode ?? '',
    levelName: host ? target.anchorLevelName : String(target.userLevel ?? 0),
    vip: (target.vipInfo as { isVip?: boolean } | undefined)?.isVip ? 1 : 0,
    fans: follows.filter((f) => f.followUserId === target.userId).length,
    follow: follows.filter((f) => f.userId === target.userId).length,
    isFollow: !!me && follows.some((f) => f.userId === me.userId && f.followUserId === target.userId),
    yxAccid: target.yxAccid,
    liveWelcome: target.liveDescribe ?? '',
    giftWalls: [],
    isBlock: has('blocks') ? 1 : 0,
    isCollect: has('collects') ? 1 : 0,
  }
}

const PIC = /^https?:\/\/[^\s]+$/

/** d3 §7 feedback: { email, feedbackType, pics, suggestion } (+ hostId, hostLvl from a report) */
function saveFeedback(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const p = call.payload
  const type = Number(p.feedbackType)
  if (!Object.values(FeedbackType).includes(type as never)) throw refuse('feedbackType must be 1 to 4')
  const suggestion = String(p.suggestion ?? '')
  if (suggestion.length > FEEDBACK_MAX) throw refuse(`suggestion is longer than ${FEEDBACK_MAX}`)
  const pics = Array.isArray(p.pics) ? p.pics : String(p.pics ?? '').split(',').filter(Boolean)
  if (pics.length > FEEDBACK_PICS_MAX || !pics.every((x: unknown) => typeof x === 'string' && PIC.test(x))) throw refuse(`pics must be at most ${FEEDBACK_PICS_MAX} uploaded picture URLs`)
  const rows = collection(ctx, 'feedback')
  const id = (rows.value().at(-1)?.id ?? 0) + 1
  // what a report names is refused when it is not plausibly what the app sends (a level, an id, an address)
  const email = String(p.email ?? '')
  if (email.length > 200) throw refuse('email is longer than 200')
  const hostLvl = String(p.hostLvl ?? '')
  if (hostLvl.length > 20) throw refuse('hostLvl is longer than 20')
  const row: FeedbackRow = { id, userId: user.userId, feedbackType: type, suggestion, email, pics, hostId: Number(p.hostId) || null, hostLvl, at: new Date().toISOString() }
  rows.push(row).write()
  return { id }
}

export default defineFake({
  seed(db) {
    db.blocks = []
    db.collects = []
    db.feedback = []
    db.rankers = seedRankers()
  },
  endpoints: {
    [SocialPath.search]: search,
    [SocialPath.recommend]: recommend,
    [SocialPath.userRank]: userRank,
    [SocialPath.blackList]: markedList('blocks'),
    [SocialPath.blackListV2]: markedList('blocks'),
    // d1 §7 skills a user has unlocked with a host: the harness models none
    '/api/user/checkUsertUnlockedSkills': (_ctx, call) => (call.requireUser(), { unlocked: [] }),
    // d3 §7 a host's personal card: the user card's data
    '/api/user/getAnchorPersonalCard': card,
    [SocialPath.block]: block(true),
    [SocialPath.unblock]: block(false),
    [SocialPath.collectList]: markedList('collects'),
    [SocialPath.collect]: collect,
    [SocialPath.card]: card,
    [SocialPath.feedback]: saveFeedback,
  },
  control: {
    /** every feedback and report sent, newest last */
    'social/feedback': (ctx) => ({ items: collection(ctx, 'feedback').value() }),
  },
  controlInfo: {
    'social/feedback': { title: 'Feedback and reports sent', tab: 'viewers', list: { columns: ['id', 'userId', 'feedbackType', 'suggestion', 'email', 'hostId', 'at'] } },
  },
})
