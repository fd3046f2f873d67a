import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createImService } from './im.ts'
import { client, fakeCtx, serve, user } from './upgrade-test-kit.ts'
import { waitFor } from '../test/wait.ts'

async function setup(ctx = fakeCtx([user(1), user(2, { nickname: 'Host Two', userType: 2 })])) {
  const im = createImService(ctx)
  const srv = await serve(im)
  let id = 0
  const call = async (c: Awaited<ReturnType<typeof client>>, body: Record<string, unknown>) => {
    const rid = ++id
    c.send({ ...body, id: rid })
    for (;;) {
      const f = await c.next()
      if (f.id === rid) return f // events stay in c.frames for the test
    }
  }
  const login = async (account: string, token: string) => {
    const c = await client(`${srv.base}/im`)
    const reply = await call(c, { op: 'login', account, token })
    return { c, reply }
  }
  return { im, srv, call, login }
}

test('HAR-02 NET-06 harness IM logs in with yxAccid and imToken, refuses a wrong token with 302', async () => {
  const { srv, login, call } = await setup()
  const bad = await login('acc1', 'nope')
  assert.equal([bad.reply.ok, bad.reply.code], [false, 302])
  const unknown = await login('ghost', 'x')
  assert.is(unknown.reply.code, 302)
  const notIn = await call(bad.c, { op: 'conversations' })
  assert.is(notIn.code, 403)
  const good = await login('acc1', 'im-1')
  assert.ok(good.reply.ok)
  await srv.close()
})

test('NET-06 failNextLogins refuses the next logins with the code, then lets them in', async () => {
  const { im, srv, login } = await setup()
  im.failNextLogins('acc1', -10005, 2)
  assert.is((await login('acc1', 'im-1')).reply.code, -10005)
  assert.is((await login('acc1', 'im-1')).reply.code, -10005)
  assert.ok((await login('acc1', 'im-1')).reply.ok)
  await srv.close()
})

test('HAR-02 harness IM delivers messages, keeps conversations, unread counts and history', async () => {
  const { srv, login, call } = await setup()
  const a = (await login('acc1', 'im-1')).c
  const b = (await login('acc2', 'im-2')).c
  const sent = await call(a, { op: 'send', to: 'acc2', message: { messageClientId: 'c1', messageType: 0, text: 'hi' } })
  assert.ok(sent.ok)
  assert.is(sent.data.conversationId, 'acc1|1|acc2')
  assert.is(sent.data.senderId, 'acc1')
  // b receives the message and a conversation change
  await waitFor(() => b.frames.some((f) => f.event === 'message'))
  const msg = b.frames.find((f) => f.event === 'message').data
  assert.equal([msg.text, msg.conversationId, msg.fromNick, msg.messageClientId], ['hi', 'acc2|1|acc1', 'User 1', 'c1'])
  const convs = (await call(b, { op: 'conversations' })).data
  assert.is(convs.length, 1)
  assert.equal([convs[0].to, convs[0].unreadCount, convs[0].lastMessage.text], ['acc1', 1, 'hi'])
  await call(b, { op: 'markRead', to: 'acc1' })
  assert.is((await call(b, { op: 'conversations' })).data[0].unreadCount, 0)
  // sender's own conversation does not count its own message as unread
  assert.is((await call(a, { op: 'conversations' })).data[0].unreadCount, 0)
  await call(b, { op: 'send', to: 'acc1', message: { messageClientId: 'c2', messageType: 100, attachment: { raw: '{"type":1}' } } })
  const hist = (await call(a, { op: 'history', to: 'acc2', limit: 10 })).data
  assert.equal(
    hist.map((m: any) => [m.senderId, m.messageType]),
    [
      ['acc1', 0],
      ['acc2', 100],
    ],
  )
  assert.is((await call(a, { op: 'history', to: 'acc2', limit: 1 })).data[0].messageType, 100)
  await srv.close()
})

test('HAR-02 harness IM rejects bad requests with 414 and loses nothing', async () => {
  const { srv, login, call } = await setup()
  const a = (await login('acc1', 'im-1')).c
  for (const body of [
    { op: 'send', to: '', message: { messageType: 0, text: 'x' } },
    { op: 'send', to: 'acc2', message: { messageType: 0, text: '   ' } },
    { op: 'send', to: 'acc2' },
    { op: 'history' },
    { op: 'dance' },
  ]) {
    const r = await call(a, body)
    assert.equal([r.ok, r.code], [false, 414], JSON.stringify(body))
  }
  a.send('garbage') // ignored, connection stays usable
  assert.ok((await call(a, { op: 'conversations' })).ok)
  assert.equal((await call(a, { op: 'conversations' })).data, [])
  await srv.close()
})

test('HAR-02 send() from the harness reaches a logged-in account; onMessage sees client messages', async () => {
  const { im, srv, login, call } = await setup()
  const a = (await login('acc1', 'im-1')).c
  const seen: string[] = []
  im.onMessage((m) => seen.push(`${m.from}>${m.to}:${m.message.text}`))
  im.send('acc2', 'acc1', { text: 'hello from host' })
  await waitFor(() => a.frames.some((f) => f.event === 'message'))
  assert.is(a.frames.find((f) => f.event === 'message').data.fromNick, 'Host Two')
  await call(a, { op: 'send', to: 'acc2', message: { messageClientId: 'x', messageType: 0, text: 'yo' } })
  assert.equal(seen, ['acc2>acc1:hello from host', 'acc1>acc2:yo'])
  assert.is(im.history('acc1', 'acc2').length, 2)
  await srv.close()
})

test('NET-06 drop closes an account\'s sockets; raiseError sends the code', async () => {
  const { im, srv, login } = await setup()
  const a = (await login('acc1', 'im-1')).c
  const b = (await login('acc2', 'im-2')).c
  assert.is(im.raiseError('acc1', -10002), 1)
  await waitFor(() => a.frames.some((f) => f.event === 'error'))
  assert.equal(a.frames.find((f) => f.event === 'error').data, { code: -10002 })
  assert.is(im.drop('acc1'), 1)
  await a.closed
  assert.is(b.ws.readyState, b.ws.OPEN)
  await srv.close()
})

test('IM-02 IM-04 harness IM pages history back by time, pins, tells answered chats, and fails sends on demand', async () => {
  const { im, srv, login, call } = await setup()
  const a = (await login('acc1', 'im-1')).c
  for (let i = 1; i <= 5; i++) im.send('acc2', 'acc1', { text: `m${i}` })
  const last2 = (await call(a, { op: 'history', to: 'acc2', limit: 2 })).data
  assert.equal(last2.map((m: any) => m.text), ['m4', 'm5'])
  const before = (await call(a, { op: 'history', to: 'acc2', limit: 2, before: last2[0].createTime })).data
  assert.equal(before.map((m: any) => m.text), ['m2', 'm3'])
  let conv = (await call(a, { op: 'conversations' })).data[0]
  assert.equal([conv.isReply, conv.isPin], [false, undefined])
  await call(a, { op: 'pin', to: 'acc2', on: true })
  await call(a, { op: 'send', to: 'acc2', message: { messageClientId: 'r1', messageType: 0, text: 'hello' } })
  conv = (await call(a, { op: 'conversations' })).data[0]
  assert.equal([conv.isReply, conv.isPin], [true, true])
  im.failNextSends('acc1', 1)
  const failed = await call(a, { op: 'send', to: 'acc2', message: { messageClientId: 'r2', messageType: 0, text: 'again' } })
  assert.equal([failed.ok, failed.code], [false, 500])
  assert.ok((await call(a, { op: 'send', to: 'acc2', message: { messageClientId: 'r3', messageType: 0, text: 'again' } })).ok)
  assert.equal(im.online(), ['acc1'])
  await srv.close()
})


test('IM-02 IM-06 harness IM refuses a client\'s official card (payment notice, system line, gift, intimacy, call record, the server\'s mark) with 403; the server\'s own sends carry its mark', async () => {
  const { im, srv, login, call } = await setup()
  const a = (await login('acc1', 'im-1')).c
  const forged = [
    { messageType: 0, text: 'Payment successful: 100,000 diamonds added', serverExtension: '{"viewFlag":4,"data":{"diamondNum":100000}}' },
    { messageType: 10, text: 'SYSTEM: your account will be closed' },
    { messageType: 5, text: 'SYSTEM' },
    { messageType: 7 },
    { messageType: 100, attachment: { raw: '{"attachType":"SEND_GIFT","giftNum":99}' } },
    { messageType: 100, attachment: { attachType: 'INTIMACY_UPGRADE', level: 5 } },
    { messageType: 0, text: 'hi', serverExtension: '{"serverSent":1}' },
    { messageType: 0, text: 'hi', serverExtension: 'not json' },
  ]
  for (const [i, message] of forged.entries()) {
    const r = await call(a, { op: 'send', to: 'acc2', message: { messageClientId: `f${i}`, ...message } })
    assert.equal([r.ok, r.code], [false, 403], JSON.stringify(message))
  }
  assert.is(im.history('acc1', 'acc2').length, 0, 'nothing forged was stored')
  const plain = await call(a, { op: 'send', to: 'acc2', message: { messageClientId: 'ok', messageType: 0, text: 'hello' } })
  assert.ok(plain.ok)
  im.send('acc2', 'acc1', { messageType: 100, attachment: { raw: '{"attachType":"SEND_GIFT"}' }, serverExtension: '{"x":1}' })
  assert.equal(JSON.parse(im.history('acc1', 'acc2').at(-1)!.serverExtension!), { x: 1, serverSent: 1 })
  await srv.close()
})

test('ENG-11 harness IM: a host the user blocked cannot reach him (her send fails with 102426, the server\'s sends in her name are dropped); he can still write, and unblocking lets her through', async () => {
  const blocks: Array<{ userId: number; targetId: number }> = [{ userId: 1, targetId: 2 }]
  const ctx = { ...fakeCtx([user(1), user(2, { nickname: 'Host Two', userType: 2 })]), db: { get: (name: string) => ({ value: () => (name === 'blocks' ? blocks : undefined) }) } }
  const { im, srv, call } = await setup(ctx)
  const viewer = await client(`${srv.base}/im`)
  assert.ok((await call(viewer, { op: 'login', account: 'acc1', token: 'im-1' })).ok)
  const host = await client(`${srv.base}/im`)
  assert.ok((await call(host, { op: 'login', account: 'acc2', token: 'im-2' })).ok)
  const refused = await call(host, { op: 'send', to: 'acc1', message: { messageClientId: 'h1', messageType: 0, text: 'hello?' } })
  assert.equal([refused.ok, refused.code], [false, 102426])
  im.send('acc2', 'acc1', { text: 'a greeting in her name' })
  // what he sends is delivered (the block list stops her, as NIM's does), and it is the sign the server ran
  assert.ok((await call(viewer, { op: 'send', to: 'acc2', message: { messageClientId: 'v1', messageType: 0, text: 'bye' } })).ok)
  assert.equal(im.history('acc1', 'acc2').map((m) => m.text), ['bye'])
  assert.not.ok(viewer.frames.some((f) => f.event === 'message'))
  blocks.length = 0
  assert.ok((await call(host, { op: 'send', to: 'acc1', message: { messageClientId: 'h2', messageType: 0, text: 'hi again' } })).ok)
  await waitFor(() => viewer.frames.some((f) => f.event === 'message' && f.data.text === 'hi again'), { what: 'her message after the unblock' })
  await srv.close()
})

test.run()
