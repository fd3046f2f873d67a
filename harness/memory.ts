// What a fake keeps in memory beside the database (lucky odds and queued wins, live rooms, greeting
// timers): per harness context, and forgotten with the database when the harness is reset, so a
// reset starts every fake afresh. A fake's tickers read it anew each time, so they follow.
import type { HarnessContext } from './types.ts'

interface Kept {
  value: unknown
  forget?: (value: never) => void
}
const kept = new WeakMap<HarnessContext, Map<string, Kept>>()

/** this context's `name`, made on first use; `forget` runs when a reset drops it (stop its timers) */
export function memoryOf<T>(ctx: HarnessContext, name: string, make: () => T, forget?: (value: T) => void): T {
  let all = kept.get(ctx)
  if (!all) kept.set(ctx, (all = new Map()))
  let k = all.get(name)
  if (!k) all.set(name, (k = { value: make(), forget: forget as Kept['forget'] }))
  return k.value as T
}

/** drop everything kept for this context (the harness reset) */
export function forgetMemory(ctx: HarnessContext): void {
  for (const k of kept.get(ctx)?.values() ?? []) k.forget?.(k.value as never)
  kept.delete(ctx)
}
