// VIP rules of d3 §4, §6 (PAY-08) as plain functions.

/** d3 §9: VIP durations in days */
export const VIP_DURATIONS: Record<number, 'trialpass' | 'month' | 'halfyear'> = { 7: 'trialpass', 30: 'month', 180: 'halfyear' }
/** d3 §6: the VIP reminder comes 3 days before expiry */
export const VIP_REMIND_MS = 3 * 86_400_000

export interface VipInfo {
  isVip?: boolean
  expireTime?: string | number | null
}

const expiry = (v: VipInfo | null | undefined) => (v?.expireTime == null ? null : typeof v.expireTime === 'number' ? v.expireTime : Date.parse(v.expireTime))

export function isVipActive(v: VipInfo | null | undefined, now: number): boolean {
  const end = expiry(v)
  return !!v?.isVip && (end == null || end > now)
}

/** the day a reminder was shown, so it shows once a day */
export const dayKey = (now: number) => new Date(now).toISOString().slice(0, 10)

/** d3 §6: remind within 3 days before expiry, at most once a day; no auto-renew, so an expired VIP gets none */
export function vipReminderDue(v: VipInfo | null | undefined, now: number, lastRemindedDay: string | null): boolean {
  const end = expiry(v)
  if (!isVipActive(v, now) || end == null) return false
  return end - now <= VIP_REMIND_MS && lastRemindedDay !== dayKey(now)
}

/** whole days left (rounded up), for the reminder text */
export function daysLeft(v: VipInfo | null | undefined, now: number): number {
  const end = expiry(v)
  return end == null ? Infinity : Math.max(0, Math.ceil((end - now) / 86_400_000))
}

/** d3 §5: the VIP price of a call: floor(price x discount / 100) */
export function vipPrice(price: number, discountPercent: number): number {
  return Math.floor((price * discountPercent) / 100)
}
