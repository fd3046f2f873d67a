// The VIP expiry reminder (d3 §6, PAY-08): 3 days before the end (there is no auto-renew), once a
// day, for a VIP user.
import type { Kernel } from '../../kernel/types.ts'
import type { User } from '../../kernel/protocol/user.ts'
import { safeStorage } from '../../kernel/storage.ts'
import { REMINDED_KEY } from './api.ts'
import { dayKey, daysLeft, vipReminderDue } from './rules.ts'

export function remindIfDue(kernel: Kernel, user: User, opts: { storage?: Storage; now?: () => number }) {
  const store = safeStorage(opts.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage))
  const now = opts.now?.() ?? Date.now()
  if (!vipReminderDue(user, now, store.get(REMINDED_KEY))) return
  store.set(REMINDED_KEY, dayKey(now))
  const days = daysLeft(user, now)
  // the user may arrive before this plugin's (lazy) strings
  void kernel.i18n.ready().then(() => kernel.overlays.toast(kernel.i18n.t('vip.reminder', { n: days }), { type: 'warning', position: 'top', duration: 4000 }))
}
