// LIVE-05 who just came in: the entrance banner for a viewer with a level (2 s each, one after
// another) and the joined chip (a name every 1.2 s); each queue keeps the newest QUEUE_CAP.
import { signal } from '@preact/signals-react'
import type { Timers } from '../../kernel/timers.ts'
import * as R from './rules.ts'

export function createArrivals(timers: Timers) {
  const banner = signal<{ nick: string; level: number; key: number } | null>(null)
  const joined = signal<{ nick: string; key: number } | null>(null)
  let bannerQueue: Array<{ nick: string; level: number }> = []
  let joinQueue: string[] = []
  let bannerTimer: unknown = null
  let joinTimer: unknown = null
  let seq = 0

  const showNextBanner = () => {
    bannerTimer = null
    const next = bannerQueue.shift()
    banner.value = next ? { ...next, key: ++seq } : null
    if (next) bannerTimer = timers.setTimeout(showNextBanner, R.ENTRANCE_BANNER_MS)
  }
  const popJoin = () => {
    const next = joinQueue.shift()
    joined.value = next ? { nick: next, key: ++seq } : null
    if (!next) {
      timers.clearInterval(joinTimer)
      joinTimer = null
    }
  }

  return {
    banner,
    joined,
    /** a viewer entered: her name joins the chip's queue, and the banner's when she has a level */
    arrive(nick: string, level: number) {
      if (!nick) return
      joinQueue = [...joinQueue, nick].slice(-R.QUEUE_CAP)
      joinTimer ??= timers.setInterval(popJoin, R.JOIN_POP_MS)
      if (level > 0) {
        bannerQueue = [...bannerQueue, { nick, level }].slice(-R.QUEUE_CAP)
        if (!bannerTimer) showNextBanner()
      }
    },
    /** a room left: nothing waits, nothing shows */
    clear() {
      timers.clearTimeout(bannerTimer)
      timers.clearInterval(joinTimer)
      bannerTimer = joinTimer = null
      bannerQueue = []
      joinQueue = []
      banner.value = null
      joined.value = null
    },
  }
}
