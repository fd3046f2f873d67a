import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, TEST_TOKEN } from '../../harness/testing.ts'
import { waitFor } from '../../test/wait.ts'
import { createChat } from './chat.ts'
import { kindOf } from './kinds.ts'
import { inboxOf, memoryIm, ME, msg } from './testkit.ts'

/** the gift post the harness answers (the gift plugin's paths.ts; the spec does not name it) */
const SEND_GIFT = '/api/gift/v2/sendGift'

test('IM-02 harness: a gift sent from a chat (scene IM) is a line of that chat from the send’s record, once per send, in the sender’s language', async () => {
  const h = await startTestHarness({ plugins: ['shell', 'wall', 'calls', 'message', 'gift'], settings: { imReplyMs: 0, imGreetAfterMs: 0 } })
  try {
    const im = h.im!
    const send = { giftId: 1001, giftNum: 3, scene: 'IM', anchorId: 200002, requestId: 'chat-gift-1' }
    const a = await h.api(SEND_GIFT, send, { token: TEST_TOKEN, lang: 'ar' })
    assert.is(a.body.code, '0000', JSON.stringify(a.body))
    // the same key again (a retry) answers the first send and writes no second line
    await h.api(SEND_GIFT, send, { token: TEST_TOKEN, lang: 'ar' })
    const lines = im.history('user_100001', 'host_200002')
    assert.is(lines.length, 1)
    assert.is(lines[0].senderId, 'user_100001', 'the sender’s message')
    const k = kindOf(lines[0])
    assert.equal(k.kind === 'gift' && [k.giftNum, /[\u0600-\u06ff]/.test(k.giftName ?? '')], [3, true], 'a gift card, trusted as the server’s, named in Arabic')
    // the host's side reads it too
    assert.is(im.history('host_200002', 'user_100001').length, 1)
  } finally {
    await h.close()
  }
})

test('IM-02 a message the server sent on this user’s behalf (the conversation’s last message) joins the open chat', async () => {
  const peer = 'host_1'
  const im = memoryIm([msg(peer, 1)])
  const inbox = inboxOf(im.client)
  const chat = createChat({ inbox, peer })
  await waitFor(() => chat.items.value.length === 1)
  const gift = msg(peer, 2, { senderId: ME, messageType: 100, text: undefined, attachment: { raw: JSON.stringify({ attachType: 'SEND_GIFT', giftNum: 1 }) }, serverExtension: JSON.stringify({ serverSent: 1 }) })
  inbox.conversations.value = [{ conversationId: `${ME}|1|${peer}`, to: peer, lastMessage: gift, unreadCount: 0, updateTime: gift.createTime }]
  assert.equal(chat.items.value.map((m) => m.messageClientId), ['m1', 'm2'])
  assert.is(kindOf(chat.items.value[1]).kind, 'gift')
  // another conversation's last message is not this chat's
  inbox.conversations.value = [{ conversationId: `${ME}|1|host_2`, to: 'host_2', lastMessage: msg('host_2', 3), unreadCount: 1, updateTime: 3000 }]
  assert.is(chat.items.value.length, 2)
  chat.dispose()
})

test.run()
