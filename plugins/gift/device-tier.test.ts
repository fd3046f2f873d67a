import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTierMeter, frameP95, LITE_FRAME_P95_MS, MEASURE_MS, tierOf } from './device-tier.ts'

test('LIVE-07 device tier: a weak sign (under 4 cores, 2 GB or less, a slow room) is lite; unknown signs are not weak', () => {
  assert.is(tierOf({ cores: 8, memoryGb: 8 }), 'full')
  assert.is(tierOf({ cores: 4, memoryGb: 4 }), 'full', 'an entry phone with 4 cores and 4 GB plays full-screen')
  assert.is(tierOf({ cores: 2, memoryGb: 8 }), 'lite')
  assert.is(tierOf({ cores: 8, memoryGb: 2 }), 'lite')
  assert.is(tierOf({ cores: 8, memoryGb: 1 }), 'lite')
  assert.is(tierOf({ cores: 8, memoryGb: 8, frameP95Ms: LITE_FRAME_P95_MS + 1 }), 'lite', 'a room already over its frame budget')
  assert.is(tierOf({ cores: 8, memoryGb: 8, frameP95Ms: 16.7 }), 'full')
  assert.is(tierOf({}), 'full', 'a browser that hides its cores and memory (Safari, Firefox) is judged by its frames')
  assert.is(tierOf({ cores: 0, memoryGb: 0 }), 'full', 'a zero is no reading')
})

test('LIVE-07 frame p95: the 95th percentile of the gaps between frames; too few frames tell nothing', () => {
  const steady = Array.from({ length: 100 }, (_, i) => i * 16)
  assert.is(frameP95(steady), 16)
  // one frame in ten takes 50 ms
  const stamps: number[] = [0]
  for (let i = 1; i < 100; i++) stamps.push(stamps[i - 1] + (i % 10 === 0 ? 50 : 16))
  assert.is(frameP95(stamps), 50)
  assert.is(frameP95([0, 16, 32]), undefined)
})

/** a frame clock the test drives: each tick runs the callbacks waiting for a frame at `ms` apart */
function frameClock() {
  let now = 0
  let waiting = new Map<number, (t: number) => void>()
  let seq = 0
  return {
    frame: (cb: (t: number) => void) => (waiting.set(++seq, cb), seq),
    cancelFrame: (id: number) => void waiting.delete(id),
    run(ms: number, gap: (i: number) => number) {
      for (let i = 0; now < ms; i++) {
        now += gap(i)
        const due = waiting
        waiting = new Map()
        for (const cb of due.values()) cb(now)
      }
    },
    waiting: () => waiting.size,
  }
}

test('LIVE-07 the room measures its frames for 3 s: a slow room turns the tier lite and it stays lite; a smooth one stays full', () => {
  const slow = frameClock()
  const m = createTierMeter({ signs: () => ({ cores: 8, memoryGb: 8 }), ...slow })
  assert.is(m.tier.value, 'full')
  m.measure()
  slow.run(MEASURE_MS + 100, (i) => (i % 5 === 0 ? 40 : 16))
  assert.is(m.tier.value, 'lite')
  assert.is(slow.waiting(), 0, 'the measurement stopped')
  m.measure()
  assert.is(slow.waiting(), 0, 'once lite, never measured again')

  const smooth = frameClock()
  const s = createTierMeter({ signs: () => ({ cores: 8, memoryGb: 8 }), ...smooth })
  s.measure()
  smooth.run(MEASURE_MS + 100, () => 16)
  assert.is(s.tier.value, 'full')
  assert.is(smooth.waiting(), 0)
})

test('LIVE-07 a room closed while measuring stops the frame loop; a weak device is lite before any frame', () => {
  const clock = frameClock()
  const m = createTierMeter({ signs: () => ({ cores: 8, memoryGb: 8 }), ...clock })
  m.measure()
  clock.run(500, () => 16)
  assert.is(clock.waiting(), 1)
  m.dispose()
  assert.is(clock.waiting(), 0)
  assert.is(createTierMeter({ signs: () => ({ cores: 2 }), ...frameClock() }).tier.value, 'lite')
})

test.run()
