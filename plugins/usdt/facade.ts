// The 'usdt' service as the first bundle knows it: the kept crypto order (read from storage, for
// the floating badge) and a loader of the service (state.ts) with its countdown, status query and
// push handling. The service loads on first use: a pay.usdt push, the /usdtPay pages, or at start
// when an order is kept (its countdown must go on after a reload).
import { computed, signal, type ReadonlySignal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import { safeStorage } from '../../kernel/storage.ts'
import type { UsdtApi, UsdtOrderDetail } from './api.ts'
import { kept, type UsdtState } from './kept.ts'
import type { UsdtDeps, UsdtService } from './state.ts'

export const USDT_STORE_KEY = 'usdtPay'

export type UsdtFactory = (kernel: Kernel, deps: UsdtDeps) => UsdtService
type Kept = UsdtState & { detail?: UsdtOrderDetail }

export interface UsdtFacade extends UsdtApi {
  /** the clock the badge counts down with (injected in tests) */
  now(): number
  loaded: ReadonlySignal<UsdtService | null>
  load(): Promise<UsdtService>
  /** the service, created now with create if it does not exist yet */
  attach(create: UsdtFactory): UsdtService
  dispose(): void
}

/** the kept order in storage, or null (none, unreadable, or older than an hour) */
export function readKept(storage: Storage | undefined, now: number): Kept | null {
  try {
    return kept(JSON.parse(safeStorage(storage).get(USDT_STORE_KEY) ?? 'null'), now) as Kept | null
  } catch {
    return null
  }
}

export function createUsdtFacade(kernel: Kernel, deps: UsdtDeps): UsdtFacade {
  const now = deps.now ?? (() => Date.now())
  const storage = deps.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage)
  const initial = readKept(storage, now())
  const loaded = signal<UsdtService | null>(null)
  let loading: Promise<UsdtService> | null = null
  let disposed = false
  const attach = (create: UsdtFactory) => loaded.peek() ?? (loaded.value = create(kernel, deps))
  const load = () =>
    // with the plugin's strings: the service tells the user about the order on any page
    (loading ??= Promise.all([import('./state.ts'), kernel.i18n.ready(undefined, ['usdt']).catch(() => undefined)]).then(
      ([m]) => {
        if (disposed) throw new Error('the usdt plugin was disposed')
        return attach(m.createUsdt)
      },
      (err) => {
        loading = null
        throw err
      },
    ))
  // a kept order needs its service now: the countdown's query at zero and the 1-hour expiry
  if (initial) load().catch((err) => console.error('[app] the USDT service failed to load', err))
  return {
    now,
    loaded,
    load,
    attach,
    state: computed(() => (loaded.value ? loaded.value.state.value : initial)),
    dispose() {
      disposed = true
      loaded.peek()?.dispose()
    },
  }
}
