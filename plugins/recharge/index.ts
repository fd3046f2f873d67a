// Recharge: /getcoin and its diamond records, the bottom sheet every feature can open through
// rechargeRef, the providers' flows (redirect, card drop-in, store), /paystatus, the sellers page
// and the floating pay button. The only file an app manifest imports.
//
// Only what the first screen (/wall) needs is imported here: the facade; the floating pay button
// (after the first screen), the service (state.ts), the sheet and the pages load on first use.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { rechargeRef } from './api.ts'
import { createRechargeFacade } from './facade.ts'
import { CARD_ID, SECURITY_ID, SHEET_ID } from './ids.ts'
import { lazyWidget } from '../../kernel/lazy-widget.tsx'
import type { RechargeDeps } from './state.ts'

// the button shows only to a logged-in user: its code loads after the first screen
const PayButton = lazyWidget(() => import('./PayButton.tsx').then((m) => m.PayButton))

export function createRechargePlugin(deps: RechargeDeps = {}) {
  return definePlugin({
    id: 'recharge',
    requires: ['shell'],
    routes: [
      { path: '/getcoin', page: () => import('./RechargePage.tsx'), auth: true },
      { path: '/getcoin/diamond-records', page: () => import('./DiamondRecordsPage.tsx'), auth: true },
      { path: '/proxyCharge', page: () => import('./ProxyChargePage.tsx'), auth: true },
      { path: '/paystatus', page: () => import('./PayStatusPage.tsx'), auth: true },
    ],
    overlays: [
      // closing goes through the pay-retention prompt, so no backdrop dismissal
      { id: SHEET_ID, tier: 'sheet', component: () => import('./RechargeSheet.tsx'), dismissable: false },
      { id: CARD_ID, tier: 'sheet', component: () => import('./CardDropIn.tsx'), dismissable: false },
      { id: SECURITY_ID, tier: 'modal', component: () => import('./SecurityCheck.tsx'), dismissable: false },
    ],
    services: [provide(rechargeRef, (kernel) => createRechargeFacade(kernel, deps))],
    // lazy: a language the user does not read stays out of the first bundle
    strings: { en: () => import('../../locales/en/recharge.json'), ar: () => import('../../locales/ar/recharge.json') },
    widgets: [PayButton],
    setup(kernel) {
      // NET-02: an insufficient-balance answer anywhere opens the sheet (once)
      return kernel.events.on('insufficient-balance', (e) => {
        if (kernel.overlays.isOpen(SHEET_ID)) return
        const scene = kernel.scene.peek()
        void kernel.need(rechargeRef).open({ source: e.source ?? kernel.router.path.peek().replace(/^\//, ''), inCall: scene.call, inLive: scene.live })
      })
    },
  })
}

export const recharge = createRechargePlugin()
export default recharge
