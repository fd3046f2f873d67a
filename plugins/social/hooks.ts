// One load with its three states (loading, failed, ready) and a retry, for the social pages; a load
// that failed offline is tried again when the connection comes back.
import { useEffect, useState } from 'react'

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T }

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [Loaded<T>, () => void, (value: T) => void] {
  const [value, setValue] = useState<Loaded<T>>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setValue({ state: 'loading' })
    load().then(
      (v) => live && setValue({ state: 'ready', value: v }),
      () => live && setValue({ state: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [...deps, attempt])
  const failed = value.state === 'failed'
  useEffect(() => whenOnline(failed, () => setAttempt((n) => n + 1)), [failed])
  return [value, () => setAttempt((n) => n + 1), (v) => setValue({ state: 'ready', value: v })]
}

/** while `failed`, run `retry` once the browser says it is back online; returns the disposer */
export function whenOnline(failed: boolean, retry: () => void): (() => void) | undefined {
  if (!failed || typeof window === 'undefined') return undefined
  window.addEventListener('online', retry)
  return () => window.removeEventListener('online', retry)
}

/** the browser thinks it has no connection */
export const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false
