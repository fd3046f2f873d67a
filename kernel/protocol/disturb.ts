// Do-not-disturb on the user record (IM-04), apart from user.ts so that only the late plugins that
// ask it (calls, messaging) carry it, not the first screen.
import { isVip, type User } from './user.ts'

/** Do-not-disturb flags on the user record (`disturb`, d1 §7 userDisturb): bit 1 calls, bit 2 messages
 *  (the encoding is the harness's; the spec shows none). */
export const Disturb = { calls: 1, messages: 2 } as const
export const disturbs = (flags: unknown, what: keyof typeof Disturb) => ((Number(flags) || 0) & Disturb[what]) !== 0

/** Is this user's do-not-disturb on for calls or messages now? A VIP privilege (d2 §6): off for anyone else. */
export function silenced(user: (Pick<User, 'vipInfo'> & { disturb?: unknown }) | null | undefined, what: keyof typeof Disturb, now: number): boolean {
  return isVip(user, now) && disturbs(user?.disturb, what)
}
