// The inbox's flow breakers in Chromium against the harness, in English and Arabic: robot call
// invitations draw nothing and count for nothing, the customer-service chat is one entry, a gift
// sent from a chat is a line of it (also after a reload), a name in the chat's sentence is isolated.
import { TEMPLATES } from '../harness/ui/push-templates.ts'
import { assert, e2eSuite, poll, shot, waitForSelector, type E2EContext } from './lib.ts'

const t = e2eSuite('inbox-flows', { settings: { imReplyMs: 0, imGreetAfterMs: 0 } })

const VIEWER = { userId: 100001, token: 'test-token-100001' }
const HOST = 200003

type Harness = E2EContext['harness']
const send = (h: Harness, body: Record<string, unknown>) => h.call('POST', '/im/send', body)
/** a robot call invitation as the calls feature's harness sends it (plugins/calls/api.ts RobotInvite) */
const invite = (h: Harness, from: number, callIndex: number) =>
  send(h, { from, to: VIEWER.userId, messageType: 100, attachment: { raw: JSON.stringify({ type: 'robot.call.invite', callIndex, callType: 1 }) } })

for (const lang of ['en', 'ar'] as const) {
  t(`IM-05 IM-06 IM-02 (${lang}) invitations are no chat line and no unread; customer service is one entry; a gift from the chat stays a line of it`, async ({ openApp, harness }) => {
    // greetings off for this viewer: the host's chat is a row of Chats
    await harness.call('POST', '/im/greeting-config', { userId: VIEWER.userId, isEnable: 0, unReadMsgNum: 0 })
    const hello = lang === 'en' ? 'Hello from Isabella' : 'مرحبا من إيزابيلا'
    await send(harness, { from: HOST, to: VIEWER.userId, text: hello })
    for (let i = 1; i <= 10; i++) await invite(harness, HOST, 9000 + i)
    await send(harness, { from: 'customer_service', to: VIEWER.userId, text: lang === 'en' ? 'How can we help?' : 'كيف نساعدك؟' })

    const page = await openApp('/message', { token: VIEWER.token, lang })
    const row = `[data-testid=conversation-host_${HOST}]`
    await waitForSelector(page, row, 30_000)
    assert.ok(await poll(async () => ((await page.locator(`${row} .ms-row__text`).textContent()) ?? '') === hello), 'the row reads the last shown message')
    assert.is(((await page.locator(`${row} .ms-count`).textContent()) ?? '').trim(), '1', 'invitations are not unread')
    await waitForSelector(page, '[data-testid=customer-unread]')
    assert.is(await page.locator('[data-testid=conversation-customer_service]').count(), 0, 'no raw customer-service row')
    await shot(page, `inbox-flows-inbox-${lang}`)

    await page.click(row)
    await waitForSelector(page, '[data-testid=talk-list] [data-testid=chat-message]', 20_000)
    assert.is(await page.locator('[data-testid=chat-unknown]').count(), 0, 'no "can\'t be shown" line')
    assert.is(await page.locator('[data-testid=chat-message]').count(), 1, 'one line: the text')

    // a gift from the chat: the panel, the first popular gift, one
    await page.click('[data-testid=composer-gift]')
    await waitForSelector(page, '[data-testid=gift-grid]', 20_000)
    await page.click('[data-testid=gift-cell] >> nth=0')
    await page.click('[data-testid=gift-send]')
    await waitForSelector(page, '[data-testid=chat-message][data-mine] [data-testid=chat-gift]', 15_000)
    await page.keyboard.press('Escape')
    await shot(page, `inbox-flows-talk-gift-${lang}`)
    await page.reload()
    await waitForSelector(page, '[data-testid=chat-message][data-mine] [data-testid=chat-gift]', 20_000)
    assert.is(await page.locator('[data-testid=chat-unknown]').count(), 0)
  })

  t(`IM-02 (${lang}) the empty chat's greeting isolates the host's name`, async ({ openApp }) => {
    // a host this viewer has never written to, whose name is in the other script
    const host = lang === 'en' ? 200004 : 200002
    const page = await openApp(`/talk?to=host_${host}&taPath=host_card`, { token: VIEWER.token, lang })
    await waitForSelector(page, '[data-testid=talk-empty] p bdi', 20_000)
    assert.ok(((await page.locator('[data-testid=talk-empty] p bdi').textContent()) ?? '').length > 0)
    await shot(page, `inbox-flows-talk-empty-${lang}`)
  })

  t(`IM-03 (${lang}) the greeting entry's count is its page's`, async ({ openApp, harness }) => {
    await harness.call('POST', '/im/greeting-config', { userId: VIEWER.userId, isEnable: 1, unReadMsgNum: 0 })
    for (const hostId of [200001, 200002, 200004]) await harness.call('POST', '/im/greeting', { userId: VIEWER.userId, hostId, lang })
    const page = await openApp('/message', { token: VIEWER.token, lang })
    const entry = await waitForSelector(page, '[data-testid=greeting-entry]', 30_000)
    assert.ok(await poll(async () => /3/.test((await entry.textContent()) ?? '')), 'the entry counts 3')
    await shot(page, `inbox-flows-greeting-entry-${lang}`)
    await entry.click()
    await waitForSelector(page, '[data-testid=greeting-list] [data-testid^=conversation-]', 20_000)
    assert.is(await page.locator('[data-testid=greeting-list] [data-testid^=conversation-]').count(), 3)
    // a long greeting is cut, never pushing the row's time off the screen
    const off = await page.evaluate(() => [...document.querySelectorAll('.ms-row__time, .ms-count')].filter((el) => { const r = el.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth }).length)
    assert.is(off, 0, 'every time and count inside the screen')
    await shot(page, `inbox-flows-greetings-${lang}`)
  })
}

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-17 HAR-05 (${lang}) the control page's notice template shows as a notice in the app`, async ({ openApp, harness }) => {
    const page = await openApp('/message', { token: VIEWER.token, lang })
    await harness.waitForSocket(VIEWER.userId, 20_000)
    await harness.push(VIEWER.userId, { pushType: 'notice', data: TEMPLATES.notice })
    await waitForSelector(page, '[data-testid=live-notice]', 15_000)
    await shot(page, `inbox-flows-notice-${lang}`)
  })
}

t.run()
