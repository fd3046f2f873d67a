// The calls plugin's slice of the harness (HAR-03, HAR-06): every call path of d1 §7, hosts
// that accept, reject, ignore, hang up or drop, and billing through the ledger so the balance
// never goes below zero and a retried deduction never charges twice.
//
// Refusals answer code '5000' with a CallRefusal message (api.ts); a short balance answers
// '1080' diamond.not.enough (the ledger throws it). Control entries live under /__harness/calls/.
// The parts: fake/store.ts (rows and rules), fake/core.ts (what the paths share), fake/lifecycle.ts,
// fake/records.ts (endpoints) and fake/control.ts (control entries).
import { defineFake, type FakeSlice } from '../../harness/types.ts'
import { CallCategory, HangupReason } from './api.ts'
import { realTimers, resetRuntime, runtimeOf, type Timers } from './fake/hosts.ts'
import { ACTIVE, table, type CallRow } from './fake/store.ts'
import { createCallCore } from './fake/core.ts'
import { lifecycleEndpoints } from './fake/lifecycle.ts'
import { recordEndpoints } from './fake/records.ts'
import { callControl } from './fake/control.ts'

export type { CallRow } from './fake/store.ts'

export interface CallsFakeOptions {
  /** injectable clock and timers for tests */
  timers?: Timers
}

export function createCallsFake(opts: CallsFakeOptions = {}): FakeSlice {
  const timers = opts.timers ?? realTimers
  const core = createCallCore(timers)
  const { finish } = core
  return defineFake({
    seed(db) {
      for (const name of ['calls', 'pushCalls', 'callEvaluations', 'callRates', 'robotInvites']) if (!Array.isArray(db[name])) db[name] = []
    },
    endpoints: { ...lifecycleEndpoints(core), ...recordEndpoints(core) },
    control: callControl(core),
    start(ctx) {
      runtimeOf(ctx, timers)
      // calls left ringing or connected by a previous run have no host timers any more
      for (const row of table(ctx, 'calls').value() as CallRow[]) {
        if (ACTIVE.includes(row.state)) finish(ctx, row, { state: row.beganAt != null ? 'over' : 'missed', category: row.beganAt != null ? CallCategory.connected : CallCategory.timeout, overReason: row.beganAt != null ? HangupReason.kicked : null })
      }
      return () => resetRuntime(ctx)
    },
  })
}

export const fake = createCallsFake()
export default fake
