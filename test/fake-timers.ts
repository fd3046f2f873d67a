// Fake timers for unit tests: time moves only when the test says so, so a test about a
// 20 s heartbeat or 720 retries runs in microseconds and can never be flaky.
export interface FakeTimers {
  setTimeout(fn: () => void, ms: number): number
  clearTimeout(id: unknown): void
  setInterval(fn: () => void, ms: number): number
  clearInterval(id: unknown): void
  /** current fake time in ms */
  now(): number
  /** number of timers waiting */
  pending(): number
  /** move time forward, running every timer that falls due, in order */
  tick(ms: number): void
  /** like tick, but lets promises settle after each timer (for async code under test) */
  tickAsync(ms: number): Promise<void>
}

interface Task {
  at: number
  fn: () => void
  every?: number
}

// After each fake timer, the promise callbacks it queued run (a macrotask boundary runs every
// queued microtask) before time moves on. This is no wait: for waiting, see test/wait.ts.
const flush = () => new Promise<void>((r) => setImmediate(r))

export function fakeTimers(): FakeTimers {
  let now = 0
  let seq = 0
  const tasks = new Map<number, Task>()

  const add = (fn: () => void, ms: number, every?: number) => {
    const id = ++seq
    tasks.set(id, { at: now + Math.max(0, ms || 0), fn, every })
    return id
  }
  const remove = (id: unknown) => void tasks.delete(id as number)

  // The next task due at or before `until`, earliest first, ties by creation order.
  const next = (until: number): [number, Task] | undefined => {
    let best: [number, Task] | undefined
    for (const entry of tasks) {
      if (entry[1].at > until) continue
      if (!best || entry[1].at < best[1].at) best = entry
    }
    return best
  }

  const runOne = (until: number) => {
    const found = next(until)
    if (!found) return false
    const [id, task] = found
    now = task.at
    if (task.every) task.at = now + task.every
    else tasks.delete(id)
    task.fn()
    return true
  }

  return {
    setTimeout: (fn, ms) => add(fn, ms),
    clearTimeout: remove,
    setInterval: (fn, ms) => add(fn, ms, Math.max(1, ms || 0)),
    clearInterval: remove,
    now: () => now,
    pending: () => tasks.size,
    tick(ms) {
      const until = now + ms
      while (runOne(until));
      now = until
    },
    async tickAsync(ms) {
      const until = now + ms
      await flush()
      while (runOne(until)) await flush()
      now = until
    },
  }
}
