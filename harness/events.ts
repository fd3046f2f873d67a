// What happened in the harness, as a stream: API calls the app made, pushes sent, state and
// settings changes, scenario progress. The control page follows it over server-sent events
// (GET /__harness/events) and keeps the latest few hundred as its event log.
export type HarnessEvent =
  | { kind: 'api'; path: string; code: string; ms: number; userId: number | null }
  | { kind: 'push'; userId: number | 'all'; pushType: string; reached: number }
  | { kind: 'state' }
  | { kind: 'settings' }
  | { kind: 'scenario'; name: string; status: 'running' | 'done' | 'cancelled' | 'failed'; step?: { at: number; label?: string; ok: boolean; error?: string } }

export type Stamped = HarnessEvent & { id: number; t: number }

export interface EventLog {
  emit(event: HarnessEvent): void
  /** the latest events, oldest first */
  recent(): Stamped[]
  subscribe(listener: (event: Stamped) => void): () => void
}

export function createEventLog(keep = 300): EventLog {
  const recent: Stamped[] = []
  const listeners = new Set<(event: Stamped) => void>()
  let id = 0
  return {
    emit(event) {
      const stamped = { ...event, id: ++id, t: Date.now() } as Stamped
      // state changes come in bursts (one per db write): the log keeps only the pushes and calls
      if (event.kind !== 'state') {
        recent.push(stamped)
        if (recent.length > keep) recent.splice(0, recent.length - keep)
      }
      for (const l of listeners) l(stamped)
    },
    recent: () => recent.slice(),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
