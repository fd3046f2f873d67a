// A tiny typed event hub for kernel-wide happenings (insufficient balance, 401, login needed).
// Each listener runs inside try/catch: one faulty listener never stops the others.
import type { Disposer, Events, KernelEvents } from './types.ts'

type Listener = (e: any) => void

export function createEvents(onError: (err: unknown, name: string) => void = report): Events {
  const listeners = new Map<string, Listener[]>()
  return {
    on(name, fn): Disposer {
      // copy on write, so a listener removed while an event is dispatched does not shift the loop
      listeners.set(name, [...(listeners.get(name) ?? []), fn])
      return () => listeners.set(name, (listeners.get(name) ?? []).filter((l) => l !== fn))
    },
    emit<K extends keyof KernelEvents>(name: K, e: KernelEvents[K]) {
      for (const fn of listeners.get(name) ?? []) {
        try {
          fn(e)
        } catch (err) {
          onError(err, name)
        }
      }
    },
  }
}

function report(err: unknown, name: string) {
  console.error(`listener of "${name}" failed`, err)
}
