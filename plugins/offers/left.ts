// Apart from rules.ts: the offers facade, in the first bundle, needs only this.

/** seconds left of an offer that started at startedAt (ms) and lasts durationS seconds */
export function offerLeft(startedAt: number, durationS: number, now: number): number {
  if (!(durationS > 0)) return 0
  return Math.max(0, Math.ceil((startedAt + durationS * 1000 - now) / 1000))
}
