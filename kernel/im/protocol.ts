// The harness IM protocol: JSON text frames over one WebSocket (config.imUrl), shared by the
// harness adapter (kernel/im/harness.ts) and the harness service (harness/im.ts).
//
// client -> server, each with a numeric id echoed by the reply:
//   { id, op: 'login', account, token }
//   { id, op: 'logout' }
//   { id, op: 'send', to, message: { messageClientId, messageType, text?, attachment?, serverExtension? } }
//   { id, op: 'conversations', limit? }                -> ImConversation[], newest first
//   { id, op: 'history', to, limit?, before? }          -> ImMessage[], oldest first (the latest `limit`,
//                                                          sent before the createTime `before` when given)
//   { id, op: 'markRead', to }
//   { id, op: 'pin', to, on }
// server -> client:
//   { id, ok: true, data? } | { id, ok: false, code, msg }   the reply to one request
//   { event: 'message', data: ImMessage }                     a message for this account
//   { event: 'conversations-changed', data: ImConversation[] }
//   { event: 'error', data: { code } }                        a service error on the live connection
//
// Conversation ids follow NIM's peer-to-peer form 'me|1|other', so plugins see the same
// ids with either adapter.
import type { ImConversation, ImMessage } from './types.ts'

export interface ImOutgoing {
  messageClientId: string
  messageType: number
  text?: string
  attachment?: { raw?: string; [k: string]: unknown }
  serverExtension?: string
}

export type ImRequest =
  | { id: number; op: 'login'; account: string; token: string }
  | { id: number; op: 'logout' }
  | { id: number; op: 'send'; to: string; message: ImOutgoing }
  | { id: number; op: 'conversations'; limit?: number }
  | { id: number; op: 'history'; to: string; limit?: number; before?: number }
  | { id: number; op: 'markRead'; to: string }
  | { id: number; op: 'pin'; to: string; on: boolean }

export type ImReply = { id: number; ok: true; data?: unknown } | { id: number; ok: false; code: number; msg: string }

export type ImServerEvent =
  | { event: 'message'; data: ImMessage }
  | { event: 'conversations-changed'; data: ImConversation[] }
  | { event: 'error'; data: { code: number } }

export const p2pConversationId = (me: string, other: string) => `${me}|1|${other}`

/** the peer's account in a peer-to-peer conversation id */
export const peerOf = (conversationId: string) => conversationId.split('|')[2] ?? ''
