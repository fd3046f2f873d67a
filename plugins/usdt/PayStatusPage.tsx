// /usdtPay/pay-status: the crypto payment's result (success, failed, or still pending), kept 1 hour.
// A paid order says what the server's ledger credited (asked of the server: first-charge gift and the
// method's bonus included), never the figure the order was created with.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import type { OrderStatus } from '../recharge/api.ts'
import { UsdtPath, usdtService } from './state.ts'
import { missing, type Shortfall } from './rules.ts'
import css from './usdt.css'

/** the diamonds the server credited for a paid order, once it answered */
function useCredited(orderCode: string | undefined, paid: boolean): number | null {
  const kernel = useKernel()
  const [credited, setCredited] = useState<number | null>(null)
  useEffect(() => {
    if (!paid || !orderCode) return
    let gone = false
    kernel.api.post<OrderStatus>(UsdtPath.status, { searchValue: orderCode }, { silent: true }).then(
      (s) => !gone && s?.status === 1 && setCredited(s.diamondNum),
      () => {},
    )
    return () => void (gone = true)
  }, [orderCode, paid])
  return credited
}

/** an underpaid order: what arrived, what is missing, and what happens to what arrived */
function ShortfallDetail({ orderCode, shortfall }: { orderCode: string; shortfall: Shortfall }) {
  const t = useT()
  const rows: Array<[string, string, string]> = [
    [t('usdt.shortfall.asked'), shortfall.amount, 'usdt-asked'],
    [t('usdt.shortfall.received'), shortfall.received, 'usdt-received'],
    [t('usdt.shortfall.missing'), missing(shortfall), 'usdt-missing'],
  ]
  return (
    <>
      <dl className="ut-shortfall">
        {rows.map(([label, amount, testId]) => (
          <div className="ut-shortfall__row" key={testId}>
            <dt>{label}</dt>
            <dd dir="ltr" data-testid={testId}>
              {t('usdt.amount', { amount })}
            </dd>
          </div>
        ))}
      </dl>
      <p className="ut-note" data-testid="usdt-shortfall-next">
        {t('usdt.shortfall.next', { received: shortfall.received })} <bdi dir="ltr">{orderCode}</bdi>
      </p>
    </>
  )
}

export default function UsdtStatusPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const s = usdtService(kernel).state.value
  // no order kept (opened directly, or over an hour later): nothing to show, not a failure
  const kind = !s ? 'none' : s.status === 1 ? 'paid' : s.status === 2 ? 'pending' : 'failed'
  const credited = useCredited(s?.orderCode, kind === 'paid')
  // the user the paid order refreshed: its balance is the ledger's
  const balance = kernel.session.user.value?.diamondNum
  return (
    <>
      <PageBar title={t('usdt.status.title')} />
      <main className="ut-page" data-testid="usdt-status">
        <div className="ut-center" aria-live="polite">
          {kind !== 'none' && (
            <span className={`ut-icon ${kind === 'paid' ? 'ut-icon--ok' : kind === 'failed' ? 'ut-icon--bad' : ''}`} aria-hidden="true">
              {kind === 'paid' ? '✓' : kind === 'pending' ? '⏳' : '!'}
            </span>
          )}
          <strong data-testid={`usdt-status-${kind}`}>{t(kind === 'failed' && s?.shortfall ? 'usdt.status.underpaid' : `usdt.status.${kind}`)}</strong>
          {kind === 'paid' && credited != null && <span data-testid="usdt-credited">{t('usdt.credited', { n: credited })}</span>}
          {kind === 'paid' && credited != null && balance != null && <span data-testid="usdt-balance">{t('usdt.balance', { n: balance })}</span>}
          {kind === 'failed' && s?.shortfall && <ShortfallDetail orderCode={s.orderCode} shortfall={s.shortfall} />}
          {kind === 'failed' && s?.shortfall && (
            <Button variant="secondary" block testId="usdt-contact" onClick={() => kernel.router.navigate('/customer')}>
              {t('usdt.shortfall.contact')}
            </Button>
          )}
          <Button block testId="usdt-status-done" onClick={() => kernel.router.navigate(kind === 'paid' ? '/wall?source=recharge' : kind === 'pending' ? '/usdtPay' : '/getcoin?source=usdtPay', { replace: true })}>
            {t(kind === 'pending' ? 'usdt.back' : 'usdt.done')}
          </Button>
        </div>
      </main>
    </>
  )
}
