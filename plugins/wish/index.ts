// Wishful gifts (LIVE-09): fills the live room's 'wish' slot with the host's wish carousel and
// brings the agree popup. A late plugin: nothing of it is on the first screen.
import { createElement } from 'react'
import { definePlugin } from '../../kernel/plugin.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import { liveRef } from '../live/api.ts'
import { WISH_AGREE } from './api.ts'
import { createWish } from './state.ts'
import { Wishes } from './Wishes.tsx'

export const createWishPlugin = (deps: { timers?: Timers } = {}) =>
  definePlugin({
    id: 'wish',
    requires: ['live'],
    overlays: [{ id: WISH_AGREE, tier: 'modal', component: () => import('./AgreePopup.tsx'), dismissable: false }],
    strings: { en: () => import('../../locales/en/wish.json'), ar: () => import('../../locales/ar/wish.json') },
    setup(kernel) {
      const live = kernel.get(liveRef)
      if (!live) return
      const timers = deps.timers ?? realTimers
      const wish = createWish(kernel, live, timers)
      live.fill('wish', () => createElement(Wishes, { wish, live }))
      return () => {
        live.fill('wish', null)
        wish.dispose()
      }
    },
  })

export default createWishPlugin()
