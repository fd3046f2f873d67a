// INTERFACE ONLY for now: instant messaging, implemented by the harness adapter and the NIM adapter.
export interface ImMessage {
  messageClientId: string
  messageServerId?: string
  senderId: string
  conversationId: string
  text?: string
  /** 0 text, 1 image, 100 custom ... (d2 §3) */
  messageType: number
  attachment?: { raw?: string; [k: string]: unknown }
  serverExtension?: string
  createTime: number
  fromNick?: string
}

export interface ImImage {
  url: string
  width?: number
  height?: number
  size?: number
  ext?: string
}

export interface ImConversation {
  conversationId: string
  to: string
  lastMessage?: ImMessage
  unreadCount: number
  isPin?: boolean
  /** this user has sent a message in it (a greeting answered); unknown when absent */
  isReply?: boolean
  updateTime: number
}

export type ImConnectState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed'

export interface ImEvents {
  message: ImMessage
  'conversations-changed': ImConversation[]
  'connect-state': { state: ImConnectState; code?: number }
  /** a server-side error code on the connection (e.g. -10005) */
  error: { code: number }
}

export interface ImClient {
  login(account: string, token: string): Promise<void>
  logout(): Promise<void>
  sendText(to: string, text: string): Promise<ImMessage>
  sendCustom(to: string, raw: Record<string, unknown>): Promise<ImMessage>
  /** an image already uploaded (kernel/upload.ts): messageType 1, attachment { url, width, height, size, ext } */
  sendImage(to: string, image: ImImage): Promise<ImMessage>
  conversations(limit?: number): Promise<ImConversation[]>
  /** oldest first: the latest `limit` messages, or the latest `limit` sent before `before` (a createTime), to page back */
  history(to: string, limit?: number, before?: number): Promise<ImMessage[]>
  /** read receipt: the peer's messages so far count as read */
  markRead(to: string): Promise<void>
  /** pin a conversation to the top of the inbox, or unpin it */
  pin(to: string, on: boolean): Promise<void>
  /** the chat-room link addresses of a room, from this logged-in connection (NIM; the harness needs none) */
  chatRoomLinks?(roomId: string): Promise<string[]>
  on<K extends keyof ImEvents>(ev: K, fn: (e: ImEvents[K]) => void): () => void
}
