// The diamond recharge bottom sheet (PAY-01): My Balance with refresh, items 1-3 and 4-6 on two
// pages, the pay methods (skipped with one), and Recharge, disabled until a method is chosen.
// Closing without a recharge asks once whether to stay (the pay-retention prompt, PAY-03).
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import type { RechargeOpenOptions } from './api.ts'
import { Balance, ItemTile, MethodList } from './ItemPicker.tsx'
import { sheetPage, sheetPageCount } from './rules.ts'
import { usePurchase } from './hooks.ts'
import css from './recharge.css'

export default function RechargeSheet({ props, close }: OverlayProps<RechargeOpenOptions>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const opts = props ?? { source: 'sheet' }
  const p = usePurchase({ source: opts.source, inCall: opts.inCall, inLive: opts.inLive })
  const [page, setPage] = useState(1)
  const pages = sheetPageCount(p.items)

  // the call's own balance toast hides while the user recharges (d3 §4)
  useEffect(() => {
    if (!opts.inCall) return
    const before = kernel.scene.peek()
    kernel.scene.value = { ...before, payPopup: true }
    return () => void (kernel.scene.value = { ...kernel.scene.peek(), payPopup: false })
  }, [kernel, opts.inCall])

  const leave = async () => {
    const stay = await kernel.overlays.confirm({ message: t('recharge.retention'), ok: t('recharge.stay'), cancel: t('recharge.leave') })
    if (!stay) close()
  }

  const pay = async () => {
    const outcome = await p.pay()
    // pending: the money may have moved; the order is kept and asked about, and no second try is offered
    if (outcome === 'paid' || outcome === 'usdt' || outcome === 'redirected' || outcome === 'pending') close()
  }

  let body
  if (p.status === 'failed') {
    body = <ErrorState testId="recharge-sheet-error" title={t('recharge.loadFailed')} retryLabel={t('recharge.retry')} onRetry={() => void p.service.load({ force: true })} />
  } else if (p.status !== 'ready') {
    body = (
      <div className="rc-center">
        <Spinner />
      </div>
    )
  } else if (!p.items.length) {
    body = <p className="rc-note" data-testid="recharge-sheet-empty">{t('recharge.empty')}</p>
  } else {
    body = (
      <>
        <div className="rc-grid" data-testid="recharge-sheet-items">
          {sheetPage(p.items, page).map((i) => (
            <ItemTile key={i.id} item={i} selected={p.item?.id === i.id} onSelect={() => p.choose(i)} />
          ))}
        </div>
        {pages > 1 && (
          <div className="rc-pager">
            {Array.from({ length: pages }, (_, i) => (
              <button key={i} type="button" className="rc-dot" aria-current={page === i + 1} aria-label={t('recharge.page', { n: i + 1 })} data-testid={`recharge-page-${i + 1}`} onClick={() => setPage(i + 1)} />
            ))}
          </div>
        )}
        {p.showMethods && p.item && <MethodList item={p.item} methods={p.methods} selected={p.method} onSelect={p.setMethod} />}
        <Button block testId="recharge-pay" disabled={!p.payable} loading={p.busy} debounceMs={2000} onClick={() => void pay()}>
          {t('recharge.recharge')}
        </Button>
      </>
    )
  }

  return (
    <Sheet title={t('recharge.title')} onClose={() => void leave()} testId="recharge-sheet">
      <div className="rc-sheet">
        <Balance onRefresh={() => void p.refresh()} refreshing={p.refreshing} />
        {body}
      </div>
    </Sheet>
  )
}
