// PLACEHOLDER SIGNATURE, implemented by the messaging work: the /im harness IM service.
import type { HarnessContext, UpgradeService } from './types.ts'

export interface ImService extends UpgradeService {
  /** deliver a message from one account to another (a host greeting, a robot invitation) */
  send(from: string, to: string, message: { text?: string; messageType?: number; attachment?: Record<string, unknown> }): void
  /** make the next logins of an account fail with a code (e.g. -10005) */
  failNextLogins(account: string, code: number, times: number): void
  drop(account?: string): number
}

export declare function createImService(ctx: HarnessContext): ImService
