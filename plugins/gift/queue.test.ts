import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeTimers } from '../../test/fake-timers.ts'
import { BANNER_MS, createGiftQueue, GAP_MS, MAX_BANNERS, MAX_WAITING, type GiftShow } from './queue.ts'

const show = (o: Partial<GiftShow> = {}): GiftShow => ({ senderId: 'a', senderNick: 'A', giftId: 1, giftName: 'Rose', img: '', num: 1, ...o })

test('LIVE-07 banners: at most 2 at once, each 5 s, the next after an 800 ms gap', () => {
  const timers = fakeTimers()
  const q = createGiftQueue({ timers })
  q.add(show({ senderId: 'a' }))
  q.add(show({ senderId: 'b' }))
  q.add(show({ senderId: 'c' }))
  assert.is(MAX_BANNERS, 2)
  assert.equal(q.banners.value.map((b) => b.senderId), ['a', 'b'])
  timers.tick(BANNER_MS - 1)
  assert.is(q.banners.value.length, 2)
  timers.tick(1)
  assert.equal(q.banners.value, [], 'both went after 5 s')
  timers.tick(GAP_MS - 1)
  assert.equal(q.banners.value, [], 'the gap')
  timers.tick(1)
  assert.equal(q.banners.value.map((b) => b.senderId), ['c'])
  q.dispose()
  assert.is(timers.pending(), 0, 'nothing left running')
})

test('LIVE-07 combos merged: the same sender and gift adds to the banner showing (and restarts its 5 s) or to the one waiting', () => {
  const timers = fakeTimers()
  const q = createGiftQueue({ timers })
  q.add(show({ num: 1 }))
  timers.tick(4000)
  q.add(show({ num: 10 }))
  assert.is(q.banners.value.length, 1)
  assert.is(q.banners.value[0].combo, 11)
  timers.tick(4000)
  assert.is(q.banners.value.length, 1, 'the combo restarted the 5 s')
  q.add(show({ senderId: 'b' }))
  q.add(show({ senderId: 'c' }))
  q.add(show({ senderId: 'c', num: 5 }))
  timers.tick(1000 + GAP_MS)
  assert.equal(q.banners.value.map((b) => [b.senderId, b.combo]), [['b', 1], ['c', 6]], 'the waiting combo was merged')
  q.dispose()
})

test('LIVE-07 full-screen animations: one at a time, the next 800 ms after the last ended; reduced motion plays none; the waiting line is capped', () => {
  const timers = fakeTimers()
  const q = createGiftQueue({ timers })
  assert.ok(q.playsFullScreen())
  for (let i = 0; i < MAX_WAITING + 10; i++) q.add(show({ senderId: `s${i}`, giftId: 9, animation: '/anim/9.json' }))
  const first = q.full.value!
  assert.ok(first)
  q.fullDone(first.key)
  assert.is(q.full.value, null)
  timers.tick(GAP_MS)
  assert.ok(q.full.value && q.full.value.key !== first.key)
  let played = 1
  while (q.full.value) {
    q.fullDone(q.full.value.key)
    timers.tick(GAP_MS)
    played++
  }
  assert.ok(played <= MAX_WAITING + 1, `capped: ${played}`)
  q.dispose()

  const still = createGiftQueue({ timers, reducedMotion: () => true })
  still.add(show({ animation: '/anim/9.json' }))
  assert.is(still.full.value, null)
  assert.is(still.banners.value.length, 1, 'the banner alone says it')
  assert.not.ok(still.playsFullScreen(), 'what the gift player preload asks')
  still.dispose()
})

test('LIVE-07 a lite device: a full-screen gift shows its banner with the light effect and no full-screen play; a plain gift has no light', () => {
  const timers = fakeTimers()
  let lite = true
  const q = createGiftQueue({ timers, lite: () => lite })
  q.add(show({ senderId: 'a', animation: '/anim/9.json' }))
  q.add(show({ senderId: 'b' }))
  assert.is(q.full.value, null, 'no full-screen play')
  assert.equal(q.banners.value.map((b) => [b.senderId, !!b.light]), [['a', true], ['b', false]])
  assert.not.ok(q.playsFullScreen(), 'what the gift player preload asks')
  lite = false
  assert.ok(q.playsFullScreen())
  timers.tick(BANNER_MS + GAP_MS)
  q.add(show({ senderId: 'c', animation: '/anim/9.json' }))
  assert.ok(q.full.value, 'a full device plays it')
  assert.is(q.banners.value.find((b) => b.senderId === 'c')?.light, undefined)
  q.dispose()
  assert.is(timers.pending(), 0)
})

test('LIVE-07 a file this device cannot draw well (an MP4 without a GPU): its banner with the light effect and no full-screen play; a Lottie gift still plays', () => {
  const timers = fakeTimers()
  const q = createGiftQueue({ timers, draws: (a) => !a.endsWith('.mp4') })
  q.add(show({ senderId: 'a', giftId: 1010, animation: '/anim/1010.mp4' }))
  assert.is(q.full.value, null, 'no full-screen play of the MP4')
  assert.equal(q.banners.value.map((b) => [b.giftId, !!b.light]), [[1010, true]])
  assert.ok(q.playsFullScreen(), 'the device still plays other full-screen gifts')
  q.add(show({ senderId: 'b', giftId: 1008, animation: '/anim/1008.json' }))
  assert.is(q.full.value?.giftId, 1008, 'the Lottie gift plays')
  assert.equal(q.banners.value.map((b) => [b.giftId, !!b.light]), [[1010, true], [1008, false]])
  q.dispose()
  assert.is(timers.pending(), 0)
})

test.run()
