// Push handlers of the shell. The kernel wraps each in try/catch and drops unparseable frames.
// Types by name, as protocol/push.ts's PushType lists them (the frame should not carry that table).
import type { PushHandler } from '../../kernel/types.ts'

/** user.balance { diamondNum }: the server's new balance replaces the shown one (money rule: server only). */
const onBalance: PushHandler = (data, kernel) => {
  const n = data?.diamondNum
  if (typeof n === 'number' && Number.isFinite(n)) kernel.session.setBalance(n)
}

export const push: Record<string, PushHandler> = {
  'user.balance': onBalance,
}
