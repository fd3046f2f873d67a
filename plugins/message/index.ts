// Message: the inbox tab ('/message' and the path the app manifest gives the tab; login needed), the chat ('/talk'), the
// greetings list, the top message banner and the do-not-disturb sheet, and the messaging
// connection behind the tab's unread badge. A late plugin: none of it is on the first screen.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { unreadRef } from '../shell/api.ts'
import { GREETING_PATH, MESSAGE_PATH, inboxRef } from './api.ts'
import { createInbox, type InboxController } from './state.ts'
import { socialRef } from './social-ref.ts'
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
    provide(inboxRef, (kernel) => createInbox(kernel)),
    provide(socialRef, (kernel) => createSocial(kernel, kernel.need(inboxRef) as InboxController)),
    // the shell's message tab badge adds this to the follow count
    provide(unreadRef, (kernel) => ({ unread: kernel.need(socialRef).unread })),
  ],
  strings: { en: () => import('../../locales/en/message.json'), ar: () => import('../../locales/ar/message.json') },
  setup(kernel) {
    // a test may bind a plain fake inbox without start()
    const inbox = kernel.need(inboxRef) as Partial<InboxController>
    const stopInbox = inbox.start?.()
    const social = kernel.get(socialRef) as Partial<ReturnType<typeof createSocial>> | undefined
    const stopSocial = inbox.start ? social?.start?.() : undefined
    const banner = createBanner(kernel)
    const offBanner = inbox.onMessage?.((m) => banner(m, inbox.me?.() ?? null))
    return () => {
      offBanner?.()
      stopSocial?.()
      stopInbox?.()
    }
  },
})
export default message
