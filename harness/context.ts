// Builds the HarnessContext every fake slice and service works with.
import { createHmac, randomBytes } from 'node:crypto'
import type { CipherKeys } from '../kernel/protocol/cipher.ts'
import { createMover } from './ledger.ts'
import type { Collection } from './collections.ts'
import type { HarnessContext, HarnessSettings, MediaAccess, UserRow } from './types.ts'

export interface ContextDeps {
  db: any
  keys: CipherKeys
  settings: () => HarnessSettings
  /** late bound: the realtime service is built with the context */
  push: (userId: number, pushType: string, data: Record<string, unknown>) => number
  broadcast: (pushType: string, data: Record<string, unknown>) => number
  baseUrl: () => string
  /** late bound like push: the media services are built with the context */
  rtc?: () => import('./rtc.ts').RtcService | null
  im?: () => import('./im.ts').ImService | null
  quiet?: boolean
  now?: () => Date
  /** the signing secret; default a random one per process (a restart voids what was signed before) */
  secret?: string
}

export function createContext(deps: ContextDeps): HarnessContext & MediaAccess {
  // the state itself, not db.get: finding a user marks no change for the journal (a change to a
  // user goes through db.get('users')...assign().write(), or rides on that user's ledger row)
  const users = (): Collection<UserRow[]> => deps.db._.chain(deps.db.getState().users ?? [])
  const secret = deps.secret ?? randomBytes(32).toString('hex')
  return {
    keys: deps.keys,
    db: deps.db,
    settings: deps.settings,
    move: createMover(deps.db, deps.now),
    push: (userId, pushType, data) => deps.push(userId, pushType, data),
    broadcast: (pushType, data) => deps.broadcast(pushType, data),
    userByToken(token) {
      if (!token || token === 'null' || token === 'undefined') return null
      return (users().find((u: UserRow) => u.token === token || (Array.isArray(u.tokens) && u.tokens.includes(token))).value()) ?? null
    },
    userById: (userId) => users().find({ userId: Number(userId) }).value() ?? null,
    userByAccid: (yxAccid) => users().find({ yxAccid }).value() ?? null,
    baseUrl: deps.baseUrl,
    sign: (purpose, text) => createHmac('sha256', `${secret}:${purpose}`).update(text).digest('hex'),
    rtc: () => deps.rtc?.() ?? null,
    im: () => deps.im?.() ?? null,
    log: (...args) => {
      if (!deps.quiet) console.log('[harness]', ...args)
    },
  }
}
