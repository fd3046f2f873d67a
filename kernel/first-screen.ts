// Paint first, wire later. Work the first screen does not need (other plugins' dictionaries, the
// call plugin's wiring, ...) waits until the page has put its content on screen, so it neither
// competes with that page for the network nor delays it. The page says so with firstScreenShown();
// a page that never does still lets the work start after FIRST_SCREEN_MAX_MS.
import type { Kernel } from './types.ts'

/** the longest the deferred work waits for a page that never reports */
export const FIRST_SCREEN_MAX_MS = 4000
/** after the first screen, this long for the browser to finish it (images, layout) */
export const FIRST_SCREEN_SETTLE_MS = 500

export interface FirstScreenGate {
  /** resolves once the first screen is shown and has settled */
  readonly done: Promise<void>
  /** resolves once the first screen is shown (or the longest wait has passed), without settling */
  readonly painted: Promise<void>
  /** the first screen's content is on screen; later calls do nothing. `settles` false: a page that
   *  reports no first screen of its own has drawn, which only `painted` waits for */
  shown(settles?: boolean): void
}

type Schedule = (fn: () => void, ms: number) => unknown

/** A gate that opens FIRST_SCREEN_SETTLE_MS after shown(), or FIRST_SCREEN_MAX_MS after creation. */
export function createFirstScreenGate(schedule: Schedule = (fn, ms) => setTimeout(fn, ms)): FirstScreenGate {
  let open!: () => void
  let paint!: () => void
  let opening = false
  const done = new Promise<void>((resolve) => (open = resolve))
  const painted = new Promise<void>((resolve) => (paint = resolve))
  const settle = (ms: number) => {
    paint()
    if (opening) return
    opening = true
    schedule(() => idle(open), ms)
  }
  schedule(() => settle(0), FIRST_SCREEN_MAX_MS)
  return { done, painted, shown: (settles = true) => (settles ? settle(FIRST_SCREEN_SETTLE_MS) : paint()) }
}

/** A gate that is open from the start: kernels in tests and previews wire everything at once. */
export const openGate: FirstScreenGate = { done: Promise.resolve(), painted: Promise.resolve(), shown: () => {} }

function idle(fn: () => void) {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => unknown }).requestIdleCallback
  if (ric) ric(fn, { timeout: 1000 })
  else fn()
}

const gates = new WeakMap<object, FirstScreenGate>()

/** createKernel binds its gate here; a kernel without one (a test's hand-made kernel) is open. */
export function bindFirstScreen(kernel: Kernel, gate: FirstScreenGate): void {
  gates.set(kernel, gate)
}

/** Resolves when work the first screen does not need may start. */
export function afterFirstScreen(kernel: Kernel): Promise<void> {
  return (gates.get(kernel) ?? openGate).done
}

/** The page has shown its first content (cards, an empty or an error state); `settles` as in FirstScreenGate.shown. */
export function firstScreenShown(kernel: Kernel, settles?: boolean): void {
  gates.get(kernel)?.shown(settles)
}
