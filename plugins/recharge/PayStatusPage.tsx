// /paystatus: where payment providers send the user back (frontCallbackUrl). The signed result
// on the URL goes to the server, which credits the order once; the page shows what it answered.
// A result the server refuses (no signature, a lost query) is not a verdict on the payment: the
// order's own status is asked, and whatever is not known to be paid or closed shows as pending,
// with Check again; the app keeps asking about it at its next start and foreground.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import type { OrderStatus } from './api.ts'
import { RechargePath, rechargeService } from './state.ts'
import css from './recharge.css'

type View = { kind: 'checking' } | { kind: 'paid'; diamonds: number } | { kind: 'pending' } | { kind: 'failed' } | { kind: 'none' }

const viewOf = (s: OrderStatus | null): View =>
  s?.status === 1 ? { kind: 'paid', diamonds: s.diamondNum } : s?.status === 0 ? { kind: 'failed' } : { kind: 'pending' }

export default function PayStatusPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const [view, setView] = useState<View>({ kind: 'checking' })
  const [refreshed, setRefreshed] = useState(false)
  const orderCode = search.get('orderCode') ?? ''
  const service = rechargeService(kernel)

  const show = async (s: OrderStatus | null) => {
    setView(viewOf(s))
    if (s) await service.answered(s, false)
    // the new balance is shown once the server's user (refreshed by answered) has come back
    if (s?.status === 1) setRefreshed(true)
  }

  // the server refused the order itself (another user's, unknown): it will not be paid here
  const refused = () => setView({ kind: 'failed' })

  useEffect(() => {
    // opened without an order (a bookmark, a reload after the query was lost): nothing was paid
    if (!orderCode) return void setView({ kind: 'none' })
    kernel.api
      .post<OrderStatus>(RechargePath.payReturn, { orderCode, payStatus: search.get('payStatus') ?? '', sign: search.get('sign') ?? '' }, { silent: true })
      .then(show, () => service.check(orderCode, false).then(show, refused))
  }, [orderCode])

  const checkAgain = () => {
    setView({ kind: 'checking' })
    void service.check(orderCode, false).then(show, refused)
  }
  const done = () => kernel.router.navigate(view.kind === 'paid' ? '/wall?source=recharge' : `/getcoin?source=${encodeURIComponent(search.get('source') ?? 'paystatus')}`, { replace: true })
  const balance = kernel.session.user.value?.diamondNum

  return (
    <>
      <PageBar title={t('recharge.status.title')} />
      <main className="rc-page" data-testid="pay-status">
        <div className="rc-center" aria-live="polite">
          {view.kind === 'checking' && (
            <>
              <Spinner />
              <strong>{t('recharge.status.checking')}</strong>
            </>
          )}
          {view.kind === 'paid' && (
            <>
              <span className="rc-center__icon rc-center__icon--ok" aria-hidden="true">✓</span>
              <strong data-testid="pay-status-paid">{t('recharge.status.paid')}</strong>
              <span data-testid="pay-status-credited">{t('recharge.status.credited', { n: view.diamonds })}</span>
              {refreshed && balance != null && <span data-testid="pay-status-balance">{t('recharge.status.balance', { n: balance })}</span>}
            </>
          )}
          {view.kind === 'pending' && (
            <>
              <span className="rc-center__icon" aria-hidden="true">⏳</span>
              <strong data-testid="pay-status-pending">{t('recharge.status.pending')}</strong>
              <span className="rc-center__note" data-testid="pay-status-pending-note">{t('recharge.status.pendingNote')}</span>
              <Button variant="secondary" testId="pay-status-check" onClick={checkAgain}>
                {t('recharge.status.checkAgain')}
              </Button>
            </>
          )}
          {view.kind === 'failed' && (
            <>
              <span className="rc-center__icon rc-center__icon--bad" aria-hidden="true">!</span>
              <strong data-testid="pay-status-failed">{t('recharge.notCompleted')}</strong>
            </>
          )}
          {view.kind === 'none' && <strong data-testid="pay-status-none">{t('recharge.status.none')}</strong>}
          {view.kind !== 'checking' && (
            <Button block testId="pay-status-done" onClick={done}>
              {t('recharge.card.done')}
            </Button>
          )}
        </div>
      </main>
    </>
  )
}
