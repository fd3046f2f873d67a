// /usdtPay?skuInfoId=..&productId=..&source=..: pay an item in USDT (PAY-06). Choose the chain,
// create the order, then send the amount to the address while the 5-minute countdown runs; at 0
// the status is asked, and a pushed status may finish it earlier.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState } from '../../kernel/ui/States.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import type { OrderResult, RechargeTemplate } from '../recharge/api.ts'
import { clock } from '../recharge/api.ts'
import { suspendLeft } from './rules.ts'
import { UsdtPath, usdtService } from './state.ts'
import css from './usdt.css'
import { sentence } from '../../kernel/ui/sentence.tsx'

const CHAINS = ['TRC20', 'ERC20'] as const

export default function UsdtPayPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const service = usdtService(kernel)
  const kept = service.state.value
  const skuInfoId = Number(search.get('skuInfoId'))
  const productId = search.get('productId') ?? ''
  const [chain, setChain] = useState<(typeof CHAINS)[number]>('TRC20')
  const [busy, setBusy] = useState(false)
  const [, setTick] = useState(0)
  const pending = kept?.status === 2 ? kept : null
  const now = service.now()

  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 1000)
    return () => clearInterval(id)
  }, [])
  useEffect(() => {
    if (kept && kept.status !== 2) kernel.router.navigate('/usdtPay/pay-status', { replace: true })
  }, [kept?.status])

  const create = async () => {
    setBusy(true)
    try {
      const tpl = await kernel.api.post<RechargeTemplate>(UsdtPath.template, {})
      const item = tpl.skuList.find((i) => i.productId === productId)
      const info = item?.skuInfoList.find((m) => m.id === skuInfoId)
      if (!item || !info) {
        kernel.overlays.toast(t('usdt.itemGone'), { type: 'warning' })
        return
      }
      const order = await kernel.api.post<OrderResult>(UsdtPath.createOrder, {
        skuInfoId,
        templateId: tpl.templateId,
        paymentMethodType: 'USDT',
        productId,
        frontCallbackUrl: `${window.location.origin}/usdtPay/pay-status?lang=${kernel.i18n.locale.peek()}`,
        vipFlag: item.vipFlag,
        chainName: chain,
        diamondDetail: info.diamondDetail,
      })
      if (!order.usdt) return
      service.start(order.orderCode, { ...order.usdt, productId, diamondNum: order.diamondNum })
    } catch {
      // the api client already showed the server's reason
    } finally {
      setBusy(false)
    }
  }

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      kernel.overlays.toast(t('usdt.copied'), { type: 'success' })
    } catch {
      kernel.overlays.toast(t('usdt.copyFailed'), { type: 'warning' })
    }
  }

  if (pending?.detail) {
    const left = suspendLeft(pending, now)
    return (
      <>
        <PageBar title={t('usdt.title')} />
        <main className="ut-page" data-testid="usdt-pending">
          <div className="ut-card">
            <span className="ut-label">{t('usdt.send')}</span>
            <bdi className="ut-amount" data-testid="usdt-amount">{t('usdt.amount', { amount: pending.detail.amount })}</bdi>
            <span className="ut-label">{sentence(t, 'usdt.network', { chain: pending.detail.chainName })}</span>
            <span className="ut-label">{t('usdt.address')}</span>
            <code className="ut-address" data-testid="usdt-address">{pending.detail.address}</code>
            <Button variant="secondary" size="small" testId="usdt-copy" onClick={() => void copy(pending.detail!.address)}>
              {t('usdt.copy')}
            </Button>
          </div>
          {left > 0 ? (
            <bdi className="ut-clock" data-testid="usdt-countdown" role="timer">
              {clock(left * 1000)}
            </bdi>
          ) : (
            // the countdown ran out and the order is still pending: it is being confirmed, not lost
            <strong className="ut-confirming" data-testid="usdt-confirming">
              {t('usdt.confirming')}
            </strong>
          )}
          <p className="ut-note">{t('usdt.processing')}</p>
        </main>
      </>
    )
  }

  if (!skuInfoId || !productId) {
    return (
      <>
        <PageBar title={t('usdt.title')} />
        <main className="ut-page">
          <EmptyState testId="usdt-none" title={t('usdt.none')} action={<Button onClick={() => kernel.router.navigate('/getcoin?source=usdtPay')}>{t('usdt.toRecharge')}</Button>} />
        </main>
      </>
    )
  }

  return (
    <>
      <PageBar title={t('usdt.title')} />
      <main className="ut-page" data-testid="usdt-start">
        <div className="ut-card">
          <span className="ut-label">{t('usdt.chooseChain')}</span>
          <div className="ut-chains" role="radiogroup">
            {CHAINS.map((c) => (
              <button key={c} type="button" role="radio" aria-checked={chain === c} className="ut-chain" data-testid={`usdt-chain-${c}`} onClick={() => setChain(c)}>
                {c}
              </button>
            ))}
          </div>
          <p className="ut-note">{t('usdt.processing')}</p>
        </div>
        <Button block testId="usdt-create" loading={busy} debounceMs={2000} onClick={() => void create()}>
          {t('usdt.create')}
        </Button>
      </main>
    </>
  )
}
