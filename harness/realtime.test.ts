import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createRealtimeService, UNAUTHORIZED_CLOSE } from './realtime.ts'
import { client, fakeCtx, serve, testKeys, user } from './upgrade-test-kit.ts'
import { waitFor } from '../test/wait.ts'
import { encrypt } from '../kernel/protocol/cipher.ts'
import { parsePush } from '../kernel/protocol/push.ts'
import { createRealtime, type SocketClass } from '../kernel/realtime.ts'
import { createPushBus } from '../kernel/push.ts'
import type { Kernel } from '../kernel/types.ts'
import { signal } from '@preact/signals-react'
import WebSocket from 'ws'

async function setup() {
  const service = createRealtimeService(fakeCtx([user(1), user(2)]))
  const srv = await serve(service)
  const connect = (token: string) => client(`${srv.base}/ws?token=${encodeURIComponent(encrypt(token, testKeys))}`)
  return { service, srv, connect }
}

test('NET-05 the push server takes an encrypted token and closes unknown ones with 4401', async () => {
  const { service, srv, connect } = await setup()
  const bad = await connect('token-404')
  assert.is(await bad.closed, UNAUTHORIZED_CLOSE)
  const garbled = await client(`${srv.base}/ws?token=not-base64-cipher`)
  assert.is(await garbled.closed, UNAUTHORIZED_CLOSE)
  const none = await client(`${srv.base}/ws`)
  assert.is(await none.closed, UNAUTHORIZED_CLOSE)
  const plain = await client(`${srv.base}/ws?token=token-1`) // not encrypted
  assert.is(await plain.closed, UNAUTHORIZED_CLOSE)
  await connect('token-1')
  await waitFor(() => service.connected().length === 1)
  assert.is(service.connected()[0].userId, 1)
  await srv.close()
})

test('NET-05 the app-config switch wsToken plain: the app\'s client and a push server set to take plain tokens (setting wsToken) meet', async () => {
  const ctx = fakeCtx([user(1), user(2)])
  ctx.settings = () => ({ billingPeriodSec: 60, hostTickMs: 0, wsToken: 'plain' })
  const service = createRealtimeService(ctx)
  const srv = await serve(service)
  const rt = createRealtime({
    config: { apiBase: srv.base, wsBase: `${srv.base.replace(/^http/, 'ws')}/ws`, cipherKey: testKeys.key, cipherIv: testKeys.iv, subscriptionKey: 's', mode: 'harness', wsToken: 'plain' },
    token: signal<string | null>('token-1'),
    push: createPushBus({ kernel: () => ({}) as Kernel }),
    onGiveUp: () => {},
    WebSocket: WebSocket as never,
  })
  rt.connect()
  await waitFor(() => service.connected().some((c) => c.userId === 1))
  const stranger = await client(`${srv.base}/ws?token=token-404`)
  assert.is(await stranger.closed, UNAUTHORIZED_CLOSE, 'an unknown plain token is still refused')
  rt.dispose()
  await srv.close()
})

test('NET-05 the server records status and heartbeat frames per connection', async () => {
  const { service, srv, connect } = await setup()
  const c = await connect('token-1')
  c.send({ messageType: 2, onlineStatus: 10000 })
  c.send({ messageType: 3, channelId: 'ch-7' })
  c.send('rubbish')
  await waitFor(() => service.connected()[0]?.lastHeartbeat > 0)
  const [row] = service.connected()
  assert.equal([row.userId, row.onlineStatus, row.channelId], [1, 10000, 'ch-7'])
  c.send({ messageType: 2, onlineStatus: 1 })
  await waitFor(() => service.connected()[0].onlineStatus === 1)
  await srv.close()
})

test('NET-07 pushes reach only their user with unique msgIds; raw frames and broadcasts too', async () => {
  const { service, srv, connect } = await setup()
  const one = await connect('token-1')
  const oneAgain = await connect('token-1')
  const two = await connect('token-2')
  await waitFor(() => service.connected().length === 3)
  assert.is(service.push(1, 'host.status', { userId: 9, onlineStatus: 1 }), 2)
  assert.is(service.push(1, 'host.status', { userId: 9, onlineStatus: 2 }), 2)
  assert.is(service.pushRaw(2, '{broken'), 1)
  assert.is(service.broadcast('notice', { attachType: 49 }), 3)
  await waitFor(() => one.frames.length === 3 && two.frames.length === 2 && oneAgain.frames.length === 3)
  const ids = one.frames.map((f) => parsePush(JSON.stringify(f))!.msgId)
  assert.is(new Set(ids).size, 3)
  assert.equal(one.frames[0].data, { userId: 9, onlineStatus: 1 })
  assert.is(two.frames[1].pushType, 'notice')
  assert.is(service.push(42, 'x', {}), 0)
  await srv.close()
})

test('NET-05 drop closes one user\'s sockets or everyone\'s', async () => {
  const { service, srv, connect } = await setup()
  const one = await connect('token-1')
  const two = await connect('token-2')
  await waitFor(() => service.connected().length === 2)
  assert.is(service.drop(1), 1)
  await one.closed
  assert.equal(service.connected().map((c) => c.userId), [2])
  assert.is(service.drop(), 1)
  await two.closed
  await srv.close()
})

test('NET-05 the app\'s realtime client and the push server end to end, through a drop', async () => {
  const { service, srv } = await setup()
  const push = createPushBus({ kernel: () => ({}) as Kernel })
  const got: unknown[] = []
  push.on('user.balance', (d) => got.push(d))
  const rt = createRealtime({
    config: { apiBase: '', wsBase: `${srv.base}/ws`, cipherKey: testKeys.key, cipherIv: testKeys.iv, subscriptionKey: '', mode: 'harness' },
    token: signal<string | null>('token-2'),
    push,
    onGiveUp: () => {},
    WebSocket: WebSocket as unknown as SocketClass,
    // retry waits shortened to one event-loop turn; the heartbeat is not exercised here
    timers: { setTimeout: (fn) => setImmediate(fn), clearTimeout: (id) => clearImmediate(id), setInterval: () => 0, clearInterval: () => {}, now: () => Date.now() },
  })
  rt.connect()
  rt.setCallChannel('ch-1')
  await waitFor(() => service.connected()[0]?.onlineStatus === 10000)
  service.push(2, 'user.balance', { diamondNum: 70 })
  await waitFor(() => got.length === 1)
  service.drop(2)
  // reconnected, and at once reported in a call again
  await waitFor(() => rt.state.value === 'open' && service.connected()[0]?.onlineStatus === 10000)
  service.push(2, 'user.balance', { diamondNum: 80 })
  await waitFor(() => got.length === 2)
  assert.equal(got, [{ diamondNum: 70 }, { diamondNum: 80 }])
  rt.dispose()
  await srv.close()
})

test('NET-05 SHELL-09 a revoked session\'s open socket is closed with 4401 within a second and gets no more pushes; the app\'s client ends the session and does not retry', async () => {
  const users = [user(1), user(2)]
  const service = createRealtimeService(fakeCtx(users))
  const srv = await serve(service)
  const push = createPushBus({ kernel: () => ({}) as Kernel })
  const got: unknown[] = []
  push.on('user.balance', (d) => got.push(d))
  const ended: string[] = []
  let retries = 0
  const rt = createRealtime({
    config: { apiBase: '', wsBase: `${srv.base}/ws`, cipherKey: testKeys.key, cipherIv: testKeys.iv, subscriptionKey: '', mode: 'harness' },
    token: signal<string | null>('token-1'),
    push,
    onGiveUp: () => {},
    onUnauthorized: (token) => ended.push(token),
    WebSocket: WebSocket as unknown as SocketClass,
    timers: { setTimeout: (fn) => (retries++, setImmediate(fn)), clearTimeout: (id) => clearImmediate(id), setInterval: () => 0, clearInterval: () => {}, now: () => Date.now() },
  })
  rt.connect()
  const other = await client(`${srv.base}/ws?token=${encodeURIComponent(encrypt('token-2', testKeys))}`)
  await waitFor(() => rt.state.value === 'open' && service.connected().length === 2)
  users[0].token = null // revoked (a logout elsewhere, a password change)
  await waitFor(() => ended.length === 1, { timeout: 3000 })
  assert.equal(ended, ['token-1'])
  assert.is(rt.state.value, 'idle')
  assert.is(retries, 0, 'a dead token is not retried')
  assert.is(service.push(1, 'user.balance', { diamondNum: 1 }), 0, 'nothing reaches the revoked session')
  assert.equal(service.connected().map((c) => c.userId), [2], 'the other user stays')
  assert.is(other.frames.length, 0)
  rt.dispose()
  await srv.close()
})

test.run()
