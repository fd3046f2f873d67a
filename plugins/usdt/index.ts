// USDT: the crypto payment page and result, the pay.usdt push, and the floating badge.
//
// Only what the first screen (/wall) needs is imported here: the facade. The badge loads after the
// first screen; the service (state.ts) with the first push, the /usdtPay pages, or a kept order.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import type { Kernel } from '../../kernel/types.ts'
import { usdtRef, UsdtPush } from './api.ts'
import { createUsdtFacade, type UsdtFacade } from './facade.ts'
import type { UsdtDeps } from './state.ts'
import { lazyWidget } from '../../kernel/lazy-widget.tsx'

// the badge shows only while an order is kept: its code loads after the first screen
const UsdtBadge = lazyWidget(() => import('./UsdtBadge.tsx').then((m) => m.UsdtBadge))

const facadeOf = (kernel: Kernel) => kernel.need(usdtRef) as UsdtFacade

export function createUsdtPlugin(deps: UsdtDeps = {}) {
  return definePlugin({
    id: 'usdt',
    // orders are created from the recharge template; the shell refreshes the user
    requires: ['recharge', 'shell'],
    routes: [
      { path: '/usdtPay', page: () => import('./UsdtPayPage.tsx'), auth: true },
      { path: '/usdtPay/pay-status', page: () => import('./PayStatusPage.tsx'), auth: true },
    ],
    services: [provide(usdtRef, (kernel) => createUsdtFacade(kernel, deps))],
    push: {
      // PAY-06: in arrival order; the first one loads the service
      [UsdtPush]: (data, kernel) => {
        const facade = facadeOf(kernel)
        const service = facade.loaded.peek()
        if (service) return service.dispatch({ type: 'push', data })
        facade.load().then(
          (s) => s.dispatch({ type: 'push', data }),
          (err) => console.error('[app] the USDT service failed to load', err),
        )
      },
    },
    // lazy: a language the user does not read stays out of the first bundle
    strings: { en: () => import('../../locales/en/usdt.json'), ar: () => import('../../locales/ar/usdt.json') },
    widgets: [UsdtBadge],
    setup: (kernel) => () => kernel.get(usdtRef) && facadeOf(kernel).dispose(),
  })
}

export const usdt = createUsdtPlugin()
export default usdt
