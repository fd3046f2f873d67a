// Push handlers of the shell. The kernel wraps each in try/catch and drops unparseable frames;
// each handler applies only what its guard in api.ts accepted.
import type { PushHandlers } from '../../kernel/types.ts'
import { BalancePush } from './api.ts'

export const push: PushHandlers = {
  /** the server's new balance replaces the shown one (money rule: server only) */
  [BalancePush]: (data, kernel) => {
    // a balance the ledger cannot produce (negative, fractional, 1e308, text) is not shown; the
    // calls plugin's handler of the same push logs the drop (guardPush), so it is logged once
    const n = data?.diamondNum
    if (Number.isSafeInteger(n) && n >= 0) kernel.session.setBalance(n)
  },
}
