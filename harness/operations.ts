// What the control API, scenarios and the CLI can do to the harness, in one place:
// the HTTP control API is a thin JSON wrapper over these, and a scenario gets them directly.
import { describeHost, hosts, setHostStatus } from './hosts.ts'
import { checkLedger, type PaidForCheck } from './ledger.ts'
import type { RealtimeService } from './realtime.ts'
import type { SettingsStore } from './settings.ts'
import type { FakeSlice, HarnessContext, HarnessSettings, LedgerEntry, UserRow } from './types.ts'
import { collection } from './collections.ts'

type PushMessage = { pushType: string; data?: Record<string, unknown> } | { raw: string }

export interface Operations {
  users(): Array<{ userId: number; nickname: string; token: string | null; diamondNum: number; email: string | null; userType: number }>
  setBalance(userId: number, diamondNum: number): { userId: number; diamondNum: number; entry: LedgerEntry | null }
  hosts(): ReturnType<typeof describeHost>[]
  setHostStatus(userId: number, status: unknown): ReturnType<typeof setHostStatus>
  /** userId 'all' broadcasts */
  push(userId: number | 'all', message: PushMessage): { reached: number }
  ledger(userId?: number): { entries: LedgerEntry[]; check: ReturnType<typeof checkLedger> }
  /** close the realtime sockets of one user (or everyone): the app must reconnect on its own (NET-05) */
  dropSockets(userId?: number): { dropped: number }
  settings(change?: Partial<HarnessSettings>): HarnessSettings
  /** a plugin's control entry, as POST /__harness/<name> answers it: control('calls/behaviour', { hostId, answer }) */
  control(name: string, body?: Record<string, unknown>): Promise<unknown>
}

/** The plugins' control entries by name (server.ts merges them from the fake slices). */
export type SliceControls = Map<string, { id: string; entry: NonNullable<FakeSlice['control']>[string] }>

export function createOperations(ctx: HarnessContext, deps: { realtime: () => RealtimeService; settings: SettingsStore; controls?: SliceControls; paidFor?: PaidForCheck[] }): Operations {
  const viewer = (u: UserRow) => ({
    userId: u.userId,
    nickname: u.nickname,
    token: u.token,
    diamondNum: u.diamondNum,
    email: u.email ?? null,
    userType: u.userType,
  })
  return {
    users: () => collection(ctx, 'users').value().filter((u) => u.userType === 1 || u.userType === 4).map(viewer),
    setBalance(userId, diamondNum) {
      const user = ctx.userById(userId)
      if (!user) throw new Error(`no user ${userId}`)
      if (!Number.isInteger(diamondNum) || diamondNum < 0) throw new Error(`diamondNum must be a whole number >= 0, got ${JSON.stringify(diamondNum)}`)
      const delta = diamondNum - user.diamondNum
      const entry = delta ? ctx.move(userId, delta, 'harness.adjust') : null
      // the app learns of server-side changes by push (it never computes a balance itself)
      ctx.push(userId, 'user.balance', { diamondNum, reason: 'harness.adjust' })
      return { userId, diamondNum, entry }
    },
    hosts: () => hosts(ctx).map(describeHost),
    setHostStatus: (userId, status) => setHostStatus(ctx, userId, status),
    dropSockets: (userId) => ({ dropped: deps.realtime().drop(userId) }),
    push(userId, message) {
      if (!message || typeof message !== 'object') throw new Error('message must be {pushType, data} or {raw}')
      const realtime = deps.realtime()
      if ('raw' in message) {
        if (typeof message.raw !== 'string') throw new Error('message.raw must be a string (sent as one text frame)')
        if (userId === 'all') throw new Error('raw frames go to one user')
        return { reached: realtime.pushRaw(Number(userId), message.raw) }
      }
      if (typeof message.pushType !== 'string' || !message.pushType) throw new Error('message.pushType must be a non-empty string')
      const data = message.data ?? {}
      if (typeof data !== 'object' || Array.isArray(data)) throw new Error('message.data must be an object')
      return { reached: userId === 'all' ? ctx.broadcast(message.pushType, data) : ctx.push(Number(userId), message.pushType, data) }
    },
    ledger(userId) {
      const all = collection(ctx, 'ledger').value()
      return { entries: userId == null ? all : all.filter((e) => e.userId === userId), check: checkLedger(ctx.db.getState(), deps.paidFor) }
    },
    settings: (change) => (change ? deps.settings.patch(change) : deps.settings.get()),
    async control(name, body = {}) {
      const found = deps.controls?.get(name.replace(/^\/+/, ''))
      if (!found) throw new Error(`no control entry ${name}; known: ${[...(deps.controls?.keys() ?? [])].join(', ') || 'none'}`)
      return found.entry(ctx, body, new URLSearchParams())
    },
  }
}
