// The live plugin's pushes: full-server notices (LIVE-17). Anything unparseable is ignored.
import type { PushHandlers } from '../../kernel/types.ts'
import { NoticePush } from './api.ts'
import { liveServiceRef } from './refs.ts'

export const livePush: PushHandlers = {
  [NoticePush]: (data, kernel) => kernel.need(liveServiceRef).notice(data),
}
