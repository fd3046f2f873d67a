// One rule for every paid action (a gift, a box, a spin, a level, a purchase): one idempotency key per
// tap, one retry with the same key when the answer is lost, and an outcome still unknown after that
// is pending, never failed: the same key is asked about until the server says done or never, so the
// user is never invited to pay twice while the first try may still land.
import { ApiError, isTimeout } from './api.ts'
import { realTimers, type Timers } from './timers.ts'

const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** no answer came (a time-out, a dropped connection): the server may or may not have done it */
const answerLost = (err: unknown) => isTimeout(err) || (err instanceof ApiError && err.kind === 'network')

export type PaidResult<T> = { state: 'done'; answer: T } | { state: 'pending'; key: string }

/** Try, and once more with the same key if the answer was lost. A refusal the server answered is thrown. */
export async function sendPaid<T>(attempt: (key: string) => Promise<T>, key = newRequestKey()): Promise<PaidResult<T>> {
  for (let tries = 0; ; tries++) {
    try {
      return { state: 'done', answer: await attempt(key) }
    } catch (err) {
      if (!answerLost(err)) throw err
      if (tries >= 1) return { state: 'pending', key }
    }
  }
}

/** What the server says of a key: done (with the answer the send would have had), still running, or never done (the key is then void). */
export type KeyStatus<T> = { state: 'done'; answer: T } | { state: 'pending' } | { state: 'none' }

/** how long a pending outcome is asked about, and how often; after that the next resync tells */
const CONFIRM_EVERY_MS = 5_000
const CONFIRM_FOR_MS = 120_000

/** Ask the server about a key until it knows; 'unknown' when it did not say within the bound (ask errors count as not yet). */
export function confirmPaid<T>(ask: (key: string) => Promise<KeyStatus<T>>, key: string, timers: Timers = realTimers): Promise<KeyStatus<T> | { state: 'unknown' }> {
  const until = timers.now() + CONFIRM_FOR_MS
  return new Promise((resolve) => {
    const round = () =>
      timers.setTimeout(async () => {
        const s = await ask(key).catch(() => ({ state: 'pending' }) as const)
        if (s.state !== 'pending') return resolve(s)
        if (timers.now() >= until) return resolve({ state: 'unknown' })
        round()
      }, CONFIRM_EVERY_MS)
    round()
  })
}

/** For an action the server answers the same for a repeated key (it does it at most once): the
 *  same send again is the status question. A refusal then means it was never done. */
export const askBySending =
  <T>(attempt: (key: string) => Promise<T>) =>
  (key: string): Promise<KeyStatus<T>> =>
    attempt(key).then(
      (answer): KeyStatus<T> => ({ state: 'done', answer }),
      (err): KeyStatus<T> => (answerLost(err) ? { state: 'pending' } : { state: 'none' }),
    )
