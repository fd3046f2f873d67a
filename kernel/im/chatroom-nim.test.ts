import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChatRoomEvents, ChatRoomMessage, ChatRoomNotice } from './chatroom.ts'
import { createNimChatRoom, RoomStatus, type NimChatRoomSdk, type NimRoom } from './chatroom-nim.ts'

type Handler = (...a: any[]) => void
// A fake V2NIMChatroomClient recording what the adapter asks of it, typed by the SDK's own slice.
function fakeNim(opts: { enterFails?: unknown } = {}) {
  const calls: unknown[][] = []
  const handlers = new Map<string, Set<Handler>>()
  const on = (key: string) => (ev: string, fn: Handler) => void (handlers.get(key + ev) ?? handlers.set(key + ev, new Set()).get(key + ev)!).add(fn)
  const off = (key: string) => (ev: string, fn: Handler) => void handlers.get(key + ev)?.delete(fn)
  const instance = {
    async enter(roomId: string, params: { linkProvider: (r: string, a: string) => Promise<string[]> }) {
      calls.push(['enter', roomId, { ...params, linkProvider: typeof params.linkProvider }])
      // as v10 calls it: the account first, then the room (its typings say the reverse)
      calls.push(['links', await params.linkProvider('acc', roomId)])
      if (opts.enterFails) throw opts.enterFails
    },
    exit: () => calls.push(['exit']),
    on: on(''),
    off: off(''),
    getInstanceId: () => 7,
    V2NIMChatroomService: {
      on: on('svc:'),
      off: off('svc:'),
      async sendMessage(m: { text: string; serverExtension?: string }) {
        calls.push(['send', m.text, m.serverExtension])
        return { message: { messageClientId: 'c1', senderId: 'me', createTime: 5, messageType: 0, text: m.text, serverExtension: m.serverExtension } }
      },
    },
    V2NIMChatroomMessageCreator: { createTextMessage: (text: string) => ({ text }) as { text: string; serverExtension?: string } },
  } as unknown as NimRoom
  const sdk: NimChatRoomSdk = {
    V2NIMChatroomClient: {
      newInstance: (init) => (calls.push(['new', init]), instance),
      destroyInstance: (id) => void calls.push(['destroy', id]),
    },
  }
  const fire = (ev: string, ...a: unknown[]) => [...(handlers.get(ev) ?? [])].forEach((fn) => fn(...a))
  const listening = () => [...handlers.values()].reduce((n, s) => n + s.size, 0)
  return { sdk, calls, fire, listening }
}
/** the IM connection's addresses for a room: named by the room, so a mixed-up argument shows */
const links = async (roomId: string) => [`link-of-${roomId}.example:443`]

test('LIVE-06 NIM chat-room adapter: enter with the IM account and the link addresses, lines with badges and sender nicks, record types, member notices, send', async () => {
  const f = fakeNim()
  const client = createNimChatRoom({ appKey: 'key', sdk: f.sdk, links })
  const room = await client.enter({ roomId: 'r1', account: 'acc', token: 'tok', nick: 'Omar', ext: { userLevel: 3 } })
  assert.equal(f.calls[0], ['new', { appkey: 'key', debugLevel: 'off' }])
  assert.equal(f.calls[1], ['enter', 'r1', { accountId: 'acc', token: 'tok', timeout: 10, linkProvider: 'function', roomNick: 'Omar', serverExtension: '{"userLevel":3}' }])
  assert.equal(f.calls[2], ['links', ['link-of-r1.example:443']], 'the addresses of the room entered')
  const lines: ChatRoomMessage[] = []
  const notices: ChatRoomNotice[] = []
  room.on('message', (m) => lines.push(m))
  room.on('notification', (n) => notices.push(n))
  f.fire('svc:onReceiveMessages', [
    { messageClientId: 'a', senderId: 'v', createTime: 1, messageType: 0, text: 'hi', serverExtension: '{"userLevel":20,"isVip":1}', userInfoConfig: { senderNick: 'Lina' } },
    { messageClientId: 'b', senderId: 'v', createTime: 2, messageType: 100, attachment: { raw: '{"type":"sendGiftTip","giftNum":3}' } },
    { messageClientId: 'c', senderId: 'sys', createTime: 3, messageType: 5, attachment: { type: 0, targetIds: ['x'], targetNicks: ['Sam'], notificationExtension: '{"level":4}' } },
    { messageClientId: 'd', senderId: 'v', createTime: 4, messageType: 0, text: 'bad ext', serverExtension: '{not json' },
  ])
  assert.equal(lines.map((l) => [l.text, l.custom?.type, l.ext?.userLevel, l.fromNick]), [['hi', undefined, 20, 'Lina'], [undefined, 'sendGiftTip', undefined, 'v'], ['bad ext', undefined, undefined, 'v']])
  assert.equal(notices, [{ level: 4, type: 0, account: 'x', nick: 'Sam' }])
  const sent = await room.sendText('hello', { userLevel: 3 })
  assert.equal(f.calls.at(-1), ['send', 'hello', '{"userLevel":3}'])
  assert.is(sent.text, 'hello')
})

test('LIVE-06 NIM chat-room adapter: status 4 is entering, 5 entered, 0/1 reconnecting; exited is a lost chat, kicked a closed room', async () => {
  const f = fakeNim()
  const room = await createNimChatRoom({ appKey: 'key', sdk: f.sdk, links }).enter({ roomId: 'r1', account: 'acc', token: 'tok' })
  const states: ChatRoomEvents['connect-state'][] = []
  room.on('connect-state', (s) => states.push(s))
  // the SDK's order when the link drops and comes back: disconnected, waiting, connecting, connected, entering, entered
  for (const s of [RoomStatus.disconnected, RoomStatus.waiting, RoomStatus.connecting, RoomStatus.connected, RoomStatus.entering]) f.fire('onChatroomStatus', s)
  assert.equal(states, [{ state: 'reconnecting' }, { state: 'reconnecting' }])
  f.fire('onChatroomStatus', RoomStatus.entered)
  assert.equal(states.at(-1), { state: 'connected' })
  f.fire('onChatroomStatus', RoomStatus.exited)
  f.fire('onChatroomExited', { code: 192001 })
  assert.equal(states.at(-1), { state: 'failed', reason: 'exited' })
  f.fire('onChatroomKicked', { kickedReason: 2, serverExtension: '' })
  assert.equal(states.at(-1), { state: 'closed', reason: 'kicked' })
})

test('LIVE-06 NIM chat-room adapter: leave removes every listener, exits and destroys the instance; a failed enter does the same and fails with the SDK error', async () => {
  const f = fakeNim()
  const room = await createNimChatRoom({ appKey: 'key', sdk: f.sdk, links }).enter({ roomId: 'r1', account: 'acc', token: 'tok' })
  assert.is(f.listening(), 4)
  room.leave()
  assert.is(f.listening(), 0)
  assert.equal(f.calls.slice(-2), [['exit'], ['destroy', 7]])

  const sdkError = Object.assign(new Error('connect failed'), { code: 192001 })
  const g = fakeNim({ enterFails: sdkError })
  const err = await createNimChatRoom({ appKey: 'key', sdk: g.sdk, links })
    .enter({ roomId: 'r1', account: 'acc', token: 'tok' })
    .catch((e) => e)
  assert.is(err, sdkError)
  assert.is(g.listening(), 0)
  assert.equal(g.calls.slice(-2), [['exit'], ['destroy', 7]])
})

test.run()
