// Who is using the app. Login is by token presence (SHELL-09): the token lives in
// localStorage under 'token', arrives from the URL or from the email login (SHELL-10),
// and every signal here is derived from what the server answered.
import { computed, signal, type ReadonlySignal } from '@preact/signals-react'
import { safeStorage } from './storage.ts'
import { toUser, type User } from './protocol/user.ts'

export type { User } from './protocol/user.ts'

export interface LoginResult {
  token: string
  deviceId?: string
  yxAccid?: string
  imToken?: string
}

export interface Session {
  token: ReadonlySignal<string | null>
  /** the user as the server last described it, normalised (protocol/user.ts); null until loaded */
  user: ReadonlySignal<User | null>
  loggedIn: ReadonlySignal<boolean>
  /** the app id this app runs as (SHELL-08: picked once, by apps/pick.ts, from the native shell,
   *  ?appid= and the stored one); sent with every request */
  appId: ReadonlySignal<string>
  deviceId: string
  /** store the token (and deviceId, yxAccid, imToken) in localStorage */
  login(result: LoginResult): void
  logout(): void
  setAppId(id: string): void
  /** the user record as the server answered it (getUserInfo): normalised here, once, for every reader */
  setUser(raw: Record<string, unknown> | null): void
  /** only ever called with a number the server answered; one the ledger cannot hold (negative,
   *  fractional, non-finite, absurdly large, not a number) is ignored with one log line */
  setBalance(diamondNum: unknown): void
}

/** localStorage keys, shared with whatever else reads them (the IM plugin reads yxAccid and imToken). */
// the two the page's first script reads (apps/early.ts) are apart, so it carries them and not the table
export const TOKEN_KEY = 'token'
export const APP_ID_KEY = 'appId'
export const StoreKey = {
  token: TOKEN_KEY,
  deviceId: 'deviceId',
  yxAccid: 'yxAccid',
  imToken: 'imToken',
  appId: APP_ID_KEY,
} as const

export function createSession(opts: { storage: Storage; appId: string }): Session {
  const store = safeStorage(opts.storage)
  const token = signal<string | null>(store.get(StoreKey.token) || null)
  const user = signal<User | null>(null)

  let deviceId = store.get(StoreKey.deviceId) || newDeviceId()
  store.set(StoreKey.deviceId, deviceId)

  const appId = signal<string>(opts.appId)

  return {
    token,
    user,
    loggedIn: computed(() => !!token.value),
    appId,
    get deviceId() {
      return deviceId
    },
    login(result) {
      if (!result?.token || typeof result.token !== 'string') throw new Error('login needs a token')
      store.set(StoreKey.token, result.token)
      if (result.deviceId) {
        deviceId = result.deviceId
        store.set(StoreKey.deviceId, deviceId)
      }
      if (result.yxAccid) store.set(StoreKey.yxAccid, result.yxAccid)
      if (result.imToken) store.set(StoreKey.imToken, result.imToken)
      token.value = result.token
    },
    logout() {
      // deviceId stays: it names the device, not the account
      store.remove(StoreKey.token)
      store.remove(StoreKey.yxAccid)
      store.remove(StoreKey.imToken)
      user.value = null
      token.value = null
    },
    setAppId(id) {
      if (!id) throw new Error('setAppId needs an id')
      store.set(StoreKey.appId, id)
      appId.value = id
    },
    setUser(raw) {
      user.value = raw ? toUser(raw) : null
    },
    setBalance(diamondNum) {
      if (!isLedgerBalance(diamondNum)) return console.warn('[app] bad balance', diamondNum)
      const u = user.value
      if (u) user.value = { ...u, diamondNum }
    },
  }
}

/** Above this no ledger balance is believable (a trillion diamonds): a bug or an attack. */
const MAX_LEDGER_BALANCE = 1e12

/** A whole, non-negative, believable number of diamonds: what the server's ledger can hold. */
export const isLedgerBalance = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_LEDGER_BALANCE

type UrlTokenAction = 'login' | 'logout' | 'none'

export interface UrlTokenResult {
  action: UrlTokenAction
  /** the query string left once token and from=anchor are taken out ('' or '?a=1') */
  search: string
  /** the URL carried either param, so it should be replaced with `search` */
  changed: boolean
}

/**
 * SHELL-09: a ?token= in the URL logs in (stored in localStorage); from=anchor
 * (a host opening the page) clears the token. Both params are removed from the URL so a
 * shared or reloaded link does not carry a token. The caller replaces the URL with
 * `search` and redirects on 'logout'.
 */
export function takeTokenFromUrl(search: string | URLSearchParams, session: Pick<Session, 'login' | 'logout'>): UrlTokenResult {
  const q = new URLSearchParams(search)
  let action: UrlTokenAction = 'none'
  const changed = q.has('token') || q.get('from') === 'anchor'
  if (q.get('from') === 'anchor') {
    session.logout()
    q.delete('from')
    q.delete('token')
    action = 'logout'
  } else if (q.has('token')) {
    const t = q.get('token')?.trim()
    q.delete('token')
    if (t) {
      session.login({ token: t })
      action = 'login'
    }
  }
  const rest = q.toString()
  return { action, search: rest ? `?${rest}` : '', changed }
}

function newDeviceId(): string {
  const c = globalThis.crypto
  if (c?.randomUUID) return c.randomUUID()
  return 'd' + Date.now().toString(36) + Math.random().toString(36).slice(2, 12)
}
