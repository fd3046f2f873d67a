// The plugin's own service handles (not public): the whole inbox (other plugins see its public
// face, api.ts's inboxRef, which is the same object) and greetings, badge and do-not-disturb.
import { ref } from '../../kernel/plugin.ts'
import type { Social } from './social.ts'
import type { InboxController } from './state.ts'

export const inboxControllerRef = ref<InboxController>('message.inbox')
export const socialRef = ref<Social>('message.social')
