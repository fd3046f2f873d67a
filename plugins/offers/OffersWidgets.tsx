// On the wall: the special-offer icon while its time remains (PAY-09), and the discount entry for discount users (PAY-10),
// in the floating widgets' strip (kernel/ui/Dock.tsx), never over a card.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { tabAt } from '../../kernel/plugin.ts'
import { injectStyle } from '../../kernel/style.ts'
import { DISCOUNT_POPUP, SPECIAL_POPUP } from './api.ts'
import { hms, onWall, showOfferIcon } from './rules.ts'
import { offersServiceRef } from './state.ts'
import css from './widgets.css'
import { Docked } from '../../kernel/ui/Dock.tsx'

export function OffersWidgets() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { path } = useRoute()
  const offers = kernel.need(offersServiceRef)
  const special = offers.special.value
  const entry = offers.discountEntry.value
  const [, setTick] = useState(0)
  useEffect(() => {
    if (!special) return
    const id = setInterval(() => setTick((n) => n + 1), 1000)
    return () => clearInterval(id)
  }, [special])
  if (!onWall(tabAt(kernel.app, path)) || !kernel.session.loggedIn.value) return null
  const left = offers.left()
  // the stack is a signal: the icon comes back as soon as the popup closes
  const popupOpen = kernel.overlays.stack.value.some((o) => o.id === SPECIAL_POPUP)
  return (
    <>
      {special && showOfferIcon(left) && !popupOpen && (
        <Docked order={1}>
          <button type="button" className="of-icon" data-testid="special-icon" onClick={() => void kernel.overlays.open(SPECIAL_POPUP)}>
            <span aria-hidden="true">🎁</span>
            <span className="of-icon__time">{hms(left)}</span>
          </button>
        </Docked>
      )}
      {entry && (
        <Docked order={2}>
          <button type="button" className="of-entry" data-testid="discount-entry" onClick={() => void kernel.overlays.open(DISCOUNT_POPUP)}>
            {t('offers.discount.entry')}
          </button>
        </Docked>
      )}
    </>
  )
}
