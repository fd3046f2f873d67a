import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import { fakeTimers } from '../../test/fake-timers.ts'
import { PLAYER_PRELOAD_MS, preloadPlayer } from './preload.ts'

test('LIVE-07 the animation player loads 5 s after start, with no room or a room that shows', () => {
  const timers = fakeTimers()
  let loads = 0
  preloadPlayer(undefined, () => loads++, () => true, timers)
  timers.tick(PLAYER_PRELOAD_MS - 1)
  assert.is(loads, 0, 'not before 5 s')
  timers.tick(1)
  assert.is(loads, 1)
  const room = signal<{ status: string } | null>({ status: 'live' })
  preloadPlayer(room, () => loads++, () => true, timers)
  timers.tick(PLAYER_PRELOAD_MS)
  assert.is(loads, 2, 'a room already showing does not hold it')
})

test('LIVE-07 a room opening at 5 s holds the player back until it shows, then it loads once', () => {
  const timers = fakeTimers()
  let loads = 0
  const room = signal<{ status: string } | null>({ status: 'loading' })
  preloadPlayer(room, () => loads++, () => true, timers)
  timers.tick(PLAYER_PRELOAD_MS)
  assert.is(loads, 0, 'not while the room opens')
  room.value = { status: 'live' }
  assert.is(loads, 1, 'once the room shows')
  room.value = { status: 'loading' }
  room.value = { status: 'failed' }
  assert.is(loads, 1, 'once only')
})

test('LIVE-07 leaving before 5 s, or while waiting on a room, loads nothing', () => {
  const timers = fakeTimers()
  let loads = 0
  const stop = preloadPlayer(undefined, () => loads++, () => true, timers)
  stop()
  timers.tick(PLAYER_PRELOAD_MS)
  const room = signal<{ status: string } | null>({ status: 'loading' })
  const stop2 = preloadPlayer(room, () => loads++, () => true, timers)
  timers.tick(PLAYER_PRELOAD_MS)
  stop2()
  room.value = null
  assert.is(loads, 0)
})

test('LIVE-07 a device that plays no full-screen animation (lite, reduced motion) never loads the player, with or without a room', () => {
  const timers = fakeTimers()
  let loads = 0
  let asked = 0
  const plays = () => (asked++, false)
  preloadPlayer(undefined, () => loads++, plays, timers)
  const room = signal<{ status: string } | null>({ status: 'loading' })
  preloadPlayer(room, () => loads++, plays, timers)
  timers.tick(PLAYER_PRELOAD_MS)
  room.value = { status: 'live' }
  assert.is(asked, 2, 'asked at 5 s, and when the room showed')
  assert.is(loads, 0)
})

test.run()
