// What a client sends and the harness keeps is cut to size first: a real server stores fields it
// knows, of bounded length, never a whole request body (a 3 MB post once grew the state file to 15 MB).
const LIMITS = { text: 2000, keys: 40, items: 40, depth: 4 }

/** a prototype-changing key is never copied into stored data */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** A JSON copy of value with strings, key counts, array lengths and depth bounded; anything else dropped. */
export function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > LIMITS.text ? value.slice(0, LIMITS.text) : value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'boolean' || value === null) return value
  if (typeof value !== 'object' || depth >= LIMITS.depth) return null
  if (Array.isArray(value)) return value.slice(0, LIMITS.items).map((v) => bounded(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value).filter((k) => !UNSAFE_KEYS.has(k)).slice(0, LIMITS.keys)) {
    const v = bounded((value as Record<string, unknown>)[key], depth + 1)
    if (v !== undefined) out[key.slice(0, 100)] = v
  }
  return out
}

/** bounded() for a stored record: always an object */
export const boundedRecord = (value: unknown): Record<string, unknown> => {
  const v = bounded(value)
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
}

/** A count a control entry was given, as a whole number from 0 to max (a huge count would freeze the harness). */
export const boundedCount = (value: unknown, max: number): number => Math.min(max, Math.max(0, Math.floor(Number(value)) || 0))

/** How deep a request body may nest: a 20,000-deep body once made the settings unanswerable. */
export const MAX_BODY_DEPTH = 32

/** The nesting depth of a parsed JSON value, counted without recursion (a deep value cannot overflow it);
 *  stops counting past `stopAt`. */
export function jsonDepth(value: unknown, stopAt = MAX_BODY_DEPTH + 1): number {
  let deepest = 0
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length) {
    const [v, d] = stack.pop()!
    if (!v || typeof v !== 'object') continue
    deepest = Math.max(deepest, d + 1)
    if (deepest >= stopAt) return deepest
    for (const child of Object.values(v as object)) if (child && typeof child === 'object') stack.push([child, d + 1])
  }
  return deepest
}
