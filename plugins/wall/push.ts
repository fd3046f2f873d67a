// Pushes the wall listens to. host.status (NET-08): the one host store changes, so every tab
// listing the host shows the new status. Unknown hosts and malformed data change nothing.
import type { PushHandlers } from '../../kernel/types.ts'
import { HostStatusPush, hostStatusPush } from './api.ts'
import { wallStateRef } from './state.ts'

export const wallPush: PushHandlers = {
  [HostStatusPush]: (data, kernel, message) => {
    const ok = hostStatusPush(data)
    if (!ok) return console.warn(`[app] dropped malformed push ${message.pushType} ${message.msgId}`)
    kernel.get(wallStateRef)?.applyPush(ok)
  },
}
