// Rankings from the ledger (the harness side of LIVE-11, 12): every gift send is a ledger row of
// reason 'gift.send' (userId the sender, delta minus the diamonds spent, hostId, giftId, count),
// so who gave most, to whom and when is computed from those rows, never from fixtures.
import { isVip, toUser } from '../../kernel/protocol/user.ts'
import { collection, type HarnessContext, type UserRow } from '../../harness/slice-kit.ts'
import { catalogue } from '../gift/fake-api.ts'
import { RANK_CAP, type FanPeriod, type HostPeriod, type RankEntry } from './api.ts'

export const GIFT_REASON = 'gift.send'
/** the harness keeps no live sessions: 'now' is the last two hours */
const NOW_WINDOW_MS = 2 * 3600_000
const DAY_MS = 24 * 3600_000
/** the weekly task's steps, in diamonds received this week (the spec gives none) */
const TASK_STEPS = [1000, 5000, 20000]

export interface GiftRow {
  userId: number
  hostId: number
  giftId: number
  count: number
  diamonds: number
  at: number
}

function giftRows(ctx: HarnessContext): GiftRow[] {
  const rows = collection(ctx, 'ledger').value() ?? []
  const out: GiftRow[] = []
  for (const r of rows) {
    if (r.reason !== GIFT_REASON || r.delta >= 0) continue
    const at = Date.parse(r.at)
    const hostId = Number(r.hostId)
    if (!Number.isFinite(at) || !Number.isFinite(hostId)) continue
    out.push({ userId: r.userId, hostId, giftId: Number(r.giftId) || 0, count: Number(r.count) || 1, diamonds: -r.delta, at })
  }
  return out
}

/** Monday 00:00 UTC of the week holding `now` */
export function weekStart(now: number): number {
  const d = new Date(now)
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  return midnight - ((d.getUTCDay() + 6) % 7) * DAY_MS
}

/** [from, to) of a period */
export function periodOf(kind: FanPeriod | HostPeriod, now: number): [number, number] {
  const d = new Date(now)
  switch (kind) {
    case 'now':
      return [now - NOW_WINDOW_MS, Infinity]
    case 'today':
      return [Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), Infinity]
    case 'lastWeek':
      return [weekStart(now) - 7 * DAY_MS, weekStart(now)]
    default:
      return [weekStart(now), Infinity]
  }
}

const inPeriod = (rows: GiftRow[], [from, to]: [number, number]) => rows.filter((r) => r.at >= from && r.at < to)

/** ids by summed diamonds, most first (ties: who got there first) */
function ranked(rows: GiftRow[], by: (r: GiftRow) => number): Array<{ id: number; sum: number }> {
  const sums = new Map<number, number>()
  for (const r of rows) sums.set(by(r), (sums.get(by(r)) ?? 0) + r.diamonds)
  return [...sums].map(([id, sum]) => ({ id, sum })).sort((a, b) => b.sum - a.sum)
}

export function rankEntry(user: UserRow | null, userId: number, rank: number, costNum: number): RankEntry {
  const level = Number(user?.userLevel) || 0
  return {
    userId,
    nickname: String(user?.nickname ?? ''),
    icon: String(user?.icon ?? ''),
    userLevel: level,
    userLevelName: String(level),
    vipFlag: user && isVip(toUser(user), Date.now()) ? 1 : 0,
    countryId: user?.countryId == null ? null : Number(user.countryId),
    rank,
    costNum,
  }
}

/** the fans of a host in a period: at most 100, then the caller's own entry (rank 0: no spend) */
export function fanRank(ctx: HarnessContext, hostId: number, kind: FanPeriod, callerId: number | null, now = Date.now()): RankEntry[] {
  const list = ranked(inPeriod(giftRows(ctx), periodOf(kind, now)).filter((r) => r.hostId === hostId), (r) => r.userId)
  const rows = list.slice(0, RANK_CAP).map((e, i) => rankEntry(ctx.userById(e.id), e.id, i + 1, e.sum))
  if (callerId == null) return rows
  const at = list.findIndex((e) => e.id === callerId)
  return [...rows, rankEntry(ctx.userById(callerId), callerId, at < 0 ? 0 : at + 1, at < 0 ? 0 : list[at].sum)]
}

/** hosts by diamonds received in a week: the top 100, and this host's amount and rank (null: none) */
export function hostRank(ctx: HarnessContext, hostId: number, kind: HostPeriod, now = Date.now()) {
  const list = ranked(inPeriod(giftRows(ctx), periodOf(kind, now)), (r) => r.hostId)
  const at = list.findIndex((e) => e.id === hostId)
  return {
    anchorReceiveRankList: list.slice(0, RANK_CAP).map((e) => {
      const h = ctx.userById(e.id)
      return { userId: e.id, icon: String(h?.icon ?? ''), nickname: String(h?.nickname ?? ''), costNum: e.sum }
    }),
    costNum: at < 0 ? 0 : list[at].sum,
    currentAnchorRank: at < 0 ? null : at + 1,
  }
}

/** the host's weekly task: one step list over what she received this week */
export function weeklyTasks(ctx: HarnessContext, hostId: number, now = Date.now()) {
  const value = hostRank(ctx, hostId, 'week', now).costNum
  return TASK_STEPS.map((c) => ({ taskValue: value, taskCondition: c, finished: value >= c ? 1 : 0 }))
}

/** a gift of the gift slice's catalogue (its picture and its name in the request's language) */
function giftOf(giftId: number, lang: 'en' | 'ar' = 'en'): { img: string; name: string } {
  const g = catalogue().find((x) => x.id === giftId)
  return g ? { img: `/__harness/gift/img?id=${giftId}`, name: g.name[lang] ?? g.name.en } : { img: '', name: '' }
}

const pad = (n: number) => String(n).padStart(2, '0')
const formatted = (ms: number) => {
  const d = new Date(ms)
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}

/** the gifts a host received this week, newest first (at most 50) */
export function giftHistory(ctx: HarnessContext, hostId: number, now = Date.now()) {
  return inPeriod(giftRows(ctx), periodOf('week', now))
    .filter((r) => r.hostId === hostId)
    .sort((a, b) => b.at - a.at)
    .slice(0, 50)
    .map((r) => {
      const u = ctx.userById(r.userId)
      return { icon: String(u?.icon ?? ''), nickname: String(u?.nickname ?? ''), formattedTime: formatted(r.at), giftIcon: giftOf(r.giftId).img, giftNum: r.count }
    })
}

/** a user's gift wall: received (hosts) or sent (viewers), by gift, most first */
export function giftWall(ctx: HarnessContext, userId: number, host: boolean, lang: 'en' | 'ar' = 'en') {
  const counts = new Map<number, number>()
  for (const r of giftRows(ctx)) if ((host ? r.hostId : r.userId) === userId) counts.set(r.giftId, (counts.get(r.giftId) ?? 0) + r.count)
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([giftId, giftCount]) => {
      const g = giftOf(giftId, lang)
      return { giftId, giftImg: g.img, giftName: g.name, giftCount }
    })
}
