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
