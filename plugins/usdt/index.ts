// USDT: the crypto payment page and result, the pay.usdt push, and the floating badge.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { PushType } from '../../kernel/protocol/push.ts'
import en from '../../locales/en/usdt.json'
import ar from '../../locales/ar/usdt.json'
import { usdtRef } from './api.ts'
import { usdtServiceRef } from './service-ref.ts'
import { createUsdt, type UsdtDeps } from './state.ts'
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
    services: [provide(usdtServiceRef, (kernel) => createUsdt(kernel, deps)), provide(usdtRef, (kernel) => kernel.need(usdtServiceRef))],
    push: {
      [PushType.usdtStatus]: (data, kernel) => kernel.need(usdtServiceRef).dispatch({ type: 'push', data }),
    },
    strings: { en, ar },
    widgets: [UsdtBadge],
    setup: (kernel) => () => kernel.get(usdtServiceRef)?.dispose(),
  })
}

export const usdt = createUsdtPlugin()
export default usdt
