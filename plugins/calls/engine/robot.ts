// IM-05 / CALL-11: robot call invitations. A robot host's invitation arrives as a custom IM
// message (api.ts RobotInvite in attachment.raw). Unless one of the ignore rules of d2 §4.9
// holds, the host is looked up (3 s at most; 'request timeout' ends it quietly); the answer's
// user type decides: 4 aborts, 3 joins a free robot call, anything else places a direct call.
import type { ImMessage } from '../../../kernel/im/types.ts'
import type { RequestOptions } from '../../../kernel/api.ts'
import { CallPath, ROBOT_INVITE, type RobotHost, type RobotInvite } from '../api.ts'
import { pathIn } from '../rules.ts'
import type { CallTimers } from './timers.ts'

export const RobotDefaults = {
  /** invitations are ignored this long after messaging opens */
  quietAfterImOpenMs: 10_000,
  /** the lookup must answer within this */
  lookupTimeoutMs: 3000,
  /** IM custom message type */
  customMessageType: 100,
} as const

/** d2 §4.9: pages where invitations are ignored. */
const robotSuppressedPaths = ['/match', '/getcoin', '/forcePay', '/free', '/detail', '/game', '/vip', '/proxyCharge'] as const
const gameCentrePaths = ['/gameCenter'] as const
const wallPaths = ['/wall', '/white-wall'] as const
const talkPaths = ['/talk'] as const

/** The chat account the /talk rule lets invitations through for (d2 §4.9 'the system account'). */
export const SYSTEM_ACCOUNTS = ['system'] as const

export interface RobotWhere {
  path: string
  search: URLSearchParams
  live: boolean
  payPopup: boolean
  /** a half-screen game or the game list popup shows (the game plugin's scene marks) */
  game?: boolean
  /** a call rings, is on, or another invitation is being handled */
  calling: boolean
  /** the wall tab showing, when the wall says (scene marks wallAll / wallLive); null when unknown */
  wallTab: 'all' | 'live' | 'other' | null
}

export type IgnoreReason = 'im-just-opened' | 'page' | 'calling' | 'live' | 'pay-popup' | 'game' | 'wall-tab' | 'talk'

/** Why an invitation is ignored right now, or null when it may proceed. */
export function robotInviteIgnored(w: RobotWhere, o: { now: number; imOpenedAt: number | null; systemAccounts?: readonly string[] }): IgnoreReason | null {
  if (o.imOpenedAt == null || o.now - o.imOpenedAt < RobotDefaults.quietAfterImOpenMs) return 'im-just-opened'
  if (pathIn(w.path, robotSuppressedPaths)) return 'page'
  if (w.calling) return 'calling'
  if (w.live) return 'live'
  if (w.payPopup) return 'pay-popup'
  // the game centre page, a half-screen game or the game list popup
  if (w.game || pathIn(w.path, gameCentrePaths)) return 'game'
  if (pathIn(w.path, wallPaths)) {
    // the first tab (no tab in the link) is All
    const tab = w.wallTab ?? (w.search.get('tab') ? 'other' : 'all')
    if (tab === 'all' || tab === 'live') return 'wall-tab'
  }
  if (pathIn(w.path, talkPaths) && !(o.systemAccounts ?? SYSTEM_ACCOUNTS).includes(w.search.get('to') ?? '')) return 'talk'
  return null
}

/** The invitation in a message, or null for anything else (other messages, malformed JSON). */
export function parseRobotInvite(m: ImMessage | null | undefined): RobotInvite | null {
  if (!m || Number(m.messageType) !== RobotDefaults.customMessageType) return null
  const raw = m.attachment?.raw
  let data: unknown = m.attachment
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw)
    } catch {
      return null
    }
  }
  const d = data as Partial<RobotInvite> | null
  if (!d || d.type !== ROBOT_INVITE) return null
  const callIndex = Number(d.callIndex)
  if (!Number.isFinite(callIndex)) return null
  return { type: ROBOT_INVITE, callIndex, callType: Number(d.callType) || 1 }
}

/** 'ready': a regular host; her profile opened ready to dial, no call placed (d2 §4.9 'switches to direct') */
export type RobotOutcome = 'not-invite' | IgnoreReason | 'timeout' | 'failed' | 'no-user' | 'aborted' | 'free' | 'ready'

export interface RobotDeps {
  post<T>(path: string, payload?: unknown, opts?: RequestOptions): Promise<T>
  timers: CallTimers
  where(): RobotWhere
  /** when messaging last opened (ms on timers.now()), or null while it is not open */
  imOpenedAt(): number | null
  systemAccounts?: readonly string[]
  /** join the free robot call the lookup prepared (CALL-11) */
  joinFree(channelId: string): Promise<boolean>
  /** show the regular host ready to dial: a paid call starts only from the user's tap, with the price on the button */
  openReady(host: RobotHost): boolean
  log?(...a: unknown[]): void
}

export class RobotInvites {
  /** an invitation is being handled: later ones count as 'while calling' */
  private busy = false

  constructor(private deps: RobotDeps) {}

  async onMessage(m: ImMessage): Promise<RobotOutcome> {
    const invite = parseRobotInvite(m)
    if (!invite) return 'not-invite'
    const w = this.deps.where()
    const ignored = robotInviteIgnored({ ...w, calling: w.calling || this.busy }, { now: this.deps.timers.now(), imOpenedAt: this.deps.imOpenedAt(), systemAccounts: this.deps.systemAccounts })
    if (ignored) return ignored
    this.busy = true
    try {
      return await this.handle(invite)
    } finally {
      this.busy = false
    }
  }

  private async handle(invite: RobotInvite): Promise<RobotOutcome> {
    let host: RobotHost | null
    try {
      host = await this.lookup(invite)
    } catch (err) {
      const timedOut = (err as Error)?.message === 'request timeout' || (err as { kind?: string })?.kind === 'timeout'
      this.deps.log?.('robot lookup', timedOut ? 'request timeout' : err)
      return timedOut ? 'timeout' : 'failed'
    }
    if (!host?.userId) return 'no-user'
    const userType = Number(host.userType)
    if (userType === 4) return 'aborted'
    if (userType === 3) {
      if (!host.channelId) return 'no-user'
      return (await this.deps.joinFree(host.channelId)) ? 'free' : 'failed'
    }
    return this.deps.openReady(host) ? 'ready' : 'failed'
  }

  /** The lookup, cut at 3 s on our own clock whatever the HTTP client's time-out does. */
  private lookup(invite: RobotInvite): Promise<RobotHost | null> {
    const t = this.deps.timers
    return new Promise((resolve, reject) => {
      const timer = t.setTimeout(() => reject(new Error('request timeout')), RobotDefaults.lookupTimeoutMs)
      this.deps
        .post<RobotHost | null>(CallPath.robotLookup, { callIndex: invite.callIndex, callType: invite.callType }, { silent: true, timeout: RobotDefaults.lookupTimeoutMs })
        .then(resolve, reject)
        .finally(() => t.clearTimeout(timer))
    })
  }
}
