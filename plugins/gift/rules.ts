// The gift panel's rules (d2 §5, §9): quantity digits only 1-99 with quick picks, the level and
// balance checks before a send, and the recharge source.
import { isLucky, type Gift } from './catalogue.ts'

const MIN_NUM = 1
export const MAX_NUM = 99
export const QUICK_PICKS = [99, 50, 20, 10, 5] as const
/** send debounce: 1 s in the panel, 1.5 s when opened from the ranking popup */
export const SEND_DEBOUNCE_MS = 1000
export const RANKING_DEBOUNCE_MS = 1500
export const LEVEL_TOAST_MS = 3000
/** lucky tip and combo window (d2 §4.5, §9) */
export const LUCKY_TIP_MS = 3500
export const COMBO_WINDOW_MS = 5000
/** a paid request (a send, a box opening) not answered in this time is tried once more with the same key */
export const SEND_TIMEOUT_MS = 8000

/** what the quantity field keeps of what was typed or pasted: its digits, at most two */
export const quantityText = (input: string) => input.replace(/\D/g, '').slice(0, 2)

/** How big a lucky win is: its multiple of what the send cost (price x quantity). The moment
 *  scales with it: a 2x win is a small card, a 500x jackpot fills the room. */
export type WinTier = 'small' | 'big' | 'huge' | 'jackpot'
/** the least multiple of each tier above 'small', biggest first */
const WIN_TIERS: ReadonlyArray<readonly [number, WinTier]> = [[100, 'jackpot'], [20, 'huge'], [5, 'big']]

/** the whole multiple a reward is of what was spent (0 when the cost is unknown) */
export const winMultiple = (reward: number, spent: number): number => (spent > 0 && reward > 0 ? Math.floor(reward / spent) : 0)

export function winTier(reward: number, spent: number): WinTier {
  const multiple = winMultiple(reward, spent)
  return WIN_TIERS.find(([least]) => multiple >= least)?.[1] ?? 'small'
}

/** the quantity a send uses: digits only, clamped to 1-99 ('', '0', 'abc' give 1) */
export function quantityOf(input: string | number): number {
  const digits = String(input).replace(/\D/g, '')
  const n = digits ? Number(digits.slice(0, 3)) : 0
  return Math.min(MAX_NUM, Math.max(MIN_NUM, n))
}

export type SendCheck = 'ok' | 'level' | 'recharge'

/** before a send: the exclusive gift's level, then diamonds >= price x quantity (d2 §5) */
export function checkSend(gift: Gift, num: number, balance: number, userLevel: number): SendCheck {
  if (gift.tab === 'Exclusive' && userLevel < gift.level) return 'level'
  if (balance < gift.price * num) return 'recharge'
  return 'ok'
}

/** the recharge sheet's source when diamonds are short */
export const rechargeSource = (gift: Gift) => (isLucky(gift) ? 'luckygift' : 'giftclickout')
