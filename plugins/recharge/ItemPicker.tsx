// The pieces the /getcoin page and the bottom sheet share: balance, item tiles, pay methods.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import type { PayMethodSku, RechargeItem } from './api.ts'
import { discountPercent, methodGift, money, recommendedTotal } from './rules.ts'

export function Balance({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  useSignals()
  const { session } = useKernel()
  const t = useT()
  const n = session.user.value?.diamondNum
  return (
    <div className="rc-balance" data-testid="recharge-balance">
      <span aria-hidden="true">💎</span>
      <div className="rc-balance__grow">
        <span className="rc-balance__label">{t('recharge.myBalance')}</span>
        <span className="rc-balance__num" data-testid="recharge-balance-num">{n == null ? '—' : n.toLocaleString()}</span>
      </div>
      <button type="button" className="rc-icon-btn" aria-label={t('recharge.refresh')} data-testid="recharge-refresh" disabled={refreshing} onClick={onRefresh}>
        ↻
      </button>
    </div>
  )
}

export function ItemTile({ item, selected, onSelect }: { item: RechargeItem; selected: boolean; onSelect: () => void }) {
  const t = useT()
  // 'N% OFF' (d3 §5), shown only above 0, worded per language
  const percent = discountPercent(recommendedTotal(item), item.price)
  const off = percent > 0 ? t('recharge.off', { n: percent }) : null
  const first = item.boughtFlag !== 1 && item.firstChargeGive > 0
  const vip = item.vipFlag === 1
  return (
    <button type="button" className="rc-item" aria-pressed={selected} data-testid={`recharge-item-${item.id}`} onClick={onSelect}>
      {vip ? <span className="rc-item__vip">{t('recharge.vipDays', { days: item.vipDays })}</span> : off && <span className="rc-item__off">{off}</span>}
      <span className="rc-item__num">💎 {(vip ? (item.vipDiamond ?? 0) : recommendedTotal(item)).toLocaleString()}</span>
      {!vip && item.giveDiamondNum > 0 && <span className="rc-item__sub">{t('recharge.bonus', { base: item.diamondNum.toLocaleString(), bonus: item.giveDiamondNum.toLocaleString() })}</span>}
      {first && !vip && <span className="rc-item__first">{t('recharge.firstGift', { n: item.firstChargeGive.toLocaleString() })}</span>}
      <span className="rc-item__price">${money(item.price)}</span>
      {item.originalPrice > item.price && <span className="rc-item__was">${money(item.originalPrice)}</span>}
    </button>
  )
}

const logo: Record<string, string> = { PAYPAL: 'PP', APPLEPAY: '', CARD: '💳', APPSTORE: '', GOOGLEPLAY: '▶', UPI: 'UPI', USDT: '₮' }

export function MethodList({ item, methods, selected, onSelect }: { item: RechargeItem; methods: PayMethodSku[]; selected: PayMethodSku | null; onSelect: (m: PayMethodSku) => void }) {
  const t = useT()
  return (
    <div className="rc-methods" role="radiogroup" aria-label={t('recharge.payMethod')} data-testid="recharge-methods">
      <span className="rc-methods__title">{t('recharge.payMethod')}</span>
      {methods.map((m) => {
        const gift = methodGift(item, m)
        return (
          <button key={m.id} type="button" role="radio" aria-checked={selected?.id === m.id} className="rc-method" data-testid={`recharge-method-${m.payMethodType}`} onClick={() => onSelect(m)}>
            <span className="rc-method__logo" aria-hidden="true">{logo[String(m.payMethodType)] ?? '•'}</span>
            <span className="rc-method__name">{t(`recharge.method.${m.payMethodType}`)}</span>
            {gift > 0 && <span className="rc-method__gift">+{gift.toLocaleString()} 💎</span>}
          </button>
        )
      })}
      {methods.some((m) => m.payMethodType === 'USDT') && <p className="rc-note">{t('recharge.usdtNotice')}</p>}
    </div>
  )
}
