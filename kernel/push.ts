// INTERFACE ONLY for now: implemented by the kernel realtime work (NET-05, NET-07).
import type { Disposer, PushHandler, PushMessage } from './types.ts'

export interface PushBus {
  /** add a handler for one push type; returns its disposer */
  on(pushType: string, handler: PushHandler): Disposer
  /** dispatch a raw frame or an already parsed message: validates, drops duplicates by msgId,
   *  calls every handler of its type inside try/catch. Returns false when dropped. */
  dispatch(frame: string | PushMessage): boolean
}

// Factory to implement (kernel/index.ts calls it):
// export function createPushBus(opts: { kernel: () => Kernel; onError?: (err: unknown, pushType: string) => void; remember?: number }): PushBus
