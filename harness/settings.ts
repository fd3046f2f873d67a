// Harness settings: kept in memory (a restart or reset goes back to the defaults plus the
// options given to startHarness), changed at run time through POST /__harness/settings. A change
// is checked whole before any of it is taken: a bad field is refused with its name (400).
import type { HarnessSettings } from './types.ts'

/** A change the settings refuse; the message names the field. */
class SettingError extends Error {}

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

const FAULT_FIELDS: Record<keyof Fault, (v: unknown) => boolean> = {
  fail: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 1_000_000,
  code: (v) => typeof v === 'string' && /^-?\w{1,12}$/.test(v),
  msg: (v) => typeof v === 'string' && v.length <= 500,
  delayMs: (v) => typeof v === 'number' && v >= 0 && v <= 600_000,
  httpStatus: (v) => Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599,
  garble: (v) => typeof v === 'boolean',
}
const DAY_MS = 86_400_000
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const wholeIn = (min: number, max: number) => (v: unknown) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max

/** the core settings' rules; a plugin's own setting (liveCallFreeSec, usdtAutoSettle...) is a plain value */
const RULES: Record<string, [(v: unknown) => boolean, string]> = {
  billingPeriodSec: [(v) => typeof v === 'number' && v >= 0.1 && v <= 86_400, 'a number of seconds from 0.1 to 86400'],
  hostTickMs: [wholeIn(0, DAY_MS), 'a whole number of ms from 0 to 86400000'],
  hostSeed: [wholeIn(-(2 ** 31), 2 ** 31), 'a whole number'],
  hostsPerTick: [wholeIn(0, 1000), 'a whole number from 0 to 1000'],
  latencyMs: [wholeIn(0, 600_000), 'a whole number of ms from 0 to 600000'],
  numericCodes: [(v) => typeof v === 'boolean', 'true or false'],
  wsToken: [(v) => v === 'encrypted' || v === 'plain', "'encrypted' or 'plain'"],
  wireData: [(v) => v === 'whole' || v === 'fields', "'whole' or 'fields'"],
  uploadHost: [(v) => typeof v === 'string' && /^https?:\/\/[^\s@/?#]+(\/[^\s]*)?$/.test(v) && v.length <= 300, 'an http(s) URL'],
}

/** an origin a page can have: http(s)://host[:port], nothing else ('null', a path, a wildcard) */
function isWebOrigin(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 200) return false
  try {
    const u = new URL(v)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === v
  } catch {
    return false
  }
}

/** Throws SettingError naming the first field that is not what the harness can use. */
function checkSettings(change: unknown): asserts change is Partial<HarnessSettings> {
  if (!isObject(change)) throw new SettingError('settings must be a JSON object')
  const keys = Object.keys(change)
  if (keys.length > 50) throw new SettingError('settings: at most 50 fields in one change')
  for (const key of keys) {
    const v = change[key]
    if (!/^[A-Za-z][\w]{0,63}$/.test(key)) throw new SettingError(`settings: ${JSON.stringify(key.slice(0, 40))} is not a setting name`)
    if (key === 'faults') checkFaults(v)
    else if (key === 'appOrigins') {
      if (!Array.isArray(v) || v.length > 20 || !v.every(isWebOrigin)) throw new SettingError('appOrigins must be a list of at most 20 web origins like "http://localhost:8000" (not "null", "*" or a path)')
    } else if (RULES[key]) {
      if (!RULES[key][0](v)) throw new SettingError(`${key} must be ${RULES[key][1]}, got ${JSON.stringify(v)?.slice(0, 40)}`)
    } else if (/(Ms|Sec)$/.test(key) && v !== null) {
      const max = key.endsWith('Ms') ? DAY_MS : DAY_MS / 1000
      if (typeof v !== 'number' || !(v >= 0 && v <= max)) throw new SettingError(`${key} must be a number from 0 to ${max} (or null), got ${JSON.stringify(v)?.slice(0, 40)}`)
    } else if (!(v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 200))) {
      throw new SettingError(`${key} must be a plain value (a number, true/false, text up to 200 characters, or null)`)
    }
  }
}

function checkFaults(faults: unknown) {
  if (!isObject(faults)) throw new SettingError('faults must be an object: {"/api/path": {fault} or null}')
  const paths = Object.keys(faults)
  if (paths.length > 200) throw new SettingError('faults: at most 200 paths')
  for (const path of paths) {
    if (!/^\/[\w\-./]{1,200}$/.test(path)) throw new SettingError(`faults: ${JSON.stringify(path.slice(0, 60))} is not an API path like "/api/user/getUserInfo"`)
    const f = faults[path]
    if (f === null) continue
    if (!isObject(f)) throw new SettingError(`faults["${path}"] must be an object or null`)
    for (const [field, value] of Object.entries(f)) {
      const ok = FAULT_FIELDS[field as keyof Fault]
      if (!ok) throw new SettingError(`faults["${path}"].${field.slice(0, 40)} is not a fault field (${Object.keys(FAULT_FIELDS).join(', ')})`)
      if (!ok(value)) throw new SettingError(`faults["${path}"].${field} has a value the harness cannot use: ${JSON.stringify(value)?.slice(0, 40)}`)
    }
  }
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
      checkSettings(change)
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
