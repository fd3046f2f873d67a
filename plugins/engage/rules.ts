// Engagement rules as plain functions (d3 §4, §5, §9): check-in, invitation codes, the review
// popups, the activity popups' config and the popup queue's order.
import type { ActivityPopup, ReviewState, SignInDay } from './api.ts'

// ---- check-in (ENG-02) ----

export type DayState = 'checked' | 'claimable' | 'waiting' | 'later'

/** canReceiveFlag 1 is claimable, once its countdown has passed; a claimed day shows Checked */
export function dayState(day: SignInDay, secondsLeft: number): DayState {
  if (day.receiveFlag === 1) return 'checked'
  if (day.canReceiveFlag === 1) return secondsLeft > 0 ? 'waiting' : 'claimable'
  if (secondsLeft > 0) return 'waiting'
  return 'later'
}

/** first-charge (paid) users get the award multiplied by payUserMagnification */
export function rewardOf(day: SignInDay, paidUser: boolean): number {
  const m = paidUser ? Number(day.payUserMagnification) : Number(day.magnification)
  return Math.floor(Number(day.awardNum) * (m > 0 ? m : 1))
}

/** d3 §5: the user level must be above 0 to claim */
export const levelAllowsClaim = (level: number | null | undefined) => Number(level) > 0

/** the sum of the cycle's awards as the days show them, the user's multiplier included ('Unlock
 *  1510 diamonds', 3,020 for a paid user at x2): the header is what the days under it add to */
export const cycleTotal = (list: SignInDay[], paidUser: boolean) => list.reduce((n, d) => n + rewardOf(d, paidUser), 0)

/** a sign-in list as the server sent it, with rows that make no sense dropped */
export function cleanDays(list: unknown): SignInDay[] {
  if (!Array.isArray(list)) return []
  return list.filter((d): d is SignInDay => !!d && typeof d === 'object' && Number.isFinite(Number((d as SignInDay).awardNum)) && Number.isFinite(Number((d as SignInDay).signInCycle)))
}

export function hms(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
}

// ---- invitation codes (ENG-03) ----

export const CODE_MAX = 64

/** what the user typed, without spaces of any kind (pasted codes carry them), at most CODE_MAX */
export function normalizeCode(raw: unknown): string {
  return String(raw ?? '')
    .replace(/[\s\u200b-\u200d\ufeff]+/g, '')
    .slice(0, CODE_MAX)
}

/** d3 §4 host link: 0 confirm, 1 linked, 2 expired (followed instead), 4 already linked (followed instead) */
export type LinkState = 0 | 1 | 2 | 4
export const linkStateOf = (isSuccess: unknown): LinkState | null => ([1, 2, 4].includes(Number(isSuccess)) ? (Number(isSuccess) as LinkState) : null)

// ---- review popups (ENG-05) ----

/** the forced five-star review: force 1 and no record */
export const forceReviewDue = (s: Partial<ReviewState> | null | undefined) => !!s && Number(s.force) === 1 && !s.myForceEvaluationRecord
/** the rate-us popup: can 1 and no guide step active */
export const rateUsDue = (s: Partial<ReviewState> | null | undefined, guideActive: boolean) => !!s && Number(s.can) === 1 && !guideActive

// ---- the popup queue (SHELL-17) ----

/** d3 §9: derivation 1, force comment 2, activity 3, discount 4, auto call 5; the check-in after them */
export const Priority = { derivation: 1, forceComment: 2, activity: 3, discount: 4, autoCall: 5, checkin: 6 } as const

/** the wall (either app's) */
export const onWall = (path: string) => /^\/(white-)?wall$/.test(path)

/** an activity popup worth showing: an id and something to show; bad rows are dropped, not drawn */
export function cleanActivities(list: unknown): ActivityPopup[] {
  if (!Array.isArray(list)) return []
  return list
    .filter((p) => !!p && typeof p === 'object')
    .map((p) => p as Record<string, unknown>)
    .filter((p) => (typeof p.id === 'string' || typeof p.id === 'number') && (typeof p.title === 'string' || typeof p.imgUrl === 'string'))
    .map((p) => ({
      id: String(p.id),
      title: typeof p.title === 'string' ? p.title : undefined,
      text: typeof p.text === 'string' ? p.text : undefined,
      imgUrl: typeof p.imgUrl === 'string' ? p.imgUrl : undefined,
      jumpUrl: typeof p.jumpUrl === 'string' ? p.jumpUrl : undefined,
      frontPriority: Number(p.frontPriority) || 0,
    }))
    .sort((a, b) => (a.frontPriority ?? 0) - (b.frontPriority ?? 0))
}

