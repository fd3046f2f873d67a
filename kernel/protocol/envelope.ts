// The wire shapes of the HTTP API, shared by the app and the harness.
//
// request:  POST {apiBase}{path}, JSON body { data: encrypt(payload) },
//           headers loginToken, appid, Accept-Language and the subscription key header
// response: HTTP 200 with { code, msg, data: encrypt(result) | null }

/** success; apart, so the page's first script (apps/early.ts) carries it and not the whole table */
export const OK_CODE = '0000'
export const Code = {
  ok: OK_CODE,
  /** insufficient balance; msg may also be diamond.not.enough */
  notEnough: '1080',
  /** the app is out of date: toast and close the webview */
  updated: '1004',
  /** invalid code (invitation, transfer): passed back to the caller as a value */
  invalidCode: '1111',
  /** harness-defined: body missing or not decryptable with the configured key */
  badRequest: '4000',
  /** harness-defined: no such path */
  unknownPath: '4004',
  /** harness-defined: token missing or unknown on a path that needs login; sent with a token,
   *  the app takes it as a dead token (the session ends, d1 §8 'Token invalid') */
  needLogin: '4010',
  /** harness-defined: the request was refused by a business rule; msg says why */
  refused: '5000',
} as const

export const Msg = {
  notEnough: 'diamond.not.enough',
  noMatchUser: 'no.match.user',
} as const

export const Header = {
  token: 'loginToken',
  appId: 'appid',
  lang: 'Accept-Language',
  subscription: 'Ocp-Apim-Subscription-Key',
} as const

export interface Envelope {
  code: string
  msg: string
  /** ciphertext of the result, or null */
  data: string | null
}

/** Paged list answer used by every list endpoint. */
export interface Page<T> {
  list: T[]
  currentPage: number
  pageSize: number
  total: number
}
