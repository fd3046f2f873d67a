// LIVE-06 the host's lines translated: one request at a time, carrying every line queued meanwhile
// that is still shown (the path takes a list), so a talkative host costs one request in flight.
import type { Kernel } from '../../kernel/types.ts'
import type { ChatLine, ChatWindow } from './chat.ts'
import { LivePaths } from './paths.ts'
import * as R from './rules.ts'

/** `generation` is the room's: an answer for a room since left is dropped */
export function createHostTranslator(kernel: Kernel, chat: ChatWindow, generation: () => number) {
  let untranslated: ChatLine[] = []
  let translating = false
  const translateWaiting = () => {
    const batch = untranslated.filter((l) => chat.has(l.messageClientId)).slice(-R.TRANSLATE_BATCH)
    untranslated = []
    if (!batch.length) return
    const gen = generation()
    translating = true
    kernel.api
      .post<{ translations?: Array<{ text?: string }> }>(LivePaths.translate, { list: batch.map((l) => ({ text: l.text })), target: kernel.i18n.locale.peek() }, { silent: true, timeout: 5000 })
      .then((res) => {
        const texts = new Map<string, string>()
        batch.forEach((l, i) => {
          const t = res?.translations?.[i]?.text
          if (typeof t === 'string' && t && t !== l.text) texts.set(l.messageClientId, t)
        })
        if (gen === generation() && texts.size) chat.translate(texts)
      })
      .catch(() => undefined) // d2 §8: translation failures are ignored
      .finally(() => {
        translating = false
        translateWaiting()
      })
  }
  return (line: ChatLine) => {
    untranslated.push(line)
    if (!translating) translateWaiting()
  }
}
