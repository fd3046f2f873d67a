import { test } from 'uvu'
import * as assert from 'uvu/assert'
import WebSocket from 'ws'
import { createHarnessIm } from './harness.ts'
import { connectIm } from './login.ts'
import type { SocketClass } from '../realtime.ts'
import type { ImMessage } from './types.ts'
import { createImService } from '../../harness/im.ts'
import { fakeCtx, serve, user } from '../../harness/upgrade-test-kit.ts'
import { waitFor } from '../../test/wait.ts'

const Socket = WebSocket as unknown as SocketClass

async function setup() {
  const users = [user(1), user(2, { nickname: 'Host Two' })]
  const service = createImService(fakeCtx(users))
  const srv = await serve(service)
  const url = `${srv.base}/im`
  return { users, service, srv, url, im: () => createHarnessIm({ url, WebSocket: Socket }) }
}

test('HAR-02 harness IM adapter: login, send, receive, conversations, history, markRead', async () => {
  const { srv, im } = await setup()
  const a = im()
  const b = im()
  const states: string[] = []
  a.on('connect-state', (e) => states.push(e.state))
  await a.login('acc1', 'im-1')
  await b.login('acc2', 'im-2')
  assert.equal(states, ['connecting', 'connected'])
  const got: ImMessage[] = []
  b.on('message', (m) => got.push(m))
  const sent = await a.sendText('acc2', 'hello')
  assert.equal([sent.text, sent.senderId, sent.conversationId], ['hello', 'acc1', 'acc1|1|acc2'])
  await a.sendCustom('acc2', { type: 'gift', id: 5 })
  await waitFor(() => got.length === 2)
  assert.is(got[0].text, 'hello')
  assert.equal(JSON.parse(got[1].attachment!.raw!), { type: 'gift', id: 5 })
  const convs = await b.conversations()
  assert.equal([convs[0].to, convs[0].unreadCount, convs[0].conversationId], ['acc1', 2, 'acc2|1|acc1'])
  await b.markRead('acc1')
  assert.is((await b.conversations())[0].unreadCount, 0)
  assert.equal(
    (await b.history('acc1')).map((m) => m.messageType),
    [0, 100],
  )
  await a.logout()
  await b.logout()
  await srv.close()
})

test('HAR-02 harness IM adapter: a wrong token rejects with code 302; calls before login reject with 415', async () => {
  const { srv, im } = await setup()
  const a = im()
  const err = await a.login('acc1', 'wrong').catch((e) => e)
  assert.is(err.code, 302)
  assert.is((await a.sendText('acc2', 'x').catch((e) => e)).code, 415)
  await srv.close()
})

test('NET-06 harness IM: a -10005 login gets a fresh token; a dropped connection comes back', async () => {
  const { users, service, srv, url } = await setup()
  service.failNextLogins('acc1', -10005, 1)
  // the server rotates the token: the refresher hands out the new one
  users[0].imToken = 'im-1-rotated'
  const states: string[] = []
  let refreshes = 0
  const conn = await connectIm({
    load: async () => createHarnessIm({ url, WebSocket: Socket }),
    account: 'acc1',
    token: 'im-1-stale',
    refreshToken: async () => {
      refreshes++
      return 'im-1-rotated'
    },
    // real time, but the waits are shortened to nothing so the test does not sleep
    timers: {
      setTimeout: (fn) => setImmediate(fn),
      clearTimeout: (id) => clearImmediate(id),
      setInterval: () => 0,
      clearInterval: () => {},
      now: () => Date.now(),
    },
    onState: (s) => states.push(s),
  })
  assert.is(refreshes, 1)
  assert.is(conn.state(), 'connected')
  assert.is(service.drop('acc1'), 1)
  await waitFor(() => states.filter((s) => s === 'connected').length === 2)
  assert.ok(states.includes('disconnected'))
  // the new connection works
  const m = await conn.client.sendText('acc2', 'back again')
  assert.is(m.text, 'back again')
  await conn.close()
  await srv.close()
})

test('NET-06 harness IM: a -10002 pushed on the connection logs in again', async () => {
  const { service, srv, url } = await setup()
  let logins = 0
  const conn = await connectIm({
    load: async () => {
      const c = createHarnessIm({ url, WebSocket: Socket })
      const login = c.login
      c.login = (a, t) => (logins++, login(a, t))
      return c
    },
    account: 'acc1',
    token: 'im-1',
    refreshToken: async () => 'unused',
  })
  service.raiseError('acc1', -10002)
  await waitFor(() => logins === 2 && conn.state() === 'connected')
  assert.ok((await conn.client.sendText('acc2', 'still here')).messageServerId)
  await conn.close()
  await srv.close()
})

test.run()
