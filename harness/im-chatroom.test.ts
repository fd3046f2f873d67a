import { test } from 'uvu'
import * as assert from 'uvu/assert'
import WebSocket from 'ws'
import { createHarnessChatRoom } from '../kernel/im/chatroom-harness.ts'
import type { ChatRoomMessage, ChatRoomNotice } from '../kernel/im/chatroom.ts'
import type { SocketClass } from '../kernel/socket.ts'
import { chatRoomsOf, createChatRoomService } from './im-chatroom.ts'
import { createRtcService } from './rtc.ts'
import { client, fakeCtx, serve, user } from './upgrade-test-kit.ts'
import { waitFor } from '../test/wait.ts'

const rejects = async (fn: () => Promise<unknown>) => {
  try {
    await fn()
  } catch {
    return
  }
  throw new Error('expected a rejection')
}

const until = (fn: () => boolean) => waitFor(fn)

async function setup() {
  const ctx = fakeCtx([user(1, { nickname: 'Omar', userLevel: 4 }), user(2), user(9, { yxAccid: 'host9', nickname: 'Layla', userType: 2 })])
  const srv = await serve(createChatRoomService(ctx))
  const rooms = createHarnessChatRoom({ url: `${srv.base}/chatroom`, WebSocket: WebSocket as unknown as SocketClass, retryMs: 50 })
  return { ctx, srv, rooms, hub: chatRoomsOf(ctx) }
}

test('LIVE-06 chat room: enter with the IM account, get lines and notices, send (not echoed to the sender), leave', async () => {
  const { srv, rooms, hub } = await setup()
  const a = await rooms.enter({ roomId: 'room_9', account: 'acc1', token: 'im-1', ext: { userLevel: 4 } })
  const b = await rooms.enter({ roomId: 'room_9', account: 'acc2', token: 'im-2' })
  const got: { a: ChatRoomMessage[]; b: ChatRoomMessage[]; n: ChatRoomNotice[] } = { a: [], b: [], n: [] }
  a.on('message', (m) => got.a.push(m))
  b.on('message', (m) => got.b.push(m))
  b.on('notification', (n) => got.n.push(n))
  assert.equal(hub.members('room_9').sort(), ['acc1', 'acc2'])
  const sent = await a.sendText('hello <b>all</b>')
  assert.is(sent.text, 'hello <b>all</b>')
  assert.equal(sent.ext, { userLevel: 4, isVip: false, isNewUser: false, isHost: false }, 'badges from the account')
  await until(() => got.b.length === 1)
  assert.is(got.b[0].fromNick, 'Omar')
  hub.post('room_9', { from: 'host9', fromNick: 'Layla', text: 'hi', ext: { isHost: true } })
  hub.notify('room_9', { type: 0, account: 'x', nick: 'Sam', level: 3 })
  await until(() => got.a.length === 1 && got.b.length === 2 && got.n.length === 1)
  assert.is(got.a.some((m) => m.text === 'hello <b>all</b>'), false, 'the sender is not echoed')
  await rejects(() => a.sendText('   '))
  a.leave()
  await until(() => hub.members('room_9').length === 1)
  b.leave()
  await srv.close()
})

test('LIVE-02 a wrong token cannot enter; a closed room tells its viewers; a dropped socket reconnects', async () => {
  const { srv, rooms, hub } = await setup()
  await rejects(() => rooms.enter({ roomId: 'room_9', account: 'acc1', token: 'wrong' }))
  const a = await rooms.enter({ roomId: 'room_9', account: 'acc1', token: 'im-1' })
  const states: string[] = []
  a.on('connect-state', (e) => states.push(e.state))
  assert.is(hub.drop('room_9'), 1)
  await until(() => states.includes('reconnecting'))
  await until(() => states.includes('connected') && hub.members('room_9').length === 1)
  hub.close('room_9', 'ended')
  await until(() => states.includes('closed'))
  a.leave()
  await srv.close()
})

test('LIVE-06 a busy room: the lines of one server turn reach a socket as one frame, in order, and a notice after them comes after them; the room\'s client hands on each line', async () => {
  const { srv, rooms, hub } = await setup()
  const raw = await client(`${srv.base}/chatroom`)
  raw.send({ id: 1, op: 'enter', roomId: 'room_9', account: 'acc1', token: 'im-1' })
  assert.ok((await raw.next()).ok)
  for (let i = 0; i < 20; i++) hub.post('room_9', { from: 'host9', fromNick: 'Layla', text: `line ${i}` })
  hub.notify('room_9', { type: 0, account: 'x', nick: 'Sam', level: 3 })
  hub.post('room_9', { from: 'host9', fromNick: 'Layla', text: 'line 20' })
  const lines = await raw.next()
  assert.is(lines.event, 'messages')
  assert.equal(lines.data.map((m: ChatRoomMessage) => m.text), Array.from({ length: 20 }, (_, i) => `line ${i}`))
  assert.is((await raw.next()).event, 'notification')
  assert.equal(await raw.next().then((f) => [f.event, f.data.map((m: ChatRoomMessage) => m.text)]), ['messages', ['line 20']])
  raw.ws.close()
  // the room's client hands on every line of a list, in order
  const viewer = await rooms.enter({ roomId: 'room_9', account: 'acc2', token: 'im-2' })
  const seen: string[] = []
  viewer.on('message', (m) => seen.push(m.text ?? ''))
  for (let i = 0; i < 20; i++) hub.post('room_9', { from: 'host9', fromNick: 'Layla', text: `again ${i}` })
  await until(() => seen.length === 20)
  assert.equal(seen, Array.from({ length: 20 }, (_, i) => `again ${i}`))
  viewer.leave()
  await srv.close()
})

test('LIVE-02 RTC audience: not announced to others, never publishes, and a room whose video fails refuses the join', async () => {
  const rtc = createRtcService(fakeCtx([user(1), user(2), user(9, { yxAccid: 'host9', userType: 2 })]))
  const srv = await serve(rtc)
  rtc.hostJoin('live_9', 'host9')
  // each viewer joins with the audience token the server issued for it (the host is in as its user id)
  const join = (uid: string) => ({ op: 'join', channel: 'live_9', uid, role: 'audience', token: rtc.issue({ channel: 'live_9', uid, role: 'audience' }).token })
  const v1 = await client(`${srv.base}/rtc`)
  v1.send(join('1'))
  const joined = await v1.next()
  assert.equal(joined.users.map((u: { uid: string }) => u.uid), ['9'])
  await v1.next() // quality
  const v2 = await client(`${srv.base}/rtc`)
  v2.send(join('2'))
  assert.equal((await v2.next()).users.map((u: { uid: string }) => u.uid), ['9'], 'the other viewer is not listed')
  v1.send({ op: 'publish', media: ['video'] })
  assert.equal(await v1.next(), { event: 'error', code: 'INVALID_OPERATION', msg: 'an audience cannot publish in a live channel' })
  rtc.failAudience('live_9', 'UID_CONFLICT')
  const v3 = await client(`${srv.base}/rtc`)
  v3.send(join('3'))
  assert.equal(await v3.next(), { event: 'error', code: 'UID_CONFLICT', msg: 'join refused: UID_CONFLICT' })
  await srv.close()
})

test('LIVE-06 the chat room stamps name and badges from the account: a viewer claiming the host\'s name and badge gets neither; its filter refuses prohibited lines', async () => {
  const { srv, rooms, hub } = await setup()
  hub.setRules({ ownerOf: (roomId) => (roomId === 'room_9' ? 'host9' : null), prohibited: (t) => t.includes('whatsapp') })
  const viewer = await rooms.enter({ roomId: 'room_9', account: 'acc1', token: 'im-1', nick: 'Layla', ext: { isHost: true, userLevel: 99, isVip: true } })
  const host = await rooms.enter({ roomId: 'room_9', account: 'host9', token: 'im-9' })
  const seen: ChatRoomMessage[] = []
  host.on('message', (m) => seen.push(m))
  const forged = await viewer.sendText('I am the host', { isHost: true, userLevel: 99 })
  assert.equal([forged.fromNick, forged.ext?.isHost, forged.ext?.userLevel, forged.ext?.isVip], ['Omar', false, 4, false])
  await until(() => seen.length === 1)
  assert.equal([seen[0].fromNick, seen[0].ext?.isHost], ['Omar', false], 'what others receive')
  assert.ok((await host.sendText('welcome')).ext?.isHost, 'the room\'s owner is the host')
  let code: unknown
  await viewer.sendText('add my whatsapp').catch((e) => (code = (e as { code?: unknown }).code))
  assert.is(code, 7101)
  await srv.close()
})

test('LIVE-06 LIVE-07 a client cannot send the room\'s server kinds: a gift tip, a lucky gift or a room signal sent as a custom message is refused and reaches no one; the server\'s own still do', async () => {
  const { srv, rooms, hub } = await setup()
  hub.setRules({ ownerOf: (roomId) => (roomId === 'room_9' ? 'host9' : null), prohibited: () => false })
  const other = await rooms.enter({ roomId: 'room_9', account: 'acc2', token: 'im-2' })
  const seen: ChatRoomMessage[] = []
  other.on('message', (m) => seen.push(m))
  // a raw client, as a NIM client sends a custom message (type 100) of its own making
  const forger = await client(`${srv.base}/chatroom`)
  // the forger's answers (the room's events to it are skipped)
  const answer = async () => {
    for (;;) {
      const f = await forger.next()
      if (typeof f?.id === 'number') return f
    }
  }
  forger.send({ id: 1, op: 'enter', roomId: 'room_9', account: 'acc1', token: 'im-1' })
  assert.ok((await answer()).ok)
  const forged = [
    { type: 'sendGiftTip', giftId: 1, giftNum: 999, fromNick: 'Omar', giftImg: 'https://cdn.example.com/rocket.png' },
    { type: 'luckyGift', totalReward: 100000 },
    { type: 'wheelRes', text: '5000' },
    { type: -1 },
    { type: 'liveRoomState', liveRoomState: 'ended' },
  ]
  for (const [i, custom] of forged.entries()) {
    // with a text beside it too: the line must not pass as text with the custom dropped
    forger.send({ id: 10 + i, op: 'send', text: 'hi', custom })
    const reply = await answer()
    assert.equal([reply.id, reply.ok, reply.code], [10 + i, false, 403], JSON.stringify(reply))
  }
  // a sign the room still relays: a text line from the same client arrives, and the server's own gift tip
  forger.send({ id: 20, op: 'send', text: 'plain words' })
  assert.ok((await answer()).ok)
  hub.post('room_9', { from: 'acc1', fromNick: 'Omar', custom: { type: 'sendGiftTip', giftId: 2, giftNum: 1 } })
  await until(() => seen.length === 2)
  assert.equal(seen.map((m) => m.text ?? m.custom?.type), ['plain words', 'sendGiftTip'])
  // a custom kind the rules let clients send passes, bounded
  hub.setRules({ ownerOf: () => null, prohibited: () => false, clientMaySend: (c) => c.type === 'sticker' })
  forger.send({ id: 30, op: 'send', custom: { type: 'sticker', id: 3 } })
  assert.ok((await answer()).ok)
  forger.send({ id: 31, op: 'send', custom: { type: 'sticker', pad: 'x'.repeat(20_000) } })
  assert.is((await answer()).code, 414)
  await until(() => seen.length === 3)
  assert.equal(seen[2].custom, { type: 'sticker', id: 3 })
  forger.ws.close()
  other.leave()
  await srv.close()
})

test.run()
