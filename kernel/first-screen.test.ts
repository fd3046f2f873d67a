import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIRST_SCREEN_MAX_MS, FIRST_SCREEN_SETTLE_MS, afterFirstScreen, bindFirstScreen, createFirstScreenGate, firstScreenShown } from './first-screen.ts'
import { fakeTimers } from '../test/fake-timers.ts'
import { waitFor } from '../test/wait.ts'
import type { Kernel } from './types.ts'

test('SHELL-01 deferred work starts once the page says its first screen is shown, after it settles (the socket\'s code as soon as it is shown)', async () => {
  const timers = fakeTimers()
  const gate = createFirstScreenGate((fn, ms) => timers.setTimeout(fn, ms))
  const kernel = {} as Kernel
  bindFirstScreen(kernel, gate)
  let started = false
  void afterFirstScreen(kernel).then(() => (started = true))
  timers.tick(1000)
  // the gate opens only from its timers: while they wait, it cannot have opened
  assert.is(timers.pending(), 1, 'only the longest wait is scheduled')
  assert.not.ok(started, 'nothing before the page reports')
  let painted = false
  void gate.painted.then(() => (painted = true))
  firstScreenShown(kernel)
  firstScreenShown(kernel) // once is enough
  await waitFor(() => painted, { what: 'painted, at once, without settling' })
  timers.tick(FIRST_SCREEN_SETTLE_MS - 1)
  assert.is(timers.pending(), 2, 'the settle wait is scheduled, once, and has not run')
  assert.not.ok(started, 'the screen settles first')
  timers.tick(1)
  await waitFor(() => started)
})

test('SHELL-01 a page that never reports still lets the deferred work start', async () => {
  const timers = fakeTimers()
  const gate = createFirstScreenGate((fn, ms) => timers.setTimeout(fn, ms))
  let started = false
  void gate.done.then(() => (started = true))
  timers.tick(FIRST_SCREEN_MAX_MS - 1)
  assert.is(timers.pending(), 1, 'the longest wait has not run')
  assert.not.ok(started)
  timers.tick(1)
  await waitFor(() => started)
})

test('SHELL-01 a page that reports no first screen of its own, once drawn, lets the paint wait end; the settled wait still runs its course', async () => {
  const timers = fakeTimers()
  const gate = createFirstScreenGate((fn, ms) => timers.setTimeout(fn, ms))
  let painted = false
  let started = false
  void gate.painted.then(() => (painted = true))
  void gate.done.then(() => (started = true))
  gate.shown(false)
  await waitFor(() => painted, { what: 'painted' })
  assert.is(timers.pending(), 1, 'only the longest wait is scheduled: no settle')
  assert.not.ok(started)
  timers.tick(FIRST_SCREEN_MAX_MS)
  await waitFor(() => started, { what: 'the longest wait' })
})

test('SHELL-01 a kernel without a gate (tests, previews) defers nothing', async () => {
  let started = false
  void afterFirstScreen({} as Kernel).then(() => (started = true))
  await waitFor(() => started)
})

test.run()
