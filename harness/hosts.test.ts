import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mapPushedStatus, HostStatus } from '../plugins/wall/api.ts'
import { createHostTimeline, nextStatus, parseStatus, pushedCode } from './hosts.ts'
import { seededRandom } from './random.ts'
import { startTestHarness } from './testing.ts'

test('NET-08 every status the harness pushes maps back to the same status in the app', () => {
  for (const s of [HostStatus.live, HostStatus.online, HostStatus.busy, HostStatus.offline]) {
    assert.is(mapPushedStatus(pushedCode(s), s === HostStatus.live), s)
  }
  assert.is(parseStatus('busy'), 2)
  assert.is(parseStatus(-1), -1)
  assert.throws(() => parseStatus('away'), /live, online, busy, offline/)
  assert.throws(() => parseStatus(''), /status must be/)
})

test('HAR-03 transitions are plausible: offline hosts never jump to busy or live', () => {
  const r = seededRandom(3)
  for (let i = 0; i < 500; i++) {
    assert.ok([HostStatus.online, HostStatus.offline].includes(nextStatus(HostStatus.offline, r) as 1 | 3))
    assert.ok([HostStatus.online, HostStatus.offline].includes(nextStatus(HostStatus.busy, r) as 1 | 3))
  }
})

test('HAR-03 the host timeline is deterministic for a seed and pushes every change', async () => {
  const run = async () => {
    const h = await startTestHarness()
    const timeline = createHostTimeline(h.ctx, seededRandom(42))
    const changes = [timeline.tick(), timeline.tick(), timeline.tick(), timeline.tick()].flat()
    const sent = h.sent.slice()
    await h.close()
    return { changes, sent }
  }
  const a = await run()
  const b = await run()
  assert.ok(a.changes.length > 0)
  assert.equal(a.changes, b.changes)
  assert.is(a.sent.length, a.changes.length)
  for (const [i, c] of a.changes.entries()) {
    assert.is(a.sent[i].pushType, 'host.status')
    assert.is(a.sent[i].data!.userId, c.userId)
    assert.is(mapPushedStatus(a.sent[i].data!.onlineStatus, a.sent[i].data!.live), c.to)
  }
})

test('HAR-03 the timeline follows hostTickMs: 0 stops it, a change restarts it', async () => {
  const h = await startTestHarness({ settings: { hostTickMs: 0 } })
  const ticks: number[] = []
  const realSetInterval = globalThis.setInterval
  ;(globalThis as any).setInterval = (fn: () => void, ms: number) => {
    ticks.push(ms)
    return realSetInterval(fn, 1e9)
  }
  try {
    h.settings.patch({ hostTickMs: 250 })
    assert.equal(ticks, [250])
    h.settings.patch({ hostTickMs: 0 })
    assert.equal(ticks, [250])
  } finally {
    globalThis.setInterval = realSetInterval
    await h.close()
  }
})

test.run()
