// USDT: the crypto payment page and result, the pay.usdt push, and the floating badge.
// A late plugin: it joins after the first screen, with its service and badge; the pages load on use.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { guardPush } from '../../kernel/guard.ts'
import { usdtRef, UsdtPush, usdtSettled } from './api.ts'
import { createUsdt, usdtService, usdtServiceRef, type UsdtDeps } from './state.ts'
import { UsdtBadge } from './UsdtBadge.tsx'

export function createUsdtPlugin(deps: UsdtDeps = {}) {
  return definePlugin({
    id: 'usdt',
    // orders are created from the recharge template; the shell refreshes the user
    requires: ['recharge', 'shell'],
    routes: [
      { path: '/usdtPay', page: () => import('./UsdtPayPage.tsx'), auth: true },
      { path: '/usdtPay/pay-status', page: () => import('./PayStatusPage.tsx'), auth: true },
    ],
    // one service: the whole of it for this plugin's pages, its UsdtApi side for everyone else
    services: [provide(usdtServiceRef, (kernel) => createUsdt(kernel, deps)), provide(usdtRef, (kernel) => kernel.need(usdtServiceRef))],
    push: {
      // PAY-06: in arrival order
      [UsdtPush]: guardPush(usdtSettled, (data, kernel) => usdtService(kernel).dispatch({ type: 'push', data })),
    },
    // lazy: only the language the user reads loads
    strings: { en: () => import('../../locales/en/usdt.json'), ar: () => import('../../locales/ar/usdt.json') },
    widgets: [UsdtBadge],
    setup(kernel) {
      // a kept order's countdown and 1-hour expiry go on after a reload
      const service = usdtService(kernel)
      // a pushed result missed while the socket was down is asked for again
      const stopResync = kernel.events.on('resync', () => service.recheck())
      return () => {
        stopResync()
        service.dispose()
      }
    },
  })
}

const usdt = createUsdtPlugin()
export default usdt
