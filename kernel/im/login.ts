// Keeping the messaging connection alive (NET-06). The adapters only log in and report what
// happens; the policy lives here, the same for the harness and the real SDK:
//   - a login is retried 3 times, 1 s apart;
//   - a dropped connection is re-established with backoff min(30, 2^n) s, at most 5 attempts,
//     the count reset by any success;
//   - codes -10005 and -10026 (and V2NIM's invalid token, 102302) fetch a fresh token first;
//     -10002, -11024, -11026 and -11028 log in again with the same one; an account that does not
//     exist or is banned is not retried;
//   - each login attempt is bounded by the adapter (kernel/im/nim.ts: 10 s), so the first login
//     ends within 4 attempts x 10 s + 3 s in the worst case (packets dropped), at once when refused.
import { realTimers, type Timers } from '../timers.ts'
import { codeOf, FATAL_CODES, REFRESH_TOKEN_CODES, RELOGIN_CODES } from './errors.ts'
import type { ImClient, ImConnectState } from './types.ts'

const LOGIN_RETRIES = 3
const LOGIN_RETRY_MS = 1000
/** @public (read by the inbox through its dynamic import) */
export const RECONNECT_MAX = 5
/** delay before reconnect attempt n (1-based) */
export const reconnectDelayMs = (n: number) => Math.min(30, 2 ** n) * 1000

export interface ConnectImOptions {
  load: () => Promise<ImClient>
  account: string
  token: string
  /** ask the server for a new messaging token */
  refreshToken: () => Promise<string>
  timers?: Timers
  onState?: (state: ImConnectState, code?: number) => void
}

export interface ImConnection {
  client: ImClient
  state(): ImConnectState
  /** stop reconnecting and log out */
  close(): Promise<void>
}

/** Log in (with retries); resolves once connected, rejects with the last error after the retries. */
export async function connectIm(opts: ConnectImOptions): Promise<ImConnection> {
  const timers = opts.timers ?? realTimers
  const client = await opts.load()
  let token = opts.token
  let state: ImConnectState = 'idle'
  let closed = false
  let busy = false // a login sequence is running: connection events are its own doing
  let attempts = 0 // reconnect attempts since the last success
  let timer: unknown = null

  const setState = (next: ImConnectState, code?: number) => {
    if (next === state && code === undefined) return
    state = next
    opts.onState?.(next, code)
  }
  const sleep = (ms: number) => new Promise<void>((r) => timers.setTimeout(r, ms))

  /** one login; a token-refresh code fetches the next token before the error goes on */
  const loginOnce = async () => {
    try {
      await client.login(opts.account, token)
    } catch (err) {
      const code = codeOf(err)
      if (code !== undefined && REFRESH_TOKEN_CODES.includes(code)) token = await opts.refreshToken()
      throw err
    }
  }

  const loginWithRetries = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await loginOnce()
      } catch (err) {
        const code = codeOf(err)
        if (closed || attempt >= LOGIN_RETRIES || (code !== undefined && FATAL_CODES.includes(code))) throw err
        await sleep(LOGIN_RETRY_MS)
        if (closed) throw err
      }
    }
  }

  const connected = () => {
    attempts = 0
    setState('connected')
  }

  const scheduleReconnect = (code?: number) => {
    if (closed || busy || timer != null) return
    if (attempts >= RECONNECT_MAX) return setState('failed', code)
    attempts++
    setState('disconnected', code)
    timer = timers.setTimeout(async () => {
      timer = null
      if (closed || state === 'connected') return
      busy = true
      try {
        await loginOnce()
        busy = false
        connected()
      } catch (err) {
        busy = false
        scheduleReconnect(codeOf(err))
      }
    }, reconnectDelayMs(attempts))
  }

  // an error code on the live connection: new token and/or new login, right away
  const relogin = async (code: number, refresh: boolean) => {
    if (closed || busy) return
    busy = true
    if (timer != null) timers.clearTimeout(timer)
    timer = null
    setState('connecting', code)
    try {
      if (refresh) token = await opts.refreshToken()
      await loginWithRetries()
      busy = false
      connected()
    } catch (err) {
      busy = false
      scheduleReconnect(codeOf(err) ?? code)
    }
  }

  const offs = [
    client.on('connect-state', ({ state: s, code }) => {
      if (closed || busy) return
      if (s === 'connected') {
        // the SDK reconnected by itself
        if (timer != null) timers.clearTimeout(timer)
        timer = null
        connected()
      } else if (s === 'disconnected') scheduleReconnect(code)
      // e.g. signed in elsewhere: logging back in would only start a tug of war
      else if (s === 'failed') setState('failed', code)
    }),
    client.on('error', ({ code }) => {
      if (REFRESH_TOKEN_CODES.includes(code)) void relogin(code, true)
      else if (RELOGIN_CODES.includes(code)) void relogin(code, false)
    }),
  ]

  const close = async () => {
    closed = true
    if (timer != null) timers.clearTimeout(timer)
    timer = null
    offs.forEach((off) => off())
    try {
      await client.logout()
    } catch {
      // already gone
    }
    setState('idle')
  }

  setState('connecting')
  busy = true
  try {
    await loginWithRetries()
  } catch (err) {
    busy = false
    offs.forEach((off) => off())
    setState('failed', codeOf(err))
    throw err
  }
  busy = false
  connected()
  return { client, state: () => state, close }
}
