// /forcePay: the forced first payment (base config forcePayConfig.isFinished false, SHELL-11).
// It explains why and leads to the recharge page; the payment work may give it a richer layout.
import { safeImageUrl } from '../../kernel/url.ts'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import css from './shell.css'
import pagesCss from './pages.css'
import { Icon } from './icons.tsx'
import { shellRef } from './api.ts'

export default function ForcePayPage() {
  useSignals()
  injectStyle(css)
  injectStyle(pagesCss)
  const kernel = useKernel()
  const t = useT()
  const image = safeImageUrl(kernel.get(shellRef)?.baseConfig.value?.forcePayConfig?.landPageImg)
  return (
    <>
      <PageBar title={t('shell.forcePay.barTitle')} />
      <main className="sh-forcepay" data-testid="forcepay">
        <div className="sh-forcepay__art">
          {image ? <img src={image} alt="" /> : <Icon name="diamond" width={96} height={96} />}
        </div>
        <h2>{t('shell.forcePay.title')}</h2>
        <p>{t('shell.forcePay.body')}</p>
        <div className="sh-forcepay__actions">
          <button
            type="button"
            className="sh-btn sh-btn--brand sh-btn--block"
            data-testid="forcepay-recharge"
            onClick={() => kernel.router.navigate('/getcoin?source=forcePay')}
          >
            <Icon name="diamond" width={20} height={20} />
            {t('shell.forcePay.recharge')}
          </button>
        </div>
      </main>
    </>
  )
}
