// CALL-02: the call status machine of d1 §4. Every status change goes through move(), so a
// late or duplicated event (a second CONNECTED push, a ring time-out after a hang-up) cannot
// take a finished call back to life.
import { CallStatus, type CallStatusValue } from '../api.ts'

const { INIT, CALLING, CANCEL, CALLING_ING, HANG_UP, TIMEOUT } = CallStatus

/** Which status may follow which. A finished call (CANCEL, HANG_UP, TIMEOUT) only makes way for a new one. */
const next: Record<CallStatusValue, readonly CallStatusValue[]> = {
  [INIT]: [CALLING, CALLING_ING],
  // cancel, ring time-out, remote reject/busy/cancel, connect; a remote hang-up while ringing
  [CALLING]: [CANCEL, TIMEOUT, CALLING_ING, HANG_UP],
  [CALLING_ING]: [HANG_UP],
  [CANCEL]: [INIT, CALLING, CALLING_ING],
  [HANG_UP]: [INIT, CALLING, CALLING_ING],
  [TIMEOUT]: [INIT, CALLING, CALLING_ING],
}

export function canMove(from: CallStatusValue, to: CallStatusValue): boolean {
  return next[from].includes(to)
}

/** A call is on (the 'has call' check, scene.call) while ringing or connected. */
export function isActive(status: CallStatusValue): boolean {
  return status === CALLING || status === CALLING_ING
}

