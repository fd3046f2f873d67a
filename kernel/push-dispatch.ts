// The push bus's dispatch (NET-07), loaded with the first push: a guest's first screen receives
// none (the realtime socket opens only with a token), so its code need not be there. It validates
// (anything malformed is dropped silently), drops duplicates by msgId (a server may resend after a
// reconnect), and isolates handlers from each other: one throwing handler never stops the rest.
import { parsePush } from './protocol/push.ts'
import type { Handlers, PushBusOptions } from './push.ts'
import type { PushMessage } from './types.ts'

/** An object already parsed elsewhere (the IM adapter) gets the same checks as a text frame. */
function validate(frame: string | PushMessage): PushMessage | null {
  if (typeof frame === 'string') return parsePush(frame)
  if (!frame || typeof frame !== 'object') return null
  try {
    return parsePush(JSON.stringify(frame))
  } catch {
    // circular or otherwise unserialisable
    return null
  }
}

export function createDispatch(opts: PushBusOptions, handlers: Handlers) {
  const limit = Math.max(1, opts.remember ?? 500)
  // insertion-ordered set: the oldest id is the first one, dropped when over the limit
  const seen = new Set<string>()

  const report = (err: unknown, pushType: string) => {
    try {
      opts.onError?.(err, pushType)
    } catch {
      // an error reporter that fails must not break delivery either
    }
  }

  const deliver = (message: PushMessage) => {
    // a copy: a handler may dispose itself (or others) while we iterate
    for (const handler of [...(handlers.get(message.pushType) ?? [])]) {
      try {
        handler(message.data, opts.kernel(), message)
      } catch (err) {
        report(err, message.pushType)
      }
    }
  }

  return (frame: string | PushMessage): boolean => {
    const message = validate(frame)
    if (!message || seen.has(message.msgId)) return false
    seen.add(message.msgId)
    if (seen.size > limit) seen.delete(seen.values().next().value as string)
    if (!handlers.has(message.pushType)) {
      opts.missing?.()?.then(
        () => deliver(message),
        () => undefined,
      )
      return true
    }
    deliver(message)
    return true
  }
}
