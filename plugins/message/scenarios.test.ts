// HAR-05: the messaging scenarios (harness/scenarios/im-*.ts) load, run on the scenario runner and
// leave in the harness IM what they describe.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { instantClock, loadScenarios, runScenario } from '../../harness/scenario-runner.ts'
import { startTestHarness, type TestHarness } from '../../harness/testing.ts'

const ME = 'user_100001'
const open: TestHarness[] = []
test.after.each(async () => {
  for (const h of open.splice(0)) await h.close().catch(() => {})
})

async function play(name: string): Promise<TestHarness> {
  const h = await startTestHarness({ plugins: ['shell', 'wall', 'calls', 'message'], settings: { imReplyMs: 0, imGreetAfterMs: 0 } })
  open.push(h)
  const scenario = (await loadScenarios()).get(name)
  assert.ok(scenario, `harness/scenarios/${name}.ts exists`)
  assert.ok(scenario!.description.length > 60, 'the description says what to do in the app')
  const result = await runScenario(scenario!, h.ops, { clock: instantClock() }).done
  assert.is(result.status, 'done')
  assert.equal(result.steps.filter((s) => !s.ok), [], 'every step ran')
  return h
}

test('HAR-05 IM-03 im-greetings-arrive: three strangers say hi', async () => {
  const h = await play('im-greetings-arrive')
  for (const host of ['host_200011', 'host_200013', 'host_200016']) assert.is(h.im!.history(ME, host).length, 1, host)
})

test('HAR-05 IM-02 im-host-replies: history, a gift, a missed call and a payment notice', async () => {
  const h = await play('im-host-replies')
  const sofia = h.im!.history(ME, 'host_200002')
  assert.is(sofia.length, 28)
  assert.match(String(sofia.at(-1)!.attachment?.raw), 'MISSED_CALLS_RECORD')
  assert.match(String(h.im!.history(ME, 'recharge_notify')[0].serverExtension), '"viewFlag":4')
})

test('HAR-05 IM-06 im-customer-service and IM-02 im-disconnected-send run their steps', async () => {
  const h = await play('im-customer-service')
  assert.is(h.im!.history(ME, 'customer_service').length, 2)
  await play('im-disconnected-send')
})

test.run()
