// Message: the inbox tab ('/message' and the path the app manifest gives the tab; login needed), the chat ('/talk'), the
// greetings list, the top message banner and the do-not-disturb sheet, and the messaging
// connection behind the tab's unread badge. A late plugin: none of it is on the first screen.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { unreadRef } from '../shell/api.ts'
import { GREETING_PATH, MESSAGE_PATH, inboxRef } from './api.ts'
import { createInbox } from './state.ts'
import { inboxControllerRef, socialRef } from './refs.ts'
import { createSocial } from './social.ts'
import { createBanner } from './banner.ts'
import { BANNER_ID, DISTURB_SHEET, ROW_ACTIONS } from './ids.ts'

const message = definePlugin({
  id: 'message',
  routes: [
    { path: MESSAGE_PATH, page: () => import('./MessagePage.tsx'), auth: true, tab: 'message' },
    { path: '/talk', page: () => import('./TalkPage.tsx'), auth: true },
    { path: '/talk/component/intimacy-card', page: () => import('./IntimacyPage.tsx'), auth: true },
    { path: GREETING_PATH, page: () => import('./GreetingPage.tsx'), auth: true },
    // IM-06 customer service (d3 §2): one page; /customer/ar asks for the Arabic FAQ
    { path: ['/customer', '/customer/ar', '/customer-talk'], page: () => import('./customer/CustomerPage.tsx'), auth: true },
  ],
  overlays: [
    { id: BANNER_ID, tier: 'float', component: () => import('./Banner.tsx'), dismissable: false },
    { id: DISTURB_SHEET, tier: 'sheet', component: () => import('./DisturbSheet.tsx') },
    { id: ROW_ACTIONS, tier: 'sheet', component: () => import('./RowActions.tsx') },
  ],
  services: [
    provide(inboxControllerRef, (kernel) => createInbox(kernel)),
    // other plugins' view of the same inbox
    provide(inboxRef, (kernel) => kernel.need(inboxControllerRef)),
    provide(socialRef, (kernel) => createSocial(kernel, kernel.need(inboxControllerRef))),
    // the shell's message tab badge adds this to the follow count
    provide(unreadRef, (kernel) => ({ unread: kernel.need(socialRef).unread })),
  ],
  strings: { en: () => import('../../locales/en/message.json'), ar: () => import('../../locales/ar/message.json') },
  setup(kernel) {
    const inbox = kernel.need(inboxControllerRef)
    const stopInbox = inbox.start()
    const stopSocial = kernel.need(socialRef).start()
    const banner = createBanner(kernel)
    const offBanner = inbox.onMessage((m) => banner(m, inbox.me()))
    return () => {
      offBanner()
      stopSocial()
      stopInbox()
    }
  },
})
export default message
