import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, TEST_TOKEN } from '../../harness/testing.ts'
import { waitFor } from '../../test/wait.ts'
import { MessagePath } from './api.ts'
import { objectUrl, postObjectForm } from '../../kernel/upload.ts'
import { CustomerPath } from './customer/faq.ts'

const VIEWER = 100001

async function harness() {
  return startTestHarness({ plugins: ['shell', 'wall', 'calls', 'message'], settings: { imReplyMs: 20, imGreetAfterMs: 0, appOrigins: ['http://localhost'] } })
}


test('IM-02 harness: the anti-spam check, quick messages in the reader’s language, profiles by chat account', async () => {
  const h = await harness()
  try {
    assert.equal((await h.api(MessagePath.checkText, { text: 'add me on WhatsApp' }, { token: TEST_TOKEN })).data, { result: 1 })
    assert.equal((await h.api(MessagePath.checkText, { text: 'hello there' }, { token: TEST_TOKEN })).data, { result: 0 })
    assert.match((await h.api(MessagePath.quickMessages, {}, { token: TEST_TOKEN, lang: 'ar' })).data, /كيف حالك/)
    const [p] = (await h.api(MessagePath.profiles, { yxAccids: ['host_200002', 'nobody'] }, { token: TEST_TOKEN })).data
    assert.equal([p.userId, p.yxAccid, typeof p.followed, typeof p.status], [200002, 'host_200002', 'boolean', 'string'])
  } finally {
    await h.close()
  }
})

test('IM-02 IM-03 harness: hosts answer chats; greetings come from strangers; control sends any kind', async () => {
  const h = await harness()
  try {
    const im = h.im!
    im.send('user_100001', 'host_200002', { text: 'مرحبا' })
    await waitFor(() => im.history('user_100001', 'host_200002').length === 2)
    assert.match(String(im.history('user_100001', 'host_200002')[1].text), /[\u0600-\u06ff]/, 'an Arabic answer to Arabic')
    const g = await h.control('POST', '/__harness/im/greeting', { userId: VIEWER })
    assert.is(g.status, 200)
    assert.is.not(g.body.from, 'host_200002', 'never a host already chatting')
    await h.control('POST', '/__harness/im/send', { from: 200003, to: VIEWER, kind: 'gift' })
    const raw = JSON.parse(String(im.history('user_100001', 'host_200003').at(-1)!.attachment!.raw))
    assert.is(raw.attachType, 'SEND_GIFT')
    await h.control('POST', '/__harness/im/greeting-config', { userId: VIEWER, isEnable: 0, unReadMsgNum: 1 })
    assert.equal((await h.api(MessagePath.greetingConfig, {}, { token: TEST_TOKEN })).data, { isEnable: 0, unReadMsgNum: 1 })
  } finally {
    await h.close()
  }
})

test('IM-04 harness: do-not-disturb is refused to users who are not VIP, kept for VIP', async () => {
  const h = await harness()
  try {
    assert.is((await h.api(MessagePath.disturb, { disturb: 2 }, { token: TEST_TOKEN })).body.msg, 'vip.only')
    assert.equal((await h.api(MessagePath.disturb, { disturb: 2 }, { token: 'vip-token-100002' })).data, { disturb: 2 })
  } finally {
    await h.close()
  }
})

test('IM-06 harness: FAQ and chips in en and ar, the auto-reply, uploads stored and served back', async () => {
  const h = await harness()
  try {
    const faq = (await h.api(CustomerPath.problems, {}, { token: TEST_TOKEN, lang: 'ar' })).data
    assert.ok(faq[0].childrenQuestion.length >= 2)
    assert.match(faq[0].problemName, /[\u0600-\u06ff]/)
    const chips = (await h.api(CustomerPath.dict, { dictType: 'auto_reply' }, { token: TEST_TOKEN })).data
    assert.equal(chips[0], { dictLabel: 'Recharge', dictValue: '1' })
    assert.ok((await h.api(CustomerPath.replyInfo, {}, { token: TEST_TOKEN })).data.text)
    const sts = (await h.api('/api/sts/getkey', {}, { token: TEST_TOKEN })).data
    const key = `callwall/chat/${Date.now()}.png`
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
    const up = await fetch(sts.host, { method: 'POST', body: await postObjectForm(sts, key, new Blob([png], { type: 'image/png' }), Date.now() + 60_000) })
    assert.is(up.status, 200)
    const url = objectUrl(sts.cdnUrl, key)
    const served = await fetch(url)
    assert.equal([served.status, served.headers.get('content-type'), new Uint8Array(await served.arrayBuffer()).length], [200, 'image/png', png.length])
    // the service answers a picture in the language the viewer last wrote in
    const im = h.im!
    const cs = (await h.api(CustomerPath.accounts, {}, { token: TEST_TOKEN })).data[0].yxAccid
    im.send('user_100001', cs, { text: 'مرحبا' })
    await waitFor(() => im.history('user_100001', cs).length === 2)
    im.send('user_100001', cs, { messageType: 1, attachment: { url } })
    await waitFor(() => im.history('user_100001', cs).length === 4)
    assert.match(String(im.history('user_100001', cs)[3].text), /[\u0600-\u06ff]/, 'an Arabic answer to a picture after Arabic')
  } finally {
    await h.close()
  }
})

test.run()
