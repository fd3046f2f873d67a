// The device tier that picks how heavy a gift's effect may be. A weak phone (few cores, little
// memory, or frames already slow in the room's first seconds) gets the lite tier: the banner with a
// light effect instead of a full-screen animation, so the room's p95 frame time holds there too.
import { signal, type ReadonlySignal } from '@preact/signals-react'

export type DeviceTier = 'full' | 'lite'

/** fewer cores than this is a weak phone (today's mid-range phones have 8, entry ones 4) */
const LITE_CORES = 4
/** at most this much memory, in GB as navigator.deviceMemory buckets it, is a weak phone */
const LITE_MEMORY_GB = 2
/** a room whose frames already take longer than this at the 95th percentile (more than one frame
 *  in twenty missed at 60 Hz) has no room for a full-screen animation */
export const LITE_FRAME_P95_MS = 25
/** how long the frame time is measured after entering a room */
export const MEASURE_MS = 3000
/** fewer frames than this in the window tell nothing (a hidden tab, a paused page) */
const MIN_FRAMES = 30

export interface DeviceSigns {
  /** navigator.hardwareConcurrency: undefined where the browser hides it */
  cores?: number
  /** navigator.deviceMemory in GB: undefined outside Chromium */
  memoryGb?: number
  /** the 95th percentile of the frame times measured in the room, once measured */
  frameP95Ms?: number
}

/** the tier these signs call for: any one weak sign is enough; an unknown sign is not weak */
export function tierOf(s: DeviceSigns): DeviceTier {
  if (s.cores !== undefined && s.cores > 0 && s.cores < LITE_CORES) return 'lite'
  if (s.memoryGb !== undefined && s.memoryGb > 0 && s.memoryGb <= LITE_MEMORY_GB) return 'lite'
  if (s.frameP95Ms !== undefined && s.frameP95Ms > LITE_FRAME_P95_MS) return 'lite'
  return 'full'
}

/** the 95th percentile of frame intervals (ms) from their timestamps; undefined with too few */
export function frameP95(stamps: readonly number[]): number | undefined {
  if (stamps.length <= MIN_FRAMES) return undefined
  const gaps = stamps
    .slice(1)
    .map((t, i) => t - stamps[i])
    .sort((a, b) => a - b)
  return gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * 0.95))]
}

export interface TierMeter {
  tier: ReadonlySignal<DeviceTier>
  /** measure the frame time for MEASURE_MS (once at a time); a slow room turns the tier lite for good */
  measure(): void
  dispose(): void
}

export interface TierDeps {
  signs?: () => Omit<DeviceSigns, 'frameP95Ms'>
  frame?: (cb: (t: number) => void) => number
  cancelFrame?: (id: number) => void
}

const navigatorSigns = (): Omit<DeviceSigns, 'frameP95Ms'> => {
  const n = globalThis.navigator as (Navigator & { deviceMemory?: number }) | undefined
  return { cores: n?.hardwareConcurrency, memoryGb: n?.deviceMemory }
}

export function createTierMeter(deps: TierDeps = {}): TierMeter {
  const signs = (deps.signs ?? navigatorSigns)()
  const frame = deps.frame ?? ((cb) => requestAnimationFrame(cb))
  const cancelFrame = deps.cancelFrame ?? ((id) => cancelAnimationFrame(id))
  const tier = signal(tierOf(signs))
  let running: number | undefined

  const measure = () => {
    if (running !== undefined || tier.peek() === 'lite') return
    const stamps: number[] = []
    const step = (t: number) => {
      stamps.push(t)
      if (t - stamps[0] < MEASURE_MS) return void (running = frame(step))
      running = undefined
      // once lite, lite for the session: a tier that flips back and forth would stutter itself
      tier.value = tierOf({ ...signs, frameP95Ms: frameP95(stamps) })
    }
    running = frame(step)
  }

  return {
    tier,
    measure,
    dispose() {
      if (running !== undefined) cancelFrame(running)
      running = undefined
    },
  }
}
