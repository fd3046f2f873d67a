// The calls service: what the plugin provides under callsRef (api.ts), and, inside the plugin,
// under callsServiceRef with the engine's loader. The engine (engine/: the call machine, billing,
// incoming calls, the overlay sync) loads on first use, so a user who never calls never
// downloads it. Before it loads there is no call: info is the empty call info.
import { computed, signal, type ReadonlySignal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import type { Kernel } from '../../kernel/types.ts'
import { emptyInfo, type CallsApi } from './api.ts'
import type { CallsOptions, CallsService } from './engine/start.ts'

/** The calls service as the plugin's own files see it: the public face and the engine's loader. */
export interface CallsFacade extends CallsApi {
  /** the full service once its engine has loaded, else null */
  loaded: ReadonlySignal<CallsService | null>
  /** load the engine (once; a failed load may be tried again) */
  load(): Promise<CallsService>
  /** run fn with the service if it is loaded or loading; nothing when the engine never started */
  whenStarted(fn: (service: CallsService) => void): void
  dispose(): void
}

/** the plugin's own handle on it; other plugins use callsRef (api.ts), which is the same object */
export const callsServiceRef = ref<CallsFacade>('calls.service')

let rules: typeof import('./rules.ts') | null = null

/** May the incoming call popup show on this path (d1 §2)? Only the engine opens it, and the rules
 *  load with the engine: before that there is no incoming call to show. */
export function incomingAllowed(path: string): boolean {
  return rules?.incomingPopupAllowed(path) ?? false
}

export function createCallsFacade(kernel: Kernel, opts: CallsOptions): CallsFacade {
  const loaded = signal<CallsService | null>(null)
  let loading: Promise<CallsService> | null = null
  let disposed = false
  const idle = emptyInfo()

  const load = () =>
    (loading ??= Promise.all([import('./engine/start.ts'), import('./rules.ts')]).then(
      ([m, r]) => {
        rules = r
        if (disposed) throw new Error('the calls plugin was disposed')
        const service = m.startCallsService(kernel, opts)
        loaded.value = service
        return service
      },
      (err) => {
        loading = null
        throw err
      },
    ))
  const report = (err: unknown) => console.error('[app] the call engine failed to load', err)

  return {
    loaded,
    load,
    whenStarted(fn) {
      const now = loaded.peek()
      if (now) fn(now)
      else if (loading) loading.then(fn, report)
    },
    info: computed(() => loaded.value?.info.value ?? idle),
    warning: computed(() => loaded.value?.warning.value ?? null),
    start: (o) => load().then((s) => s.start(o)),
    startMatch: () => load().then((s) => s.startMatch()),
    // nothing to hang up or cancel before the engine ran
    hangUp: () => loaded.peek()?.hangUp(),
    cancel: () => loaded.peek()?.cancel(),
    dispose() {
      disposed = true
      loaded.peek()?.dispose()
    },
  }
}
