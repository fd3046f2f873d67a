// Messaging error codes. The negative ones come from the messaging service (d1 §8); the
// positive ones follow the NIM SDK's numbering so both adapters fail the same way.
export const ImCode = {
  /** wrong account or token */
  auth: 302,
  /** not logged in / not allowed */
  forbidden: 403,
  /** no answer in time */
  timeout: 408,
  /** malformed request */
  badRequest: 414,
  /** the connection is down */
  disconnected: 415,
  /** V2NIM_ERROR_CODE_ACCOUNT_IN_BLOCK_LIST: the recipient blocked the sender (ENG-11) */
  inBlockList: 102426,
} as const

/** V2NIM_ERROR_CODE_INVALID_TOKEN: what SDK v10 says for a wrong or stale token (the spec's
 *  negative codes are not in it) */
const NIM_INVALID_TOKEN = 102302
/** these need a fresh token from the server, then a new login: the spec's (d1 §8, as the harness
 *  speaks them) and V2NIM's */
export const REFRESH_TOKEN_CODES: readonly number[] = [-10005, -10026, NIM_INVALID_TOKEN]
/** V2NIM codes no retry can mend: appkey not exist, account not exist, account banned */
export const FATAL_CODES: readonly number[] = [101303, 102404, 102422]
/** d1 §8: these need a new login with the same token */
export const RELOGIN_CODES: readonly number[] = [-10002, -11024, -11026, -11028]

export class ImError extends Error {
  constructor(
    public code: number,
    message = `im error ${code}`,
  ) {
    super(message)
    this.name = 'ImError'
  }
}

/** The numeric code of an SDK or adapter error, if it has one. */
export function codeOf(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code === 'number') return code
  if (typeof code === 'string' && /^-?\d+$/.test(code)) return Number(code)
  return undefined
}
