// A bound on a wait for the messaging service: the SDKs' own time-outs are long (a minute) or
// absent, and a screen must reach a state the user can act on within seconds.
import { ImCode, ImError } from './errors.ts'

/** `p`, or an ImError(timeout) after `ms`, whichever settles first */
export function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImError(ImCode.timeout, `${what}: no answer in ${Math.round(ms / 1000)} s`)), ms)
  })
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}
