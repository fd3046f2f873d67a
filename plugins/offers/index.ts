// Offers: the special offer (trigger, countdown, icon, once a day) and the discount hosts.
// A late plugin: it joins after the first screen, with its service and the wall's icon and entry;
// the popups load on use.
import { effect } from '@preact/signals-react'
import { definePlugin, provide, tabAt } from '../../kernel/plugin.ts'
import { DISCOUNT_POPUP, SPECIAL_POPUP } from './api.ts'
import { OffersWidgets } from './OffersWidgets.tsx'
import { onWall } from './rules.ts'
import { createOffers, offersServiceRef, type OffersDeps } from './state.ts'

/** SHELL-17 queue priorities: activity 3, discount 4; both only on the wall */
const ACTIVITY_PRIORITY = 3
const DISCOUNT_PRIORITY = 4

export function createOffersPlugin(deps: OffersDeps = {}) {
  // the wall tab's path is the app manifest's (setup reads it)
  let wallPath = '/wall'
  return definePlugin({
    id: 'offers',
    requires: ['recharge'],
    overlays: [
      { id: SPECIAL_POPUP, tier: 'sheet', priority: ACTIVITY_PRIORITY, component: () => import('./SpecialOfferPopup.tsx'), when: (c) => c.path === wallPath && !c.scene.call && !c.scene.live && !c.scene.guide },
      { id: DISCOUNT_POPUP, tier: 'sheet', priority: DISCOUNT_PRIORITY, component: () => import('./DiscountPopup.tsx'), when: (c) => c.path === wallPath && !c.scene.call && !c.scene.live && !c.scene.guide },
    ],
    services: [provide(offersServiceRef, (kernel) => createOffers(kernel, deps))],
    // lazy: only the language the user reads loads
    strings: { en: () => import('../../locales/en/offers.json'), ar: () => import('../../locales/ar/offers.json') },
    widgets: [OffersWidgets],
    setup(kernel) {
      wallPath = kernel.app.settings.tabs.find((t) => t.id === 'wall')?.path ?? wallPath
      // once logged in and on the wall: the special-offer trigger and the discount flag, once per session
      let done = false
      return effect(() => {
        if (done || !kernel.session.loggedIn.value || !onWall(tabAt(kernel.app, kernel.router.path.value))) return
        done = true
        const offers = kernel.need(offersServiceRef)
        void offers.trigger('wall')
        void offers.checkDiscount()
      })
    },
  })
}

const offers = createOffersPlugin()
export default offers
