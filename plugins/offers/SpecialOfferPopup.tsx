// The special-offer popup (PAY-09): the item, the countdown of specialOffDuration seconds, and
// buying it through the recharge flows. Closing leaves the icon while time remains.
import { useEffect, useMemo, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import { rechargeRef, type PayMethodSku } from '../recharge/api.ts'
import { extraPercent, methodGift, priceCut, recommendedTotal } from '../recharge/api.ts'
import { hms } from './rules.ts'
import { offersServiceRef } from './state.ts'
import css from './offers.css'

export default function SpecialOfferPopup({ close }: OverlayProps) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const offers = kernel.need(offersServiceRef)
  const recharge = kernel.get(rechargeRef)
  const offer = offers.special.value
  const [, setTick] = useState(0)
  const [method, setMethod] = useState<PayMethodSku | null>(null)
  const [busy, setBusy] = useState(false)
  const scene = kernel.scene.value
  const ctx = { source: 'specialOffer', inCall: scene.call, inLive: scene.live }
  const methods = useMemo(() => (offer && recharge ? recharge.methodsFor(offer.item, ctx) : []), [offer, recharge])
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 1000)
    return () => clearInterval(id)
  }, [])
  useEffect(() => {
    // the first method in the configured order is taken, so 'Get it now' is never dimmed for no reason
    setMethod((m) => (m && methods.some((x) => x.id === m.id) ? m : (methods[0] ?? null)))
  }, [methods])
  const left = offers.left()
  useEffect(() => {
    if (!offer || left <= 0) close()
  }, [offer, left])
  if (!offer) return null
  const item = offer.item
  const extra = extraPercent(item)
  const cut = priceCut(item.price, item.originalPrice)

  const buy = async () => {
    if (!recharge || !method) return
    setBusy(true)
    try {
      const outcome = await recharge.buy(item, method, ctx)
      if (outcome === 'paid') {
        offers.special.value = null
        close(true)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Sheet title={t('offers.special.title')} onClose={() => close()} testId="special-offer">
      <div className="of-pop">
        {extra > 0 && <bdi className="of-pop__badge">{t('offers.special.extra', { n: f.percent(extra, true) })}</bdi>}
        {/* what the chosen way of paying credits: the item's total and that method's gift (the ledger's row) */}
        <span className="of-pop__num" data-testid="special-total">💎 {f.number(recommendedTotal(item) + (method ? methodGift(item, method) : 0))}</span>
        <span className="of-pop__price">
          <bdi className="of-pop__now">{f.money(item.price)}</bdi>
          {cut > 0 && (
            <>
              <bdi className="of-pop__was">{f.money(item.originalPrice)}</bdi> <bdi data-testid="special-cut">{t('offers.special.off', { n: f.percent(cut) })}</bdi>
            </>
          )}
        </span>
        <span>
          {t('offers.special.endsIn')} <span className="of-clock" data-testid="special-clock">{hms(left)}</span>
        </span>
        {methods.length > 1 && (
          <div className="of-methods" role="radiogroup">
            {methods.map((m) => (
              <button key={m.id} type="button" role="radio" aria-checked={method?.id === m.id} className="of-method" data-testid={`special-method-${m.payMethodType}`} onClick={() => setMethod(m)}>
                {t(`recharge.method.${m.payMethodType}`)}
                {/* the space outside the left-to-right isolate, so it parts the gift from the name in Arabic too */}
                {methodGift(item, m) > 0 && (
                  <>
                    {' '}
                    <bdi className="of-method__gift" dir="ltr">
                      {f.signed(methodGift(item, m))} 💎
                    </bdi>
                  </>
                )}
              </button>
            ))}
          </div>
        )}
        {recharge && (
          <Button block testId="special-buy" disabled={!method || busy} loading={busy} debounceMs={2000} onClick={() => void buy()}>
            {t('offers.special.buy')}
          </Button>
        )}
      </div>
    </Sheet>
  )
}
