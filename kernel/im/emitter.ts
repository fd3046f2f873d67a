// A tiny typed event emitter for the IM and RTC adapters. Each listener runs inside
// try/catch: a page's faulty listener must not break the connection that feeds everyone.
export interface Emitter<E> {
  on<K extends keyof E>(ev: K, fn: (e: E[K]) => void): () => void
  emit<K extends keyof E>(ev: K, e: E[K]): void
  clear(): void
}

export function createEmitter<E>(onError: (err: unknown) => void = (err) => console.error(err)): Emitter<E> {
  const map = new Map<keyof E, Set<(e: any) => void>>()
  return {
    on(ev, fn) {
      let set = map.get(ev)
      if (!set) map.set(ev, (set = new Set()))
      set.add(fn)
      return () => void set.delete(fn)
    },
    emit(ev, e) {
      for (const fn of [...(map.get(ev) ?? [])]) {
        try {
          fn(e)
        } catch (err) {
          onError(err)
        }
      }
    },
    clear: () => map.clear(),
  }
}
