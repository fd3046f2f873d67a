// /proxyCharge: the diamond sellers (PAY-11), shown only under the d3 §5 rule.
import { answer } from '../../kernel/guard.ts'
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { showSellerList } from './rules.ts'
import { RechargePath } from './state.ts'
import { sellers, type Seller } from './api.ts'
import css from './recharge.css'
import { paidBefore } from '../../kernel/protocol/user.ts'


export default function ProxyChargePage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: Seller[]; status: number }>({ kind: 'loading' })
  const load = () => {
    setState({ kind: 'loading' })
    kernel.api.post(RechargePath.sellers, {}, { silent: true }).then(answer(sellers, RechargePath.sellers)).then(
      (r) => setState({ kind: 'ready', list: r.list, status: r.proxyChargeStatus }),
      () => setState({ kind: 'failed' }),
    )
  }
  useEffect(load, [])
  const user = kernel.session.user.value
  const scene = kernel.scene.value

  let body
  if (state.kind === 'loading') body = <PageSpinner />
  else if (state.kind === 'failed') body = <ErrorState testId="sellers-error" title={t('recharge.sellersFailed')} retryLabel={t('recharge.retry')} onRetry={load} />
  else if (!showSellerList({ proxyChargeStatus: state.status, isPayUser: paidBefore(user), scene }) || !state.list.length) body = <EmptyState testId="sellers-empty" title={t('recharge.sellersNone')} />
  else
    body = (
      <ul className="rc-list" data-testid="sellers-list">
        {state.list.map((s) => (
          <li key={s.agentId} className="rc-row">
            <Avatar src={s.icon} name={s.nickname} size={44} />
            <div className="rc-row__main">
              <span className="rc-row__title">{s.nickname}</span>
              <span className="rc-row__time">{t('recharge.sellerRate', { n: s.diamondsPerDollar })}</span>
            </div>
            <Button size="small" testId={`seller-${s.agentId}`} onClick={() => kernel.bridge.openExternal(`https://wa.me/${s.whatsapp.replace(/\D/g, '')}`)}>
              {t('recharge.contact')}
            </Button>
          </li>
        ))}
      </ul>
    )
  return (
    <>
      <PageBar title={t('recharge.sellers')} />
      <main className="rc-page" data-testid="sellers-page">{body}</main>
    </>
  )
}
