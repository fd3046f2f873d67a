// Push handlers of the calls plugin. The kernel wraps each in try/catch and drops unparseable frames.
import { PushType } from '../../kernel/protocol/push.ts'
import type { PushHandler } from '../../kernel/types.ts'
import { callsRef } from './api.ts'
import type { CallsService } from './service.ts'

const engineOf = (kernel: Parameters<PushHandler>[1]) => (kernel.get(callsRef) as CallsService | undefined)?.engine

export const push: Record<string, PushHandler> = {
  /** CALL-05: the host's answer and remote messages, by channel */
  [PushType.callNotify]: (data, kernel) => engineOf(kernel)?.onNotify(data),
  /** CALL-04: a host calls the user */
  [PushType.callIncoming]: (data, kernel) => engineOf(kernel)?.incoming.onPush(data),
  /** CALL-08: a recharge during the call (the shell sets the shown balance from the same push) */
  [PushType.balance]: (data, kernel) => {
    const n = data?.diamondNum
    if (typeof n === 'number' && Number.isFinite(n)) engineOf(kernel)?.onBalance(n)
  },
}
