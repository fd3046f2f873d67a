// The push bus (NET-07): every realtime message (WebSocket or IM) passes through here on its way to
// the plugins' push handlers. It validates (anything malformed is dropped silently), drops
// duplicates by msgId (a server may resend after a reconnect), and isolates handlers from each
// other: one throwing handler never stops the rest.
import { parsePush } from './protocol/push.ts'
import type { BusHandler, Disposer, Kernel, PushMessage } from './types.ts'

export interface PushBus {
  /** add a handler for one push type; returns its disposer */
  on(pushType: string, handler: BusHandler): Disposer
  /** dispatch a raw frame or an already parsed message: validates, drops duplicates by msgId,
   *  calls every handler of its type inside try/catch. Returns false when dropped */
  dispatch(frame: string | PushMessage): boolean
}

export interface PushBusOptions {
  /** the kernel handed to handlers; a getter because the bus is built before the kernel is complete */
  kernel: () => Kernel
  /** a handler threw; the bus carries on with the next one */
  onError?: (err: unknown, pushType: string) => void
  /** how many recent msgIds are remembered for duplicate detection (default 500) */
  remember?: number
  /** a push type nobody handles yet may get a handler soon (a late plugin): a promise of its
   *  arrival, or null; the message waits for it instead of being dropped */
  missing?: () => Promise<void> | null
}

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

export function createPushBus(opts: PushBusOptions): PushBus {
  const handlers = new Map<string, Set<BusHandler>>()
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

  return {
    on(pushType, handler) {
      let set = handlers.get(pushType)
      if (!set) handlers.set(pushType, (set = new Set()))
      set.add(handler)
      return () => {
        set.delete(handler)
        if (!set.size && handlers.get(pushType) === set) handlers.delete(pushType)
      }
    },
    dispatch(frame) {
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
    },
  }
}
