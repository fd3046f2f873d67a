// INTERFACE ONLY for now.
import type { ReadonlySignal, Signal } from '@preact/signals-react'

/** The user as the server last described it (d1 §3 User info, d3 §3 User (mine)). */
export interface User {
  userId: number
  nickname: string
  icon: string
  diamondNum: number
  yxAccid: string
  imToken?: string
  isNewUser?: number
  firstPayTime?: string | null
  isVip?: number
  vipInfo?: { isVip: number; expireTime?: string | null; '72Hour'?: number }
  userType?: number
  disturb?: number
  [field: string]: unknown
}

export interface LoginResult {
  token: string
  deviceId?: string
  yxAccid?: string
  imToken?: string
}

export interface Session {
  token: ReadonlySignal<string | null>
  user: Signal<User | null>
  loggedIn: ReadonlySignal<boolean>
  /** stored app id (SHELL-08) */
  appId: ReadonlySignal<string>
  deviceId: string
  /** store the token (and deviceId, yxAccid, imToken) in localStorage */
  login(result: LoginResult): void
  logout(): void
  setAppId(id: string): void
  /** only ever called with a number the server answered */
  setBalance(diamondNum: number): void
}

// Factory to implement: export function createSession(opts: { storage: Storage; bridge: NativeBridge; defaultAppId: string }): Session
