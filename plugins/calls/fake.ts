// The calls plugin's slice of the harness (HAR-03, HAR-06): every call path of d1 §7, hosts
// that accept, reject, ignore, hang up or drop, and billing through the ledger so the balance
// never goes below zero and a retried deduction never charges twice.
//
// Refusals answer code '5000' with a CallRefusal message (api.ts); a short balance answers
// '1080' diamond.not.enough (the ledger throws it). Control entries live under /__harness/calls/.
// The parts: fake/store.ts (rows and rules), fake/core.ts (what the paths share), fake/lifecycle.ts,
// fake/records.ts (endpoints) and fake/control.ts (control entries).
import { defineFake, type FakeSlice } from '../../harness/slice-kit.ts'
import { CallCategory, HangupReason } from './api.ts'
import { realTimers, resetRuntime, runtimeOf, type Timers } from './fake/hosts.ts'
import { ACTIVE, table } from './fake/store.ts'
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

  const answer = (a: string) => ({ label: a, control: 'calls/behaviour', body: { hostId: '$userId', answer: a, afterSec: 2 } })
  const controlInfo: FakeSlice['controlInfo'] = {
    'calls/behaviour': {
      title: 'Call behaviour',
      description: 'How a host (hostId) answers calls, or every host without its own (no hostId). answer: accept | reject | busy | never.',
      body: { answer: 'accept', afterSec: 3, hangUpAfterSec: 45 },
      rowOf: { kind: 'host', label: 'Answers calls', actions: ['accept', 'reject', 'busy', 'never'].map(answer), current: { entry: 'calls/state', path: 'behaviours.$userId.answer', fallback: 'fallback.answer' } },
    },
    'calls/limit': { title: 'Call limit', description: 'The call-limit answer for a host.', body: { hostId: 200001, isLimitMet: 1, interactionCount: 3 } },
    'calls/fail-deductions': { title: 'Fail deductions', description: 'The next `count` due billing deductions fail (the call hangs up with reason 8).', tab: 'faults', body: { count: 3 } },
    'calls/begin': { title: 'Begin-call trouble', description: 'The next `fail` begin-call requests fail; delayMs makes them slow.', tab: 'faults', body: { fail: 1, delayMs: 0 } },
    'calls/pushes': { title: 'Call pushes out of order', description: 'duplicate: every call.notify twice; reorder: the ring arrives after the answer.', tab: 'faults', body: { duplicate: true, reorder: false } },
    'calls/media': { title: 'Weak call network', description: 'RTC trouble in the current call now: quality 0 (unknown) to 6 (down); hostLeave drops the host.', tab: 'faults', body: { quality: 5 } },
    'calls/remote': { title: 'Host acts now', description: 'The host side of the latest call (or channelId): cancel | hangup | reject | busy.', body: { action: 'hangup' } },
    'calls/incoming': { title: 'Host calls a viewer', description: 'A call.incoming push from the host; the call rings for waitTime seconds.', body: { hostId: 200003, userId: 100001, waitTime: 30 } },
    'calls/robot-invite': { title: 'Robot invitation', description: 'A robot host invites the viewer to a free call over IM.', body: { userId: 100001 } },
    'calls/state': { title: 'Calls state', description: 'Calls, behaviours and simulated failures.', faultState: { fields: ['failDeductions', 'failBegins', 'beginDelayMs', 'duplicatePushes', 'reorderPushes'], clear: 'calls/reset' } },
    'calls/reset': { title: 'Reset calls', description: 'Forget every behaviour and simulated failure; stop pending host actions.' },
  }

  return defineFake({
    seed(db) {
      for (const name of ['calls', 'pushCalls', 'callEvaluations', 'callRates', 'robotInvites']) if (!Array.isArray(db[name])) db[name] = []
    },
    endpoints: { ...lifecycleEndpoints(core), ...recordEndpoints(core) },
    control: callControl(core),
    controlInfo,
    start(ctx) {
      runtimeOf(ctx, timers)
      // calls left ringing or connected by a previous run have no host timers any more
      for (const row of table(ctx, 'calls').value()) {
        if (ACTIVE.includes(row.state)) finish(ctx, row, { state: row.beganAt != null ? 'over' : 'missed', category: row.beganAt != null ? CallCategory.connected : CallCategory.timeout, overReason: row.beganAt != null ? HangupReason.kicked : null })
      }
      return () => resetRuntime(ctx)
    },
  })
}

const fake = createCallsFake()
export default fake
