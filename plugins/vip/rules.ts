// VIP rules of d3 §4, §6 (PAY-08) as plain functions. Whether a user is VIP at all is the user
// record's rule (isVip in kernel/protocol/user.ts), read by every plugin alike.
import { isVip, vipEnd, type User } from '../../kernel/protocol/user.ts'

/** d3 §9: VIP durations in days */
export const VIP_DURATIONS: Record<number, 'trialpass' | 'month' | 'halfyear'> = { 7: 'trialpass', 30: 'month', 180: 'halfyear' }
/** d3 §6: the VIP reminder comes 3 days before expiry */
const VIP_REMIND_MS = 3 * 86_400_000

type VipUser = Pick<User, 'vipInfo'> | null | undefined

/** the day a reminder was shown, so it shows once a day */
export const dayKey = (now: number) => new Date(now).toISOString().slice(0, 10)

/** d3 §6: remind within 3 days before expiry, at most once a day; no auto-renew, so an expired VIP gets none */
export function vipReminderDue(user: VipUser, now: number, lastRemindedDay: string | null): boolean {
  const end = vipEnd(user)
  if (!isVip(user, now) || end == null) return false
  return end - now <= VIP_REMIND_MS && lastRemindedDay !== dayKey(now)
}

/** whole days left (rounded up), for the reminder text */
export function daysLeft(user: VipUser, now: number): number {
  const end = vipEnd(user)
  return end == null ? Infinity : Math.max(0, Math.ceil((end - now) / 86_400_000))
}
