// HAR-05: the calls scenarios (harness/scenarios/calls-*.ts) load, run on the scenario runner
// and set up the host side they describe.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { instantClock, loadScenarios, runScenario } from '../../../harness/scenario-runner.ts'
import { startTestHarness, type TestHarness } from '../../../harness/testing.ts'
import { ROBOT_INVITE } from '../api.ts'

const VIEWER = 100001

const open: TestHarness[] = []
test.after.each(async () => {
  // a failed assertion must not leave a harness running
  for (const h of open.splice(0)) await h.close().catch(() => {})
})

async function play(name: string): Promise<TestHarness> {
  const h = await startTestHarness({ plugins: ['shell', 'wall', 'calls'] })
  open.push(h)
  const scenario = (await loadScenarios()).get(name)
  assert.ok(scenario, `harness/scenarios/${name}.ts exists`)
  assert.ok(scenario!.description.length > 60, 'the description says what to do in the app')
  const result = await runScenario(scenario!, h.ops, { clock: instantClock() }).done
  assert.is(result.status, 'done')
  assert.equal(result.steps.filter((s) => !s.ok), [], 'every step ran')
  return h
}

const state = async (h: TestHarness) => (await h.control('GET', '/__harness/calls/state')).body
const balance = (h: TestHarness) => h.ops.users().find((u) => u.userId === VIEWER)!.diamondNum

test('HAR-05 calls-direct-billed: short billing periods and a host who answers, then hangs up', async () => {
  const h = await play('calls-direct-billed')
  assert.is(h.settings.get().billingPeriodSec, 10)
  assert.is((await state(h)).behaviours['200002'].hangUpAfterSec, 45)
  assert.is(balance(h), 5000)
})

test('HAR-05 calls-insufficient and calls-low-balance set the balances they describe', async () => {
  let h = await play('calls-insufficient')
  assert.is(balance(h), 100)
  h = await play('calls-low-balance')
  assert.is(balance(h), 320)
  assert.ok(h.ops.ledger(VIEWER).check.ok)
})

test('HAR-05 calls-deduction-failure and calls-weak-network arm their faults', async () => {
  let h = await play('calls-deduction-failure')
  assert.is((await state(h)).failDeductions, 3)
  h = await play('calls-weak-network')
  assert.is((await state(h)).behaviours['200002'].dropAfterSec, 8)
})

test('HAR-05 calls-incoming-accept and calls-incoming-missed push host calls to the test user', async () => {
  let h = await play('calls-incoming-accept')
  let incoming = h.sent.filter((p) => p.pushType === 'call.incoming')
  assert.equal(incoming.map((p) => [p.userId, p.data!.callUserId, p.data!.waitTime]), [[VIEWER, 200003, 30]])
  h = await play('calls-incoming-missed')
  incoming = h.sent.filter((p) => p.pushType === 'call.incoming')
  assert.equal(incoming.map((p) => [p.data!.callUserId, p.data!.waitTime]), [[200003, 10], [200005, 20]])
})

test('HAR-05 calls-match: every host answers match calls', async () => {
  const h = await play('calls-match')
  assert.is((await state(h)).fallback.hangUpAfterSec, 40)
})

test('HAR-05 IM-05 calls-robot-invite sends robot invitations through the harness IM', async () => {
  const h = await play('calls-robot-invite')
  const viewer = h.ctx.userById(VIEWER)!.yxAccid
  const invites = [...h.im.history('host_200006', viewer), ...h.im.history('host_200002', viewer)].map((m) => JSON.parse(String(m.attachment?.raw)))
  assert.equal(invites, [
    { type: ROBOT_INVITE, callIndex: 1, callType: 1 },
    { type: ROBOT_INVITE, callIndex: 2, callType: 1 },
  ])
  // the lookup names the robot (user type 3) with a free call ready, and the other as a regular host
  const token = h.ctx.userById(VIEWER)!.token!
  const robot = await h.api('/api/user/getGuideAnchor', { callIndex: 1, callType: 1 }, { token })
  assert.is(robot.data.userType, 3)
  assert.ok(robot.data.channelId, 'a free call to join')
  const regular = await h.api('/api/user/getGuideAnchor', { callIndex: 2, callType: 1 }, { token })
  assert.is(regular.data.userType, 2)
  assert.is(regular.data.channelId, undefined)
  const unknown = await h.api('/api/user/getGuideAnchor', { callIndex: 99, callType: 1 }, { token })
  assert.is(unknown.data.userId, undefined)
})

test('HAR-05 a calls scenario runs from the control API, as `npm run harness -- scenario <name>` does', async () => {
  const h = await startTestHarness({ plugins: ['shell', 'wall', 'calls'] })
  open.push(h)
  const listed = (await h.control('GET', '/__harness/scenarios')).body.map((s: { name: string }) => s.name)
  for (const name of ['calls-direct-billed', 'calls-insufficient', 'calls-low-balance', 'calls-deduction-failure', 'calls-weak-network', 'calls-incoming-accept', 'calls-incoming-missed', 'calls-match', 'calls-robot-invite'])
    assert.ok(listed.includes(name), `${name} is listed`)
  const run = await h.control('POST', '/__harness/scenarios/calls-insufficient', { wait: true })
  assert.is(run.status, 200)
  assert.is(run.body.status, 'done')
  assert.ok(run.body.steps.every((s: { ok: boolean }) => s.ok), JSON.stringify(run.body.steps))
  assert.is(balance(h), 100)
})

test.run()
