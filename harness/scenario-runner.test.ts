import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mapPushedStatus, HostStatus } from '../plugins/wall/api.ts'
import { parsePush } from '../kernel/protocol/push.ts'
import { defineScenario } from './scenario.ts'
import { instantClock, loadScenarios, runScenario } from './scenario-runner.ts'
import { startTestHarness } from './testing.ts'
import { waitFor } from '../test/wait.ts'

test('HAR-05 evening-rush plays on a timeline and its pushes arrive in order', async () => {
  const h = await startTestHarness()
  const scenarios = await loadScenarios()
  const clock = instantClock()
  const result = await runScenario(scenarios.get('evening-rush')!, h.ops, { clock }).done
  assert.is(result.status, 'done')
  assert.ok(result.steps.every((s) => s.ok), JSON.stringify(result.steps))
  assert.is(clock.elapsed(), 6000)
  const statuses = h.sent.filter((p) => p.pushType === 'host.status').map((p) => [p.data!.userId, mapPushedStatus(p.data!.onlineStatus, p.data!.live)])
  assert.equal(statuses, [
    [200006, HostStatus.online],
    [200007, HostStatus.online],
    [200010, HostStatus.online],
    [200013, HostStatus.online],
    [200016, HostStatus.live],
    [200007, HostStatus.busy],
    [200010, HostStatus.offline],
  ])
  const raw = h.sent.find((p) => p.raw !== undefined)!
  assert.is(raw.userId, 100001)
  assert.is(parsePush(raw.raw), null) // really malformed: the app must drop it (NET-07)
  assert.is(h.settings.get().hostTickMs, 0)
  await h.close()
})

test('HAR-05 a run can be cancelled between steps; a failing step is reported and the story goes on', async () => {
  const h = await startTestHarness()
  let release: (() => void) | null = null
  const clock = {
    now: () => 0,
    sleep: (_ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        release = resolve
        signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')))
      }),
  }
  const story = defineScenario({
    name: 'two-steps',
    description: 'test',
    steps: [
      { at: 1000, run: (x) => x.setHostStatus(200001, 'offline') },
      { at: 0, run: (x) => x.setHostStatus(999, 'online') },
    ],
  })
  const run = runScenario(story, h.ops, { clock })
  // the first step has run and the story waits for the second
  await waitFor(() => release)
  run.cancel()
  release!()
  const result = await run.done
  assert.is(result.status, 'cancelled')
  assert.is(result.steps.length, 1)
  assert.is(result.steps[0].ok, false)
  assert.match(result.steps[0].error!, 'no host with userId 999')
  assert.is(h.sent.length, 0)
  await h.close()
})

test('HAR-05 scenario definitions are checked', () => {
  assert.throws(() => defineScenario({ name: 'Bad Name', description: '', steps: [] }), /kebab-case/)
  assert.throws(() => defineScenario({ name: 'x', description: '', steps: [{ at: -1, run: () => {} }] }), />= 0/)
})

test.run()
