// The harness's simulated call behaviour: how each host answers, which requests fail on
// purpose, and the timers that make hosts act. Kept per harness context (one per running
// harness), in memory: a restart of the harness starts from the default behaviour.
import { realTimers, type Timers } from '../../../kernel/timers.ts'
import type { HarnessContext } from '../../../harness/slice-kit.ts'

/** How a host answers a call. Fields combine: accept, then hang up or drop after a while. */
export interface Behaviour {
  answer: 'accept' | 'reject' | 'busy' | 'never'
  /** seconds from ringing to the answer */
  afterSec: number
  /** after accepting, the host hangs up after this many seconds of call */
  hangUpAfterSec?: number | null
  /** after accepting, the host's network drops after this many seconds (RTC quality 6, host leaves) */
  dropAfterSec?: number | null
  /** the host accepts but never joins the video channel (the app sees no media) */
  noMedia?: boolean
}

const defaultBehaviour: Behaviour = { answer: 'accept', afterSec: 3 }

export { realTimers, type Timers }

/** What the RTC service offers the fake (harness/rtc.ts RtcService). */
export interface HostRtc {
  hostJoin(channel: string, uid: string): void
  hostLeave(channel: string, uid: string): void
  setQuality(channel: string, quality: number): void
  /** who is in which channel: how the server knows video can flow (both sides joined) */
  channels?(): Array<{ channel: string; uids: string[] }>
}

export interface Runtime {
  timers: Timers
  behaviours: Map<number, Behaviour>
  fallback: Behaviour
  /** call-limit answers per host */
  limits: Map<number, { isLimitMet: number; interactionCount: number }>
  failDeductions: number
  failBegins: number
  beginDelayMs: number
  /** send every call.notify twice */
  duplicatePushes: boolean
  /** send the ring (type 0) after the answer instead of before */
  reorderPushes: boolean
  /** pending timers per channel, cleared when the call ends */
  pending: Map<string, Set<unknown>>
  /** the network quality last imposed on a channel (0..6); 5 and 6 mean no video flows */
  quality: Map<string, number>
  seq: number
}

const runtimes = new WeakMap<HarnessContext, Runtime>()

export function runtimeOf(ctx: HarnessContext, timers: Timers = realTimers): Runtime {
  let rt = runtimes.get(ctx)
  if (!rt) {
    rt = freshRuntime(timers)
    runtimes.set(ctx, rt)
  }
  return rt
}

function freshRuntime(timers: Timers): Runtime {
  return {
    timers,
    behaviours: new Map(),
    fallback: { ...defaultBehaviour },
    limits: new Map(),
    failDeductions: 0,
    failBegins: 0,
    beginDelayMs: 0,
    duplicatePushes: false,
    reorderPushes: false,
    pending: new Map(),
    quality: new Map(),
    seq: 0,
  }
}

/** Forget every simulated behaviour and stop every pending host action. */
export function resetRuntime(ctx: HarnessContext) {
  const rt = runtimes.get(ctx)
  if (!rt) return
  for (const channel of rt.pending.keys()) clearChannel(rt, channel)
  Object.assign(rt, freshRuntime(rt.timers))
}

export function behaviourOf(rt: Runtime, host: { userId: number; callBehaviour?: unknown }): Behaviour {
  const own = rt.behaviours.get(host.userId)
  if (own) return own
  // a host fixture may carry its own default, e.g. { "callBehaviour": { "answer": "never" } }
  const fixture = parseBehaviour(host.callBehaviour, rt.fallback)
  return typeof fixture === 'string' ? rt.fallback : fixture
}

/** Validate a behaviour from the control API or a fixture; a string says what is wrong. */
export function parseBehaviour(raw: unknown, base: Behaviour = defaultBehaviour): Behaviour | string {
  if (raw == null) return base
  if (typeof raw !== 'object') return 'behaviour must be an object'
  const r = raw as Record<string, unknown>
  const answer = r.answer ?? base.answer
  if (!['accept', 'reject', 'busy', 'never'].includes(String(answer))) return `answer must be accept, reject, busy or never, not ${String(answer)}`
  const num = (v: unknown, name: string): number | null | string => {
    if (v == null) return null
    const n = Number(v)
    return Number.isFinite(n) && n >= 0 ? n : `${name} must be a number of seconds >= 0`
  }
  const afterSec = num(r.afterSec ?? base.afterSec, 'afterSec')
  const hangUpAfterSec = num(r.hangUpAfterSec, 'hangUpAfterSec')
  const dropAfterSec = num(r.dropAfterSec, 'dropAfterSec')
  for (const v of [afterSec, hangUpAfterSec, dropAfterSec]) if (typeof v === 'string') return v
  return {
    answer: answer as Behaviour['answer'],
    afterSec: (afterSec as number | null) ?? 0,
    hangUpAfterSec: hangUpAfterSec as number | null,
    dropAfterSec: dropAfterSec as number | null,
    noMedia: r.noMedia === true,
  }
}

/** Run fn after ms unless the channel's call ends first. */
export function later(rt: Runtime, channel: string, ms: number, fn: () => void) {
  let set = rt.pending.get(channel)
  if (!set) rt.pending.set(channel, (set = new Set()))
  const id = rt.timers.setTimeout(() => {
    set!.delete(id)
    fn()
  }, ms)
  set.add(id)
}

export function clearChannel(rt: Runtime, channel: string) {
  const set = rt.pending.get(channel)
  if (!set) return
  for (const id of set) rt.timers.clearTimeout(id)
  rt.pending.delete(channel)
}

/** The RTC service, when the harness hands it to slices (ctx.rtc); without it hosts have no video. */
export function rtcOf(ctx: HarnessContext): HostRtc | null {
  const rtc = (ctx as HarnessContext & { rtc?: HostRtc | (() => HostRtc | null) }).rtc
  if (!rtc) return null
  return typeof rtc === 'function' ? rtc() : rtc
}
