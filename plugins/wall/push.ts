// Pushes the wall listens to. host.status (NET-08): the one host store changes, so every tab
// listing the host shows the new status. Unknown hosts and malformed data change nothing:
// applyPush is this push's guard (by hand, the wall is on the first screen; see kernel/guard.ts).
import type { PushHandlers } from '../../kernel/types.ts'
import { HostStatusPush } from './api.ts'
import { wallStateRef } from './state.ts'

export const wallPush: PushHandlers = {
  [HostStatusPush]: (data, kernel) => {
    kernel.get(wallStateRef)?.applyPush(data)
  },
}
