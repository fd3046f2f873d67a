// Soak (called by bench/run.ts): a viewer stays in a live room at the load of bench/live.ts (200 chat
// lines and 20 entrance or notice events a second) for BENCH_SOAK_MS (default 10 minutes), 1x CPU.
// After a warm-up that fills the chat's capped window, and then five times until the end, the page is
// sampled after a full GC (bench/memory.ts): JS heap, event listeners, DOM nodes. Goals: the heap grows
// less than 5 MiB from the first sample to the last, and the listeners on the document's nodes and on
// window stay flat (LISTENER_SLACK allows for a few of a line being drawn at the moment of a sample).
// The renderer's own counters (listeners on any target, nodes attached or not) are printed as well but
// count garbage not yet swept, so they swing under this load and are no goal.
import type { Browser } from 'playwright-core'
import type { Harness } from '../harness/server.ts'
import { openWall, tapToFirstFrame } from './live.ts'
import { memoryProbe, mib, sampleMemory, type MemorySample } from './memory.ts'

const DEFAULT_MS = 600_000
const HEAP_GOAL = 5 * 1024 * 1024
const LISTENER_SLACK = 10
const SAMPLES = 5
/** long enough for the chat to reach its capped window before the first sample */
const WARM_UP_MS = 15_000

export interface SoakResult {
  durationMs: number
  /** the first sample (after the warm-up), the ones between and the last */
  samples: Array<MemorySample & { atMs: number }>
  chatLines: number
}

const soakMs = () => Number(process.env.BENCH_SOAK_MS || DEFAULT_MS)

export async function benchSoak(input: { browser: Browser; harness: Harness; durationMs?: number }): Promise<SoakResult> {
  const durationMs = input.durationMs ?? soakMs()
  input.harness.reset()
  const page = await openWall(input.browser, input.harness.url.replace(/\/$/, ''), 1)
  try {
    const cdp = await memoryProbe(page)
    const { hostId } = await tapToFirstFrame(page)
    await input.harness.ops.control('live/rate', { hostId, audience: 1800, chatPerSec: 200, eventsPerSec: 20 })
    await page.waitForTimeout(Math.min(WARM_UP_MS, durationMs / 4)) // the warm-up itself, not a wait for a condition
    const samples: SoakResult['samples'] = []
    const start = Date.now()
    samples.push({ atMs: 0, ...(await sampleMemory(cdp)) })
    for (let i = 1; i <= SAMPLES; i++) {
      // the soak itself: sampled at fixed points of its length
      await page.waitForTimeout(Math.max(0, start + (durationMs * i) / SAMPLES - Date.now()))
      samples.push({ atMs: Date.now() - start, ...(await sampleMemory(cdp)) })
    }
    await input.harness.ops.control('live/rate', { hostId, chatPerSec: 0, eventsPerSec: 0 })
    const chatLines = (await page.evaluate(`document.querySelectorAll('[data-testid=live-line]').length`)) as number
    return { durationMs, samples, chatLines }
  } finally {
    await page.context().close()
    input.harness.reset()
  }
}

/** Rows for bench/run.ts's table: [measure, hello world, app, ratio, goal]. */
export function soakRows(r: SoakResult): string[][] {
  const first = r.samples[0]
  const last = r.samples[r.samples.length - 1]
  const growth = last.heap - first.heap
  const listenerGrowth = last.domListeners - first.domListeners
  const mins = (ms: number) => `${(ms / 60_000).toFixed(1)} min`
  return [
    [`soak, 200 lines/s + 20 events/s for ${mins(r.durationMs)}, 1x CPU: JS heap after GC, start / end`, '', `${mib(first.heap)} / ${mib(last.heap)}`, '', ''],
    ['  heap growth', '', mib(growth), '', `< 5 MiB ${growth < HEAP_GOAL ? 'PASS' : 'MISS'}`],
    ['  heap at each sample (MiB)', '', r.samples.map((s) => (s.heap / 1024 / 1024).toFixed(1)).join(' '), '', ''],
    ['  event listeners on the document, its nodes and window, start / end', '', `${first.domListeners} / ${last.domListeners}`, '', `flat ${listenerGrowth <= LISTENER_SLACK ? 'PASS' : 'MISS'}`],
    ['  JS listeners and nodes alive in the renderer at each sample (indicative)', '', r.samples.map((s) => `${s.listeners}/${s.nodes}`).join(' '), '', ''],
    ['  DOM nodes in the document, start / end', '', `${first.domNodes} / ${last.domNodes}`, '', ''],
    ['  chat lines shown at the end', '', String(r.chatLines), '', ''],
  ]
}
