// The push bus (NET-07): every realtime message (WebSocket or IM) passes through here on its way to
// the plugins' push handlers. Handlers are kept here; validating, dropping duplicates and calling
// the handlers is push-dispatch.ts, whose code loads with the first push (frames that come before
// it wait, in order).
import { once } from './once.ts'
import type { createDispatch } from './push-dispatch.ts'
import type { BusHandler, Disposer, Kernel, PushMessage } from './types.ts'

export type Handlers = Map<string, Set<BusHandler>>

export interface PushBus {
  /** add a handler for one push type; returns its disposer */
  on(pushType: string, handler: BusHandler): Disposer
  /** dispatch a raw frame or an already parsed message: validates, drops duplicates by msgId,
   *  calls every handler of its type inside try/catch. Returns false when dropped (true, before
   *  the dispatch's code has arrived: the frame waits for it) */
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
  /** the dispatch at hand (tests pass push-dispatch.ts's): no wait for its code */
  createDispatch?: typeof createDispatch
}

export function createPushBus(opts: PushBusOptions): PushBus {
  const handlers: Handlers = new Map()
  let dispatch = opts.createDispatch?.(opts, handlers) ?? null
  const early: Array<string | PushMessage> = []
  const load = once(() => import('./push-dispatch.ts'))
  const drain = () =>
    load().then(
      (m) => {
        dispatch ??= m.createDispatch(opts, handlers)
        for (const frame of early.splice(0)) dispatch(frame)
      },
      (err) => console.error('[app] the push dispatch failed to load', err),
    )
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
      if (dispatch) return dispatch(frame)
      early.push(frame)
      void drain()
      return true
    },
  }
}
