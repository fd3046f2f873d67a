// The email sign-in form (SHELL-10), shared by the login popup and the full-screen sheet.
// Rules and the request live in login.ts; this only collects the two fields.
import { useState, type FormEvent } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { Icon } from './icons.tsx'
import { shellServiceRef } from './service.ts'
import { emailLogin } from './login.ts'

export function EmailForm({ onBack, onDone }: { onBack?: () => void; onDone: () => void }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const shell = kernel.need(shellServiceRef)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [shown, setShown] = useState(false)
  // the email no account has, while the form asks whether to create one (a typo must not sign up)
  const [unknown, setUnknown] = useState<string | null>(null)
  const busy = shell.state.loggingIn.value

  const login = async (create: boolean) => {
    // a second tap while the first request is out sends nothing (one request per login)
    const outcome = await emailLogin(kernel, shell, email, password, create)
    setUnknown(outcome === 'no-account' ? email.trim() : null)
    if (outcome === 'in') onDone()
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void login(false)
  }

  return (
    <form className="sh-form" data-testid="login-email" onSubmit={submit} noValidate>
      <div className="sh-form__head">
        {onBack && (
          <button type="button" className="sh-iconbtn" aria-label={t('shell.login.back')} onClick={onBack}>
            <Icon name="back" width={20} height={20} />
          </button>
        )}
        <h2>{t('shell.login.emailTitle')}</h2>
      </div>
      <div className="sh-field">
        <label htmlFor="sh-login-email">{t('shell.login.email')}</label>
        <div className="sh-input">
          <Icon name="mail" width={20} height={20} style={{ color: 'var(--faint)' }} />
          <input
            id="sh-login-email"
            data-testid="login-email-input"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('shell.login.emailPlaceholder')}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
              setUnknown(null)
            }}
          />
        </div>
      </div>
      <div className="sh-field">
        <label htmlFor="sh-login-password">{t('shell.login.password')}</label>
        <div className="sh-input">
          <input
            id="sh-login-password"
            data-testid="login-password-input"
            type={shown ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder={t('shell.login.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button
            type="button"
            aria-label={t(shown ? 'shell.login.hidePassword' : 'shell.login.showPassword')}
            onClick={() => setShown(!shown)}
          >
            <Icon name={shown ? 'eyeOff' : 'eye'} width={20} height={20} />
          </button>
        </div>
      </div>
      {unknown === null ? (
        <button type="submit" className="sh-btn sh-btn--brand sh-btn--block" data-testid="login-submit" disabled={busy} aria-busy={busy}>
          {busy ? <span className="sh-spinner" style={{ inlineSize: 20, blockSize: 20 }} /> : t('shell.login.submit')}
        </button>
      ) : (
        <div className="sh-form__ask" role="alertdialog" aria-labelledby="sh-login-no-account" data-testid="login-no-account">
          <p id="sh-login-no-account">
            {t('shell.login.noAccount')}
            <bdi className="sh-form__email" title={unknown}>{unknown}</bdi>
            {t('shell.login.createOne')}
          </p>
          <button type="button" className="sh-btn sh-btn--brand sh-btn--block" data-testid="login-create" disabled={busy} onClick={() => void login(true)}>
            {t('shell.login.create')}
          </button>
          <button type="button" className="sh-btn sh-btn--ghost sh-btn--block" data-testid="login-create-cancel" onClick={() => setUnknown(null)}>
            {t('shell.login.fixEmail')}
          </button>
        </div>
      )}
    </form>
  )
}
