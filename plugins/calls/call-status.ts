// The call constants the first bundle needs (the idle call info); api.ts re-exports them, so the
// rest of the public face stays out of the first bundle.

/** d1 §4 Call status. */
export const CallStatus = { INIT: 0, CALLING: 1, CANCEL: 2, CALLING_ING: 3, HANG_UP: 4, TIMEOUT: 5 } as const
export type CallStatusValue = (typeof CallStatus)[keyof typeof CallStatus]

/** d1 §4 Call game types (what the server bills) and front types (how the app shows it). */
export const CallGameType = { DIRECT: 1, MATCH: 2, MATCH_POOL: 3, LIVE: 4 } as const
export const FrontType = { DIRECT: 1, MATCH: 2, LIVE: 3, BOT: 4 } as const
