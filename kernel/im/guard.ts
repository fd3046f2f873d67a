// Guards of what the messaging service hands the app (kernel/guard.ts): a message or conversation
// applied whole or dropped. The attachment stays an open object (each kind reads its own fields
// defensively, plugins/message/kinds.ts) but is a plain object whose `raw` is text.
import { bool, id, int, list, num, obj, or, str, type Guard } from '../guard.ts'
import type { ImConversation, ImMessage } from './types.ts'

/** at most this many fields of an attachment are kept */
const MAX_ATTACHMENT_KEYS = 40

const attachment: Guard<NonNullable<ImMessage['attachment']>> = (v) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined
  const src = v as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(src).slice(0, MAX_ATTACHMENT_KEYS)) if (k !== '__proto__') out[k] = src[k]
  if (out.raw !== undefined && typeof out.raw !== 'string') delete out.raw
  return out
}

export const imMessage: Guard<ImMessage> = obj({
  messageClientId: id(200),
  messageServerId: or(id(200), undefined),
  senderId: or(str(200), ''),
  conversationId: or(str(400), ''),
  text: or(str(5000), undefined),
  // an unknown type is the chat's neutral placeholder
  messageType: or(int, -1),
  attachment: or(attachment, undefined),
  serverExtension: or(str(10_000), undefined),
  createTime: or(num, 0),
  fromNick: or(str(100), undefined),
})

const imConversation: Guard<ImConversation> = obj({
  conversationId: id(400),
  to: or(str(200), ''),
  lastMessage: or(imMessage, undefined),
  unreadCount: or(int, 0),
  isPin: or(bool, undefined),
  isReply: or(bool, undefined),
  updateTime: or(num, 0),
})

export const imMessages = list(imMessage, 500)
export const imConversations = list(imConversation, 1000)
