// Timer functions, injectable so tests drive time themselves (test/fake-timers.ts).
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: any): void
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(id: any): void
  now(): number
}

/** The platform's timers, wrapped so they are never called detached from their global. */
export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id),
  now: () => Date.now(),
}
