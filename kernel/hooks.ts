// React's view of the kernel: one context, and hooks that re-render when the signals they read change.
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react'
import type { ReadonlySignal } from '@preact/signals-react'
import type { Kernel } from './types.ts'
import type { I18n } from './i18n.ts'

export const KernelContext = createContext<Kernel | null>(null)

export function useKernel(): Kernel {
  const kernel = useContext(KernelContext)
  if (!kernel) throw new Error('useKernel() called outside <KernelApp>')
  return kernel
}

/**
 * The current value of a signal, re-rendering when it changes. Works without useSignals(),
 * so hooks can use it inside any component (useSignals() is still needed to read .value in JSX).
 */
export function useSignalValue<T>(signal: ReadonlySignal<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      let first = true
      // subscribe() calls back at once with the current value; only later calls are changes
      return signal.subscribe(() => {
        if (first) first = false
        else onChange()
      })
    },
    [signal],
  )
  return useSyncExternalStore(subscribe, () => signal.peek(), () => signal.peek())
}

/** The translate function, re-rendering the caller when the locale changes or strings it waited
 *  for arrive. */
export function useT(): I18n['t'] {
  const { i18n } = useKernel()
  const locale = useSignalValue(i18n.locale)
  const revision = useSignalValue(i18n.revision)
  // a new function per locale and revision, so memoised children that take `t` as a prop re-render too
  return useCallback((key: string, params?: Record<string, unknown>) => i18n.t(key, params), [i18n, locale, revision])
}

/** Where the user is: the path and the query, re-rendering on navigation. */
export function useRoute(): { path: string; search: URLSearchParams } {
  const { router } = useKernel()
  return { path: useSignalValue(router.path), search: useSignalValue(router.search) }
}
