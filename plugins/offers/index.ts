// Offers: the special offer (trigger, countdown, icon, once a day) and the discount hosts.
// Only the facade is imported here; the wall's icon and entry (after the first screen), popups and
// server calls load on use.
import { effect } from '@preact/signals-react'
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { DISCOUNT_POPUP, SPECIAL_POPUP } from './api.ts'
import { lazyWidget } from '../../kernel/lazy-widget.tsx'
import { createOffersFacade, offersServiceRef, onWall, type OffersDeps } from './facade.ts'

// nothing to show before a login and a running offer: the icon's code loads after the first screen
const OffersWidgets = lazyWidget(() => import('./OffersWidgets.tsx').then((m) => m.OffersWidgets))

/** SHELL-17 queue priorities: activity 3, discount 4; both only on the wall */
const ACTIVITY_PRIORITY = 3
const DISCOUNT_PRIORITY = 4

export function createOffersPlugin(deps: OffersDeps = {}) {
  return definePlugin({
    id: 'offers',
    requires: ['recharge'],
    overlays: [
      { id: SPECIAL_POPUP, tier: 'sheet', priority: ACTIVITY_PRIORITY, component: () => import('./SpecialOfferPopup.tsx'), when: (c) => onWall(c.path) && !c.scene.call && !c.scene.live && !c.scene.guide },
      { id: DISCOUNT_POPUP, tier: 'sheet', priority: DISCOUNT_PRIORITY, component: () => import('./DiscountPopup.tsx'), when: (c) => onWall(c.path) && !c.scene.call && !c.scene.live && !c.scene.guide },
    ],
    services: [provide(offersServiceRef, (kernel) => createOffersFacade(kernel, deps))],
    // lazy: a language the user does not read stays out of the first bundle
    strings: { en: () => import('../../locales/en/offers.json'), ar: () => import('../../locales/ar/offers.json') },
    widgets: [OffersWidgets],
    setup(kernel) {
      // once logged in and on the wall: the special-offer trigger and the discount flag, once per session
      let done = false
      return effect(() => {
        if (done || !kernel.session.loggedIn.value || !onWall(kernel.router.path.value)) return
        done = true
        const offers = kernel.need(offersServiceRef)
        void offers.trigger('wall')
        void offers.checkDiscount()
      })
    },
  })
}

export const offers = createOffersPlugin()
export default offers
