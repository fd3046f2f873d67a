// Message: the inbox tab ('/message' and the path the app manifest gives the tab; login needed) and the messaging
// connection behind its unread badge.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { unreadRef } from '../shell/api.ts'
import { inboxRef } from './api.ts'
import { createInbox, type InboxController } from './state.ts'

const message = definePlugin({
  id: 'message',
  routes: [{ path: '/message', page: () => import('./MessagePage.tsx'), auth: true, tab: 'message' }],
  services: [
    provide(inboxRef, (kernel) => createInbox(kernel)),
    // the shell's message tab badge adds this to the follow count
    provide(unreadRef, (kernel) => kernel.need(inboxRef)),
  ],
  strings: { en: () => import('../../locales/en/message.json'), ar: () => import('../../locales/ar/message.json') },
  // a test may bind a plain fake inbox without start()
  setup: (kernel) => (kernel.need(inboxRef) as Partial<InboxController>).start?.(),
})
export default message
