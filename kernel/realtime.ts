// INTERFACE ONLY for now: implemented by the kernel realtime work (NET-05).
import type { ReadonlySignal } from '@preact/signals-react'

export type RealtimeState = 'idle' | 'connecting' | 'open' | 'retrying' | 'failed'

export interface Realtime {
  state: ReadonlySignal<RealtimeState>
  /** open (or re-open) with the session token; no-op for guests */
  connect(): void
  disconnect(): void
  /** channel carried by heartbeats, and status 10000 while set */
  setCallChannel(channelId: string | null): void
}

// Factory to implement (kernel/index.ts calls it). Timers injectable for tests.
// export function createRealtime(opts: {
//   config: AppConfig; token: ReadonlySignal<string | null>; push: PushBus;
//   onGiveUp: () => void;               // after 720 failed retries: kernel toasts 'Failed to connect WebSocket after retries'
//   WebSocket?: typeof WebSocket; timers?: { setTimeout, clearTimeout, setInterval, clearInterval }
// }): Realtime
