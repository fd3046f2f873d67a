// How a conversation row reads: the last message in a line, and a short time.
import type { ImMessage } from '../../kernel/im/types.ts'
import { kindOf } from './kinds.ts'

/** text as is; other kinds as a bracketed word (i18n key) */
export function previewOf(m: ImMessage | undefined): { text?: string; key?: string } {
  if (!m) return {}
  const k = kindOf(m)
  if (k.kind === 'text' || k.kind === 'tip') return k.text ? { text: k.text } : { key: 'message.message' }
  if (k.kind === 'image') return { key: 'message.image' }
  if (k.kind === 'gift') return { key: 'message.gift' }
  if (k.kind === 'missed-call') return { key: 'message.missedCallShort' }
  if (k.kind === 'paid') return { key: 'message.paidTitle' }
  if (k.kind === 'intimacy') return { key: 'message.intimacy' }
  return { key: 'message.message' }
}

/** HH:mm today, 'Yesterday', else a short date, in the reader's locale */
export function shortTime(at: number, now: number, locale: string): { text?: string; key?: string } {
  if (!at) return {}
  const d = new Date(at)
  const today = new Date(now)
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()
  if (at >= startOfToday) return { text: d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) }
  if (at >= startOfToday - 86_400_000) return { key: 'message.yesterday' }
  return { text: d.toLocaleDateString(locale, { month: 'short', day: 'numeric' }) }
}
