// Push handlers of the shell. The kernel wraps each in try/catch and drops unparseable frames.
import type { PushHandlers } from '../../kernel/types.ts'
import { BalancePush } from './api.ts'

export const push: PushHandlers = {
  /** the server's new balance replaces the shown one (money rule: server only) */
  [BalancePush]: (data, kernel) => {
    const n = data?.diamondNum
    if (typeof n === 'number' && Number.isFinite(n)) kernel.session.setBalance(n)
  },
}
