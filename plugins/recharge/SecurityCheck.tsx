// The security check before a provider page (PAY-04): shown, then the redirect after 1.8 s.
import { useEffect } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { PAYPAL_REDIRECT_MS, rechargeService } from './state.ts'
import css from './recharge.css'

export default function SecurityCheck({ props, close }: OverlayProps<{ url: string }>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  useEffect(() => {
    const service = rechargeService(kernel)
    let gone = false
    service.later(() => {
      if (gone) return
      service.redirect(props.url)
      close()
    }, PAYPAL_REDIRECT_MS)
    return () => void (gone = true)
  }, [props.url])
  return (
    <div className="k-dialog rc-center" role="dialog" aria-modal="true" aria-live="polite" data-testid="recharge-security">
      <Spinner />
      <strong>{t('recharge.security')}</strong>
      <span className="rc-note">{t('recharge.securityNote')}</span>
    </div>
  )
}
