import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { settle } from '../../test/wait.ts'
import { createChat, MAX_TEXT, PAGE_SIZE } from './chat.ts'
import { kindOf } from './kinds.ts'
import { previewOf } from './preview.ts'
import { inboxOf, memoryIm, msg } from './testkit.ts'
import { RECHARGE_NOTIFY } from './api.ts'

const SERVER_SENT = '{"serverSent":1}'

const HOST = 'host_9'
const history = Array.from({ length: 45 }, (_, i) => msg(HOST, i + 1))

test('IM-02 the chat loads the latest page, pages back through history to the start, and marks the chat read', async () => {
  const im = memoryIm(history)
  const chat = createChat({ inbox: inboxOf(im.client), peer: HOST })
  await settle()
  assert.is(chat.items.value.length, PAGE_SIZE)
  assert.is(chat.items.value.at(-1)?.text, 'line 45')
  assert.ok(im.calls.some(([c, a]) => c === 'markRead' && a[0] === HOST))
  assert.ok(await chat.loadOlder())
  assert.is(chat.items.value.length, 40)
  assert.equal(im.calls.filter(([c]) => c === 'history').at(-1)![1], [HOST, PAGE_SIZE, 26_000], 'asks for the page before the oldest shown')
  await chat.loadOlder()
  assert.is(chat.items.value.length, 45)
  assert.is(chat.items.value[0].text, 'line 1', 'oldest first')
  assert.is(chat.older.value, 'done')
  assert.not.ok(await chat.loadOlder(), 'nothing before the start')
  chat.dispose()
})

test('IM-02 an incoming message of this chat joins the list once; other chats’ do not', async () => {
  const im = memoryIm(history.slice(0, 3))
  const inbox = inboxOf(im.client)
  const chat = createChat({ inbox, peer: HOST })
  await settle()
  inbox.receive(msg(HOST, 50))
  inbox.receive(msg(HOST, 50))
  inbox.receive(msg('host_other', 51, { conversationId: 'user_1|1|host_other' }))
  assert.equal(chat.items.value.map((m) => m.text), ['line 1', 'line 2', 'line 3', 'line 50'])
  chat.dispose()
})

test('IM-02 text: trimmed, blank ignored, capped; sent while disconnected it is kept and goes out after reconnecting', async () => {
  const im = memoryIm([])
  const inbox = inboxOf(im.client, false)
  const chat = createChat({ inbox, peer: HOST, now: () => 5 })
  assert.is(chat.sendText('   '), 'empty')
  assert.is(chat.sendText('  hello  '), 'queued')
  assert.is(chat.items.value[0].sendState, 'queued')
  assert.is(chat.items.value[0].text, 'hello')
  assert.is(im.sent.length, 0)
  inbox.status.value = 'ready'
  await settle()
  assert.equal(im.sent.map((m) => m.text), ['hello'])
  assert.equal(chat.items.value.map((m) => [m.text, m.sendState]), [['hello', undefined]], 'the queued copy is replaced by the sent message')
  chat.sendText('x'.repeat(10_000))
  await settle()
  assert.is(im.sent.at(-1)!.text!.length, MAX_TEXT, 'a 10,000-character text is cut to the limit')
  chat.dispose()
})

test('IM-02 a failed send is marked failed and sent again on retry', async () => {
  const im = memoryIm([])
  const chat = createChat({ inbox: inboxOf(im.client), peer: HOST })
  await settle()
  im.failSends(1)
  assert.is(chat.sendText('are you there?'), 'sent')
  await settle()
  const failed = chat.items.value[0]
  assert.is(failed.sendState, 'failed')
  assert.ok(chat.hasFailed.value)
  chat.retry(failed.messageClientId)
  await settle()
  assert.equal(chat.items.value.map((m) => [m.text, m.sendState]), [['are you there?', undefined]])
  assert.not.ok(chat.hasFailed.value)
  chat.dispose()
})

test('IM-02 an image goes out as an image message', async () => {
  const im = memoryIm([])
  const chat = createChat({ inbox: inboxOf(im.client), peer: HOST })
  await settle()
  chat.sendImage({ url: 'https://x/a.jpg', width: 960, height: 720 })
  await settle()
  assert.is(chat.items.value[0].messageType, 1)
  assert.is(kindOf(chat.items.value[0]).kind, 'image')
  chat.dispose()
})

test('IM-02 message kinds: text stays text (HTML too), gifts, missed calls, tips, the payment notice; malformed and unknown become placeholders', () => {
  // the server's own sends (its mark): what a peer's client sends is another test
  const m = (extra: object) => ({ ...msg(HOST, 1), serverExtension: SERVER_SENT, ...extra })
  assert.equal(kindOf(m({ text: '<img src=x onerror=alert(1)>' })), { kind: 'text', text: '<img src=x onerror=alert(1)>' })
  assert.equal(kindOf(m({ messageType: 100, attachment: { raw: '{"attachType":"SEND_GIFT","giftNum":"3","giftName":"Rose","giftImg":"javascript:alert(1)"}' } })), { kind: 'gift', giftImg: undefined, giftName: 'Rose', giftNum: 3 })
  assert.is(kindOf(m({ messageType: 100, attachment: { raw: '{"attachType":"MISSED_CALLS_RECORD"}' } })).kind, 'missed-call')
  assert.is(kindOf(m({ messageType: 100, attachment: { raw: '{broken' } })).kind, 'unknown')
  assert.is(kindOf(m({ messageType: 1, attachment: {} })).kind, 'unknown', 'an image without a url')
  assert.is(kindOf(m({ messageType: 1, attachment: { url: 'javascript:alert(1)' } })).kind, 'unknown')
  assert.is(kindOf(m({ messageType: 42 })).kind, 'unknown')
  assert.is(kindOf(m({ messageType: 10, text: 'Followed' })).kind, 'tip')
  assert.equal(kindOf(m({ serverExtension: '{"viewFlag":4,"data":{"diamondNum":600},"serverSent":1}', text: 'Payment successful' })), { kind: 'paid', text: 'Payment successful', diamondNum: 600 })
  assert.is(kindOf(m({ serverExtension: '{not json' })).kind, 'text')
  assert.equal(kindOf(m({ messageType: 1, attachment: { url: '/__harness/oss/file?key=a' } })), { kind: 'image', url: '/__harness/oss/file?key=a', width: undefined, height: undefined })
  assert.is(kindOf(m({ messageType: 1, attachment: { url: '//evil.example/x.png' } })).kind, 'unknown')
  assert.equal(previewOf(m({ messageType: 42 })), { key: 'message.message' })
  assert.equal(previewOf(m({ messageType: 100, attachment: { raw: '{"attachType":"SEND_GIFT"}' } })), { key: 'message.gift' })
})

test('IM-02 IM-06 LIVE-15 forged official cards: a payment notice, system line, gift, missed-call or intimacy card a peer\'s client sent is ordinary text at most', () => {
  const peer = (extra: object) => ({ ...msg(HOST, 1), ...extra })
  const paid = { text: 'Payment successful: 100,000 diamonds added', serverExtension: '{"viewFlag":4,"data":{"diamondNum":100000}}' }
  assert.equal(kindOf(peer(paid)), { kind: 'text', text: paid.text })
  assert.equal(kindOf(peer({ messageType: 10, text: 'SYSTEM: your account will be closed' })), { kind: 'text', text: 'SYSTEM: your account will be closed' })
  assert.equal(kindOf(peer({ messageType: 5, text: 'SYSTEM: verify now' })), { kind: 'text', text: 'SYSTEM: verify now' })
  for (const raw of ['{"attachType":"SEND_GIFT","giftName":"Rose","giftNum":99}', '{"attachType":"INTIMACY_UPGRADE","level":5}', '{"attachType":"MISSED_CALLS_RECORD"}'])
    assert.is(kindOf(peer({ messageType: 100, attachment: { raw } })).kind, 'unknown', raw)
  assert.is(kindOf(peer({ messageType: 7 })).kind, 'unknown', 'a call record')
  // the same fields from a system account, or marked as the server's own send, are the official cards
  assert.equal(kindOf({ ...peer(paid), senderId: RECHARGE_NOTIFY }), { kind: 'paid', text: paid.text, diamondNum: 100000 })
  assert.is(kindOf({ ...peer({ messageType: 10, text: 'Followed' }), senderId: 'system' }).kind, 'tip')
  assert.is(kindOf(peer({ messageType: 100, attachment: { raw: '{"attachType":"SEND_GIFT"}' }, serverExtension: SERVER_SENT })).kind, 'gift')
  assert.equal(previewOf(peer(paid)), { text: paid.text })
})

test('LIVE-15 the intimacy level-up line of a chat: an INTIMACY_UPGRADE attachment with a level; anything else is a placeholder', () => {
  const m = (raw: string) => ({ ...msg(HOST, 1), serverExtension: SERVER_SENT, messageType: 100, attachment: { raw } })
  assert.equal(kindOf(m('{"attachType":"INTIMACY_UPGRADE","level":2,"anchorId":200002}')), { kind: 'intimacy', level: 2 })
  assert.is(kindOf(m('{"attachType":"INTIMACY_UPGRADE","level":"x"}')).kind, 'unknown')
  assert.is(kindOf(m('{"attachType":"INTIMACY_UPGRADE","level":0}')).kind, 'unknown')
  assert.equal(previewOf(m('{"attachType":"INTIMACY_UPGRADE","level":2}')), { key: 'message.intimacy' })
})

test.run()
