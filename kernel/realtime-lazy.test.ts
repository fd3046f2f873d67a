import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import { createRealtime, type RealtimeOptions } from './realtime.ts'
import { lazyRealtime } from './realtime-lazy.ts'
import { createPushBus } from './push.ts'
import { FakeSocket } from './testing.tsx'
import { waitFor } from '../test/wait.ts'
import type { Kernel } from './types.ts'

/** `arrives`: when the realtime code arrives (default at once); `after`: what its load waits for */
function setup(token: string | null, arrives: Promise<void> = Promise.resolve(), after?: Promise<void>) {
  const sockets: FakeSocket[] = []
  class Socket extends FakeSocket {
    constructor(url: string) {
      super(url)
      sockets.push(this)
    }
  }
  const got: unknown[] = []
  const push = createPushBus({ kernel: () => ({}) as Kernel })
  push.on('host.status', (data) => void got.push(data))
  const opts: RealtimeOptions = {
    config: { apiBase: 'http://x', wsBase: 'ws://x', cipherKey: 'k'.repeat(16), cipherIv: 'i'.repeat(16), subscriptionKey: 's', mode: 'harness' },
    token: signal<string | null>(token),
    push,
    onGiveUp: () => {},
    WebSocket: Socket,
    encryptToken: (t) => `enc(${t})`,
  }
  let loads = 0
  const rt = lazyRealtime(
    opts,
    async () => {
      loads++
      await arrives
      return { createRealtime }
    },
    after,
  )
  return { rt, sockets, got, token: opts.token as ReturnType<typeof signal<string | null>>, loads: () => loads }
}

test('NET-05 a guest never loads the realtime code; a login loads it and connects', async () => {
  const s = setup(null)
  // connect() decides at once whether to load the code
  s.rt.connect()
  assert.is(s.loads(), 0, 'a guest loads nothing')
  assert.is(s.rt.state.value, 'idle')
  s.token.value = 'tok'
  await waitFor(() => s.sockets.length)
  assert.is(s.loads(), 1)
  assert.is(s.sockets.length, 1, 'the login connects')
  assert.is(s.sockets[0].url, 'ws://x?token=enc(tok)')
  s.sockets[0].open()
  assert.is(s.rt.state.value, 'open', 'the state follows the real socket')
  s.sockets[0].receive({ msgId: 'm1', pushType: 'host.status', data: { userId: 7 } })
  assert.equal(s.got, [{ userId: 7 }], 'pushes reach the bus')
  s.rt.dispose()
  assert.is(s.sockets[0].readyState, 3, 'dispose closes the socket')
})

test('NET-05 a logged-in start loads the code and opens with the call channel asked meanwhile', async () => {
  const s = setup('tok')
  s.rt.connect()
  s.rt.setCallChannel('ch1')
  assert.is(s.sockets.length, 0, 'the code is on its way')
  await waitFor(() => s.sockets.length)
  assert.is(s.sockets.length, 1)
  s.sockets[0].open()
  assert.equal(s.sockets[0].sent[0], { messageType: 2, onlineStatus: 10000 }, 'in a call: status 10000')
  s.rt.dispose()
})

test('NET-05 a kernel disposed before the code arrived opens nothing', async () => {
  let arrive!: () => void
  const arrives = new Promise<void>((r) => (arrive = r))
  const s = setup('tok', arrives)
  s.rt.connect()
  s.rt.dispose()
  // a second socket waiting for the same code, asked after: once it opens, the first one's turn has passed
  const other = setup('tok', arrives)
  other.rt.connect()
  arrive()
  await waitFor(() => other.sockets.length)
  assert.is(s.loads(), 1, 'the code was on its way')
  assert.is(s.sockets.length, 0)
  other.rt.dispose()
})

test('NET-05 a logged-in start loads the socket\'s code only once the first screen is shown', async () => {
  let paint!: () => void
  const painted = new Promise<void>((r) => (paint = r))
  const s = setup('tok', undefined, painted)
  s.rt.connect()
  // the load was decided (connect ran with a token) and waits on the gate alone
  await Promise.resolve()
  assert.is(s.loads(), 0, 'nothing loads before the first screen')
  paint()
  await waitFor(() => s.sockets.length)
  assert.is(s.loads(), 1, 'then the code loads and the socket opens')
  s.rt.dispose()
})

test.run()
