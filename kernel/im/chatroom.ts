// A live room's chat room (d2 §7: "a chat-room client"), beside the one-to-one IM client: enter
// a room by its id, receive its lines and its member notifications, send lines, leave. Two
// adapters, like ImClient: the harness one (chatroom-harness.ts) and NIM's chat-room client
// (chatroom-nim.ts), both loaded by loadChatRoom with a dynamic import.
import type { AppConfig } from '../config.ts'
import type { ImClient } from './types.ts'

/** One line of a room. `custom` carries a record type of d2 §3 (sendGiftTip, enterRoom, ...). */
export interface ChatRoomMessage {
  messageClientId: string
  from: string
  fromNick: string
  text?: string
  custom?: Record<string, unknown>
  /** the sender's badges: userLevel, isVip, isNewUser, isHost */
  ext?: Record<string, unknown>
  time: number
}

/** A member notification (d2 §4.3): 0 enters, 1 leaves, 4 blocked, 5 unblocked; others pass through. */
export interface ChatRoomNotice {
  type: number
  account: string
  nick?: string
  level?: number
  isHost?: boolean
  [field: string]: unknown
}

/** closed: this user was put out of the room (kicked); failed: the connection to the room is lost for good */
export type ChatRoomState = 'connected' | 'reconnecting' | 'closed' | 'failed'

export interface ChatRoomEvents {
  message: ChatRoomMessage
  notification: ChatRoomNotice
  'connect-state': { state: ChatRoomState; reason?: string }
}

export interface ChatRoom {
  readonly roomId: string
  sendText(text: string, ext?: Record<string, unknown>): Promise<ChatRoomMessage>
  leave(): void
  on<K extends keyof ChatRoomEvents>(ev: K, fn: (e: ChatRoomEvents[K]) => void): () => void
}

export interface ChatRoomClient {
  enter(opts: { roomId: string; account: string; token: string; nick?: string; ext?: Record<string, unknown> }): Promise<ChatRoom>
}

/** The harness serves chat rooms beside its IM service: /im's sibling /chatroom. */
const chatRoomUrlOf = (imUrl: string) => new URL('chatroom', imUrl).toString()

/** `im`: the app's messaging client; NIM's chat room takes its link addresses from that logged-in connection */
export async function loadChatRoom(config: AppConfig, im: () => Promise<ImClient>): Promise<ChatRoomClient> {
  if (config.mode === 'harness') {
    if (!config.imUrl) throw new Error('imUrl is missing from the app config (harness mode)')
    const { createHarnessChatRoom } = await import('./chatroom-harness.ts')
    return createHarnessChatRoom({ url: chatRoomUrlOf(config.imUrl) })
  }
  const [{ createNimChatRoom }, sdk] = await Promise.all([import('./chatroom-nim.ts'), import('./chatroom-sdk.ts')])
  const links = async (roomId: string) => {
    const client = await im()
    if (!client.chatRoomLinks) throw new Error('this messaging client gives no chat-room addresses')
    return client.chatRoomLinks(roomId)
  }
  return createNimChatRoom({ appKey: config.nimAppKey ?? '', sdk, links })
}
