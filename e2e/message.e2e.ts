// Messaging in Chromium against the harness: a chat opened from a host's profile (send text and
// an image, the host answers, paging back, the anti-spam check), a message sent while messaging
// is down, greetings that drop out after a follow, pins and do-not-disturb as VIP, and customer
// service (FAQ chips, sub-questions, copy, an image), in English and Arabic.
import type { Page } from 'playwright-core'
import { assert, e2eSuite, expectText, poll, shot, waitForSelector, type E2EContext } from './lib.ts'

const t = e2eSuite('message', { settings: { imReplyMs: 400, imGreetAfterMs: 0 } })

const VIEWER = { userId: 100001, token: 'test-token-100001' }
const VIP = { userId: 100002, token: 'vip-token-100002' }

type Harness = E2EContext['harness']
const send = (h: Harness, body: Record<string, unknown>) => h.call('POST', '/im/send', body)

/** a PNG of noise drawn in the page: 40 x 40 is a few KB (sent as it is), 900 x 700 is
 *  about 2 MB (compressed before upload) */
async function picture(page: Page, width: number, height: number): Promise<Buffer> {
  const b64 = await page.evaluate(([w, h]) => {
    const c = document.createElement('canvas')
    c.width = w
    c.height = h
    const g = c.getContext('2d')!
    const img = g.createImageData(c.width, c.height)
    for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256)
    g.putImageData(img, 0, 0)
    return c.toDataURL('image/png').split(',')[1]
  }, [width, height])
  return Buffer.from(b64, 'base64')
}

async function sendText(page: Page, text: string) {
  await page.fill('[data-testid=composer-input]', text)
  await page.click('[data-testid=composer-send]')
}

/** the messages the chat has loaded: the list is virtual, its rows carry the count (aria-setsize) */
const loaded = async (page: Page) => Number(await page.locator('[data-testid=chat-message]').first().getAttribute('aria-setsize'))

const mine = '[data-testid=chat-message][data-mine]'
const theirs = '[data-testid=chat-message]:not([data-mine])'

for (const lang of ['en', 'ar'] as const) {
  t(`IM-02 (${lang}) a chat opened from a host's profile: history pages back, text and an image go out, the host answers, prohibited terms are refused`, async ({ openApp, harness }) => {
    const host = lang === 'en' ? 200005 : 200006
    for (let i = 1; i <= 30; i++) await send(harness, { from: host, to: VIEWER.userId, text: `note ${i}` })
    await send(harness, { from: host, to: VIEWER.userId, kind: 'gift' })
    await send(harness, { from: host, to: VIEWER.userId, kind: 'missed-call' })
    await send(harness, { from: host, to: VIEWER.userId, messageType: 77, text: '<b>x</b>' })

    const page = await openApp(`/detail?id=${host}`, { token: VIEWER.token, lang })
    await page.click('[data-testid=detail-chat]')
    await waitForSelector(page, '[data-testid=talk-list]', 30_000)
    assert.match(new URL(page.url()).search, new RegExp(`to=host_${host}`))
    await waitForSelector(page, '[data-testid=chat-gift]')
    await waitForSelector(page, '[data-testid=chat-missed-call]')
    await waitForSelector(page, '[data-testid=chat-unknown]')
    const first = await loaded(page)
    assert.is(first, 20)
    // to the top: the page before loads above, down to the start of the chat
    await page.locator('[data-testid=talk-list]').evaluate((el) => (el.scrollTop = 0))
    assert.ok(await poll(async () => (await loaded(page)) > first), 'older messages loaded')
    await page.locator('[data-testid=talk-list]').evaluate((el) => (el.scrollTop = 0))
    assert.ok(await poll(async () => (await loaded(page)) === 33), 'the whole history')
    await expectText(page, '[data-testid=chat-message] >> nth=0', 'note 1')

    await sendText(page, 'Hello <b>there</b>')
    await expectText(page, `${mine} >> nth=-1`, 'Hello <b>there</b>')
    assert.ok(await poll(async () => (await loaded(page)) >= 35), 'the host answered')
    await waitForSelector(page, `[data-testid=chat-message]:last-child:not([data-mine])`)
    await page.setInputFiles('[data-testid=composer-file]', { name: 'pic.png', mimeType: 'image/png', buffer: await picture(page, 40, 40) })
    await waitForSelector(page, `${mine} [data-testid=chat-image]`)
    const src = await page.locator(`${mine} [data-testid=chat-image]`).last().getAttribute('src')
    assert.match(String(src), /\/__harness\/oss\/file\?key=callwall%2Fchat%2F\d+\.png/)
    assert.is((await fetch(String(src))).status, 200, 'the upload is served back')

    await sendText(page, 'add me on WhatsApp')
    await waitForSelector(page, `[data-testid=toast]:has-text(${JSON.stringify(lang === 'en' ? 'Prohibited terms' : 'عبارات محظورة')})`)
    assert.is(await page.inputValue('[data-testid=composer-input]'), 'add me on WhatsApp', 'the text is kept')
    await shot(page, `message-talk-${lang}`)
  })
}

t('IM-02 (ar) a long chat: it opens at the last message, paging back keeps the row being read in place, a new message follows the end only while the reader is there; only rows near the screen are in the page', async ({ openApp, harness }) => {
  // a host the viewer follows: a stranger's chat would stay in the greetings of the tests after this one
  const host = 200003
  for (let i = 0; i < 60; i++) await send(harness, { from: host, to: VIEWER.userId, text: `line ${i}` })
  const page = await openApp(`/talk?to=host_${host}&taPath=host_card`, { token: VIEWER.token, lang: 'ar' })
  await waitForSelector(page, '[data-testid=talk-list]', 30_000)
  const list = page.locator('[data-testid=talk-list]')
  const text = (s: string) => page.locator('[data-testid=chat-message] .ch-text', { hasText: new RegExp(`^${s}$`) })
  /** a row's top, px from the list's top; null when it is not in the page or not on screen */
  const topOf = async (s: string) => {
    const [box, row] = [await list.boundingBox(), (await text(s).count()) ? await text(s).boundingBox() : null]
    return box && row && row.y + row.height > box.y && row.y < box.y + box.height ? row.y - box.y : null
  }
  assert.ok(await poll(async () => (await topOf('line 59')) !== null), 'it opens at the last message')
  assert.is(await loaded(page), 20)

  await list.evaluate((el) => (el.scrollTop = 0))
  assert.ok(await poll(async () => (await loaded(page)) === 40), 'the page before loaded above')
  const reading = await poll(() => topOf('line 40'))
  assert.ok(reading !== null && reading < 120, `the row being read stays where it was (${reading})`)

  await send(harness, { from: host, to: VIEWER.userId, text: 'while reading' })
  assert.ok(await poll(async () => (await loaded(page)) === 41), 'the new message arrived')
  assert.is(await topOf('line 40'), reading, 'reading above: the view did not move')
  assert.is(await topOf('while reading'), null, 'and the new message is below, out of view')

  await list.evaluate((el) => (el.scrollTop = el.scrollHeight))
  assert.ok(await poll(async () => (await topOf('while reading')) !== null), 'scrolled to the end')
  await send(harness, { from: host, to: VIEWER.userId, text: 'at the end' })
  assert.ok(await poll(async () => (await topOf('at the end')) !== null), 'at the end: the new message comes into view')
  const inPage = await page.locator('[data-testid=chat-message]').count()
  assert.ok(inPage < 42, `only the rows near the screen are in the page (${inPage} of 42)`)
  await shot(page, 'message-long-chat-ar')
})

t('IM-02 a message sent while messaging is down waits, then goes out when the connection is back (ar)', async ({ openApp, harness }) => {
  await send(harness, { from: 200007, to: VIEWER.userId, text: 'أهلاً' })
  const page = await openApp('/talk?to=host_200007&taPath=host_card', { token: VIEWER.token, lang: 'ar' })
  await waitForSelector(page, '[data-testid=talk-list]')
  await harness.call('POST', '/im/drop', { userId: VIEWER.userId, refuseLogins: 1 })
  await waitForSelector(page, '[data-testid=talk-offline]')
  await sendText(page, 'هل أنت هنا؟')
  await waitForSelector(page, '[data-testid=toast]')
  await waitForSelector(page, '[data-testid=chat-queued]')
  await shot(page, 'message-queued-ar')
  // reconnecting: 2 s, refused, then 4 s later in
  assert.ok(await poll(async () => (await page.locator('[data-testid=chat-queued]').count()) === 0, 20_000), 'the queued message went out')
  await expectText(page, `${mine} >> nth=-1`, 'هل أنت هنا؟')
  assert.ok(await poll(async () => (await page.locator(theirs).count()) >= 2, 10_000), 'and the host answered it')
})

for (const lang of ['en', 'ar'] as const) {
  t(`IM-03 the greetings page opened while messaging is down, with nothing kept, says so and offers Retry, not a spinner (${lang})`, async ({ openApp, harness }) => {
    // a long outage: every login of this user is refused for now
    await harness.call('POST', '/im/drop', { userId: VIEWER.userId, refuseLogins: 50 })
    const page = await openApp('/greeting-message', { token: VIEWER.token, lang })
    await waitForSelector(page, '[data-testid=greetings]')
    await waitForSelector(page, '[data-testid=greetings-offline]', 20_000)
    assert.ok(await page.locator('[data-testid=greetings-offline] button').isVisible(), 'a Retry button')
    assert.is(new URL(page.url()).pathname, '/greeting-message', 'the page stays while it cannot know')
    await shot(page, `message-greetings-offline-${lang}`)
  })
}

t('IM-02 a send the server refuses is marked failed, and retry sends it', async ({ openApp, harness }) => {
  const page = await openApp('/talk?to=host_200008&taPath=host_card', { token: VIEWER.token })
  await waitForSelector(page, '[data-testid=talk-empty]')
  await harness.call('POST', '/im/fail-sends', { userId: VIEWER.userId, times: 1 })
  await sendText(page, 'first try')
  await waitForSelector(page, '[data-testid=chat-retry]')
  await page.click('[data-testid=chat-retry]')
  assert.ok(await poll(async () => (await page.locator('[data-testid=chat-retry]').count()) === 0))
  await expectText(page, `${mine} >> nth=-1`, 'first try')
})

t('IM-03 greetings from strangers gather behind one entry and drop out after a follow; the empty list goes to /message', async ({ openApp, harness }) => {
  // hosts the test user neither follows nor has called (the fixtures' followedByTestUser)
  await harness.call('POST', '/im/greeting', { userId: VIEWER.userId, hostId: 200011 })
  await harness.call('POST', '/im/greeting', { userId: VIEWER.userId, hostId: 200013, lang: 'ar' })
  const page = await openApp('/wall', { token: VIEWER.token })
  await page.click('[data-testid=tab-message]')
  await waitForSelector(page, '[data-testid=greeting-entry]', 30_000)
  assert.is(await page.locator('[data-testid=message-list] [data-testid=conversation-host_200011]').count(), 0, 'strangers are not in the main list')
  await page.click('[data-testid=greeting-entry]')
  await waitForSelector(page, '[data-testid=greeting-list]')
  await shot(page, 'message-greetings-en')
  for (const host of [200011, 200013]) {
    await page.click(`[data-testid=conversation-host_${host}]`)
    await page.click('[data-testid=talk-follow]')
    assert.ok(await poll(async () => (await page.locator('[data-testid=talk-follow]').count()) === 0))
    await page.click('[data-testid=talk-back]')
  }
  assert.ok(await poll(async () => new URL(page.url()).pathname === '/message'), 'the empty greeting list goes to /message')
  await waitForSelector(page, '[data-testid=conversation-host_200011]')
  assert.is(await page.locator('[data-testid=greeting-entry]').count(), 0)
})

t('IM-04 as VIP: pin a chat to the top; do-not-disturb for messages holds the banner back; a user who is not VIP is told', async ({ openApp, harness }) => {
  await harness.call('POST', '/im/greeting-config', { userId: VIP.userId, isEnable: 0 })
  for (const host of [200012, 200013, 200014]) await send(harness, { from: host, to: VIP.userId, text: `hi from ${host}` })
  const page = await openApp('/wall', { token: VIP.token, lang: 'ar' })
  await page.click('[data-testid=tab-message]')
  // the first wait covers the messaging login on a busy machine
  await waitForSelector(page, '[data-testid=conversation-host_200012]', 30_000)
  await page.click('[data-testid=conversation-host_200012]', { button: 'right' })
  await page.click('[data-testid=row-pin]')
  await waitForSelector(page, '[data-testid=conversation-host_200012][data-pinned]')
  const order = await page.locator('[data-testid=message-list] [data-testid^=conversation-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
  assert.is(order[0], 'conversation-host_200012', 'pinned first')
  await shot(page, 'message-pinned-ar')

  await page.click('[data-testid=disturb-open]')
  await page.click('[data-testid=disturb-messages]')
  assert.ok(await poll(async () => page.locator('[data-testid=disturb-messages]').isChecked()))
  await page.click('[data-testid=sheet-close]')
  await send(harness, { from: 200013, to: VIP.userId, text: 'quiet please' })
  await expectText(page, '[data-testid=conversation-host_200013]', 'quiet please')
  assert.is(await page.locator('[data-testid=message-banner]').count(), 0, 'no banner with do-not-disturb on')
  await page.click('[data-testid=disturb-open]')
  await page.click('[data-testid=disturb-messages]')
  assert.ok(await poll(async () => !(await page.locator('[data-testid=disturb-messages]').isChecked())))
  await page.click('[data-testid=sheet-close]')
  await send(harness, { from: 200014, to: VIP.userId, text: 'ring ring' })
  await expectText(page, '[data-testid=message-banner]', 'ring ring')

  const viewer = await openApp('/wall', { token: VIEWER.token })
  await send(harness, { from: 200015, to: VIEWER.userId, text: 'hello' })
  await harness.call('POST', '/im/greeting-config', { userId: VIEWER.userId, isEnable: 0 })
  await viewer.click('[data-testid=tab-message]')
  await viewer.click('[data-testid=conversation-host_200015]', { button: 'right' })
  await viewer.click('[data-testid=row-pin]')
  await expectText(viewer, '[role=dialog]', /VIP/)
})

for (const lang of ['en', 'ar'] as const) {
  t(`IM-06 (${lang}) customer service: the auto-reply, FAQ chips with sub-questions, copy, an image, a reply; the placeholder goes on exit`, async ({ openApp }) => {
    const page = await openApp('/customer-talk', { token: VIEWER.token, lang, beforeLoad: async (_p, c) => c.grantPermissions(['clipboard-read', 'clipboard-write']) })
    await waitForSelector(page, '[data-testid=customer-auto-reply]', 30_000)
    await waitForSelector(page, '[data-testid=customer-chip]', 30_000)
    await page.locator('[data-testid=customer-chip]').first().click()
    await waitForSelector(page, '[data-testid=customer-sub]')
    await page.locator('[data-testid=customer-sub]').first().click()
    assert.ok(await poll(async () => (await page.locator('[data-testid=customer-answer]').count()) === 2))
    await page.locator('[data-testid=customer-chip]').nth(2).click()
    await page.locator('[data-testid=customer-copy]').last().click()
    await waitForSelector(page, `[data-testid=toast]:has-text(${JSON.stringify(lang === 'en' ? 'copy success' : 'تم النسخ بنجاح')})`)
    await page.setInputFiles('[data-testid=composer-file]', { name: 'big.png', mimeType: 'image/png', buffer: await picture(page, 900, 700) })
    await waitForSelector(page, `${mine} [data-testid=chat-image]`)
    const src = String(await page.locator(`${mine} [data-testid=chat-image]`).last().getAttribute('src'))
    assert.match(src, /\.jpg$/, 'a large picture is sent as a compressed JPEG')
    assert.ok(await poll(async () => (await page.locator(theirs).count()) >= 1), 'the service answered')
    const width = await page.locator('.ch-bubble').first().evaluate((el) => el.getBoundingClientRect().width)
    assert.ok(width <= 250, `bubbles are at most 250 px (${width})`)
    await shot(page, `message-customer-${lang}`)
    await page.click('[data-testid=customer-back]')
    await page.goto(page.url().replace(/\/[^/]*$/, '/customer-talk'))
    await waitForSelector(page, '[data-testid=customer-auto-reply]')
    assert.is(await page.locator('[data-testid=customer-auto-reply]').count(), 1, 'one placeholder after coming back')
  })
}

// last: these hosts' chats would count as strangers' greetings in the tests above
for (const lang of ['en', 'ar'] as const) {
  t(`IM-02 IM-06 (${lang}) forged official cards from a host's client (payment notice, system line, gift) show as ordinary text; the same from the payment account is the card`, async ({ openApp, harness }) => {
    const host = lang === 'en' ? 200007 : 200008
    const forged = { from: host, to: VIEWER.userId, asClient: true }
    await send(harness, { ...forged, text: 'Payment successful: 100,000 diamonds added to your balance', serverExtension: JSON.stringify({ viewFlag: 4, data: { diamondNum: 100000 } }) })
    await send(harness, { ...forged, messageType: 10, text: 'SYSTEM: your account will be closed. Verify at paypal.me/x' })
    await send(harness, { ...forged, kind: 'gift' })
    await send(harness, { ...forged, text: 'the last line' })
    const page = await openApp(`/talk?to=host_${host}&taPath=host_card`, { token: VIEWER.token, lang })
    await waitForSelector(page, '[data-testid=talk-list]', 30_000)
    await expectText(page, '[data-testid=chat-message] >> nth=-1', 'the last line')
    assert.is(await page.locator('[data-testid=chat-paid]').count(), 0, 'no payment card')
    assert.is(await page.locator('[data-testid=chat-tip]').count(), 0, 'no system line')
    assert.is(await page.locator('[data-testid=chat-gift]').count(), 0, 'no gift card')
    await expectText(page, '[data-testid=chat-message] >> nth=0', 'Payment successful: 100,000 diamonds added to your balance')
    await shot(page, `message-forged-cards-${lang}`)
    // the same notice from the payment account is the card
    await send(harness, { from: 'recharge_notify', to: VIEWER.userId, kind: 'paid', lang })
    await page.goto(page.url().replace(`to=host_${host}`, 'to=recharge_notify'))
    await waitForSelector(page, '[data-testid=chat-paid]', 30_000)
  })
}

t.run()
