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

export interface ImConversation {
  conversationId: string
  to: string
  lastMessage?: ImMessage
  unreadCount: number
  isPin?: boolean
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
  conversations(limit?: number): Promise<ImConversation[]>
  history(to: string, limit?: number): Promise<ImMessage[]>
  markRead(to: string): Promise<void>
  on<K extends keyof ImEvents>(ev: K, fn: (e: ImEvents[K]) => void): () => void
}
