// Push handlers of the calls plugin. The kernel wraps each in try/catch and drops unparseable frames;
// each handler gets only what its guard in api.ts accepted (guardPush).
// They reach the engine through the calls service: a host's call starts it; the other pushes only
// matter to a call that is on, hence to an engine already started.
import { silenced } from '../../kernel/protocol/disturb.ts'
import type { PushHandlers } from '../../kernel/types.ts'
import { guardPush } from '../../kernel/guard.ts'
import { CallPush, callNotify, incomingCall } from './api.ts'
import { BalancePush } from '../shell/api.ts'
import { isLedgerBalance } from '../../kernel/session.ts'
import { callsServiceRef, startedFor } from './service.ts'

export const push: PushHandlers = {
  /** CALL-05: the host's answer and remote messages, by channel */
  [CallPush.notify]: guardPush(callNotify, (data, kernel) => startedFor(kernel)?.engine.onNotify(data)),
  /** CALL-04: a host calls the user; not while a VIP's do-not-disturb for calls is on (IM-04: the
   *  server does not ring such a user either, this guards a push already on its way) */
  [CallPush.incoming]: guardPush(incomingCall, (data, kernel) => {
    if (silenced(kernel.session.user.peek(), 'calls', Date.now())) return
    kernel.get(callsServiceRef)?.engine.incoming.onPush(data)
  }),
  /** CALL-08: a recharge during the call (the shell sets the shown balance from the same push) */
  [BalancePush]: (data, kernel) => {
    // the session logs a refused figure; this handler only stays out of the way
    const n = data?.diamondNum
    if (isLedgerBalance(n)) startedFor(kernel)?.engine.onBalance(n)
  },
}
