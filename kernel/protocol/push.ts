// The realtime WebSocket protocol, shared by the app and the harness.
//
// connect: {wsBase}?token=<encodeURIComponent(encrypt(token))>
// client -> server (JSON text frames):
//   { messageType: 3, channelId }           heartbeat, every 20 s (channelId '' outside calls)
//   { messageType: 2, onlineStatus }        status: 1 online, 10000 in a call
// server -> client (JSON text frames):
//   { msgId, pushType, data }               one push; msgId unique per push (duplicates are dropped)

import { parseJson } from './json.ts'

export const ClientMessageType = { status: 2, heartbeat: 3 } as const
export const OnlineStatusReport = { online: 1, inCall: 10000 } as const

interface ClientStatus {
  messageType: 2
  onlineStatus: number
}
interface ClientHeartbeat {
  messageType: 3
  channelId: string
}
export type ClientFrame = ClientStatus | ClientHeartbeat

// Push types are not listed here: the kernel only routes by name. Each plugin declares the types
// it owns, with their data, in its api.ts (PushTypes in kernel/types.ts).

export interface ServerPush {
  msgId: string
  pushType: string
  data: Record<string, unknown>
}

/** Parse and validate one server frame; null for anything that is not a well-formed push (NET-07). */
export function parsePush(text: unknown): ServerPush | null {
  if (typeof text !== 'string') return null
  let v: unknown
  try {
    v = parseJson(text)
  } catch {
    return null
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null
  const m = v as Record<string, unknown>
  if (typeof m.msgId !== 'string' || !m.msgId) return null
  if (typeof m.pushType !== 'string' || !m.pushType) return null
  if (!m.data || typeof m.data !== 'object' || Array.isArray(m.data)) return null
  return { msgId: m.msgId, pushType: m.pushType, data: m.data as Record<string, unknown> }
}
