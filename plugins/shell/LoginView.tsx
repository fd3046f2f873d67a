// The login choice and the email form, shared by the login popup (modal) and the full-screen login
// sheet (SHELL-09, SHELL-10). close(true) once logged in, so whoever opened it can continue.
import { useState } from 'react'
import { useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import css from './shell.css'
import pagesCss from './pages.css'
import { EmailForm } from './EmailForm.tsx'
import { Icon } from './icons.tsx'
import { Promo } from './Promo.tsx'

const variants = {
  popup: { className: 'sh-login-card', testid: 'login-popup', titleId: 'sh-login-title', logo: 56 },
  sheet: { className: 'sh-login-sheet', testid: 'login-sheet', titleId: 'sh-sheet-title', logo: 84 },
} as const

export function LoginView({ close, variant }: Pick<OverlayProps<{ to?: string }>, 'close'> & { variant: keyof typeof variants }) {
  injectStyle(css)
  injectStyle(pagesCss)
  const t = useT()
  const [step, setStep] = useState<'choose' | 'email'>('choose')
  const v = variants[variant]
  const form = <EmailForm onBack={() => setStep('choose')} onDone={() => close(true)} />
  return (
    <div className={v.className} role="dialog" aria-modal="true" aria-labelledby={v.titleId} data-testid={v.testid}>
      <button type="button" className="sh-iconbtn sh-login-close" aria-label={t('shell.login.close')} onClick={() => close(false)}>
        <Icon name="close" width={18} height={18} />
      </button>
      {step === 'choose' ? (
        <>
          <div className="sh-login-hero">
            <Icon name="logo" width={v.logo} height={v.logo} />
            <h2 id={v.titleId}>{t('shell.login.title')}</h2>
            <p className="sh-muted">{t('shell.login.subtitle')}</p>
          </div>
          <Promo />
          <div className={variant === 'sheet' ? 'sh-login-actions' : undefined}>
            <button type="button" className="sh-btn sh-btn--brand sh-btn--block" data-testid="login-with-email" onClick={() => setStep('email')}>
              <Icon name="mail" width={20} height={20} />
              {t('shell.login.withEmail')}
            </button>
            <p className="sh-login-terms">{t('shell.login.terms')}</p>
          </div>
        </>
      ) : variant === 'sheet' ? (
        <div style={{ marginBlockStart: '8vh' }}>{form}</div>
      ) : (
        form
      )}
    </div>
  )
}
