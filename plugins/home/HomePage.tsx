// '/': the match scene landing. A hero that starts matching, the rooms live now (LIVE-01) and the
// hosts online right now.
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Button } from '../../kernel/ui/Button.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import css from './home.css'
import { loadOnlineHosts, type OnlineHost } from './hosts.ts'
import { LiveStrips } from './LiveStrips.tsx'

type Load = { state: 'loading' } | { state: 'ready'; hosts: OnlineHost[] } | { state: 'error' }

export default function HomePage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setLoad({ state: 'loading' })
    loadOnlineHosts(kernel.api).then(
      (hosts) => live && setLoad({ state: 'ready', hosts }),
      () => live && setLoad({ state: 'error' }),
    )
    return () => {
      live = false
    }
  }, [attempt])

  const open = (h: OnlineHost) =>
    kernel.router.navigate(`/detail?id=${h.userId}&yxId=${encodeURIComponent(h.yxAccid)}&path=home_online`)

  return (
    <main className="hm-page" data-testid="home">
      <section className="hm-hero">
        <div className="hm-hero__rings" aria-hidden="true">
          <span />
          <span />
          <span />
          <div className="hm-hero__faces">
            {load.state === 'ready' &&
              load.hosts.slice(0, 3).map((h) => <Avatar key={h.userId} src={h.icon} name={h.nickname} size={54} />)}
          </div>
        </div>
        <h2 className="hm-hero__title">{t('home.heroTitle')}</h2>
        <p className="hm-hero__body">{t('home.heroBody')}</p>
        <Button block testId="home-start" onClick={() => kernel.router.navigate(kernel.app.settings.mainPath)}>
          {t('home.start')}
        </Button>
      </section>

      <LiveStrips />

      <section className="hm-online" aria-labelledby="hm-online-title">
        <div className="hm-online__head">
          <h3 id="hm-online-title">
            <span className="hm-live-dot" aria-hidden="true" />
            {t('home.onlineNow')}
          </h3>
          {load.state === 'ready' && load.hosts.length > 0 && (
            <span className="hm-online__count">{t('home.online', { count: load.hosts.length })}</span>
          )}
        </div>
        {load.state === 'loading' && (
          <div className="hm-online__status" data-testid="home-loading">
            <Spinner />
            <span>{t('home.loading')}</span>
          </div>
        )}
        {load.state === 'error' && (
          <ErrorState testId="home-error" title={t('home.error')} retryLabel={t('home.retry')} onRetry={() => setAttempt(attempt + 1)} />
        )}
        {load.state === 'ready' && load.hosts.length === 0 && (
          <p className="hm-online__status" data-testid="home-empty">{t('home.empty')}</p>
        )}
        {load.state === 'ready' && load.hosts.length > 0 && (
          <ul className="hm-strip" data-testid="home-online">
            {load.hosts.map((h) => (
              <li key={h.userId}>
                <button type="button" className="hm-host" data-testid={`home-host-${h.userId}`} onClick={() => open(h)}>
                  <span className="hm-host__pic">
                    <Avatar src={h.icon} name={h.nickname} size={68} />
                    <span className="hm-host__on" aria-hidden="true" />
                  </span>
                  <span className="hm-host__name">{h.nickname}</span>
                  {h.age != null && <span className="hm-host__age">{h.age}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}
