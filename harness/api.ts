// POST /api/*: the encrypted envelope (HAR-01). Decrypt the body with the shared cipher, check
// the subscription key, find the user by loginToken, dispatch to the endpoint registered for the
// exact path by some plugin's fake slice, and answer HTTP 200 {code, msg, data: encrypt(result)}.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { CipherError, decrypt, encrypt } from '../kernel/protocol/cipher.ts'
import { Code, Header, type Envelope } from '../kernel/protocol/envelope.ts'
import { BodyTooLarge, header, readText, sendJson } from './http.ts'
import { jsonDepth, MAX_BODY_DEPTH } from './bounds.ts'
import type { SettingsStore } from './settings.ts'
import { EndpointError, type Endpoint, type EndpointCall, type HarnessContext } from './types.ts'

export interface ApiOptions {
  subscriptionKey: string
  settings: SettingsStore
  endpoints: Map<string, { id: string; entry: Endpoint }>
  quiet?: boolean
  /** every answer, for the control page's event log */
  onAnswer?: (e: { path: string; code: string; ms: number; userId: number | null }) => void
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export function createApi(ctx: HarnessContext, opts: ApiOptions) {
  return async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://harness').pathname
    const started = Date.now()
    let userId: number | null = null
    const answer = (code: string, msg: string, result?: unknown, httpStatus = 200) => {
      // the setting numericCodes plays a server that sends its codes as numbers (0, 1080)
      const wireCode = opts.settings.get().numericCodes === true && /^\d+$/.test(code) ? Number(code) : code
      const body = { code: wireCode, msg, data: code === Code.ok ? sealResult(result ?? null, opts.settings.get().wireData === 'fields', ctx) : null } satisfies Omit<Envelope, 'data' | 'code'> & { code: string | number; data: unknown }
      sendJson(res, httpStatus, body)
      opts.onAnswer?.({ path, code: httpStatus === 200 ? code : `HTTP ${httpStatus}`, ms: Date.now() - started, userId })
      if (!opts.quiet) console.log(`[harness] ${req.method} ${path} ${httpStatus === 200 ? code : 'HTTP ' + httpStatus} ${Date.now() - started}ms${userId ? ' user ' + userId : ''}${code === Code.ok ? '' : ' ' + msg}`)
    }

    try {
      // weak network: every answer late (a setting, shown on the control page)
      const latency = Number(opts.settings.get().latencyMs) || 0
      if (latency > 0) await sleep(latency)
      const fault = opts.settings.takeFault(path)
      if (fault?.delayMs) await sleep(fault.delayMs)
      if (fault?.garble) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        res.end('{"code":"0000","msg":"success","data":"U2FsdGVk')
        opts.onAnswer?.({ path, code: 'garbled', ms: Date.now() - started, userId })
        return
      }
      if (fault?.httpStatus) return answer(String(fault.httpStatus), fault.msg ?? `harness fault: HTTP ${fault.httpStatus} on ${path}`, null, fault.httpStatus)
      if (fault && (fault.code || !fault.delayMs)) return answer(fault.code ?? Code.refused, fault.msg ?? `harness fault on ${path}`)

      if (req.method !== 'POST') return answer(Code.badRequest, `${path} answers POST only, got ${req.method}`, null, 405)
      // the gateway in front of the real API refuses a missing key with 401 before any envelope
      if (header(req, Header.subscription) !== opts.subscriptionKey) {
        return answer('401', `Access denied: missing or wrong ${Header.subscription} header`, null, 401)
      }

      const payload = parsePayload(await readText(req), ctx)
      const user = ctx.userByToken(header(req, Header.token))
      userId = user?.userId ?? null
      const found = opts.endpoints.get(path)
      if (!found) return answer(Code.unknownPath, `unknown path ${path}: no plugin fake answers it`)
      const call: EndpointCall = {
        payload,
        user,
        headers: req.headers,
        requireUser() {
          if (!user) throw new EndpointError(Code.needLogin, `login required for ${path}: send a known ${Header.token} header`)
          return user
        },
      }
      const result = await found.entry(ctx, call)
      answer(Code.ok, 'success', result)
    } catch (err) {
      if (err instanceof EndpointError) return answer(err.code, err.in(header(req, Header.lang)))
      if (err instanceof BodyTooLarge) return answer('413', err.message, null, 413)
      // the stack goes to the harness's own log only, never into the answer
      console.error(`[harness] ${path} failed:`, err)
      answer('500', `harness endpoint ${path} failed`, null, 500)
    }
  }
}

/** a result as the app-config's wireData expects it: one ciphertext, or (fields) one per field of an object */
function sealResult(result: unknown, byField: boolean, ctx: HarnessContext): string | Record<string, string> {
  if (!byField || !result || typeof result !== 'object' || Array.isArray(result)) return encrypt(result, ctx.keys)
  return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, encrypt(v, ctx.keys)]))
}

/** The request body is {data: encrypt(payload)} (or {data: {field: encrypt(value)}}); an empty body means no payload. */
function parsePayload(text: string, ctx: HarnessContext): any {
  if (!text.trim()) return {}
  let body: any
  try {
    body = JSON.parse(text)
  } catch {
    throw new EndpointError(Code.badRequest, 'request body is not JSON; expected {"data": "<ciphertext>"}')
  }
  if (!body || typeof body !== 'object') throw new EndpointError(Code.badRequest, 'request body must be an object {"data": "<ciphertext>"}')
  if (body.data == null || body.data === '') return {}
  const fields = !!body.data && typeof body.data === 'object' && !Array.isArray(body.data)
  if (typeof body.data !== 'string' && !fields) throw new EndpointError(Code.badRequest, 'body.data must be the ciphertext string of the payload, or an object of field ciphertexts')
  try {
    // the payload sealed whole, or field by field (the app's wireData switch): both are read
    const payload = fields ? Object.fromEntries(Object.entries(body.data).map(([k, v]) => [k, typeof v === 'string' ? decrypt(v, ctx.keys) : v])) : decrypt(body.data, ctx.keys)
    if (jsonDepth(payload) > MAX_BODY_DEPTH) throw new EndpointError(Code.badRequest, `the payload nests deeper than ${MAX_BODY_DEPTH} levels`)
    return payload ?? {}
  } catch (err) {
    if (err instanceof CipherError) throw new EndpointError(Code.badRequest, 'body.data cannot be decrypted with the configured cipher key and IV')
    throw err
  }
}
