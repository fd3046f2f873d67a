// Typed reads of the state file: what each collection holds, declared once, so that no read of
// the store needs a cast. Plugins declare their own collections beside the code that writes them.
import type { HarnessContext, LedgerEntry, UserRow } from './types.ts'

/** One row of `follows`: userId follows followUserId. */
export interface FollowRow {
  id: number
  userId: number
  followUserId: number
  at: string
}

/** The app's base configuration as the harness serves it (fixtures/baseConfig.json). */
export interface BaseConfig {
  sysConfigParams: Record<string, any>
  businessConfig?: Record<string, unknown>
  [field: string]: any
}

/** The state file's collections by name and what each holds. The harness names the shared ones;
 *  a plugin adds its own from its fake files by declaration merging:
 *    declare module '../../harness/collections.ts' { interface Collections { payOrders: OrderRow[] } } */
export interface Collections {
  users: UserRow[]
  ledger: LedgerEntry[]
  follows: FollowRow[]
  baseConfig: BaseConfig
}

type RowOf<V> = V extends ReadonlyArray<infer R> ? R : never
type Match<R> = Partial<R> | ((row: R) => boolean)

/** A collection as lowdb's lodash chain, with the reads typed (find, filter, value behave as
 *  lodash's); the rest of the chain (push, assign, remove, write...) stays lowdb's own. */
export interface Collection<V> {
  value(): V
  find(match: Match<RowOf<V>>): { value(): RowOf<V> | undefined; [chain: string]: any }
  filter(match: Match<RowOf<V>>): { value(): V; [chain: string]: any }
  [chain: string]: any
}

/** The collection `name` of the state file, its reads typed by what Collections declares for it. */
export const collection = <K extends keyof Collections>(ctx: Pick<HarnessContext, 'db'>, name: K): Collection<Collections[K]> => ctx.db.get(name)
