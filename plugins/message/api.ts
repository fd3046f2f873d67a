// The inbox's public face: conversations and unread count for other plugins (the tab badge,
// a chat page). Import this file only.
import type { ReadonlySignal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import type { ImConversation } from '../../kernel/im/types.ts'

/** 'idle' guest or not started; 'connecting' first login; 'ready' online; 'offline' lost or failed */
export type InboxStatus = 'idle' | 'connecting' | 'ready' | 'offline'

export interface Inbox {
  conversations: ReadonlySignal<ImConversation[]>
  unread: ReadonlySignal<number>
  status: ReadonlySignal<InboxStatus>
  /** log in to messaging again and reload the conversations (after 'offline') */
  reconnect(): Promise<void>
}

export const inboxRef = ref<Inbox>('inbox')
