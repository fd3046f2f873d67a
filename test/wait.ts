// The one way a test waits: waitFor(condition) and settle(), both bounded by real time, never by a
// count of event-loop turns, so they hold on a busy machine. They read Node's own timers and clock,
// which a test's fake timers (installed on globalThis) never replace.
import { setImmediate, setTimeout } from 'node:timers'
import { performance } from 'node:perf_hooks'
import { act } from 'react'

/** how long waitFor and settle wait at most: generous, a busy machine may be slow */
const WAIT_MS = 5000
/** how long the page must stay unchanged before settle() returns */
const QUIET_MS = 25
/** and over how many turns at least: a process the machine paused for QUIET_MS has not run the
 *  answers that arrived meanwhile (the wait stays bounded by WAIT_MS) */
const QUIET_TURNS = 3

const now = () => performance.now()

// A macrotask boundary (every queued promise callback runs first), inside act() so React's work
// lands too; quick turns at first, then a few milliseconds apart so a long wait does not spin.
function pause(since: number) {
  return act(() => new Promise<void>((r) => (now() - since < 50 ? setImmediate(r) : setTimeout(r, 5))))
}

export interface WaitOptions {
  /** ms, default WAIT_MS */
  timeout?: number
  /** what the test waits for, named in the failure */
  what?: string
}

/**
 * Resolves with the condition's first truthy value; fails after `timeout` ms of real time. A
 * condition that throws counts as not yet (its last error is in the failure).
 */
export async function waitFor<T>(condition: () => T | Promise<T>, o: WaitOptions = {}): Promise<NonNullable<T>> {
  const timeout = o.timeout ?? WAIT_MS
  const start = now()
  let last: unknown
  for (;;) {
    try {
      const value = await condition()
      if (value) return value as NonNullable<T>
    } catch (err) {
      last = err
    }
    if (now() - start > timeout) break
    await pause(start)
  }
  const why = last ? `: ${last instanceof Error ? last.message : String(last)}` : ''
  throw new Error(`waited ${timeout} ms for ${o.what ?? String(condition)}${why}`)
}

/**
 * Until the page has stopped changing for a moment and no lazy chunk is on its way (a Suspense
 * fallback marked data-chunk-loading), at most WAIT_MS: lazy pages and overlays load over several
 * turns, more on a busy or cold machine (the first import of a module compiles it).
 */
export async function settle(): Promise<void> {
  const start = now()
  const page = () => (typeof document === 'undefined' ? '' : document.body.innerHTML)
  const loading = () => typeof document !== 'undefined' && !!document.querySelector('[data-chunk-loading]')
  let last = page()
  let quietSince = start
  let quietTurns = 0
  while (now() - start < WAIT_MS) {
    await pause(start)
    const current = page()
    if (current !== last || loading()) {
      last = current
      quietSince = now()
      quietTurns = 0
    } else if (++quietTurns >= QUIET_TURNS && now() - quietSince >= QUIET_MS) return
  }
}
