// VIP: the shop (/vip), its records, the VIP popup, and the 3-day expiry reminder.
// A late plugin: pages and popup load on use.
import { effect } from '@preact/signals-react'
import { definePlugin } from '../../kernel/plugin.ts'
import { isVip } from '../../kernel/protocol/user.ts'
import { VIP_POPUP } from './api.ts'
import { remindIfDue } from './reminder.ts'

export { REMINDED_KEY } from './api.ts'

export function createVipPlugin(opts: { storage?: Storage; now?: () => number } = {}) {
  return definePlugin({
    id: 'vip',
    requires: ['recharge'],
    routes: [
      { path: '/vip', page: () => import('./VipPage.tsx'), auth: true },
      { path: '/vip/vip-records', page: () => import('./VipRecordsPage.tsx'), auth: true },
    ],
    overlays: [{ id: VIP_POPUP, tier: 'sheet', component: () => import('./VipPopup.tsx') }],
    // lazy: only the language the user reads loads
    strings: { en: () => import('../../locales/en/vip.json'), ar: () => import('../../locales/ar/vip.json') },
    setup(kernel) {
      // d3 §6: a VIP user may be due the expiry reminder (once a day, checked in reminder.ts)
      return effect(() => {
        const user = kernel.session.user.value
        if (!user || !isVip(user, opts.now?.() ?? Date.now())) return
        remindIfDue(kernel, user, opts)
      })
    },
  })
}

const vip = createVipPlugin()
export default vip
