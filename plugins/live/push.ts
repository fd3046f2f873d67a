// The live plugin's pushes: full-server notices (LIVE-17). Anything unparseable is ignored.
import { PushType } from '../../kernel/protocol/push.ts'
import type { PushHandler } from '../../kernel/types.ts'
import { liveServiceRef } from './ref.ts'

export const livePush: Record<string, PushHandler> = {
  [PushType.notice]: (data, kernel) => kernel.need(liveServiceRef).notice(data),
}
