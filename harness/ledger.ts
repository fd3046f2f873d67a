// Every diamond that moves goes through here (HAR-06): the user's balance changes and one
// ledger row records why, so the invariant "opening balance + sum of deltas = balance" can be
// checked at any time. A repeated idempotency key moves nothing and returns the earlier row.
import { Code, Msg } from '../kernel/protocol/envelope.ts'
import { EndpointError, type LedgerEntry, type UserRow } from './types.ts'

/** Balances at seed time; users created later open at 0. */
export interface Opening {
  userId: number
  balance: number
}

export function createMover(db: any, now: () => Date = () => new Date()) {
  // the ledger only grows: its keys and highest id are indexed as it grows, so a move stays cheap
  // however long the ledger is; a new array (a reset) or a shorter one starts the index again
  let indexed: LedgerEntry[] | null = null
  let seen = 0
  let maxId = 0
  let keys = new Map<string, LedgerEntry>()
  const sync = () => {
    // the state itself, not db.get: a move is journaled by its row, so it marks no collection
    const rows = (db.getState().ledger ??= []) as LedgerEntry[]
    if (rows !== indexed || rows.length < seen) {
      indexed = rows
      seen = maxId = 0
      keys = new Map()
    }
    for (; seen < rows.length; seen++) {
      const r = rows[seen]
      if (r.key != null) keys.set(`${r.userId}:${r.key}`, r)
      maxId = Math.max(maxId, r.id)
    }
    return rows
  }
  return function move(userId: number, delta: number, reason: string, extra: { key?: string; [f: string]: unknown } = {}): LedgerEntry {
    if (!Number.isInteger(delta)) throw new Error(`ledger: delta must be a whole number of diamonds, got ${delta}`)
    if (!reason) throw new Error('ledger: a reason is required')
    const { key, ...rest } = extra
    const rows = sync()
    // keys are per user: a call's billing point may debit the viewer and credit the host under one key
    if (key != null) {
      const earlier = keys.get(`${userId}:${key}`)
      if (earlier) return earlier
    }
    const user = (db.getState().users as UserRow[] | undefined)?.find((u) => u.userId === userId)
    if (!user) throw new EndpointError(Code.refused, `no user ${userId}`)
    const balanceAfter = (Number(user.diamondNum) || 0) + delta
    if (balanceAfter < 0) throw new EndpointError(Code.notEnough, Msg.notEnough)
    const entry: LedgerEntry = { ...rest, id: maxId + 1, userId, delta, reason, balanceAfter, at: now().toISOString() }
    if (key != null) entry.key = String(key)
    user.diamondNum = balanceAfter
    rows.push(entry)
    sync()
    db.write()
    return entry
  }
}

export interface LedgerCheck {
  ok: boolean
  problems: string[]
}

/** What a slice's ledger rows paid for, checked against the state (FakeSlice.paidFor). */
export type PaidForCheck = (state: Record<string, any>) => string[]

/** The invariants: per user, opening + sum of deltas = diamondNum; every running balance
 *  equals the row's balanceAfter and is never below zero; and each slice's check of what the
 *  rows paid for (codes used once, boxes bought = opened + held, levels paid once, orders
 *  credited once). */
export function checkLedger(state: { users?: UserRow[]; ledger?: LedgerEntry[]; ledgerOpening?: Opening[] }, paidFor: PaidForCheck[] = []): LedgerCheck {
  const problems: string[] = []
  for (const check of paidFor) problems.push(...check(state))
  const opening = new Map((state.ledgerOpening ?? []).map((o) => [o.userId, o.balance]))
  const running = new Map<number, number>()
  for (const row of state.ledger ?? []) {
    const before = running.get(row.userId) ?? opening.get(row.userId) ?? 0
    const after = before + row.delta
    if (after !== row.balanceAfter) problems.push(`ledger row ${row.id} (user ${row.userId}): ${before} + ${row.delta} = ${after}, row says ${row.balanceAfter}`)
    if (after < 0) problems.push(`ledger row ${row.id} (user ${row.userId}) leaves the balance at ${after}`)
    running.set(row.userId, after)
  }
  for (const user of state.users ?? []) {
    const expected = running.get(user.userId) ?? opening.get(user.userId) ?? 0
    if (expected !== user.diamondNum) problems.push(`user ${user.userId}: opening + deltas = ${expected}, diamondNum = ${user.diamondNum}`)
  }
  return { ok: problems.length === 0, problems }
}
