// The floating crypto-payment badge (SHELL-15): success, failed or the countdown, on the main
// paths and the recharge page, while a USDT order is kept.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { clock } from '../recharge/api.ts'
import { usdtBadge } from './rules.ts'
import { usdtService } from './state.ts'
import css from './badge.css'
import { Docked } from '../../kernel/ui/Dock.tsx'

export function UsdtBadge() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { path } = useRoute()
  const [, setTick] = useState(0)
  const service = usdtService(kernel)
  const state = service.state.value
  const now = service.now()
  useEffect(() => {
    if (!state) return
    const id = setInterval(() => setTick((n) => n + 1), 1000)
    return () => clearInterval(id)
  }, [!!state])
  const main = kernel.app.settings.tabs.some((tab) => tab.path === path) || path === '/getcoin'
  const badge = main ? usdtBadge(state, now) : null
  if (!badge) return null
  const text = badge.kind === 'countdown' ? clock(badge.left! * 1000) : t(`usdt.badge.${badge.kind}`)
  // in the floating widgets' strip (kernel/ui/Dock.tsx), first: never over the header or a card
  return (
    <Docked order={0}>
      <button type="button" className={`ut-badge ut-badge--${badge.kind}`} data-testid="usdt-badge" onClick={() => kernel.router.navigate(badge.kind === 'countdown' || badge.kind === 'confirming' ? '/usdtPay' : '/usdtPay/pay-status')}>
        ₮ {text}
      </button>
    </Docked>
  )
}
