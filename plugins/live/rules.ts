// The room's business rules and constants (d2 §4.1-4.3, §5, §9), one answer each.
import type { LiveCard } from './api.ts'

/** d2 §7: the followed live list asks for up to 100 */
export const FOLLOWED_PAGE_SIZE = 100

/** a live list row as a card; rows without a host id are skipped, never shown broken */
export function toLiveCard(row: unknown): LiveCard[] {
  const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>
  const userId = Number(r.userId)
  if (!Number.isInteger(userId) || userId <= 0) return []
  const room = (r.agoraLiveSimpleVO && typeof r.agoraLiveSimpleVO === 'object' ? r.agoraLiveSimpleVO : {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return [{ userId, nickname: text(r.nickname), icon: text(r.icon), yxAccid: text(r.yxAccid), audience: Math.max(0, Math.floor(Number(room.joinNum) || 0)) }]
}
/** d2 §9: the status check and the enter call */
export const STATUS_TIMEOUT_MS = 2000
export const ENTER_TIMEOUT_MS = 5000
/** the close button shows after 5 s of loading */
export const CLOSE_AFTER_MS = 5000
/** a room still loading this long ends (the spec names no length; the enter time-out plus ten seconds) */
export const LOADING_END_MS = 15_000
/** host away: 10 s, then reset to 50 s once, then the room ends */
export const CALLING_FIRST_MS = 10_000
export const CALLING_SECOND_MS = 50_000
/** a lost video or chat connection this long ends the room */
export const RECONNECT_END_MS = 15_000
export const SEND_DEBOUNCE_MS = 500
export const QUICK_DEBOUNCE_MS = 300
/** host lines translated in one request at most (the newest, when more are waiting) */
export const TRANSLATE_BATCH = 10
export const PIP_DEBOUNCE_MS = 1000
export const ENTRANCE_BANNER_MS = 2000
export const JOIN_POP_MS = 1200
/** entrance banners and join names waiting at once (the rest are let go) */
export const QUEUE_CAP = 20
/** d2 §9 the room's carousels */
export const PENDANT_AUTOPLAY_MS = 2000
export const ACTIVITY_AUTOPLAY_MS = 5000
/** d2 §4.2 */
export const SWITCH_MIN_WAIT_MS = 1200
const SWIPE_PASS_RATIO = 0.3
const SWIPE_PASS_VELOCITY = 0.4

/** d2 §4.3: whoBlock 1 or 3 means the viewer blocked the host; otherwise the viewer was blocked */
export function blockMessageKey(isBlockUser: number, whoBlock: number): 'live.youBlocked' | 'live.beenBlocked' | null {
  if (!isBlockUser) return null
  return whoBlock === 1 || whoBlock === 3 ? 'live.youBlocked' : 'live.beenBlocked'
}

/** d2 §4.3 notification 5 (unblocked): 3 becomes 1 and stays blocked; 2 becomes 0; 1 stays 1 */
export function afterUnblock(whoBlock: number): { whoBlock: number; isBlockUser: number } {
  if (whoBlock === 3 || whoBlock === 1) return { whoBlock: 1, isBlockUser: 1 }
  return { whoBlock: 0, isBlockUser: 0 }
}

/** d2 §4.3 notification 4 (blocked by the host): isBlockUser 1, whoBlock 2 (3 when the viewer had blocked her too) */
export function afterBlock(whoBlock: number): { whoBlock: number; isBlockUser: number } {
  return { whoBlock: whoBlock === 1 || whoBlock === 3 ? 3 : 2, isBlockUser: 1 }
}

/** d2 §4.2: a swipe passes at 30 % of the height or a velocity above 0.4 (px per ms) */
export function swipePasses(dy: number, height: number, velocity: number): boolean {
  return Math.abs(dy) >= height * SWIPE_PASS_RATIO || Math.abs(velocity) > SWIPE_PASS_VELOCITY
}

/** d2 §5 level badge tiers: 1-19, 20-34, 35-44, 45-49, 50-59, 60-99 */
export function levelTier(level: number): number {
  const bounds = [20, 35, 45, 50, 60]
  const i = bounds.findIndex((b) => level < b)
  return i === -1 ? 6 : i + 1
}
