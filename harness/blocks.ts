// ENG-11: who a user blocked, as the server keeps it (the social slice's 'blocks' records:
// { userId, targetId, at }). The server decides what blocking does, from these records: every
// answer holding hosts leaves out the ones its caller blocked, her calls and messages do not
// reach him, and a call to her is refused.
import type { HarnessContext } from './types.ts'

interface BlockRow {
  userId: number
  targetId: number
}

/** the ids the user blocked (none for a guest, or a build without the block records) */
export function blockedIds(ctx: HarnessContext, userId: number | null | undefined): Set<number> {
  if (userId == null) return new Set()
  // a context without a store (a service's own tests) keeps no block records
  const rows = (ctx.db?.get('blocks').value() as BlockRow[] | undefined) ?? []
  return new Set(rows.filter((r) => r.userId === userId).map((r) => r.targetId))
}

/** has userId blocked targetId? */
export function hasBlocked(ctx: HarnessContext, userId: number | null | undefined, targetId: number | null | undefined): boolean {
  return userId != null && targetId != null && blockedIds(ctx, userId).has(targetId)
}

/** keep the hosts the caller has not blocked */
export function withoutBlocked<T extends { userId: number }>(ctx: HarnessContext, callerId: number | null | undefined, rows: T[]): T[] {
  const blocked = blockedIds(ctx, callerId)
  return blocked.size ? rows.filter((r) => !blocked.has(r.userId)) : rows
}
