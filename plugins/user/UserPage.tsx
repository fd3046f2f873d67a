// '/user': the own profile and the hub a user expects: avatar, nickname and id, the diamond balance
// as the server last said with Recharge, tasks to claim, check-in, invitation and level (engage),
// the pages of the other plugins this build has, the language, about, and log out. The user info
// is refreshed on every visit.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Button } from '../../kernel/ui/Button.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import type { Locale } from '../../kernel/i18n.ts'
import { isVip } from '../../kernel/protocol/user.ts'
import { shellRef } from '../shell/api.ts'
import { LOGOUT_PATH } from './api.ts'
import { EngageEntries, LevelBadge } from '../engage/widgets.tsx'
import { GameEntries } from '../game/widgets.tsx'
import { userLevelOf } from '../../kernel/protocol/user.ts'
import { isRouted } from '../../kernel/router.tsx'
import { Links } from './Links.tsx'
import { Tasks } from './Tasks.tsx'
import css from './user.css'

const RECHARGE_PATH = '/getcoin'

const LOCALES: Array<{ id: Locale; key: string }> = [
  { id: 'en', key: 'user.english' },
  { id: 'ar', key: 'user.arabic' },
]

export default function UserPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const shell = kernel.get(shellRef)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const user = kernel.session.user.value
  const locale = kernel.i18n.locale.value

  useEffect(() => {
    let live = true
    setFailed(false)
    shell?.refreshUser().catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [attempt])

  const logout = async () => {
    const ok = await kernel.overlays.confirm({ message: t('user.logoutConfirm'), ok: t('user.logout'), cancel: t('user.cancel') })
    if (!ok) return
    // the server forgets the token first (its socket closes, a call elsewhere stops billing); bounded, and
    // the session ends here whatever it answers
    await kernel.api.post(LOGOUT_PATH, {}, { silent: true, timeout: 3000 }).catch(() => undefined)
    kernel.session.logout()
    kernel.router.navigate(kernel.app.settings.mainPath, { replace: true })
  }

  if (!user) {
    return (
      <main className="us-page" data-testid="user">
        {failed ? (
          <ErrorState testId="user-error" title={t('user.error')} retryLabel={t('user.retry')} onRetry={() => setAttempt(attempt + 1)} />
        ) : (
          <PageSpinner />
        )}
      </main>
    )
  }

  const vip = isVip(user, Date.now())
  return (
    <main className="us-page" data-testid="user">
      <section className="us-card">
        <div className="us-avatar">
          <Avatar src={user.icon} name={user.nickname} size={76} />
        </div>
        <div className="us-who">
          <h2 className="us-name" data-testid="user-nickname">
            {user.nickname}
            <LevelBadge level={userLevelOf(user)} />
            {vip && <span className="us-vip">{t('user.vip')}</span>}
          </h2>
          <p className="us-id" data-testid="user-id">{t('user.id', { id: String(user.userId) })}</p>
        </div>
      </section>

      <section className="us-balance">
        <div>
          <p className="us-balance__label">{t('user.balance')}</p>
          <p className="us-balance__num">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path fill="#7fe3ff" d="M6.2 3.5h11.6L22 9.2 12 21 2 9.2z" />
              <path fill="#c8f4ff" d="M6.2 3.5 9 9.2h6l2.8-5.7z" />
              <path fill="#3fb6ea" d="M2 9.2h7L12 21zM15 9.2h7L12 21z" />
            </svg>
            <span data-testid="user-balance">{f.number(user.diamondNum)}</span>
          </p>
        </div>
        {isRouted(kernel, RECHARGE_PATH) && (
          <Button size="small" testId="user-recharge" onClick={() => kernel.router.navigate(`${RECHARGE_PATH}?source=user`)}>
            {t('user.recharge')}
          </Button>
        )}
      </section>

      <Tasks />
      <EngageEntries level={userLevelOf(user)} />
      <GameEntries />
      <Links />

      <section className="us-list">
        <div className="us-item">
          <span className="us-item__label">{t('user.language')}</span>
          <div className="us-seg" role="radiogroup" aria-label={t('user.language')}>
            {LOCALES.map((l) => (
              <button
                key={l.id}
                type="button"
                role="radio"
                aria-checked={locale === l.id}
                lang={l.id}
                className={locale === l.id ? 'us-seg__opt us-seg__opt--on' : 'us-seg__opt'}
                data-testid={`user-lang-${l.id}`}
                onClick={() => kernel.i18n.setLocale(l.id)}
              >
                {t(l.key)}
              </button>
            ))}
          </div>
        </div>
        <div className="us-item" data-testid="user-about">
          <span className="us-item__label">{t('user.about')}</span>
          <span className="us-item__value">{t('user.version', { name: kernel.app.name, version: kernel.config.appVersion ?? '1.0.0' })}</span>
        </div>
      </section>

      <Button variant="secondary" block testId="user-logout" onClick={() => void logout()}>
        {t('user.logout')}
      </Button>
    </main>
  )
}
