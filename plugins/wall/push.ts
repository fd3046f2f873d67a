// Pushes the wall listens to. host.status (NET-08): the one host store changes, so every tab
// listing the host shows the new status. Unknown hosts and malformed data change nothing.
import type { PushHandler } from '../../kernel/types.ts'
import { wallStateRef } from './state.ts'

export const wallPush: Record<string, PushHandler> = {
  // PushType.hostStatus, by name (the first screen should not carry protocol/push.ts's table)
  'host.status': (data, kernel) => {
    kernel.get(wallStateRef)?.applyPush(data)
  },
}
