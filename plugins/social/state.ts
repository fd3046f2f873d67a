// The social pages' calls and how their answers become the app's shapes. A row the app cannot
// read (no id) is dropped rather than shown broken.
import type { Kernel } from '../../kernel/types.ts'
import type { HostItem, RankEntry, UserCard } from './api.ts'
import { FRIENDS_PAGE_SIZE, LIST_PAGE_SIZE, SEARCH_MAX, SocialPath } from './paths.ts'

type Row = Record<string, unknown>
const rowsOf = (x: unknown): Row[] => (Array.isArray(x) ? x : Array.isArray((x as { list?: unknown })?.list) ? (x as { list: Row[] }).list : []).filter((r): r is Row => !!r && typeof r === 'object')
const num = (x: unknown, d = 0) => (Number.isFinite(Number(x)) ? Number(x) : d)

function toHost(r: Row): HostItem[] {
  const userId = num(r.userId, NaN)
  if (!Number.isFinite(userId)) return []
  return [
    {
      userId,
      yxAccid: String(r.yxAccid ?? ''),
      nickname: String(r.nickname ?? r.nickName ?? ''),
      icon: String(r.icon ?? ''),
      age: typeof r.age === 'number' ? r.age : null,
      countryCode: String(r.countryCode ?? ''),
      levelName: String(r.anchorLevelName ?? r.levelName ?? ''),
      onlineStatus: num(r.onlineStatus ?? r.status, 2),
    },
  ]
}

const hosts = (x: unknown) => rowsOf(x).flatMap(toHost)

/** d1 §8 'Please enter name or uid': the query to send, or '' when there is none */
export const searchQuery = (raw: string) => [...raw.trim()].slice(0, SEARCH_MAX).join('')

export async function searchHosts(kernel: Kernel, raw: string): Promise<HostItem[]> {
  return hosts(await kernel.api.post(SocialPath.search, { searchValue: searchQuery(raw), currentPage: 1, pageSize: LIST_PAGE_SIZE }, { silent: true }))
}

export async function recommendedHosts(kernel: Kernel): Promise<HostItem[]> {
  return hosts(await kernel.api.post(SocialPath.recommend, {}, { silent: true }))
}

/** d3 §7 the followed hosts: currentPage 1, pageSize 200, type 3 */
export async function followedHosts(kernel: Kernel): Promise<HostItem[]> {
  return hosts(await kernel.api.post(SocialPath.friends, { currentPage: 1, pageSize: FRIENDS_PAGE_SIZE, type: 3 }, { silent: true }))
}

export async function blockedHosts(kernel: Kernel, page: number): Promise<HostItem[]> {
  return hosts(await kernel.api.post(SocialPath.blackList, { currentPage: page, pageSize: LIST_PAGE_SIZE }, { silent: true }))
}

export async function collectedHosts(kernel: Kernel, page: number): Promise<HostItem[]> {
  return hosts(await kernel.api.post(SocialPath.collectList, { currentPage: page, pageSize: LIST_PAGE_SIZE }, { silent: true }))
}

/** d1 §7 block and unblock: { type: 1, userId, yxAccid }; true when the server agreed */
export async function setBlocked(kernel: Kernel, host: Pick<HostItem, 'userId' | 'yxAccid'>, block: boolean): Promise<boolean> {
  return kernel.api.post(block ? SocialPath.block : SocialPath.unblock, { type: 1, userId: host.userId, yxAccid: host.yxAccid }).then(
    () => true,
    () => false,
  )
}

export async function setCollected(kernel: Kernel, userId: number, on: boolean): Promise<boolean> {
  return kernel.api.post(SocialPath.collect, { collectUserId: userId, type: on ? 1 : 2 }).then(
    () => true,
    () => false,
  )
}

/** d2 §4.8 follow (1) or unfollow (2) */
export async function setFollowed(kernel: Kernel, host: Pick<HostItem, 'userId' | 'yxAccid'>, on: boolean): Promise<boolean> {
  return kernel.api.post(SocialPath.follow, { followType: on ? 1 : 2, followUserId: host.userId, yxAccid: host.yxAccid, source: 'host_card' }).then(
    () => true,
    () => false,
  )
}

/** the ranking and the caller's own entry (the answer's last item) */
export async function userRank(kernel: Kernel, rankType: number): Promise<{ list: RankEntry[]; me: RankEntry | null }> {
  const rows = rowsOf(await kernel.api.post(SocialPath.userRank, { rankType }, { silent: true })).flatMap(toRank)
  const me = kernel.session.loggedIn.peek() && rows.length ? rows[rows.length - 1] : null
  return { list: (me ? rows.slice(0, -1) : rows).slice(0, 100), me }
}

function toRank(r: Row): RankEntry[] {
  const userId = num(r.userId, NaN)
  if (!Number.isFinite(userId)) return []
  return [{ userId, nickname: String(r.nickname ?? ''), icon: String(r.icon ?? ''), userLevel: num(r.userLevel), vipFlag: num(r.vipFlag), rank: num(r.rank), costNum: num(r.costNum) }]
}

export async function userCard(kernel: Kernel, userId: number): Promise<UserCard | null> {
  const r = await kernel.api.post<Row | null>(SocialPath.card, { searchValue: userId }, { silent: true })
  if (!r || !Number.isFinite(num(r.userId, NaN))) return null
  return {
    userId: num(r.userId),
    nickname: String(r.nickname ?? r.nickName ?? ''),
    icon: String(r.icon ?? ''),
    userType: num(r.userType),
    age: typeof r.age === 'number' ? r.age : null,
    country: String(r.country ?? ''),
    levelName: String(r.levelName ?? ''),
    vip: num(r.vip),
    fans: num(r.fans),
    follow: num(r.follow),
    isFollow: r.isFollow === true || r.isFollow === 1,
    yxAccid: String(r.yxAccid ?? ''),
    liveWelcome: String(r.liveWelcome ?? ''),
    isBlock: num(r.isBlock) === 1 || r.isBlock === true,
    isCollect: num(r.isCollect) === 1 || r.isCollect === true,
  }
}

/** d2 §3: diamonds as plain under 1000, k under 1,000,000, else m, one decimal */
export function abbreviate(n: number): string {
  if (n < 1000) return String(n)
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toString()}k`
  return `${(Math.floor(n / 100_000) / 10).toString()}m`
}
