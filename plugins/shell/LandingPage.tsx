// /landingPage: the branded splash that loads the base config (retried up to 3 times), then
// leads to /forcePay when the forced first payment is due, else to the main path (SHELL-02, SHELL-11).
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import css from './shell.css'
import pagesCss from './pages.css'
import { Icon } from './icons.tsx'
import { shellRef } from './api.ts'
import { needsForcePay } from './base-config.ts'
import { LANDING_TO } from './start.ts'

export default function LandingPage() {
  useSignals()
  injectStyle(css)
  injectStyle(pagesCss)
  const kernel = useKernel()
  const t = useT()
  const shell = kernel.need(shellRef)
  const [attempt, setAttempt] = useState(0)
  const status = shell.baseConfigStatus.value

  useEffect(() => {
    let live = true
    shell.loadBaseConfig({ force: attempt > 0 }).then(
      (config) => {
        if (!live) return
        const target = landingTarget(kernel.router.search.peek(), kernel.app.settings.mainPath)
        // SHELL-11: a forced first payment due sends a main tab to /forcePay; any other page opens
        const onTab = kernel.app.settings.tabs.some((tab) => tab.path === target.split('?')[0])
        const to = needsForcePay(config) && (onTab || target === kernel.app.settings.mainPath) ? '/forcePay' : target
        kernel.router.navigate(to, { replace: true })
      },
      () => undefined, // shown below from baseConfigStatus
    )
    return () => {
      live = false
    }
  }, [attempt])

  return (
    <main className="sh-landing" data-testid="landing">
      <Icon name="logo" width={96} height={96} className="sh-landing__logo" />
      <div>
        <div className="sh-landing__name">{kernel.app.name}</div>
        <p className="sh-landing__tagline">{t('shell.landing.tagline')}</p>
      </div>
      <div className="sh-landing__status" aria-live="polite">
        {status === 'failed' ? (
          <>
            <p className="sh-landing__error" data-testid="landing-error">{t('shell.landing.failed')}</p>
            <button type="button" className="sh-btn sh-btn--ghost" data-testid="landing-retry" onClick={() => setAttempt(attempt + 1)}>
              {t('shell.landing.retry')}
            </button>
          </>
        ) : (
          <>
            <span className="sh-spinner" role="progressbar" aria-label={t('shell.landing.loading')} />
            <p className="sh-muted">{t('shell.landing.loading')}</p>
          </>
        )}
      </div>
    </main>
  )
}

/** Where the landing page leads: its in-app target (never another site), else the main path. */
export function landingTarget(search: URLSearchParams, mainPath: string): string {
  const to = search.get(LANDING_TO) ?? ''
  return to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/landingPage') ? to : mainPath
}
