// What a toast shows for a server's message (d1 §8 'Warning toast with the server message').
//
// A real server words its messages in the request's Accept-Language; some answers (and the harness)
// send a key instead ('vip.needs.first.recharge'). A key is never shown: the kernel's table words it
// (locales/<lang>/kernel-ui.json, "server", dots as _), and a key nobody worded reads as a generic
// sentence. Loaded with the overlay host only, so the first screen carries none of it.
import type { I18n } from './i18n.ts'

/** 'diamond.not.enough', 'price.changed: reload': dotted words, no spaces before a colon ('Lv.5' is not one) */
const KEY_LIKE = /^([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+)(?::.*)?$/i

/** the key a server message is, or null when it is a sentence to show as it is */
export function serverKey(text: string): string | null {
  return KEY_LIKE.exec(text.trim())?.[1] ?? null
}

/** the string-table key that words a server key */
export const serverTextKey = (key: string) => `kernel-ui.server.${key.replace(/\./g, '_')}`

const UNKNOWN = 'kernel-ui.server.unknown'

/**
 * The text to show for `text`: a sentence as it is; a key worded for the locale, or the generic
 * sentence. null while the table is not loaded yet (the caller loads kernel-ui and asks again).
 */
export function serverText(t: I18n['t'], text: string): string | null {
  const key = serverKey(text)
  if (!key) return text
  if (t(UNKNOWN) === UNKNOWN) return null
  const worded = t(serverTextKey(key))
  return worded !== serverTextKey(key) ? worded : t(UNKNOWN)
}
