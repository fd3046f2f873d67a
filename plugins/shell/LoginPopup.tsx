// The login popup (modal tier), opened when a guest needs to log in (SHELL-09, SHELL-10).
// close(true) once logged in, so whoever opened it can continue where the guest was going.
import { useState } from 'react'
import { useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import css from './shell.css'
import pagesCss from './pages.css'
import { EmailForm } from './EmailForm.tsx'
import { Icon } from './page-icons.tsx'
import { Promo } from './Promo.tsx'

export default function LoginPopup({ close }: OverlayProps<{ to?: string }>) {
  injectStyle(css)
  injectStyle(pagesCss)
  const t = useT()
  const [step, setStep] = useState<'choose' | 'email'>('choose')
  return (
    <div className="sh-login-card" role="dialog" aria-modal="true" aria-labelledby="sh-login-title" data-testid="login-popup">
      <button type="button" className="sh-iconbtn sh-login-close" aria-label={t('shell.login.close')} onClick={() => close(false)}>
        <Icon name="close" width={18} height={18} />
      </button>
      {step === 'choose' ? (
        <>
          <div className="sh-login-hero">
            <Icon name="logo" width={56} height={56} />
            <h2 id="sh-login-title">{t('shell.login.title')}</h2>
            <p className="sh-muted">{t('shell.login.subtitle')}</p>
          </div>
          <Promo />
          <button type="button" className="sh-btn sh-btn--brand sh-btn--block" data-testid="login-with-email" onClick={() => setStep('email')}>
            <Icon name="mail" width={20} height={20} />
            {t('shell.login.withEmail')}
          </button>
          <p className="sh-login-terms">{t('shell.login.terms')}</p>
        </>
      ) : (
        <EmailForm onBack={() => setStep('choose')} onDone={() => close(true)} />
      )}
    </div>
  )
}
