// Seeded hostile inputs for the fuzz tests: the same seed gives the same inputs, so a failure can
// be replayed (FUZZ_SEED=n). Values are the classes a probe of the app tried: wrong types, missing
// fields, huge strings, HTML and scripts, javascript: URLs, `__proto__` keys, deep nesting.

/** mulberry32: a small, well-mixed 32-bit generator */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]
  return { next, int, pick, chance: (p: number) => next() < p }
}
export type Rng = ReturnType<typeof rng>

/** a global a successful script injection would set: it must stay unset */
const PWNED = '__fuzzPwned'
const script = `globalThis.${PWNED}=1`

const strings = [
  `<script>${script}</script>`,
  `<img src=x onerror="${script}">`,
  `"><svg onload="${script}">`,
  `javascript:${script}`,
  ` JaVaScRiPt:${script}`,
  `data:text/html,<script>${script}</script>`,
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  'http://evil.example/a.png',
  '{{constructor.constructor("return this")()}}',
  '\u202eRTL override',
  '\u0000\u0001\u001f',
  '',
  ' ',
  '-1',
  '1e308',
  'true',
  '__proto__',
  'constructor',
]

/** one hostile value: any type, any size */
export function hostile(r: Rng, depth = 0): unknown {
  switch (r.int(14)) {
    case 0:
      return r.pick(strings)
    case 1:
      // huge: 100k characters
      return r.pick(['A', 'ب', '<b>', '😀']).repeat(r.pick([1000, 25_000, 100_000]))
    case 2:
      return r.pick([0, -1, 1.5, -0.0001, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 7])
    case 3:
      // what JSON turns NaN and Infinity into, and what it cannot carry
      return r.pick([null, undefined])
    case 4:
      return r.chance(0.5)
    case 5:
      return depth > 3 ? [] : Array.from({ length: r.int(4) }, () => hostile(r, depth + 1))
    case 6:
      return depth > 3 ? {} : { nested: hostile(r, depth + 1), toString: 'x', valueOf: 1 }
    case 7:
      return JSON.parse(`{"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}}`)
    case 8:
      return { length: 1e9 }
    case 9:
      return r.pick([[1, 2, 3], ['a'], [{}]])
    case 10:
      return `${r.int(1e6)}`
    case 11:
      return r.pick(['https://cdn.example/ok.png', '/__harness/avatar/h1.svg', 'ok'])
    case 12:
      return r.int(1000)
    default:
      return depth > 4 ? 'deep' : { a: { b: { c: { d: hostile(r, depth + 2) } } } }
  }
}

/**
 * A hostile variant of a good message: each field kept, dropped or replaced, plus unknown keys and
 * sometimes a `__proto__` key (as JSON.parse makes it: an own property).
 */
export function mutate(good: Record<string, unknown>, r: Rng): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const roll = r.next()
  for (const [k, v] of Object.entries(good)) {
    if (roll < 0.15) out[k] = v
    else if (r.chance(0.2)) continue
    else out[k] = r.chance(0.55) ? hostile(r) : v
  }
  if (r.chance(0.3)) out[`unknown${r.int(5)}`] = hostile(r)
  if (r.chance(0.2)) return { ...out, ...(JSON.parse('{"__proto__":{"polluted":"yes"}}') as object) }
  return out
}

/** a hostile variant of a whole answer: lists, rows and nested objects each mutated */
export function mutateDeep(v: unknown, r: Rng, depth = 0): unknown {
  if (depth > 6) return v
  if (Array.isArray(v)) return r.chance(0.08) ? hostile(r) : v.slice(0, 30).map((x) => mutateDeep(x, r, depth + 1))
  if (v && typeof v === 'object') {
    if (r.chance(0.05)) return hostile(r)
    const src = v as Record<string, unknown>
    const out = mutate(src, r)
    for (const k of Object.keys(out)) if (out[k] === src[k] && out[k] && typeof out[k] === 'object') out[k] = mutateDeep(out[k], r, depth + 1)
    return out
  }
  return r.chance(0.3) ? hostile(r) : v
}

/** text a page must never show: a value that was not text, printed */
export const LEAKED = /\[object Object\]|\bNaN\b|\bundefined\b/

/** the prototype keys before the storm, to tell whether anything was polluted after it */
export function prototypeKeys(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((p) => Object.getOwnPropertyNames(p).sort().join(','))
    .join('|')
}

/** true when no script ran and no prototype got a property (a polluted `({}).polluted`) */
export function untouched(before: string): boolean {
  const g = globalThis as Record<string, unknown>
  return g[PWNED] === undefined && ({} as Record<string, unknown>).polluted === undefined && ({} as Record<string, unknown>).isAdmin === undefined && prototypeKeys() === before
}

/** the DOM carries nothing that could run: no script element, no on* attribute, no javascript: link */
export function inertDom(root: ParentNode = document): string | null {
  if (root.querySelector('script')) return 'a script element'
  for (const el of root.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) return `${el.tagName} ${a.name}`
      if (/^(src|href|action|formaction|xlink:href)$/i.test(a.name) && /^\s*(javascript|vbscript|data:text)/i.test(a.value)) return `${el.tagName} ${a.name}=${a.value.slice(0, 40)}`
    }
    const style = el.getAttribute('style') ?? ''
    if (/url\(\s*["']?\s*(javascript|\/\/|http:\/\/evil)/i.test(style)) return `${el.tagName} style ${style.slice(0, 60)}`
  }
  return null
}
