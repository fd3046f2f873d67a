// The intimacy bind sheet in Chromium against the harness, in English and Arabic (LIVE-15): the heart
// in a live room opens it (level 0 locked), the Increase tab's full bar, the level gift confirmed and
// charged once through the ledger (a double tap too), the sheet reloaded at Lv.1, the upgrade line in
// the room's chat; then the chat with the host shows the level-up line and its intimacy card.
import { assert, e2eSuite, enterLiveRoom, errorsOf, expectText, poll, shot, waitForSelector } from './lib.ts'

const t = e2eSuite('intimacy')

const text = {
  en: { notBound: 'Not bound yet', level1: /^Lv\.1/, chatLine: /reached a new intimacy level/, talkLine: 'Your intimacy reached Lv.1' },
  ar: { notBound: 'لم يتم الارتباط بعد', level1: /^Lv\.1/, chatLine: /مستوى حميمية جديد/, talkLine: 'وصلت الألفة بينكما إلى Lv.1' },
}

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-15 (${lang}) the intimacy sheet in a room: locked at level 0, the full bar, the gift charged once, Lv.1, the upgrade line in the room and in /talk with its card`, async (ctx) => {
    for (const r of await ctx.harness.call('GET', '/live/rooms')) await ctx.harness.call('POST', '/live/rate', { hostId: r.hostId, chatPerSec: 0, eventsPerSec: 0 })
    const viewer = await ctx.harness.viewer()
    await ctx.harness.call('POST', `/users/${viewer.userId}/balance`, { diamondNum: 1000 })
    const { page, hostId } = await enterLiveRoom(ctx, lang, { viewer })
    await ctx.harness.call('POST', '/intimacy/set', { userId: viewer.userId, hostId, experience: 100, level: 0 })
    await waitForSelector(page, '[data-testid=live-chat]')

    await page.click('[data-testid=intimacy-entrance]')
    await expectText(page, '[data-testid=intimacy-level]', text[lang].notBound)
    await poll(async () => (await page.locator('[data-testid=intimacy-privilege][data-locked=true]').count()) === 5)
    await shot(page, `intimacy-privileges-${lang}`)

    await page.click('[data-testid=intimacy-tab-increase]')
    await expectText(page, '[data-testid=intimacy-progress]', '100 / 100')
    await waitForSelector(page, '[data-testid=intimacy-send][data-full=true]')
    await shot(page, `intimacy-increase-${lang}`)
    await page.dblclick('[data-testid=intimacy-send]')
    await page.click('[data-testid=confirm-ok]')
    await expectText(page, '[data-testid=intimacy-level]', text[lang].level1)
    await expectText(page, '[data-testid=intimacy-progress]', '100 / 500')
    const rows = (await ctx.harness.ledger(viewer.userId)).entries.filter((r) => String(r.reason).startsWith('intimacy.'))
    assert.equal(rows.map((r) => [r.reason, r.delta, r.balanceAfter]), [['intimacy.gift', -99, 901]], 'charged once for a double tap')
    await shot(page, `intimacy-level1-${lang}`)

    await page.click('[data-testid=intimacy-sheet] [data-testid=sheet-close]')
    await expectText(page, '[data-testid=live-chat-list]', text[lang].chatLine)
    await shot(page, `intimacy-room-chat-${lang}`)

    const talk = await ctx.openApp(`/talk?to=host_${hostId}&taPath=live`, { token: viewer.token, lang })
    await expectText(talk, '[data-testid=chat-intimacy]', text[lang].talkLine, 30_000)
    await shot(talk, `intimacy-talk-${lang}`)
    await talk.click('[data-testid=talk-intimacy]')
    await waitForSelector(talk, '[data-testid=intimacy-chat-card]')
    await expectText(talk, '[data-testid=intimacy-level]', text[lang].level1)
    await poll(async () => (await talk.locator('[data-testid=intimacy-privilege][data-locked=false]').count()) === 2)
    await shot(talk, `intimacy-card-${lang}`)
    assert.ok((await ctx.harness.ledger()).check.ok, 'the ledger invariant holds')
    assert.equal(errorsOf(page), [])
    assert.equal(errorsOf(talk), [])
  })
  t(`LIVE-15 (${lang}) a level gift whose answers are lost is pending, never "not sent": confirmed by its request id, charged once, then Lv.1`, async (ctx) => {
    for (const r of await ctx.harness.call('GET', '/live/rooms')) await ctx.harness.call('POST', '/live/rate', { hostId: r.hostId, chatPerSec: 0, eventsPerSec: 0 })
    const viewer = await ctx.harness.viewer()
    await ctx.harness.call('POST', `/users/${viewer.userId}/balance`, { diamondNum: 1000 })
    const { page, hostId } = await enterLiveRoom(ctx, lang, { viewer })
    await ctx.harness.call('POST', '/intimacy/set', { userId: viewer.userId, hostId, experience: 100, level: 0 })
    await page.click('[data-testid=intimacy-entrance]')
    await page.click('[data-testid=intimacy-tab-increase]')
    await waitForSelector(page, '[data-testid=intimacy-send][data-full=true]')
    // the send and its retry reach the harness (the first is charged), the first status question too; no answer reaches the page
    await page.route('**/api/intimacy/sendGift', async (route) => (await route.fetch(), route.abort('failed')), { times: 3 })
    await page.click('[data-testid=intimacy-send]')
    await page.click('[data-testid=confirm-ok]')
    await waitForSelector(page, '[data-testid=intimacy-pending]')
    assert.ok(await page.locator('[data-testid=intimacy-send]').isDisabled(), 'no second paid try while it may land')
    await shot(page, `intimacy-pending-${lang}`)
    await expectText(page, '[data-testid=intimacy-level]', text[lang].level1, 40_000)
    assert.is(await page.locator('[data-testid=intimacy-pending]').count(), 0)
    const rows = (await ctx.harness.ledger(viewer.userId)).entries.filter((r) => String(r.reason).startsWith('intimacy.'))
    assert.equal(rows.map((r) => [r.reason, r.delta, r.balanceAfter]), [['intimacy.gift', -99, 901]], 'charged once')
    const notSent = lang === 'en' ? 'The gift was not sent' : 'لم تُرسل الهدية'
    assert.is(await page.locator(`[data-testid=toast]:has-text(${JSON.stringify(notSent)})`).count(), 0, 'never "not sent"')
    await shot(page, `intimacy-pending-settled-${lang}`)
    assert.equal(errorsOf(page), [])
  })
}

t.run()
