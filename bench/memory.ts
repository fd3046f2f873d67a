// What a page holds, after a full garbage collection, read through the DevTools protocol: the JS
// heap in use; the listeners on the document's nodes and on window (DOMDebugger.getEventListeners, the
// DOM walked to its leaves: exact); the nodes in the document; and the renderer's counters of DOM
// nodes and JS event listeners (Memory.getDOMCounters: detached nodes a leak keeps, listeners on any
// target such as sockets and signals; they also count dead objects not yet swept, so they are
// indicative; the precise leak-detection read fails in this headless Chromium).
import type { CDPSession, Page } from 'playwright-core'

export interface MemorySample {
  /** bytes of JS heap in use after GC */
  heap: number
  /** nodes alive in the renderer (attached or not) */
  nodes: number
  /** JS event listeners alive in the renderer, on any target */
  listeners: number
  /** listeners on the document, its nodes and window */
  domListeners: number
  /** nodes in the document */
  domNodes: number
}

export const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`

/** a CDP session on the page with the heap profiler on (its GC is a full one) */
export async function memoryProbe(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  return cdp
}

async function listenersOf(cdp: CDPSession, expression: string, depth: number): Promise<number> {
  const { result } = await cdp.send('Runtime.evaluate', { expression })
  if (!result.objectId) return 0
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId, depth, pierce: true })
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId })
  return listeners.length
}

export async function sampleMemory(cdp: CDPSession): Promise<MemorySample> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  // the plain counters count dead objects not yet swept too (a second collection after a moment
  // sweeps most of them; under a busy room they still swing by hundreds: indicative only)
  await new Promise((r) => setTimeout(r, 500))
  await cdp.send('HeapProfiler.collectGarbage')
  const counters = await cdp.send('Memory.getDOMCounters')
  const domListeners = (await listenersOf(cdp, 'document', -1)) + (await listenersOf(cdp, 'window', 0))
  const { result } = await cdp.send('Runtime.evaluate', { expression: `document.getElementsByTagName('*').length`, returnByValue: true })
  return { heap: usedSize, nodes: counters.nodes, listeners: counters.jsEventListeners, domListeners, domNodes: Number(result.value) }
}
