// The floating pay button (SHELL-15): on the payment_portal paths except / and /message, not over
// the game centre; one bounce on /wall 1.5 s after load, for 4 s; a tap opens /getcoin?source=.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { tabAt } from '../../kernel/plugin.ts'
import { injectStyle } from '../../kernel/style.ts'
import { shellRef } from '../shell/api.ts'
import { PAY_BUTTON_ANIMATION, showPayButton, sourceOf } from './rules.ts'
import { Docked } from '../../kernel/ui/Dock.tsx'
import css from './fab.css'

export function PayButton() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { path } = useRoute()
  const config = kernel.get(shellRef)?.baseConfig.value
  const portal = (config?.sysConfigParams?.payment_portal ?? config?.businessConfig?.payment_portal) as string | undefined
  const scene = kernel.scene.value
  const tab = tabAt(kernel.app, path)
  const visible = kernel.session.loggedIn.value && !scene.call && !scene.live && !scene.gameCentre && showPayButton(path, tab, portal)
  const [anim, setAnim] = useState(false)
  const onWall = tab === 'wall'

  useEffect(() => {
    if (!visible || !onWall) return
    const start = setTimeout(() => setAnim(true), PAY_BUTTON_ANIMATION.delayMs)
    const stop = setTimeout(() => setAnim(false), PAY_BUTTON_ANIMATION.delayMs + PAY_BUTTON_ANIMATION.durationMs)
    return () => {
      clearTimeout(start)
      clearTimeout(stop)
    }
    // once per load of the wall, not on every render
  }, [visible, onWall])

  if (!visible || path === '/getcoin') return null
  // in the floating widgets' strip (kernel/ui/Dock.tsx), last: never over a card or another widget
  return (
    <Docked order={9}>
      <button
        type="button"
        className={`rc-fab${anim ? ' rc-fab--anim' : ''}`}
        aria-label={t('recharge.title')}
        data-testid="pay-fab"
        onClick={() => kernel.router.navigate(`/getcoin?source=${encodeURIComponent(sourceOf(path))}`)}
      >
        💎
      </button>
    </Docked>
  )
}
