// What the calls plugin wires once the first screen is shown (index.ts starts it then): the check
// for a call that rang while the app was closed, and the robot invitations (IM-05).
import type { Disposer, Kernel } from '../../kernel/types.ts'
import { callsServiceRef } from './service.ts'
import { watchRobotInvites } from './engine/robot-watch.ts'
import type { CallsOptions } from './engine/start.ts'

export function startCalls(kernel: Kernel, opts: CallsOptions): Disposer {
  // a host may have called while the app was closed (this starts the engine for a logged-in user)
  if (kernel.session.loggedIn.peek()) {
    const s = kernel.need(callsServiceRef)
    // a call a reload or a closed tab left connected: ended, with its summary
    void s.engine.endUnfinished()
    void s.engine.incoming.checkPending()
  }
  // IM-05: robot call invitations arrive over messaging
  return watchRobotInvites(kernel, { timers: opts.timers })
}
