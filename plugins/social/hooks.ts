// One load with its three states (loading, failed, ready) and a retry, for the social pages.
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
  return [value, () => setAttempt((n) => n + 1), (v) => setValue({ state: 'ready', value: v })]
}
