// Engagement: the daily check-in (ENG-02), invitation codes (ENG-03), the balance transfer
// (ENG-04), the review popups (ENG-05), the user level pages (ENG-09), the new-user guide
// (SHELL-16) and the popup queue's popups (SHELL-17). A late plugin: nothing of it is on the first
// screen, so it imports what it runs statically; its popups and pages are lazy chunks.
import { effect, untracked } from '@preact/signals-react'
import { definePlugin, provide } from '../../kernel/plugin.ts'
import type { OverlayContext } from '../../kernel/types.ts'
import { engageRef, LEVEL_PATH, LEVEL_RULE_PATH, Popup } from './api.ts'
import { onWall, Priority } from './rules.ts'
import type { EngageDeps } from './state.ts'
import { feedQueue } from './queue.ts'

/** d3 §5: no popup over the pay pages */
const PAY_PAGES = /^\/(getcoin|forcePay|vip|proxyCharge|usdtPay|paystatus)(\/|$)/i
/** a queued popup waits for the guide, calls, live rooms and the pay pages */
const free = (c: OverlayContext) => !c.scene.guide && !c.scene.call && !c.scene.live && !PAY_PAGES.test(c.path)
const wallOnly = (c: OverlayContext) => free(c) && onWall(c.path)

export function createEngagePlugin(deps: EngageDeps = {}) {
  return definePlugin({
    id: 'engage',
    requires: ['shell'],
    routes: [
      { path: LEVEL_PATH, page: () => import('./LevelPage.tsx'), auth: true },
      { path: LEVEL_RULE_PATH, page: () => import('./LevelRulePage.tsx'), auth: true },
    ],
    overlays: [
      { id: Popup.derivation, tier: 'modal', priority: Priority.derivation, component: () => import('./DerivationPopup.tsx'), when: free },
      { id: Popup.review, tier: 'modal', priority: Priority.forceComment, component: () => import('./ReviewPopup.tsx'), when: free, dismissable: false },
      { id: Popup.activity, tier: 'modal', priority: Priority.activity, component: () => import('./ActivityPopup.tsx'), when: wallOnly },
      { id: Popup.autoCall, tier: 'modal', priority: Priority.autoCall, component: () => import('./AutoCallPopup.tsx'), when: (c) => wallOnly(c) && !!c.scene.wallAll },
      { id: Popup.dailyCheckin, tier: 'modal', priority: Priority.checkin, component: () => import('./CheckinPopup.tsx'), when: wallOnly },
      { id: Popup.checkin, tier: 'modal', component: () => import('./CheckinPopup.tsx') },
      { id: Popup.checkinDone, tier: 'modal', component: () => import('./CheckinDone.tsx') },
      { id: Popup.invite, tier: 'sheet', component: () => import('./InvitePopup.tsx') },
      { id: Popup.guide, tier: 'float', component: () => import('./Guide.tsx'), dismissable: false },
    ],
    services: [
      provide(engageRef, (kernel) => ({
        openCheckin: () => void kernel.overlays.open(Popup.checkin),
        openInvite: () => void kernel.overlays.open(Popup.invite),
        guideActive: () => !!kernel.scene.peek().guide,
      })),
    ],
    strings: { en: () => import('../../locales/en/engage.json'), ar: () => import('../../locales/ar/engage.json') },
    setup(kernel) {
      // once per logged-in user: when their info has arrived and they are on the wall
      let fedFor: number | null = null
      let stopFeed: (() => void) | null = null
      const stop = effect(() => {
        const user = kernel.session.user.value
        const path = kernel.router.path.value
        if (!kernel.session.loggedIn.value || !user) {
          stopFeed?.()
          stopFeed = null
          fedFor = null
          return
        }
        if (fedFor === user.userId || !(onWall(path) || (user.isNewUser && kernel.app.settings.tabs.some((t) => t.path === path)))) return
        fedFor = user.userId
        // outside the effect: what the queue reads must not re-run it
        stopFeed = untracked(() => feedQueue(kernel, deps))
      })
      return () => {
        stop()
        stopFeed?.()
      }
    },
  })
}

const engage = createEngagePlugin()
export default engage
