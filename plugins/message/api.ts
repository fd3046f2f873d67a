// The inbox's public face: conversations and unread count for other plugins (the tab badge,
// a chat page), the chat link, and the optional links a gift, intimacy or customer-service
// feature may provide. Import this file only.
import type { ComponentType } from 'react'
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
/** the inbox; the app manifest may give the message tab another path, which this route also serves */
export const MESSAGE_PATH = '/message'
export const GREETING_PATH = '/greeting-message'

/** d2 §2.1: the recharge-service chat's account (`/talk?to=recharge_notify`) */
export const RECHARGE_NOTIFY = 'recharge_notify'
/** d2 §6: chat accounts that are not hosts (system accounts, customer service, recharge notice) */
export const NON_HOST_ACCOUNTS: readonly string[] = ['system', 'customer_service', RECHARGE_NOTIFY]
export const isHostAccount = (account: string) => !!account && !NON_HOST_ACCOUNTS.includes(account)

/** The chat with a peer (d2 §2.1 /talk: `to` the chat account, `taPath` where it was opened from). */
export function talkHref(to: string, taPath: string): string {
  return `/talk?${new URLSearchParams({ to, taPath })}`
}

/**
 * Optional link: an intimacy feature provides the card shown at /talk/component/intimacy-card.
 * Without it the chat has no intimacy entry and the sub-route says it is not available.
 */
export interface IntimacyCard {
  Card: ComponentType<{ yxAccid: string; userId: number }>
}
export const intimacyCardRef = ref<IntimacyCard>('message.intimacy-card')

/**
 * Optional link (ENG-11): a blocking feature provides the chat accounts the user blocked, from the
 * server's block list; the inbox leaves their conversations out. Without it nothing is left out.
 */
export interface BlockedAccounts {
  readonly accids: ReadonlySignal<ReadonlySet<string>>
}
export const blockedAccountsRef = ref<BlockedAccounts>('message.blocked-accounts')

/** The paths this feature calls. d2 §7 leaves most unnamed: those are the harness's (harness/README.md). */
export const MessagePath = {
  /** d2 §7 greeting config: { isEnable, unReadMsgNum } */
  greetingConfig: '/api/hiMessage/getConfig',
  /** peers' names, faces, status and follow flag by chat account ({ yxAccids }) */
  profiles: '/api/im/userProfiles',
  /** the anti-spam check ({ text }) -> { result: 0 ok | other prohibited } */
  checkText: '/api/im/checkText',
  /** quick messages: a comma-separated string in the request's language */
  quickMessages: '/api/im/quickMessages',
  /** d1 §7 userDisturb: { disturb } (bit 1 calls, bit 2 messages) */
  disturb: '/api/user/userDisturb',
  /** d1 §7 call records by chat accounts ({ yxAccids }), the calls plugin's endpoint read as data */
  recordsByAccids: '/api/chat/getCallRecordByAnchorYxids',
  /** d2 §7 follow ({ followType 1 | 2, followUserId }) */
  follow: '/api/user/followUser',
} as const

/**
 * Optional link: a games feature provides the game popup that customer service's back opens
 * when it was reached from a game (isGamePath). Without it back simply goes back.
 */
export interface GamePopup {
  open(): void
}
export const gamePopupRef = ref<GamePopup>('message.game-popup')
