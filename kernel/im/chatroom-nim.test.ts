import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChatRoomMessage, ChatRoomNotice } from './chatroom.ts'
import { createNimChatRoom } from './chatroom-nim.ts'

// A fake V2NIMChatroomClient recording what the adapter asks of it.
function fakeNim() {
  const calls: unknown[][] = []
  const handlers = new Map<string, (...a: any[]) => void>()
  const instance = {
    async enter(roomId: string, params: unknown) {
      calls.push(['enter', roomId, params])
    },
    exit: () => calls.push(['exit']),
    on: (ev: string, fn: (...a: any[]) => void) => handlers.set(ev, fn),
    V2NIMChatroomService: {
      on: (ev: string, fn: (...a: any[]) => void) => handlers.set(`svc:${ev}`, fn),
      async sendMessage(m: { text: string; serverExtension?: string }) {
        calls.push(['send', m.text, m.serverExtension])
        return { message: { messageClientId: 'c1', senderId: 'me', createTime: 5, messageType: 0, text: m.text, serverExtension: m.serverExtension } }
      },
    },
    V2NIMChatroomMessageCreator: { createTextMessage: (text: string) => ({ text }) as { text: string; serverExtension?: string } },
  }
  const sdk = { V2NIMChatroomClient: { newInstance: (init: unknown) => (calls.push(['new', init]), instance) } }
  return { sdk, calls, fire: (ev: string, ...a: unknown[]) => handlers.get(ev)!(...a) }
}

test("LIVE-06 NIM chat-room adapter: enter with the IM account, lines with badges, record types, member notices, send", async () => {
  const f = fakeNim()
  const client = createNimChatRoom({ appKey: 'key', sdk: { default: f.sdk } })
  const room = await client.enter({ roomId: 'r1', account: 'acc', token: 'tok', nick: 'Omar', ext: { userLevel: 3 } })
  assert.equal(f.calls[0], ['new', { appkey: 'key', debugLevel: 'off' }])
  assert.equal(f.calls[1], ['enter', 'r1', { accountId: 'acc', token: 'tok', roomNick: 'Omar', serverExtension: '{"userLevel":3}' }])
  const lines: ChatRoomMessage[] = []
  const notices: ChatRoomNotice[] = []
  room.on('message', (m) => lines.push(m))
  room.on('notification', (n) => notices.push(n))
  f.fire('svc:onReceiveMessages', [
    { messageClientId: 'a', senderId: 'v', createTime: 1, messageType: 0, text: 'hi', serverExtension: '{"userLevel":20,"isVip":1}' },
    { messageClientId: 'b', senderId: 'v', createTime: 2, messageType: 100, attachment: { raw: '{"type":"sendGiftTip","giftNum":3}' } },
    { messageClientId: 'c', senderId: 'sys', createTime: 3, messageType: 5, attachment: { type: 0, targetIds: ['x'], targetNicks: ['Sam'], notificationExtension: '{"level":4}' } },
    { messageClientId: 'd', senderId: 'v', createTime: 4, messageType: 0, text: 'bad ext', serverExtension: '{not json' },
  ])
  assert.equal(lines.map((l) => [l.text, l.custom?.type, l.ext?.userLevel]), [['hi', undefined, 20], [undefined, 'sendGiftTip', undefined], ['bad ext', undefined, undefined]])
  assert.equal(notices, [{ level: 4, type: 0, account: 'x', nick: 'Sam' }])
  const sent = await room.sendText('hello', { userLevel: 3 })
  assert.equal(f.calls.at(-1), ['send', 'hello', '{"userLevel":3}'])
  assert.is(sent.text, 'hello')
  room.leave()
  assert.equal(f.calls.at(-1), ['exit'])
})

test.run()
