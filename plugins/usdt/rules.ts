// The USDT payment rules of d3 §4 (PAY-06) as a reducer: what the app keeps about the pending
// crypto order, and what it must do next, for each thing that happens (start, a second's tick,
// the status query's answer, a pushed status). Pure: the clock comes in with every event, so
// tests replay the 5-minute countdown and the 1-hour retention without waiting.

/** d3 §4, §9: the countdown (suspendNum) starts at 5 minutes; at 0 the status is queried */
export const USDT_COUNTDOWN_S = 5 * 60
/** d3 §4: the result is kept 1 hour */
export const USDT_KEEP_MS = 60 * 60_000

/** crypto pay status: 0 failed, 1 success, 2 pending with countdown */
type UsdtStatus = 0 | 1 | 2

export interface UsdtState {
  orderCode: string
  status: UsdtStatus
  /** when the countdown started (ms) */
  startedAt: number
  /** when the status last changed; the state is dropped USDT_KEEP_MS later */
  savedAt: number
  /** a false push came for it: its status is being asked, to tell why it will not be paid */
  closing?: boolean
  /** a failed order to which less than asked arrived: what arrived and what was asked (USDT) */
  shortfall?: Shortfall
}

/** what reached the order's address against what it asked for, as the server answered (USDT strings) */
export interface Shortfall {
  received: string
  amount: string
}

/** after the countdown, a still pending order is asked about again this often, so the badge and
 *  the result follow the order without a push */
export const USDT_RECHECK_S = 30

/** what is missing of an underpaid order, in USDT with the amount's decimals */
export function missing(s: Shortfall): string {
  const digits = (s.amount.split('.')[1] ?? '').length
  return Math.max(0, Number(s.amount) - Number(s.received)).toFixed(digits)
}

/** the kept state, or null once it is older than an hour (or unreadable) */
export function kept(s: unknown, now: number): UsdtState | null {
  if (!s || typeof s !== 'object') return null
  const v = s as UsdtState
  if (typeof v.orderCode !== 'string' || ![0, 1, 2].includes(v.status) || typeof v.savedAt !== 'number' || typeof v.startedAt !== 'number') return null
  return now - v.savedAt < USDT_KEEP_MS ? v : null
}

export type UsdtEvent =
  | { type: 'start'; orderCode: string; now: number }
  | { type: 'tick'; now: number }
  | { type: 'queried'; orderCode: string; status: number; now: number; shortfall?: Shortfall | null }
  | { type: 'push'; data: unknown; now: number }

/** refreshUser: load the user (balance); query: ask the order status; showResult: /usdtPay -> /usdtPay/pay-status;
 *  back: leave the pay page; notPaid: tell the user the pending order will not be paid (nothing was charged) */
export type UsdtEffect = 'refreshUser' | 'query' | 'showResult' | 'back' | 'notPaid'

export interface UsdtStep {
  state: UsdtState | null
  effects: UsdtEffect[]
}

/** seconds left on the countdown */
export function suspendLeft(s: Pick<UsdtState, 'startedAt'>, now: number): number {
  return Math.max(0, USDT_COUNTDOWN_S - Math.floor((now - s.startedAt) / 1000))
}

export function usdtStep(current: UsdtState | null, e: UsdtEvent): UsdtStep {
  const state = kept(current, e.now)
  switch (e.type) {
    case 'start':
      return { state: { orderCode: e.orderCode, status: 2, startedAt: e.now, savedAt: e.now }, effects: [] }
    case 'tick':
      // at 0 the status is queried; the pending state waits for the answer, asked again every
      // USDT_RECHECK_S while the order stays pending
      if (state?.status === 2 && suspendLeft(state, e.now) === 0 && (suspendLeft(state, e.now - 1000) > 0 || recheckDue(state, e.now))) return { state, effects: ['query'] }
      return { state, effects: [] }
    case 'queried': {
      if (!state || state.orderCode !== e.orderCode) return { state, effects: [] }
      if (e.status === 1) return { state: { ...state, status: 1, savedAt: e.now, closing: undefined }, effects: ['refreshUser', 'showResult'] }
      // some USDT arrived, not enough: the result says what arrived, what is missing and what happens to it
      if (e.status === 0 && e.shortfall) return { state: { ...state, status: 0, savedAt: e.now, closing: undefined, shortfall: e.shortfall }, effects: ['showResult'] }
      // nothing arrived (expired): the pending data is cleared and the user chooses again
      if (e.status === 0 && state.closing) return { state: null, effects: ['notPaid'] }
      if (e.status === 0) return { state: { ...state, status: 0, savedAt: e.now }, effects: ['back'] }
      // still pending when the countdown ran out: back, the badge keeps the order
      return { state, effects: ['back'] }
    }
    case 'push': {
      const d = e.data as { status?: unknown; orderCode?: unknown } | null
      if (!d || typeof d !== 'object' || typeof d.status !== 'boolean') return { state, effects: [] }
      // false clears only its own pending data: a failure of another order (made on another device)
      // must not wipe the one on screen, or its later payment would find nothing to show
      // (d3: false clears the pending data) the order is asked why: an underpaid one is explained,
      // an expired one is cleared
      if (d.status === false) {
        if (!state || d.orderCode !== state.orderCode) return { state, effects: [] }
        if (state.status !== 2) return { state: null, effects: [] }
        return { state: { ...state, closing: true }, effects: ['query'] }
      }
      if (state && d.orderCode === state.orderCode) {
        if (state.status === 1) return { state, effects: [] }
        return { state: { ...state, status: 1, savedAt: e.now }, effects: ['refreshUser', 'showResult'] }
      }
      return { state, effects: ['refreshUser'] }
    }
  }
}

/** past the countdown, a recheck is due each USDT_RECHECK_S seconds */
function recheckDue(s: UsdtState, now: number): boolean {
  const past = Math.floor((now - s.startedAt) / 1000) - USDT_COUNTDOWN_S
  return past > 0 && past % USDT_RECHECK_S === 0
}

/** SHELL-15 the floating crypto-payment badge: success, failed, the countdown, then (the order still
 *  pending when it ran out) 'confirming'; nothing without a kept order */
export function usdtBadge(s: UsdtState | null, now: number): { kind: 'success' | 'failed' | 'countdown' | 'confirming'; left?: number } | null {
  const v = kept(s, now)
  if (!v) return null
  if (v.status === 1) return { kind: 'success' }
  if (v.status === 0) return { kind: 'failed' }
  const left = suspendLeft(v, now)
  return left > 0 ? { kind: 'countdown', left } : { kind: 'confirming' }
}
