// What a message is, for the chat list: its messageType and attachment read defensively, since
// attachments come from hosts, systems and robots and may be malformed. Text is only ever text
// (React escapes it); an unknown type becomes a neutral placeholder. Official cards (payment
// notices, system lines, gift, intimacy and call cards) are believed only from a system account or
// from the server's own sends: from anyone else they are ordinary text at most.
import { parseJson } from '../../kernel/protocol/json.ts'
import { SERVER_SENT_KEY, VIEW_FLAG_PAID } from '../../kernel/protocol/official.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import type { ImMessage } from '../../kernel/im/types.ts'
import { ROBOT_INVITE } from '../calls/api.ts'
import { NON_HOST_ACCOUNTS } from './api.ts'

export type MessageKind =
  | { kind: 'text'; text: string }
  | { kind: 'image'; url: string; width?: number; height?: number }
  | { kind: 'gift'; giftImg?: string; giftName?: string; giftNum: number }
  | { kind: 'missed-call' }
  | { kind: 'tip'; text: string }
  | { kind: 'paid'; text?: string; diamondNum?: number }
  | { kind: 'intimacy'; level: number }
  /** IM-05: a robot's call invitation (d2 §4.9): a signal for the calls feature, never a chat line */
  | { kind: 'invite' }
  | { kind: 'unknown' }

/** d2 §3 message types */
const MsgType = { text: 0, image: 1, notification: 5, call: 7, tip: 10, robot: 11, bill: 12, custom: 100 } as const

const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null)

function parseObject(raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== 'string') return obj(raw)
  try {
    return obj(parseJson(raw))
  } catch {
    return null
  }
}

/** an image address the app may load (kernel/url.ts), else undefined: nothing is drawn */
const safeUrl = (v: unknown): string | undefined => safeImageUrl(v) || undefined

/** serverExtension as an object ({} when absent or malformed) */
const extensionOf = (m: ImMessage) => parseObject(m.serverExtension) ?? {}

/** the custom payload: attachment.raw parsed, else the attachment itself */
const customOf = (m: ImMessage) => parseObject(m.attachment?.raw) ?? obj(m.attachment) ?? {}

/** who may send official cards: a system account (d2 §6) or the server itself (its mark, which it refuses from clients) */
const fromOfficial = (m: ImMessage, ext: Record<string, unknown>) => NON_HOST_ACCOUNTS.includes(m.senderId) || Number(ext[SERVER_SENT_KEY]) === 1

const imageKind = (m: ImMessage): MessageKind => {
  const url = safeUrl(m.attachment?.url)
  return url ? { kind: 'image', url, width: Number(m.attachment?.width) || undefined, height: Number(m.attachment?.height) || undefined } : { kind: 'unknown' }
}

/** what anyone may send: text or an image; a system line's type is at most its text, a card a placeholder */
function ordinaryKind(m: ImMessage): MessageKind {
  const type = Number(m.messageType)
  if (type === MsgType.image) return imageKind(m)
  if (type === MsgType.text) return typeof m.text === 'string' ? { kind: 'text', text: m.text } : { kind: 'unknown' }
  const systemLine = type === MsgType.tip || type === MsgType.notification || type === MsgType.bill
  return systemLine && typeof m.text === 'string' && m.text.trim() ? { kind: 'text', text: m.text } : { kind: 'unknown' }
}

/** IM-05: a robot call invitation (a custom message whose payload's type is the calls feature's
 *  ROBOT_INVITE). Recognised from any sender: it is only ever hidden, and the calls feature asks the
 *  server who the invitation is for before acting on it. */
const invitation = (m: ImMessage): boolean => Number(m.messageType) === MsgType.custom && customOf(m).type === ROBOT_INVITE
export const isInvitation = (m: ImMessage | undefined): boolean => !!m && kindOf(m).kind === 'invite'

// what each message is, read once: a message is never changed after it arrives (a new state is a
// new object), and the chat list asks again for every row it guesses, draws or filters
const kinds = new WeakMap<ImMessage, MessageKind>()

export function kindOf(m: ImMessage): MessageKind {
  let k = kinds.get(m)
  if (!k) kinds.set(m, (k = readKind(m)))
  return k
}

function readKind(m: ImMessage): MessageKind {
  if (invitation(m)) return { kind: 'invite' }
  const ext = extensionOf(m)
  if (!fromOfficial(m, ext)) return ordinaryKind(m)
  if (Number(ext.viewFlag) === VIEW_FLAG_PAID) {
    const data = obj(ext.data) ?? {}
    return { kind: 'paid', text: typeof m.text === 'string' && m.text ? m.text : undefined, diamondNum: Number(data.diamondNum) || undefined }
  }
  const type = Number(m.messageType)
  if (type === MsgType.text) return typeof m.text === 'string' ? { kind: 'text', text: m.text } : { kind: 'unknown' }
  if (type === MsgType.image) return imageKind(m)
  if (type === MsgType.tip || type === MsgType.notification) return typeof m.text === 'string' && m.text ? { kind: 'tip', text: m.text } : { kind: 'unknown' }
  if (type === MsgType.call) return { kind: 'missed-call' }
  if (type === MsgType.custom) {
    const raw = customOf(m)
    if (raw.attachType === 'SEND_GIFT') {
      return { kind: 'gift', giftImg: safeUrl(raw.giftImg ?? raw.smallImg), giftName: typeof raw.giftName === 'string' ? raw.giftName : undefined, giftNum: Math.max(1, Number(raw.giftNum) || 1) }
    }
    if (raw.attachType === 'MISSED_CALLS_RECORD') return { kind: 'missed-call' }
    // LIVE-15: the pair's intimacy reached a level (the harness's shape, harness/README.md "Intimacy")
    if (raw.attachType === 'INTIMACY_UPGRADE' && Number.isInteger(Number(raw.level)) && Number(raw.level) > 0) return { kind: 'intimacy', level: Number(raw.level) }
  }
  return { kind: 'unknown' }
}
