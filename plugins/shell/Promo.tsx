// The sign-up promise shown before login (d3 §2 'promo text').
import { useT } from '../../kernel/hooks.ts'
import { Icon } from './icons.tsx'

export function Promo() {
  const t = useT()
  return (
    <ul className="sh-promo" data-testid="login-promo">
      <li>
        <span className="sh-promo__icon"><Icon name="gift" width={20} height={20} /></span>
        {t('shell.login.promoSignup')}
      </li>
      <li>
        <span className="sh-promo__icon sh-promo__icon--gold"><Icon name="calendar" width={20} height={20} /></span>
        {t('shell.login.promoCheckin')}
      </li>
    </ul>
  )
}
