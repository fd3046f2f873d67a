// Push handlers of the shell. The kernel wraps each in try/catch and drops unparseable frames.
import type { PushHandlers } from '../../kernel/types.ts'
import { BalancePush } from './api.ts'

export const push: PushHandlers = {
  /** the server's new balance replaces the shown one (money rule: server only) */
  [BalancePush]: (data, kernel) => {
    // the session ignores (and logs) a figure the ledger cannot hold
    kernel.session.setBalance(data?.diamondNum)
  },
}
