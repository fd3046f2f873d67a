import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import { createEvents } from './events.ts'
import { watchResync } from './resync.ts'
import type { RealtimeState } from './realtime.ts'

function setup() {
  const state = signal<RealtimeState>('idle')
  const events = createEvents()
  const heard: string[] = []
  events.on('resync', (e) => heard.push(e.reason))
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' }) as unknown as Document & { visibilityState: string }
  const stop = watchResync(state, events, doc)
  return { state, heard, doc, stop }
}

test('NET-05 resync: every reopening of the socket after the first asks the plugins to catch up', () => {
  const { state, heard, stop } = setup()
  for (const s of ['connecting', 'open'] as const) state.value = s
  assert.equal(heard, [], 'the first open is the start')
  for (const s of ['retrying', 'connecting', 'open', 'retrying', 'open'] as const) state.value = s
  assert.equal(heard, ['reconnect', 'reconnect'])
  stop()
  state.value = 'retrying'
  state.value = 'open'
  assert.is(heard.length, 2, 'disposed')
})

test('NET-05 resync: coming back to the foreground asks the plugins to catch up; going to the background does not', () => {
  const { heard, doc, stop } = setup()
  doc.visibilityState = 'hidden'
  doc.dispatchEvent(new Event('visibilitychange'))
  assert.equal(heard, [])
  doc.visibilityState = 'visible'
  doc.dispatchEvent(new Event('visibilitychange'))
  assert.equal(heard, ['foreground'])
  stop()
  doc.dispatchEvent(new Event('visibilitychange'))
  assert.equal(heard, ['foreground'])
})

test.run()
