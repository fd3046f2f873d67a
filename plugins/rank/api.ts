// The rank plugin's public face (LIVE-11, 12, 13): the ids of its popups, which the live room
// opens with kernel.overlays.open(id, props), their props, and the wire shapes and paths of the
// rankings, the weekly task and the user card. Import this file only, never the plugin's internals.
import { bool, int, list, num, obj, or, str, type Guard } from '../../kernel/guard.ts'

/** d2 §7 rank paths; the card and the task paths are not shown in the spec and chosen here */
export const RankPath = {
  send: '/api/live/send/rank/sendRank',
  receive: '/api/live/send/rank/receiveRank',
  receiveHistory: '/api/live/send/rank/receiveHistoryRank',
  viewers: '/api/live/send/rank/viewers',
  card: '/api/live/userCard',
  task: '/api/live/anchorTask/history',
} as const

export const RankOverlay = {
  /** LIVE-11 Viewers and Top Gifter */
  viewers: 'rank.viewers',
  /** LIVE-12 the host weekly rank */
  host: 'rank.host',
  /** LIVE-12 the weekly task */
  task: 'rank.task',
  /** LIVE-13 the user card */
  card: 'rank.card',
} as const

/** rank lists show at most 100 users (d2 §9) */
export const RANK_CAP = 100

/** a host's rank as shown: '--' unknown, '100+' above 100 (d2 §5) */
export function hostRankLabel(rank: unknown): string {
  const v = Number(rank)
  if (rank == null || rank === '' || !Number.isFinite(v) || v <= 0) return '--'
  return v > RANK_CAP ? '100+' : String(Math.floor(v))
}

export type FanPeriod = 'now' | 'today' | 'week'
export type HostPeriod = 'week' | 'lastWeek'

/** the room the popups are about */
export interface RoomRef {
  hostId: number
  /** the live id (dbId of the rank call) */
  liveId?: number
}

export interface UserCardProps {
  userId: number
  /** the card's follow toggled: the room keeps its own follow flag in step */
  onFollow?: (userId: number, followed: boolean) => void
}

/** d2 §3 Rank entry; the last item of a rank answer is the caller's own */
export interface RankEntry {
  userId: number
  nickname: string
  icon: string
  userLevel: number
  userLevelName: string
  vipFlag: number
  countryId: number | null
  /** 0: no spend */
  rank: number
  costNum: number
}

/** d2 §3 Host rank response */
export interface HostRankAnswer {
  anchorReceiveRankList: Array<{ userId: number; icon: string; nickname: string; costNum: number }>
  costNum: number
  currentAnchorRank: number | null
}

/** d2 §3 Weekly task and gift history */
export interface WeeklyTaskAnswer {
  taskList: Array<{ taskValue: number; taskCondition: number; finished: number }>
  giftHistory: Array<{ icon: string; nickname: string; formattedTime: string; giftIcon: string; giftNum: number }>
}

/** d2 §3 User card data */
export interface UserCardData {
  userId: number
  nickname: string
  icon: string
  userType: number
  age: number | null
  country: string
  levelName: string
  vip: number
  fans: number
  follow: number
  isFollow: boolean
  yxAccid: string
  liveWelcome: string
  giftWalls: Array<{ giftId: number; giftImg: string; giftName: string; giftCount: number }>
}

// ---- guards of the answers (kernel/guard.ts): a row without its user id is left out, a bad field
// becomes its empty value, so an object name never prints as text

const text = (max = 100) => or(str(max), '')
const maybe = (max = 100) => or(str(max), undefined)
const count = or(num, 0)

/** a rank row as it comes (the aliases servers send included) */
export const rankRow = obj({
  userId: int,
  nickname: maybe(),
  nickName: maybe(),
  icon: text(2000),
  userLevel: count,
  userLevelName: maybe(20),
  vipFlag: count,
  countryId: or(int, null),
  rank: count,
  costNum: count,
})

/** the host rank answer; at most 100 rows */
export const hostRankAnswer: Guard<HostRankAnswer> = obj({
  anchorReceiveRankList: or(list(obj({ userId: int, icon: text(2000), nickname: or(str(100), ''), costNum: count }), RANK_CAP), []),
  costNum: count,
  currentAnchorRank: or(num, null),
})

/** the weekly task answer */
export const weeklyTaskAnswer: Guard<WeeklyTaskAnswer> = obj({
  taskList: or(list(obj({ taskValue: count, taskCondition: count, finished: count }), 50), []),
  giftHistory: or(list(obj({ icon: text(2000), nickname: text(), formattedTime: text(40), giftIcon: text(2000), giftNum: count }), 200), []),
})

/** the user card answer */
export const userCardAnswer: Guard<UserCardData> = obj({
  userId: int,
  nickname: text(),
  icon: text(2000),
  userType: count,
  age: or(int, null),
  country: text(),
  levelName: text(20),
  vip: count,
  fans: count,
  follow: count,
  isFollow: or(bool, false),
  yxAccid: text(),
  liveWelcome: text(500),
  giftWalls: or(list(obj({ giftId: or(int, 0), giftImg: text(2000), giftName: text(), giftCount: count }), 200), []),
})
