// A small seedable random generator (mulberry32), so simulated hosts replay the same story in tests.
export type Random = () => number

export function seededRandom(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** up to `count` distinct items, picked with `random` */
export function pick<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = items.slice()
  const out: T[] = []
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0])
  return out
}
