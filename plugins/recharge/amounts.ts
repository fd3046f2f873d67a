// The amounts a recharge item shows (PAY-02) and the mm:ss clock of the pay pages: plain functions
// other plugins use too (the offers, USDT), through this plugin's api.ts. Types only from api.ts, so
// api.ts can pass them on without an import cycle.
import type { PayMethodSku, RechargeItem } from './api.ts'

/** d3 §9: diamonds per dollar the discount percent is measured against. */
const DISCOUNT_BASELINE = 490

export type Amounts = Pick<RechargeItem, 'diamondNum' | 'giveDiamondNum' | 'firstChargeGive' | 'boughtFlag'>

/** diamonds + bonus + the first-charge gift while the item was never bought */
export function recommendedTotal(item: Amounts): number {
  return (item.diamondNum || 0) + (item.giveDiamondNum || 0) + (item.boughtFlag === 1 ? 0 : item.firstChargeGive || 0)
}

/** extra diamonds for paying this way (payMethodGiftRatio percent of the base), as the server credits them */
export function methodGift(item: Pick<RechargeItem, 'diamondNum'>, method: Pick<PayMethodSku, 'payMethodGiftRatio'>): number {
  return Math.floor(((item.diamondNum || 0) * (method.payMethodGiftRatio || 0)) / 100)
}

/** floor((total / price / 490 - 1) x 100); 0 for a price that is not positive */
export function discountPercent(total: number, price: number): number {
  if (!(price > 0) || !(total > 0)) return 0
  // rounded to 1e-9 first: 2450 / 4.99 / 490 is 1.0020... but 1470 / 3 / 490 must be exactly 0 %
  return Math.floor(Math.round((total / price / DISCOUNT_BASELINE - 1) * 100 * 1e9) / 1e9)
}

/** the spec's discount (d3 §5) measures extra value: how many more diamonds than the 490-per-dollar
 *  baseline, shown as '+N%' (never 'N% OFF', which would read as a price cut); 0 shows nothing */
export function extraPercent(item: Amounts & { price: number }): number {
  return Math.max(0, discountPercent(recommendedTotal(item), item.price))
}

/** the cut of a crossed-out price: 6.99 -> 4.99 is 29% off (what the two prices shown say); 0 when none */
export function priceCut(price: number, originalPrice: number): number {
  if (!(originalPrice > price) || !(price > 0)) return 0
  return Math.round((1 - price / originalPrice) * 100)
}

/** mm:ss (minutes may pass 59: 75:00) */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}
