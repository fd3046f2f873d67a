// The social pages' public face: their paths (the wall's trophy, the Me tab and the live room link
// to them) and the wire shapes. Import this file only, never the plugin's internals.
import type { UserCardData } from '../rank/api.ts'

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
