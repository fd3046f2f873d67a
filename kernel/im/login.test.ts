import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { connectIm, reconnectDelayMs } from './login.ts'
import { createEmitter } from './emitter.ts'
import { ImError } from './errors.ts'
import type { ImClient, ImEvents } from './types.ts'
import { fakeTimers } from '../../test/fake-timers.ts'

// A fake SDK client: login answers come from a script (an error code fails, 0 succeeds).
function fakeClient(script: number[] = []) {
  const events = createEmitter<ImEvents>()
  const logins: Array<{ account: string; token: string; at: number }> = []
  let now = () => 0
  const client: ImClient & { logins: typeof logins; events: typeof events; logouts: number; clock(fn: () => number): void } = {
    logins,
    events,
    logouts: 0,
    clock(fn) {
      now = fn
    },
    async login(account, token) {
      logins.push({ account, token, at: now() })
      const code = script.shift() ?? 0
      if (code) throw new ImError(code)
    },
    async logout() {
      client.logouts++
    },
    sendText: async () => {
      throw new Error('unused')
    },
    sendCustom: async () => {
      throw new Error('unused')
    },
    conversations: async () => [],
    history: async () => [],
    sendImage: async () => {
      throw new Error('unused')
    },
    markRead: async () => {},
    pin: async () => {},
    on: (ev, fn) => events.on(ev, fn),
  }
  return client
}

function setup(script: number[] = []) {
  const timers = fakeTimers()
  const client = fakeClient(script)
  client.clock(timers.now)
  const states: string[] = []
  let tokens = 0
  const start = () =>
    connectIm({
      load: async () => client,
      account: 'acc-1',
      token: 'tok-0',
      refreshToken: async () => `tok-${++tokens}`,
      timers,
      onState: (s) => states.push(s),
    })
  return { timers, client, states, start }
}

test('NET-06 login is retried 3 times at 1 s intervals, then succeeds', async () => {
  const { timers, client, states, start } = setup([500, 500, 500])
  const p = start()
  await timers.tickAsync(3000)
  const conn = await p
  assert.equal(
    client.logins.map((l) => l.at),
    [0, 1000, 2000, 3000],
  )
  assert.is(conn.state(), 'connected')
  assert.equal(states, ['connecting', 'connected'])
})

test('NET-06 login gives up after the 3 retries with the last error', async () => {
  const { timers, client, states, start } = setup([500, 500, 500, 501, 0])
  const p = start().then(
    () => null,
    (e) => e,
  )
  await timers.tickAsync(10_000)
  const err = await p
  assert.is(err?.code, 501)
  assert.is(client.logins.length, 4)
  assert.is(states[states.length - 1], 'failed')
})

test('NET-06 login codes -10005 and -10026 fetch a fresh token before logging in again', async () => {
  const { timers, client, start } = setup([-10005, -10026])
  const p = start()
  await timers.tickAsync(2000)
  await p
  assert.equal(
    client.logins.map((l) => l.token),
    ['tok-0', 'tok-1', 'tok-2'],
  )
})

test('NET-06 reconnect backoff is min(30, 2^n) s, 5 attempts at most', async () => {
  assert.equal([1, 2, 3, 4, 5, 6].map(reconnectDelayMs), [2000, 4000, 8000, 16000, 30000, 30000])
  const { timers, client, states, start } = setup()
  await start()
  client.logins.length = 0
  // every reconnect attempt fails
  client.login = async (account, token) => {
    client.logins.push({ account, token, at: timers.now() })
    throw new ImError(415)
  }
  const t0 = timers.now()
  client.events.emit('connect-state', { state: 'disconnected' })
  await timers.tickAsync(200_000)
  assert.equal(
    client.logins.map((l) => l.at - t0),
    [2000, 6000, 14000, 30000, 60000],
  )
  assert.is(states[states.length - 1], 'failed')
  assert.is(timers.pending(), 0)
})

test('NET-06 a successful reconnect resets the backoff', async () => {
  const { timers, client, states, start } = setup()
  await start()
  const script = [415, 415, 0] // two failures then success
  client.login = async (account, token) => {
    client.logins.push({ account, token, at: timers.now() })
    const code = script.shift() ?? 0
    if (code) throw new ImError(code)
  }
  client.logins.length = 0
  client.events.emit('connect-state', { state: 'disconnected' })
  await timers.tickAsync(2000 + 4000 + 8000)
  assert.is(states[states.length - 1], 'connected')
  assert.is(client.logins.length, 3)
  // dropped again: the first attempt waits 2 s again, not 16 s
  const t1 = timers.now()
  client.events.emit('connect-state', { state: 'disconnected' })
  await timers.tickAsync(2000)
  assert.is(client.logins[3].at - t1, 2000)
  assert.is(states[states.length - 1], 'connected')
})

test('NET-06 an SDK that reconnects by itself cancels the pending attempt', async () => {
  const { timers, client, start } = setup()
  await start()
  client.events.emit('connect-state', { state: 'disconnected' })
  client.events.emit('connect-state', { state: 'connected' })
  await timers.tickAsync(60_000)
  assert.is(client.logins.length, 1)
})

test('NET-06 error codes -10005 and -10026 on the connection: fresh token, log in again', async () => {
  for (const code of [-10005, -10026]) {
    const { timers, client, start } = setup()
    const conn = await start()
    client.events.emit('error', { code })
    await timers.tickAsync(0)
    assert.equal(
      client.logins.map((l) => l.token),
      ['tok-0', 'tok-1'],
      String(code),
    )
    assert.is(conn.state(), 'connected')
  }
})

test('NET-06 error codes -10002, -11024, -11026, -11028: log in again with the same token', async () => {
  for (const code of [-10002, -11024, -11026, -11028]) {
    const { timers, client, start } = setup()
    await start()
    client.events.emit('error', { code })
    await timers.tickAsync(0)
    assert.equal(
      client.logins.map((l) => l.token),
      ['tok-0', 'tok-0'],
      String(code),
    )
  }
  // any other code is left alone
  const { timers, client, start } = setup()
  await start()
  client.events.emit('error', { code: -999 })
  await timers.tickAsync(10_000)
  assert.is(client.logins.length, 1)
})

test('NET-06 close stops reconnecting and logs out', async () => {
  const { timers, client, states, start } = setup()
  const conn = await start()
  client.events.emit('connect-state', { state: 'disconnected' })
  await conn.close()
  await timers.tickAsync(60_000)
  assert.is(client.logins.length, 1)
  assert.is(client.logouts, 1)
  assert.is(states[states.length - 1], 'idle')
})

test.run()
