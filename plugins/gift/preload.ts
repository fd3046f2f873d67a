// d3 "the animation player [loads] after 5 s": not while a live room is opening, though, where the
// player's compile (the largest chunk the app has) would hold up the room's first frame on a phone's
// one busy thread; then it loads once the room shows (or fails, or closes). A device that plays no
// full-screen animation (a lite phone, or reduced motion: queue.ts) never needs it, and a weak
// phone is the one the chunk's evaluation (about 55 ms at 4x CPU, one task) costs most.
import type { ReadonlySignal } from '@preact/signals-react'
import { realTimers, type Timers } from '../../kernel/timers.ts'

/** the spec loads the animation player 5 s after start */
export const PLAYER_PRELOAD_MS = 5000

/** call `load` PLAYER_PRELOAD_MS from now, or later when a room is opening then, if the device
 *  `plays` full-screen animations then; returns a stop */
export function preloadPlayer(room: ReadonlySignal<{ status: string } | null> | undefined, load: () => void, plays: () => boolean, timers: Timers = realTimers): () => void {
  let stopWaiting = () => {}
  const loadIfPlayed = () => {
    if (plays()) load()
  }
  const timer = timers.setTimeout(() => {
    if (room?.peek()?.status !== 'loading') return loadIfPlayed()
    stopWaiting = room.subscribe((r) => {
      if (r?.status === 'loading') return
      stopWaiting()
      loadIfPlayed()
    })
  }, PLAYER_PRELOAD_MS)
  return () => {
    timers.clearTimeout(timer)
    stopWaiting()
  }
}
