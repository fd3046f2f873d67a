// The kept crypto order (PAY-06) as the first bundle reads it at start: apart from rules.ts so the
// facade needs no more of the rules than this.

/** d3 §4: the result is kept 1 hour */
export const USDT_KEEP_MS = 60 * 60_000

/** crypto pay status: 0 failed, 1 success, 2 pending with countdown */
export type UsdtStatus = 0 | 1 | 2

export interface UsdtState {
  orderCode: string
  status: UsdtStatus
  /** when the countdown started (ms) */
  startedAt: number
  /** when the status last changed; the state is dropped USDT_KEEP_MS later */
  savedAt: number
}

/** the kept state, or null once it is older than an hour (or unreadable) */
export function kept(s: unknown, now: number): UsdtState | null {
  if (!s || typeof s !== 'object') return null
  const v = s as UsdtState
  if (typeof v.orderCode !== 'string' || ![0, 1, 2].includes(v.status) || typeof v.savedAt !== 'number' || typeof v.startedAt !== 'number') return null
  return now - v.savedAt < USDT_KEEP_MS ? v : null
}
