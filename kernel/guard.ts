// Guards: the one way data from outside (a push, an IM attachment, an API answer) becomes a typed
// value. A guard takes anything and gives the value or `undefined` (not this type). obj() builds a
// fresh object of only the fields it names, so unknown keys (`__proto__` among them) never pass;
// a field wrapped in or() falls back to its default instead of failing the whole message.
// Each plugin writes one guard per message in its api.ts, next to the message's type, and its
// handler receives only what the guard returned (guardPush): a message is applied whole or dropped.
import type { BusHandler, Kernel, PushMessage } from './types.ts'

export type Guard<T> = (v: unknown) => T | undefined

/** a string of at most `max` characters (longer is cut, not refused) */
export const str =
  (max = 200): Guard<string> =>
  (v) =>
    typeof v === 'string' ? v.slice(0, max) : undefined

/** a finite number; numeric strings count (servers send both) */
export const num: Guard<number> = (v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isFinite(n) ? n : undefined
}

/** a whole number, also from a numeric string */
export const int: Guard<number> = (v) => {
  const n = num(v)
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined
}

/** true/false, also as 1/0 */
export const bool: Guard<boolean> = (v) => (typeof v === 'boolean' ? v : v === 1 || v === 0 ? v === 1 : undefined)

/** one of the listed values */
export const oneOf =
  <T extends string | number>(...values: readonly T[]): Guard<T> =>
  (v) =>
    values.includes(v as T) ? (v as T) : undefined

/** a field that never fails: its value, or a default (obj() keeps even an undefined default) */
export type Defaulted<T> = ((v: unknown) => T) & { readonly defaulted: true }

/** the guard's value, else `fallback` (a bad or missing field replaced by a safe default) */
export const or = <T, D>(g: Guard<T>, fallback: D): Defaulted<T | D> =>
  Object.assign(
    (v: unknown) => {
      const r = v === undefined || v === null ? undefined : g(v)
      return r === undefined ? fallback : r
    },
    { defaulted: true as const },
  )

/** a non-empty string of at most `max` characters */
export const id =
  (max = 100): Guard<string> =>
  (v) =>
    typeof v === 'string' && v !== '' && v.length <= max ? v : undefined

/** an array of what `g` accepts (the rest left out), at most `max` items */
export const list =
  <T>(g: Guard<T>, max = 500): Guard<T[]> =>
  (v) =>
    Array.isArray(v) ? v.slice(0, max).map(g).filter((x): x is T => x !== undefined) : undefined

type Shape = Record<string, Guard<unknown> | Defaulted<unknown>>
type Out<S extends Shape> = { [K in keyof S]: S[K] extends Defaulted<infer T> ? T : Exclude<ReturnType<S[K]>, undefined> }

/** a plain object with the named fields; undefined when one without a default fails */
export const obj =
  <S extends Shape>(shape: S): Guard<Out<S>> =>
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined
    const src = v as Record<string, unknown>
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(shape)) {
      const field = shape[key]
      const got = field(Object.hasOwn(src, key) ? src[key] : undefined)
      if (got === undefined && !('defaulted' in field)) return undefined
      if (got !== undefined) out[key] = got
    }
    return out as Out<S>
  }

/** A push handler that gets only what the guard accepted; anything else is dropped with one log
 *  line naming the push (never its data, which may carry tokens). */
export function guardPush<T>(guard: Guard<T>, handler: (data: T, kernel: Kernel, message: PushMessage) => void): BusHandler {
  return (data, kernel, message) => {
    const ok = guard(data)
    if (ok === undefined) return dropped(`push ${message.pushType} ${message.msgId}`)
    handler(ok, kernel, message)
  }
}

/** For an API answer: the answer the guard accepted, else an error (the caller's failure path:
 *  an error state with Retry), logged once. `api.post(path).then(answer(hostDetail, path))` */
export function answer<T>(guard: Guard<T>, what: string): (v: unknown) => T {
  return (v) => {
    const ok = guard(v)
    if (ok !== undefined) return ok
    dropped(`answer of ${what}`)
    throw new Error(`malformed answer of ${what}`)
  }
}

/** one log line for a message that failed its guard */
function dropped(what: string): void {
  console.warn(`[app] dropped malformed ${what}`)
}
