// localStorage can throw (private mode, quota, a webview with storage off). The kernel reads
// and writes through these wrappers so a refused write never breaks a flow; it only
// means the value will not survive a reload.
export interface SafeStorage {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

export function safeStorage(storage: Storage | undefined): SafeStorage {
  return {
    get(key) {
      try {
        return storage?.getItem(key) ?? null
      } catch {
        return null
      }
    },
    set(key, value) {
      try {
        storage?.setItem(key, value)
      } catch {
        /* kept in memory only, by the caller's signal */
      }
    },
    remove(key) {
      try {
        storage?.removeItem(key)
      } catch {
        /* nothing stored, nothing to remove */
      }
    },
  }
}

/** An in-memory Storage, for tests and for webviews without localStorage. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial))
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
  }
}

/** window.localStorage when it exists and answers, else memory. */
export function defaultStorage(): Storage {
  try {
    const s = globalThis.localStorage
    if (s) {
      s.getItem('token')
      return s
    }
  } catch {
    /* fall through */
  }
  return memoryStorage()
}
