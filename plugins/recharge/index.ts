// Recharge: /getcoin and its diamond records, the bottom sheet every feature can open through
// rechargeRef, the providers' flows (redirect, card drop-in, store), /paystatus, the sellers page
// and the floating pay button. The only file an app manifest imports.
// A late plugin: it joins after the first screen, so its service and button come with it; the
// sheet and the pages load on first use.
import { shellRef } from '../shell/api.ts'
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { rechargeRef } from './api.ts'
import { PayButton } from './PayButton.tsx'
import { CARD_ID, createRecharge, rechargeServiceRef, SECURITY_ID, SHEET_ID, type RechargeDeps } from './state.ts'

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
    // one service: the whole of it for this plugin's pages, its RechargeApi side for everyone else
    services: [provide(rechargeServiceRef, (kernel) => createRecharge(kernel, deps)), provide(rechargeRef, (kernel) => kernel.need(rechargeServiceRef))],
    // lazy: only the language the user reads loads
    strings: { en: () => import('../../locales/en/recharge.json'), ar: () => import('../../locales/ar/recharge.json') },
    widgets: [PayButton],
    setup(kernel) {
      // NET-02: an insufficient-balance answer anywhere opens the sheet (once)
      const stopInsufficient = kernel.events.on('insufficient-balance', (e) => {
        if (kernel.overlays.isOpen(SHEET_ID)) return
        const scene = kernel.scene.peek()
        void kernel.need(rechargeRef).open({ source: e.source ?? kernel.router.path.peek().replace(/^\//, ''), inCall: scene.call, inLive: scene.live })
      })
      // a credit made while the socket was down (or the app in the background) never reached the
      // header: after a resync the balance is asked for again (here, in a late plugin, so the first
      // screen does not carry it)
      const service = kernel.need(rechargeServiceRef)
      const stopResync = kernel.events.on('resync', () => {
        void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
        // PAY-04: back in the foreground (or online again): the orders left with a provider are asked about
        void service.reconcile()
      })
      // PAY-04: at start (and at each login), the orders a closed tab left with a provider
      const stopStart = kernel.session.loggedIn.subscribe((on) => void (on && service.reconcile()))
      return () => {
        stopInsufficient()
        stopResync()
        stopStart()
      }
    },
  })
}

const recharge = createRechargePlugin()
export default recharge
