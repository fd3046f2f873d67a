// The one way the app talks to its backend (NET-01..03).
//
// Every call is a POST of { data: encrypt(payload) } with the four headers; the answer is
// { code, msg, data: encrypt(result) }. What the user sees when it goes wrong follows the
// d1 §8 catalogue, in one place, so no page invents its own error texts.
import { openData, sealData } from './protocol/wire-data.ts'
import type { AppConfig } from './config.ts'
import { realTimers, type Timers } from './timers.ts'
import type { Events } from './types.ts'
import type { Session } from './session.ts'
import type { Locale } from './i18n.ts'
import type { NativeBridge } from './bridge.ts'
import type { ToastOptions } from './overlays.tsx'
// WebCrypto: the same cipher as protocol/cipher.ts without a crypto library in the first bundle
import * as webCipher from './protocol/cipher-web.ts'
import type { CipherKeys } from './protocol/cipher.ts'
import { Code, Header, Msg, type Envelope } from './protocol/envelope.ts'
import { takeEarly } from './early.ts'

export interface RequestOptions {
  /** ms; default 30 000 (host and live lists pass 6 000) */
  timeout?: number
  /** do not toast server errors (the caller handles them); NET-02 'unless suppressed' */
  silent?: boolean
  /** codes to hand back as a value instead of throwing, e.g. ['1111'] */
  passCodes?: string[]
  /** never the answer the page's first script got (kernel/early.ts): a reload that must see the server now */
  fresh?: boolean
}

/** What api.post rejects with. kind says which branch of the d1 §8 catalogue applied. */
export interface ApiErrorShape {
  kind: 'code' | 'http' | 'network' | 'timeout' | 'decrypt'
  code?: string
  status?: number
  /** the user-facing text that was (or would have been) toasted */
  message: string
  path: string
}


export interface ApiClient {
  /** POST path with payload encrypted; resolves with the decrypted result (or a PassedCode) */
  post<T = unknown>(path: string, payload?: unknown, opts?: RequestOptions): Promise<T>
}

export class ApiError extends Error implements ApiErrorShape {
  readonly kind: ApiErrorShape['kind']
  readonly code?: string
  readonly status?: number
  readonly path: string
  constructor(e: ApiErrorShape) {
    super(e.message)
    this.name = 'ApiError'
    this.kind = e.kind
    this.code = e.code
    this.status = e.status
    this.path = e.path
  }
}

/** true when err is the insufficient-balance answer (code 1080 or diamond.not.enough) */
/** a numeric envelope code as the spec's four-digit string: 0 is '0000', 1080 is '1080' (see docs/assumptions.md) */
const envelopeCode = (n: number) => (Number.isInteger(n) && n >= 0 ? String(n).padStart(4, '0') : String(n))

export const isInsufficient = (err: unknown) => err instanceof ApiError && err.kind === 'code' && err.code === Code.notEnough
export const isTimeout = (err: unknown) => err instanceof ApiError && err.kind === 'timeout'

/** what a request answered with a code the caller asked to handle itself (`passCodes`, e.g. 1111) */
export interface PassedCode {
  passedCode: string
  msg: string
}
export const isPassedCode = (v: unknown): v is PassedCode => !!v && typeof v === 'object' && 'passedCode' in v

const DEFAULT_TIMEOUT = 30_000
/** NET-01: host and live lists wait 6 s */
export const LIST_TIMEOUT = 6_000
/** code 1004: the webview closes this long after the update toast */
const CLOSE_AFTER_UPDATE = 2_000

/** the payload's encryption failed (not a network matter) */
class SealError extends Error {
  constructor(readonly cause: unknown) {
    super('encryption failed')
  }
}

/** Error-text keys in locales/<lang>/kernel.json */
const httpText: Record<number, string> = {
  401: 'kernel.unauthorized',
  403: 'kernel.noAccess',
  404: 'kernel.badAddress',
  500: 'kernel.serverFailure',
}

/** The wire cipher: WebCrypto by default; tests may pass protocol/cipher.ts (synchronous, same text). */
export interface Cipher {
  encrypt(value: unknown, keys: CipherKeys): string | Promise<string>
  decrypt<T = unknown>(text: string, keys: CipherKeys): T | Promise<T>
}

/** The HTTP layer: a JSON POST that resolves with the answer's status and parsed body, and rejects
 *  with { status, data } for a non-2xx answer, a TypeError when there is none. Tests pass a fake. */
export interface Http {
  post(url: string, body: unknown, init: { headers: Record<string, string>; signal?: AbortSignal }): Promise<{ status: number; data: unknown }>
}

/** fetch itself: a request library would add bytes to the first screen and nothing the client needs */
export const fetchHttp: Http = {
  async post(url, body, { headers, signal }) {
    const res = await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers }, signal })
    const text = await res.text()
    let data: unknown = text
    try {
      data = JSON.parse(text)
    } catch {
      /* not JSON: an HTML error page or a proxy's answer, kept as text */
    }
    if (!res.ok) throw { status: res.status, data }
    return { status: res.status, data }
  },
}

/** the four headers of every request */
export const wireHeaders = (token: string, appId: string, lang: string, subscriptionKey: string): Record<string, string> => ({
  [Header.token]: token,
  [Header.appId]: appId,
  [Header.lang]: lang,
  [Header.subscription]: subscriptionKey,
})

export function createApiClient(opts: {
  config: AppConfig
  session: Session
  lang: () => Locale
  events: Events
  bridge: NativeBridge
  toast: (text: string, o?: ToastOptions) => void
  t: (key: string) => string
  http?: Http
  timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>
  cipher?: Cipher
}): ApiClient {
  const { config, session, events, bridge, t } = opts
  const http = opts.http ?? fetchHttp
  const timers = opts.timers ?? realTimers
  const keys: CipherKeys = { key: config.cipherKey, iv: config.cipherIv }
  const cipher: Cipher = opts.cipher ?? webCipher
  const base = config.apiBase.replace(/\/+$/, '')

  /** the HTTP request, racing the time-out (which counts from the call, encryption included);
   *  the abort also stops the fetch underneath */
  const send = (path: string, request: (signal?: AbortSignal) => Promise<{ status: number; data: unknown }>, timeout: number) =>
    new Promise<{ status: number; data: unknown }>((resolve, reject) => {
      const abort = typeof AbortController === 'function' ? new AbortController() : null
      let done = false
      const timer = timers.setTimeout(() => {
        if (done) return
        done = true
        abort?.abort()
        reject(new ApiError({ kind: 'timeout', message: t('kernel.network'), path }))
      }, timeout)
      const settle = (fn: () => void) => {
        if (done) return
        done = true
        timers.clearTimeout(timer)
        fn()
      }
      request(abort?.signal).then(
        (res) => settle(() => resolve({ status: res.status, data: res.data })),
        (res) => settle(() => reject(res)),
      )
    })

  return {
    async post<T>(path: string, payload?: unknown, o: RequestOptions = {}): Promise<T> {
      const url = `${base}${path}`
      const sentToken = session.token.peek() ?? ''
      const headers = wireHeaders(sentToken, session.appId.value, opts.lang(), config.subscriptionKey)
      /**
       * Reject with err, toasting its text first unless the caller handles it, or the session it was
       * sent under has ended meanwhile (a dead token already said all there is to say). `dead`: the
       * server does not know the token (HTTP 401, or the invalid-token code): the session ends once,
       * with one 'Token invalid, please log in again', and the app is a guest's again.
       */
      const fail = (err: ApiError, dead?: boolean): never => {
        if (session.token.peek() === (sentToken || null) && (dead || !o.silent)) {
          if (dead) session.logout()
          opts.toast(err.message, { type: 'warning' })
        }
        throw err
      }
      const body = payload ?? {}
      // the page's first script may have asked this very thing already (kernel/early.ts)
      const early = o.fresh ? undefined : takeEarly(url, headers, body)
      const request = (signal?: AbortSignal) =>
        early ??
        Promise.resolve()
          .then(() => sealData(body, config.wireData, (v) => cipher.encrypt(v, keys)))
          .then(
            // timed out while encrypting: never sent
            (data) => (signal?.aborted ? Promise.reject(signal.reason) : http.post(url, { data }, { headers, signal })),
            (err) => Promise.reject(new SealError(err)),
          )
      let res: { status: number; data: unknown }
      try {
        res = await send(path, request, o.timeout ?? DEFAULT_TIMEOUT)
      } catch (e) {
        // a payload that cannot be encrypted (a cycle, a BigInt) is the caller's bug: hand it back as is
        if (e instanceof SealError) throw e.cause
        if (e instanceof ApiError) return fail(e)
        // the HTTP layer rejects with the response for a non-2xx status, and with a TypeError when there is none
        const status = typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : 0
        const key = httpText[status] ?? 'kernel.network'
        return fail(new ApiError({ kind: status ? 'http' : 'network', status: status || undefined, message: t(key), path }), status === 401)
      }

      const env = res.data as Partial<Envelope> | null
      // a numeric code (0, 1080) is the same answer as its four-digit string: never a network failure
      if (env && typeof env === 'object' && typeof (env.code as unknown) === 'number') env.code = envelopeCode(env.code as unknown as number)
      if (!env || typeof env !== 'object' || typeof env.code !== 'string') {
        // an HTML error page or a proxy's answer: nothing the app can read
        return fail(new ApiError({ kind: 'network', status: res.status, message: t('kernel.network'), path }))
      }
      const msg = typeof env.msg === 'string' ? env.msg : ''
      // 'diamond.not.enough' may come with another code; it means the same thing
      const code = msg === Msg.notEnough ? Code.notEnough : env.code

      if (code === Code.ok) {
        if (env.data == null || env.data === '') return null as T
        try {
          return await openData<T>(env.data, (text) => cipher.decrypt(text, keys))
        } catch {
          return fail(new ApiError({ kind: 'decrypt', code, message: t('kernel.network'), path }))
        }
      }
      if (code === Code.needLogin && sentToken) return fail(new ApiError({ kind: 'code', code, message: t('kernel.unauthorized'), path }), true)
      if (o.passCodes?.includes(code)) return { passedCode: code, msg } as T
      if (code === Code.notEnough) {
        // the recharge plugin opens its sheet on this event; the caller also gets the flag
        events.emit('insufficient-balance', { path })
        throw new ApiError({ kind: 'code', code, message: t('kernel.insufficient'), path })
      }
      if (code === Code.updated) {
        // an out-of-date app cannot be fixed from inside: tell the user and close
        opts.toast(t('kernel.updated'), { type: 'warning' })
        timers.setTimeout(() => bridge.closeWebview(), CLOSE_AFTER_UPDATE)
        throw new ApiError({ kind: 'code', code, message: t('kernel.updated'), path })
      }
      if (msg === Msg.noMatchUser) throw new ApiError({ kind: 'code', code, message: msg, path })
      return fail(new ApiError({ kind: 'code', code, message: msg || t('kernel.serverError'), path }))
    },
  }
}
