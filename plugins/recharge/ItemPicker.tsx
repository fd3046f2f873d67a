// The pieces the /getcoin page and the bottom sheet share: balance, item tiles, pay methods.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import type { PayMethodSku, RechargeItem } from './api.ts'
import { PayIcon } from './PayIcon.tsx'
import { methodGift } from './amounts.ts'
import { extraPercent, recommendedTotal } from './amounts.ts'

export function Balance({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  useSignals()
  const { session } = useKernel()
  const t = useT()
  const f = useFormat()
  const n = session.user.value?.diamondNum
  return (
    <div className="rc-balance" data-testid="recharge-balance">
      <span aria-hidden="true">💎</span>
      <div className="rc-balance__grow">
        <span className="rc-balance__label">{t('recharge.myBalance')}</span>
        <span className="rc-balance__num" data-testid="recharge-balance-num">{n == null ? '—' : f.number(n)}</span>
      </div>
      <button type="button" className="rc-icon-btn" aria-label={t('recharge.refresh')} data-testid="recharge-refresh" disabled={refreshing} onClick={onRefresh}>
        ↻
      </button>
    </div>
  )
}

export function ItemTile({ item, selected, onSelect }: { item: RechargeItem; selected: boolean; onSelect: () => void }) {
  const t = useT()
  const f = useFormat()
  // d3 §5, PAY-02: floor((total / price / 490 - 1) x 100) % OFF, shown above 0, beside the bonus
  const off = extraPercent(item)
  const was = item.originalPrice > item.price
  const first = item.boughtFlag !== 1 && item.firstChargeGive > 0
  const vip = item.vipFlag === 1
  return (
    <button type="button" className="rc-item" aria-pressed={selected} data-testid={`recharge-item-${item.id}`} onClick={onSelect}>
      {vip ? (
        <span className="rc-item__vip">{t('recharge.vipDays', { days: item.vipDays, count: item.vipDays })}</span>
      ) : (
        off > 0 && <bdi className="rc-item__off" data-testid={`recharge-off-${item.id}`}>{t('recharge.off', { n: f.percent(off) })}</bdi>
      )}
      <span className="rc-item__num">💎 {f.number(vip ? (item.vipDiamond ?? 0) : recommendedTotal(item))}</span>
      {!vip && item.giveDiamondNum > 0 && <span className="rc-item__sub">{t('recharge.bonus', { base: item.diamondNum, bonus: item.giveDiamondNum })}</span>}
      {first && !vip && <span className="rc-item__first">{t('recharge.firstGift', { n: item.firstChargeGive })}</span>}
      {/* the price sits on each tile's bottom edge, so a row's prices line up; the crossed-out
          price alone above it (one percent per tile, the spec's) */}
      <span className="rc-item__foot">
        {was && (
          <bdi className="rc-item__was" dir="ltr" data-testid={`recharge-was-${item.id}`}>
            {f.money(item.originalPrice)}
          </bdi>
        )}
        <bdi className="rc-item__price" dir="ltr" data-testid={`recharge-price-${item.id}`}>
          {f.money(item.price)}
        </bdi>
      </span>
    </button>
  )
}

/** notices that concern one way of paying, shown under it alone */
const METHOD_NOTE: Record<string, string> = { USDT: 'recharge.usdtNotice', UPI: 'recharge.verifyNote' }

export function MethodList({ item, methods, selected, onSelect }: { item: RechargeItem; methods: PayMethodSku[]; selected: PayMethodSku | null; onSelect: (m: PayMethodSku) => void }) {
  const t = useT()
  const f = useFormat()
  return (
    <div className="rc-methods" role="radiogroup" aria-label={t('recharge.payMethod')} data-testid="recharge-methods">
      <span className="rc-methods__title">{t('recharge.payMethod')}</span>
      {methods.map((m) => {
        const gift = methodGift(item, m)
        const note = METHOD_NOTE[String(m.payMethodType)]
        return (
          <div key={m.id} className="rc-method__wrap">
            <button type="button" role="radio" aria-checked={selected?.id === m.id} className="rc-method" data-testid={`recharge-method-${m.payMethodType}`} onClick={() => onSelect(m)}>
              <PayIcon method={String(m.payMethodType)} />
              <span className="rc-method__name">{t(`recharge.method.${m.payMethodType}`)}</span>
              {gift > 0 && <bdi className="rc-method__gift" dir="ltr">{f.signed(gift)} 💎</bdi>}
            </button>
            {note && <p className="rc-note rc-method__note" data-testid={`recharge-note-${m.payMethodType}`}>{t(note)}</p>}
          </div>
        )
      })}
    </div>
  )
}
