// The shell's public face: the base config every feature may read, the login entry points,
// the user refresh, and backend-configured links. Import this file only, never the shell's internals.
import type { ReadonlySignal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'

/** d3 §3 Base config, as /api/index/v2/getBaseConfigForIntoBag answers it. Unknown keys are kept. */
export interface BaseConfig {
  forcePayConfig?: {
    /** false (or 0) sends the user to /forcePay after the landing page (SHELL-11) */
    isFinished: boolean | number
    fileType?: number | string
    landPageImg?: string
    styleChoose?: number | string
  } | null
  sysConfigParams?: Record<string, unknown>
  businessConfig?: Record<string, unknown>
  intimacyConfig?: Record<string, unknown>
  appShift?: unknown
  canEval?: unknown
  roomId?: string | number
  scene?: unknown
  [key: string]: unknown
}

export type BaseConfigStatus = 'idle' | 'loading' | 'ready' | 'failed'

export interface ShellApi {
  /** the last base config the server answered; null until loaded */
  baseConfig: ReadonlySignal<BaseConfig | null>
  baseConfigStatus: ReadonlySignal<BaseConfigStatus>
  /** load it (once; concurrent callers share the request), retried up to 3 times,
   *  then rejects with 'getBaseConfig failed'. `force` reloads a loaded config. */
  loadBaseConfig(opts?: { force?: boolean }): Promise<BaseConfig>
  /** open the login popup; resolves true when the user logged in. `to` is where to go afterwards. */
  openLogin(opts?: { to?: string; full?: boolean }): Promise<boolean>
  /** fetch /api/user/getUserInfo into session.user (the balance shown is always the server's) */
  refreshUser(): Promise<void>
  /** the rules for backend-configured links (SHELL-14); they load with the first link, not with the first screen */
  linkRules(): Promise<LinkRules>
  /** message tab badge parts and the user tab dot (SHELL-07) */
  badges: {
    followCount: ReadonlySignal<number>
    /** follows the user has not seen yet (the tab badge's part: the inbox shows the whole count) */
    newFollows: ReadonlySignal<number>
    /** the user is in the inbox: the follow count now is seen */
    markFollowsSeen(): void
    taskClaimable: ReadonlySignal<boolean>
    /** reload follow count and task state from the server */
    refresh(): Promise<void>
  }
}

export const shellRef = ref<ShellApi>('shell')

/** where a backend-configured link may lead from this app (SHELL-14) */
export interface LinkRules {
  /** go where the link leads; false, and nowhere, when the rules refuse it */
  follow(url: string, extraQuery?: Record<string, string>): boolean
  /** whether follow would go anywhere (a control for a refused link is not drawn) */
  allows(url: string): boolean
}

/**
 * Optional link: an inbox plugin provides its unread count so the message tab badge can add it
 * to the follow count. Without it the badge shows the follow count only.
 */
export interface UnreadSource {
  unread: ReadonlySignal<number>
}

export const unreadRef = ref<UnreadSource>('shell.unread')

/** 'user.balance' push: the balance changed server side (a payment, an adjustment). */
export const BalancePush = 'user.balance'
export interface BalanceChange {
  diamondNum: number
  reason?: string
  orderCode?: string
}


declare module '../../kernel/types.ts' {
  interface PushTypes {
    /** the server's new balance; it replaces the shown one (money rule: server only) */
    'user.balance': BalanceChange
  }
}
