// /getcoin?source=..: the recharge page (PAY-01, PAY-02): balance with refresh, the restarting
// 10-minute tip, every item, pay methods, and links to the diamond records and the sellers.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { shellRef } from '../shell/api.ts'
import { Balance, ItemTile, MethodList } from './ItemPicker.tsx'
import { useFormat } from '../../kernel/format.ts'
import { bestDiscount, DEFAULT_TIP, showSellerList, tipLeftMs, tipWithPercent } from './rules.ts'
import { clock } from './amounts.ts'
import { usePurchase } from './hooks.ts'
import css from './recharge.css'
import { paidBefore } from '../../kernel/protocol/user.ts'

export default function RechargePage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const source = search.get('source') || 'getcoin'
  const scene = kernel.scene.value
  const p = usePurchase({ source, inCall: scene.call, inLive: scene.live })
  // the configured tip wins; the default one (d3 §9) is shown in the user's language
  const configured = kernel.get(shellRef)?.baseConfig.value?.sysConfigParams?.recharge_tip_message_text
  // PAY-02: whichever text, its percent is the best 'N% OFF' of the tiles under it
  const best = useFormat().percent(bestDiscount(p.items))
  const tip = typeof configured === 'string' && configured && configured !== DEFAULT_TIP ? tipWithPercent(configured, best) : t('recharge.tip', { n: best })
  const user = kernel.session.user.value
  const sellers = showSellerList({ proxyChargeStatus: p.template?.proxyChargeStatus, isPayUser: paidBefore(user), scene })

  return (
    <>
      <PageBar title={t('recharge.title')} />
      <main className="rc-page" data-testid="recharge-page">
        <Balance onRefresh={() => void p.refresh()} refreshing={p.refreshing} />
        <TipCountdown text={tip} />
        {p.status === 'failed' ? (
          <ErrorState testId="recharge-error" title={t('recharge.loadFailed')} retryLabel={t('recharge.retry')} onRetry={() => void p.service.load({ force: true })} />
        ) : p.status !== 'ready' ? (
          <PageSpinner />
        ) : !p.items.length ? (
          <EmptyState testId="recharge-empty" title={t('recharge.empty')} />
        ) : (
          <>
            <div className="rc-grid" data-testid="recharge-items">
              {p.items.map((i) => (
                <ItemTile key={i.id} item={i} selected={p.item?.id === i.id} onSelect={() => p.choose(i)} />
              ))}
            </div>
            {p.showMethods && p.item && <MethodList item={p.item} methods={p.methods} selected={p.method} onSelect={p.setMethod} />}
            <Button block testId="recharge-pay" disabled={!p.payable} loading={p.busy} debounceMs={2000} onClick={() => void p.pay()}>
              {t('recharge.recharge')}
            </Button>
          </>
        )}
        <nav className="rc-links">
          <button type="button" className="rc-link" data-testid="recharge-records-link" onClick={() => kernel.router.navigate('/getcoin/diamond-records')}>
            {t('recharge.records')}
          </button>
          {sellers && (
            <button type="button" className="rc-link" data-testid="recharge-sellers-link" onClick={() => kernel.router.navigate('/proxyCharge')}>
              {t('recharge.sellers')}
            </button>
          )}
        </nav>
      </main>
    </>
  )
}

/** the tip with its 10-minute countdown, which starts again at zero */
function TipCountdown({ text }: { text: string }) {
  const [start] = useState(() => Date.now())
  const [now, setNow] = useState(start)
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])
  return (
    <div className="rc-tip" data-testid="recharge-tip">
      <span>{text}</span>
      <span className="rc-tip__clock" data-testid="recharge-tip-clock">{clock(tipLeftMs(start, now))}</span>
    </div>
  )
}
