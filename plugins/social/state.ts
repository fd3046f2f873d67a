// The social pages' calls and how their answers become the app's shapes: each answer passes its
// guard (api.ts); a row the app cannot read (no id) is dropped rather than shown broken.
import type { Kernel } from '../../kernel/types.ts'
import { answer } from '../../kernel/guard.ts'
import { HostStatus, hostsRef, statusWord } from '../wall/api.ts'
import { blocksRef, hostRows, rankRows, userCardAnswer, type HostItem, type HostRow, type RankEntry, type UserCard } from './api.ts'
import { FRIENDS_PAGE_SIZE, LIST_PAGE_SIZE, SEARCH_MAX, SocialPath } from './paths.ts'

function toHost(r: HostRow): HostItem {
  return {
    userId: r.userId,
    yxAccid: r.yxAccid,
    nickname: r.nickname ?? r.nickName ?? '',
    icon: r.icon,
    age: r.age,
    countryCode: r.countryCode,
    levelName: r.anchorLevelName ?? r.levelName ?? '',
    onlineStatus: r.onlineStatus ?? r.status ?? HostStatus.offline,
  }
}

/** a host list call; a malformed answer is a failed load (the page's error state). NET-08: each host's
 *  status goes to the one host store, so her row follows her pushes like the wall's cards */
const hostsAt = async (kernel: Kernel, path: string, payload: Record<string, unknown>) => {
  const items = answer(hostRows, path)(await kernel.api.post(path, payload, { silent: true })).map(toHost)
  const store = kernel.get(hostsRef)
  for (const h of items) store?.track(h.userId, h.yxAccid, statusWord(h.onlineStatus))
  return items
}

/** d1 §8 'Please enter name or uid': the query to send, or '' when there is none */
export const searchQuery = (raw: string) => [...raw.trim()].slice(0, SEARCH_MAX).join('')

export async function searchHosts(kernel: Kernel, raw: string): Promise<HostItem[]> {
  return hostsAt(kernel, SocialPath.search, { searchValue: searchQuery(raw), currentPage: 1, pageSize: LIST_PAGE_SIZE })
}

export async function recommendedHosts(kernel: Kernel): Promise<HostItem[]> {
  return hostsAt(kernel, SocialPath.recommend, {})
}

/** d3 §7 the followed hosts: currentPage 1, pageSize 200, type 3 */
export async function followedHosts(kernel: Kernel): Promise<HostItem[]> {
  return hostsAt(kernel, SocialPath.friends, { currentPage: 1, pageSize: FRIENDS_PAGE_SIZE, type: 3 })
}

export async function blockedHosts(kernel: Kernel, page: number): Promise<HostItem[]> {
  return hostsAt(kernel, SocialPath.blackListV2, { currentPage: page, pageSize: LIST_PAGE_SIZE })
}

export async function collectedHosts(kernel: Kernel, page: number): Promise<HostItem[]> {
  return hostsAt(kernel, SocialPath.collectList, { currentPage: page, pageSize: LIST_PAGE_SIZE })
}

/** d1 §7 block and unblock: { type: 1, userId, yxAccid }; true when the server agreed */
export async function setBlocked(kernel: Kernel, host: Pick<HostItem, 'userId' | 'yxAccid'>, block: boolean): Promise<boolean> {
  return kernel.need(blocksRef).set(host, block)
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
  const rows = answer(rankRows, SocialPath.userRank)(await kernel.api.post(SocialPath.userRank, { rankType }, { silent: true }))
  const me = kernel.session.loggedIn.peek() && rows.length ? rows[rows.length - 1] : null
  return { list: (me ? rows.slice(0, -1) : rows).slice(0, 100), me }
}

/** the user card; null when the answer names no user (the page's not-found) */
export async function userCard(kernel: Kernel, userId: number): Promise<UserCard | null> {
  const r = userCardAnswer(await kernel.api.post(SocialPath.card, { searchValue: userId }, { silent: true }))
  if (!r) return null
  const { nickName, ...card } = r
  return { ...card, nickname: r.nickname ?? nickName ?? '' }
}

/** d2 §3: diamonds as plain under 1000, k under 1,000,000, else m, one decimal */
export function abbreviate(n: number): string {
  if (n < 1000) return String(n)
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toString()}k`
  return `${(Math.floor(n / 100_000) / 10).toString()}m`
}
