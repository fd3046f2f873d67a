// How a conversation row reads: the last message in a line, and a short time.
import type { ImMessage } from '../../kernel/im/types.ts'
import { kindOf } from './kinds.ts'

/** text as is; other kinds as a bracketed word (i18n key) */
export function previewOf(m: ImMessage | undefined): { text?: string; key?: string } {
  if (!m) return {}
  const k = kindOf(m)
  // IM-05: an invitation is no line of the chat (the inbox shows the last message before it)
  if (k.kind === 'invite') return {}
  if (k.kind === 'text' || k.kind === 'tip') return k.text ? { text: k.text } : { key: 'message.message' }
  if (k.kind === 'image') return { key: 'message.image' }
  if (k.kind === 'gift') return { key: 'message.gift' }
  if (k.kind === 'missed-call') return { key: 'message.missedCallShort' }
  if (k.kind === 'paid') return { key: 'message.paidTitle' }
  if (k.kind === 'intimacy') return { key: 'message.intimacy' }
  return { key: 'message.message' }
}

// one formatter per locale and style: building one per row cost most of a frame while a long inbox scrolled
const formats = new Map<string, Intl.DateTimeFormat>()
function format(at: Date, locale: string, style: 'time' | 'date'): string {
  const key = `${locale}:${style}`
  let f = formats.get(key)
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, style === 'time' ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric' })))
  return f.format(at)
}

/** HH:mm today, 'Yesterday', else a short date, in the reader's locale */
export function shortTime(at: number, now: number, locale: string): { text?: string; key?: string } {
  if (!at) return {}
  const d = new Date(at)
  const today = new Date(now)
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()
  if (at >= startOfToday) return { text: format(d, locale, 'time') }
  if (at >= startOfToday - 86_400_000) return { key: 'message.yesterday' }
  return { text: format(d, locale, 'date') }
}
