// The social pages' public face: their paths (the wall's trophy, the Me tab and the live room link
// to them) and the wire shapes. Import this file only, never the plugin's internals.
import type { UserCardData } from '../rank/api.ts'
import type { ReadonlySignal } from '@preact/signals-react'
import { bool, int, list, num, obj, or, str, type Guard } from '../../kernel/guard.ts'
import { ref } from '../../kernel/plugin.ts'

export const SocialRoute = {
  rank: '/rank',
  search: '/searchHost',
  friends: '/friends',
  blocklist: '/blocklist',
  collect: '/collect',
  card: '/card',
  feedback: '/feedback',
  report: '/report',
} as const

/** /feedback (or /report) with the host a report is about (d2 §2.8: hostid and hostlvl) */
export const reportLink = (hostId: number | string, hostLevel = '', route: string = SocialRoute.feedback) =>
  `${route}?hostid=${encodeURIComponent(String(hostId))}&hostlvl=${encodeURIComponent(hostLevel)}`

/** ENG-11: the hosts the user blocked, as the server's block list answers them. The server decides
 *  what blocking does (its lists leave her out, her messages and calls do not reach the user); the
 *  app reads this set where it holds something the server did not filter (the inbox's conversations). */
export interface BlocksService {
  /** blocked hosts' user ids and chat accounts */
  readonly blocked: ReadonlySignal<{ ids: ReadonlySet<number>; accids: ReadonlySet<string> }>
  /** read the block list again (at login, after a resync) */
  refresh(): Promise<void>
  /** block or unblock her ({ type: 1, userId, yxAccid }); true when the server agreed */
  set(host: { userId: number; yxAccid: string }, block: boolean): Promise<boolean>
}

export const blocksRef = ref<BlocksService>('social.blocks')

/** d2 §4.3: isBlockUser set and whoBlock 1 or 3: the viewer blocked the host (otherwise she blocked him) */
export const viewerBlocked = (v: { isBlockUser: number; whoBlock: number }) => !!v.isBlockUser && (v.whoBlock === 1 || v.whoBlock === 3)

/** A host as the search, follow, block and favourite lists answer it. */
export interface HostItem {
  userId: number
  yxAccid: string
  nickname: string
  icon: string
  age: number | null
  countryCode: string
  levelName: string
  onlineStatus: number
}

/** d2 §3 rank entry; the last item of an answer is the caller's own entry */
export interface RankEntry {
  userId: number
  nickname: string
  icon: string
  userLevel: number
  vipFlag: number
  rank: number
  costNum: number
}

/** d2 §3 user card data (the live room's card answers the same), with the caller's block and favourite marks */
export interface UserCard extends Omit<UserCardData, 'giftWalls'> {
  isBlock: boolean
  isCollect: boolean
}

// ---- guards of the answers (kernel/guard.ts): a row without its id is left out, a bad field
// becomes a blank; what is not a list at all is a failed load (the page's error state with Retry)

const text = (max = 100) => or(str(max), '')
const maybe = (max = 100) => or(str(max), undefined)

/** a list answer: a bare array or { list: [...] } (both are seen), nothing (null) for none; rows the guard refuses are left out */
const rows =
  <T>(row: Guard<T>, max = 500): Guard<T[]> =>
  (v) =>
    v === null ? [] : list(row, max)(Array.isArray(v) ? v : v && typeof v === 'object' ? (v as { list?: unknown }).list : undefined)

/** a host row of the search, recommend, follow, block and favourite answers, with the aliases servers send */
const hostRow = obj({
  userId: int,
  yxAccid: text(),
  nickname: maybe(),
  nickName: maybe(),
  icon: text(2000),
  age: or(int, null),
  countryCode: text(8),
  anchorLevelName: maybe(20),
  levelName: maybe(20),
  onlineStatus: or(num, undefined),
  status: or(num, undefined),
})
export type HostRow = Exclude<ReturnType<typeof hostRow>, undefined>
export const hostRows = rows(hostRow)

/** the ranking's rows; the last is the caller's own */
export const rankRows: Guard<RankEntry[]> = rows(
  obj({ userId: int, nickname: text(), icon: text(2000), userLevel: or(num, 0), vipFlag: or(num, 0), rank: or(num, 0), costNum: or(num, 0) }),
  101,
)

/** the user card answer */
export const userCardAnswer = obj({
  userId: int,
  nickname: maybe(),
  nickName: maybe(),
  icon: text(2000),
  userType: or(num, 0),
  age: or(int, null),
  country: text(),
  levelName: text(20),
  vip: or(num, 0),
  fans: or(num, 0),
  follow: or(num, 0),
  isFollow: or(bool, false),
  yxAccid: text(),
  liveWelcome: text(500),
  isBlock: or(bool, false),
  isCollect: or(bool, false),
})
export { SocialPath } from './paths.ts'
