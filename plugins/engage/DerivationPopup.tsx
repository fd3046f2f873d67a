// ENG-04: the balance-transfer (derivation) popup: from this app to the target app, the balance
// and the level award that move, the server's text in the user's language, and the link to the
// target app, followed by the backend-link rules (SHELL-14).
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { shellRef } from '../shell/api.ts'
import type { AppShift } from './api.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import css from './engage.css'
import { sentence } from '../../kernel/ui/sentence.tsx'

function AppIcon({ src, name }: { src?: string; name: string }) {
  const img = safeImageUrl(src)
  return (
    <span className="en-app">
      {img ? <img className="en-app__icon" src={img} alt="" /> : <span className="en-app__icon en-app__icon--plain">{name.slice(0, 1)}</span>}
      <span className="en-app__name">{name}</span>
    </span>
  )
}

export default function DerivationPopup({ props, close }: OverlayProps<AppShift>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const s = props
  const go = () => {
    close(true)
    if (s.shiftAppUrl) void kernel.get(shellRef)?.linkRules().then((r) => r.follow(String(s.shiftAppUrl)))
  }
  return (
    <div className="en-pop en-shift" data-testid="derivation-popup">
      <h2 className="en-pop__title" data-dialog-title>{t('engage.shift.title')}</h2>
      <div className="en-shift__apps">
        <AppIcon src={s.appIcon} name={typeof s.appName === 'string' ? s.appName : ''} />
        <span className="en-shift__arrow" aria-hidden="true">→</span>
        <AppIcon src={s.shiftAppIcon} name={typeof s.shiftAppName === 'string' ? s.shiftAppName : ''} />
      </div>
      {s.nickname && <p className="en-shift__hello">{sentence(t, 'engage.shift.hello', { name: s.nickname })}</p>}
      {s.shiftContent && <p className="en-pop__text" data-testid="derivation-text" dir="auto">{String(s.shiftContent)}</p>}
      <dl className="en-shift__sums">
        <div>
          <dt>{t('engage.shift.balance')}</dt>
          <dd data-testid="derivation-balance">💎 {f.number(Number(s.balanceDiamond) || 0)}</dd>
        </div>
        <div>
          <dt>{t('engage.shift.levelAward')}</dt>
          <dd data-testid="derivation-award">💎 {Number(s.levelAwardDiamond) || 0}</dd>
        </div>
      </dl>
      {s.recordCode && <p className="en-shift__record" dir="auto">{t('engage.shift.record', { code: String(s.recordCode) })}</p>}
      <div className="en-pop__actions">
        <Button variant="secondary" testId="derivation-later" onClick={() => close()}>
          {t('engage.shift.later')}
        </Button>
        {s.shiftAppUrl && (
          <Button testId="derivation-go" onClick={go}>
            {sentence(t, 'engage.shift.go', { app: s.shiftAppName })}
          </Button>
        )}
      </div>
    </div>
  )
}
