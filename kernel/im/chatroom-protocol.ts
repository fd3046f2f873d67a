// The harness chat-room protocol: JSON text frames over one WebSocket per room (the harness's
// /chatroom, beside /im), shared by kernel/im/chatroom-harness.ts and harness/im-chatroom.ts.
//
// client -> server, each with a numeric id echoed by the reply:
//   { id, op: 'enter', roomId, account, token, nick?, ext? }   -> { roomId }
//   { id, op: 'send', text, ext? }                             -> ChatRoomMessage as stored
//   { id, op: 'send', custom }     a custom message (NIM's messageType 100), as any NIM client can
//                                  send: refused (403), since the room's custom kinds (record types,
//                                  room signals) come only from the server
//   { id, op: 'leave' }
// server -> client:
//   { id, ok: true, data? } | { id, ok: false, code, msg }
//   { event: 'messages', data: ChatRoomMessage[] }   the lines of one server turn, oldest first, as
//                                                    NIM's onReceiveMessages hands them over in lists
//   { event: 'notification', data: ChatRoomNotice }
//   { event: 'closed', reason }            the room was closed (the live ended)
import type { ChatRoomMessage, ChatRoomNotice } from './chatroom.ts'

export type ChatRoomRequest =
  | { id: number; op: 'enter'; roomId: string; account: string; token: string; nick?: string; ext?: Record<string, unknown> }
  | { id: number; op: 'send'; text: string; ext?: Record<string, unknown>; custom?: Record<string, unknown> }
  | { id: number; op: 'leave' }

export type ChatRoomServerFrame =
  | { id: number; ok: true; data?: unknown }
  | { id: number; ok: false; code: number; msg: string }
  | { event: 'messages'; data: ChatRoomMessage[] }
  | { event: 'notification'; data: ChatRoomNotice }
  | { event: 'closed'; reason: string }
