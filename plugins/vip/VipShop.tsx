// The VIP shop (PAY-08): status, the 7/30/180-day items (price, diamonds, call discount), the
// privileges, and buying through the recharge flows (store channels hidden for VIP items).
// Used by the /vip page and the VIP popup.
import { useEffect, useMemo, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { rechargeRef, type PayMethodSku, type RechargeItem } from '../recharge/api.ts'
import { vipPrivileges, vipShop, type VipPrivilege, type VipShop as Shop } from './api.ts'
import { answer } from '../../kernel/guard.ts'
import { isVip, vipEnd } from '../../kernel/protocol/user.ts'
import { daysLeft, VIP_DURATIONS } from './rules.ts'
import css from './vip.css'

export const VipPath = {
  shop: '/api/wallet/vipGetShopInfo',
  privileges: '/api/vipPrivileges/getVipPrivileges',
  records: '/api/vipPrivileges/getVipOrderRecord',
} as const

export function VipShop({ source, onPaid }: { source: string; onPaid?: () => void }) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const recharge = kernel.get(rechargeRef)
  // the pay methods and the refusal toast are the recharge plugin's words: load them with the shop
  useEffect(() => void kernel.i18n.ready(undefined, ['recharge']).catch(() => undefined), [kernel])
  const [shop, setShop] = useState<Shop | null | 'failed'>(null)
  const [perks, setPerks] = useState<VipPrivilege[]>([])
  const [item, setItem] = useState<RechargeItem | null>(null)
  const [method, setMethod] = useState<PayMethodSku | null>(null)
  const [busy, setBusy] = useState(false)
  const scene = kernel.scene.value
  const ctx = { source, inCall: scene.call, inLive: scene.live }

  const load = () => {
    setShop(null)
    Promise.all([
      kernel.api.post(VipPath.shop, {}, { silent: true }).then(answer(vipShop, VipPath.shop)),
      kernel.api.post(VipPath.privileges, {}, { silent: true }).then(answer(vipPrivileges, VipPath.privileges)).catch(() => ({ list: [] })),
    ]).then(
      ([s, p]) => {
        setShop(s)
        setPerks(p?.list ?? [])
      },
      () => setShop('failed'),
    )
  }
  useEffect(load, [kernel.i18n.locale.value])
  const methods = useMemo(() => (item && recharge ? recharge.methodsFor(item, ctx) : []), [item, recharge, scene.call, scene.live])

  if (shop === 'failed') return <ErrorState testId="vip-error" title={t('vip.loadFailed')} retryLabel={t('vip.retry')} onRetry={load} />
  if (!shop) return <PageSpinner />

  const buy = async () => {
    if (!item || !method || !recharge) return
    setBusy(true)
    try {
      const outcome = await recharge.buy(item, method, ctx)
      if (outcome === 'paid') {
        load()
        onPaid?.()
      }
    } finally {
      setBusy(false)
    }
  }

  // the user record answers VIP (the one rule); the shop answers prices and items
  const user = kernel.session.user.value
  const vip = isVip(user, Date.now())
  const choose = (i: RechargeItem) => {
    setItem(i)
    const ms = recharge?.methodsFor(i, ctx) ?? []
    setMethod(ms.length === 1 ? ms[0] : null)
  }
  return (
    <div className="vp-page" data-testid="vip-shop">
      <div className="vp-hero">
        <span className="vp-hero__title" data-testid="vip-status" data-vip={vip}>
          {!vip ? t('vip.title') : vipEnd(user) == null ? t('vip.activeNoEnd') : t('vip.active', { n: daysLeft(user, Date.now()) })}
        </span>
        <span className="vp-hero__sub">{t('vip.discount', { n: shop.callDiscount })}</span>
      </div>
      <div className="vp-items" data-testid="vip-items">
        {shop.vipTemplateList.map((i) => (
          <button key={i.id} type="button" className="vp-item" aria-pressed={item?.id === i.id} data-testid={`vip-item-${i.vipDays}`} onClick={() => choose(i)}>
            <span className="vp-item__days">{t(`vip.duration.${VIP_DURATIONS[i.vipDays] ?? 'month'}`)}</span>
            <bdi className="vp-item__price">{f.money(i.price)}</bdi>
            <span className="vp-item__dia">{t('vip.diamonds', { n: i.vipDiamond ?? 0 })}</span>
          </button>
        ))}
      </div>
      {item && methods.length > 1 && (
        <div className="vp-methods" role="radiogroup" data-testid="vip-methods">
          {methods.map((m) => (
            <button key={m.id} type="button" role="radio" aria-checked={method?.id === m.id} className="vp-item" data-testid={`vip-method-${m.payMethodType}`} onClick={() => setMethod(m)}>
              {t(`recharge.method.${m.payMethodType}`)}
            </button>
          ))}
        </div>
      )}
      {recharge && (
        <Button block testId="vip-buy" disabled={!item || !method || busy} loading={busy} debounceMs={2000} onClick={() => void buy()}>
          {vip ? t('vip.renew') : t('vip.buy')}
        </Button>
      )}
      <p className="vp-note">{t('vip.noAutoRenew')}</p>
      <div className="vp-perks" data-testid="vip-perks">
        {perks.map((p) => (
          <div key={p.id} className="vp-perk">
            <span className="vp-perk__title">{p.title}</span>
            <span className="vp-perk__desc">{p.desc}</span>
          </div>
        ))}
      </div>
      <button type="button" className="vp-link" data-testid="vip-records-link" onClick={() => kernel.router.navigate('/vip/vip-records')}>
        {t('vip.records')}
      </button>
    </div>
  )
}
