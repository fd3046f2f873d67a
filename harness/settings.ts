// Harness settings: kept in memory (a restart or reset goes back to the defaults plus the
// options given to startHarness), changed at run time through POST /__harness/settings.
import type { HarnessSettings } from './types.ts'

/** A fault injected on one API path; see README "Faults". */
interface Fault {
  /** how many requests it affects; absent = every request until removed */
  fail?: number
  /** answer this envelope code (default '5000' when no httpStatus and no delay-only fault) */
  code?: string
  msg?: string
  /** wait this long before answering (alone: a slow but correct answer) */
  delayMs?: number
  /** answer this HTTP status instead of an envelope */
  httpStatus?: number
  /** answer HTTP 200 with a body cut off mid-JSON (a garbled answer) */
  garble?: boolean
}

const defaultSettings: HarnessSettings = {
  billingPeriodSec: 60,
  hostTickMs: 5000,
  /** seed of the simulated hosts' random timeline */
  hostSeed: 1,
  /** hosts changed per tick, at most */
  hostsPerTick: 3,
  /** weak network: every API answer waits this long first */
  latencyMs: 0,
  /** origins of pages elsewhere that may call /api (CORS), e.g. a dev server: ['http://localhost:8000'] */
  appOrigins: [],
  faults: {},
}

export interface SettingsStore {
  get(): HarnessSettings
  /** shallow merge; `faults` merges per path and a null entry removes that path */
  patch(change: Partial<HarnessSettings>): HarnessSettings
  reset(): HarnessSettings
  onChange(listener: (now: HarnessSettings, before: HarnessSettings) => void): () => void
  /** take one use of the fault on a path, if any */
  takeFault(path: string): Fault | null
}

export function createSettings(initial: Partial<HarnessSettings> = {}): SettingsStore {
  const start = (): HarnessSettings => ({ ...defaultSettings, ...initial, faults: { ...((initial.faults as object) ?? {}) } })
  let current = start()
  const listeners = new Set<(now: HarnessSettings, before: HarnessSettings) => void>()
  const emit = (before: HarnessSettings) => listeners.forEach((l) => l(current, before))

  return {
    get: () => current,
    patch(change) {
      const before = current
      const faults = { ...(current.faults as Record<string, Fault>) }
      for (const [path, f] of Object.entries((change.faults as Record<string, Fault | null>) ?? {})) {
        if (f == null) delete faults[path]
        else faults[path] = { ...f }
      }
      current = { ...current, ...change, faults }
      emit(before)
      return current
    },
    reset() {
      const before = current
      current = start()
      emit(before)
      return current
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    takeFault(path) {
      const faults = current.faults as Record<string, Fault>
      const f = faults[path]
      if (!f) return null
      if (f.fail != null) {
        if (f.fail <= 0) {
          delete faults[path]
          return null
        }
        f.fail -= 1
        if (f.fail === 0) delete faults[path]
      }
      return f
    },
  }
}
