// The user record (d1 §3 User info, d2 §6 and d3 §3 User (mine)), normalised once where it arrives
// (Session.setUser), and the rules every plugin asks of it. The servers say VIP three ways
// (isVipV2, isVip, vipInfo.isVip, as 1 or true): after toUser() only vipInfo is left, and isVip()
// is the one answer (wall tab locks, call prices, the profile badge, the VIP shop). Shared with the
// harness, so the fake server answers the same way as the app.

/** where the user record is asked (the shell's refreshUser; the page's first script, apps/early.ts) */
export const USER_INFO_PATH = '/api/user/getUserInfo'

export interface VipInfo {
  isVip: boolean
  /** ISO time the VIP ends; null: no end given */
  expireTime: string | null
  /** the VIP ends within 72 hours (as the server says) */
  '72Hour': boolean
}

/** The user as the server last described it, normalised by toUser(). */
export interface User {
  userId: number
  nickname: string
  icon: string
  /** the balance the server last answered (never computed by the app) */
  diamondNum: number
  yxAccid: string
  imToken?: string
  isNewUser: boolean
  /** when the first payment was made; null for a user who never paid */
  firstPayTime: string | null
  vipInfo: VipInfo
  userType?: number
  disturb?: number
  /** other fields the server sends are kept as they came */
  [field: string]: unknown
}

const yes = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true'
/** a text field, or '' (an object or a number where text belongs never prints as '[object Object]') */
const text = (v: unknown) => (typeof v == 'string' ? v : '')
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0)

function isoTime(v: unknown): string | null {
  if (v == null || v === '') return null
  const ms = typeof v === 'number' ? v : Date.parse(String(v))
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}

/** The record as it came (any of the VIP shapes, numbers as strings) to one User. */
export function toUser(raw: Record<string, unknown>): User {
  const { isVip: flat, isVipV2, vipInfo, ...rest } = raw
  const info = (vipInfo && typeof vipInfo === 'object' ? vipInfo : {}) as Record<string, unknown>
  // the newest field first: isVipV2, then the one that carries the expiry, then the old flag
  const flag = isVipV2 ?? info.isVip ?? flat
  return {
    ...rest,
    userId: num(raw.userId),
    nickname: text(raw.nickname),
    icon: text(raw.icon),
    diamondNum: num(raw.diamondNum),
    yxAccid: text(raw.yxAccid),
    isNewUser: yes(raw.isNewUser),
    firstPayTime: raw.firstPayTime ? String(raw.firstPayTime) : null,
    vipInfo: { isVip: yes(flag), expireTime: isoTime(info.expireTime), '72Hour': yes(info['72Hour']) },
  }
}

type WithVip = { vipInfo: Pick<VipInfo, 'isVip' | 'expireTime'> }

/** When the VIP ends (ms), or null when the record gives no end. */
export function vipEnd(user: WithVip | null | undefined): number | null {
  const t = user?.vipInfo.expireTime
  return t ? Date.parse(t) : null
}

/** Is this user VIP now? The flag, and the end not passed (there is no auto-renew, d3 §6). */
export function isVip(user: WithVip | null | undefined, now: number): boolean {
  if (!user?.vipInfo.isVip) return false
  const end = vipEnd(user)
  return end == null || end > now
}

/** Has this user ever paid (the first-payment rule: seller lists, VIP items need a first recharge)? */
export function paidBefore(user: Pick<User, 'firstPayTime'> | null | undefined): boolean {
  return !!user?.firstPayTime
}

/** The user level (d3 §8) as a record says it (the level endpoint's answer, or a user record that
 *  carries it: curUserLevel, userLevel or level); null when it says none. */
export function userLevelOf(record: Record<string, unknown> | null | undefined): number | null {
  const n = Number(record?.curUserLevel ?? record?.userLevel ?? record?.level)
  return Number.isFinite(n) && n >= 0 && record != null ? n : null
}
