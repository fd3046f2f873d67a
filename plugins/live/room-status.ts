// The room's front status (LIVE-02, d2 §4.1): loading to live on the first picture, calling while
// the host is away (two timers, then the end), ended for good, or failed ("can't connect", with
// Retry). Ending or failing lets the room's media go.
import { batch } from '@preact/signals-react'
import type { EndReason, FailReason, RoomCore } from './room-core.ts'
import * as R from './rules.ts'

export type FrontStatusMachine = ReturnType<typeof createFrontStatus>

export function createFrontStatus(core: RoomCore) {
  const { status } = core
  let callingPhase = 0
  let firstInCalling = false
  // each absence of the host has its own timers: those of an earlier absence never end a later one
  let absence = 0

  const end = (reason: EndReason) => {
    if (status.peek() === 'ended' || status.peek() === 'idle') return
    batch(() => {
      core.endReason.value = reason
      core.failReason.value = null
      status.value = 'ended'
      core.reconnecting.value = false
    })
    void core.releaseMedia()
  }
  /** the room could not be shown, but nothing says the live is over: "can't connect", with Retry
   *  (a later answer that it ended still turns this into the end screen) */
  const fail = (reason: FailReason) => {
    const s = status.peek()
    if (s === 'ended' || s === 'idle' || s === 'failed') return
    batch(() => {
      core.failReason.value = reason
      status.value = 'failed'
      core.reconnecting.value = false
    })
    void core.releaseMedia()
  }

  const goLive = () => {
    const s = status.peek()
    if (s === 'ended' || s === 'idle' || s === 'failed') return
    absence++
    callingPhase = 0
    status.value = 'live'
  }
  const goCalling = () => {
    const s = status.peek()
    if (s === 'ended' || s === 'idle' || s === 'failed' || s === 'calling') return
    // first entered while the host is in a call: the room ends at once (d2 §4.1)
    if (s === 'loading' && firstInCalling) return end('calling-timeout')
    status.value = 'calling'
    callingPhase = 1
    const gen = core.generation()
    const mine = ++absence
    const arm = (ms: number, next: () => void) =>
      core.after(ms, () => gen === core.generation() && mine === absence && status.peek() === 'calling' && next())
    arm(R.CALLING_FIRST_MS, () => {
      callingPhase = 2
      arm(R.CALLING_SECOND_MS, () => end('calling-timeout'))
    })
  }

  return {
    end,
    fail,
    goLive,
    goCalling,
    callingPhase: () => callingPhase,
    /** the enter answer said the host is in a call: a calling state now ends the room */
    enteredInCalling(yes: boolean) {
      firstInCalling = yes
    },
    reset() {
      callingPhase = 0
      firstInCalling = false
    },
  }
}
