// The live room's wishful gifts in Chromium against the harness, in English and Arabic (LIVE-09):
// the carousel with the host's wishes, a wish gift sent through the agree popup (the ledger
// debited once, the bar moving with the room message), the next one without the popup, the
// completed wish leaving after about 3 s, and too few diamonds opening the recharge sheet.
import type { Page } from 'playwright-core'
import { SEND_DEBOUNCE_MS } from '../plugins/gift/rules.ts'
import { GiftPaths } from '../plugins/gift/paths.ts'
import { assert, type E2EContext, e2eSuite, enterLiveRoom, errorsOf, expectText, poll, shot, waitForSelector } from './lib.ts'

const t = e2eSuite('wish')

const WISHES = [
  { giftId: 1003, giftNum: 2 },
  { giftId: 1005, giftNum: 3 },
]
const item = (giftId: number) => `[data-testid=wish-item][data-gift="${giftId}"]`

/** every live host wishes for two kisses (10 diamonds each) and three teddies (50), then the first live room */
async function enterRoom(ctx: E2EContext, lang: 'en' | 'ar') {
  for (const r of await ctx.harness.call('GET', '/live/rooms')) {
    await ctx.harness.call('POST', '/live/rate', { hostId: r.hostId, chatPerSec: 0, eventsPerSec: 0 })
    await ctx.harness.call('POST', '/wish/set', { hostId: r.hostId, wishes: WISHES })
  }
  const viewer = await ctx.harness.viewer()
  await ctx.harness.call('POST', `/users/${viewer.userId}/balance`, { diamondNum: 1000 })
  return enterLiveRoom(ctx, lang, { viewer })
}

/** tap a wish where the carousel shows it (it turns every 3 s): a finger on the visible card, once it has slid in */
async function tapWish(page: Page, giftId: number) {
  const carousel = page.locator('[data-testid=wish-carousel]')
  const box = await poll(async () => {
    const [c, w] = await Promise.all([carousel.boundingBox(), page.locator(item(giftId)).boundingBox()])
    return c && w && Math.abs(c.x - w.x) < 1 ? c : null
  }, 8000)
  if (!box) return assert.unreachable(`wish ${giftId} never slid into view`)
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

const wishSends = async (ctx: E2EContext, userId: number) => (await ctx.harness.ledger(userId)).entries.filter((e) => e.reason === 'gift.send' && e.userId === userId && e.giftId === 1003)

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-09 (${lang}) wishful gifts: the carousel, a wish sent through the agree popup (ledger debited once, the bar moving), the next without the popup, the completed wish leaving, too few diamonds to recharge`, async (ctx) => {
    const { page, viewer } = await enterRoom(ctx, lang)
    await waitForSelector(page, '[data-testid=wish-carousel]')
    assert.equal(await page.locator('[data-testid=wish-item]').evaluateAll((els) => els.map((e) => e.getAttribute('data-gift'))), ['1003', '1005'])
    await expectText(page, `${item(1003)} [data-testid=wish-count]`, '0/2')
    await shot(page, `wish-carousel-${lang}`)

    // the first tap asks for the agreement
    await tapWish(page, 1003)
    await waitForSelector(page, '[data-testid=wish-agree]')
    await expectText(page, '[data-testid=wish-agree] h2', lang === 'en' ? 'Reminder' : 'تذكير')
    await expectText(page, '[data-testid=wish-agree]', lang === 'en' ? /Give the host with this special gift/ : /قدّم للمضيفة هذه الهدية المميزة/)
    assert.ok(await page.isChecked('[data-testid=wish-no-more]'), "'No more reminders' is checked by default")
    await shot(page, `wish-agree-${lang}`)
    await page.dblclick('[data-testid=wish-agree-ok]')
    await poll(async () => (await page.getAttribute(`${item(1003)} [data-testid=wish-progress]`, 'data-percent')) === '50', 10_000, 100)
    await expectText(page, `${item(1003)} [data-testid=wish-count]`, '1/2')
    const first = await wishSends(ctx, viewer.userId)
    assert.equal(first.map((e) => [e.delta, e.count, e.scene]), [[-10, 1, 'LIVE']], 'one gift of one, debited once')
    await shot(page, `wish-progress-${lang}`)

    // agreed: the next tap sends at once; the wish completes, shows full, then leaves
    // the app drops a second send within its debounce: this lets the product's own clock pass it
    await page.waitForTimeout(SEND_DEBOUNCE_MS + 100)
    await tapWish(page, 1003)
    await poll(async () => (await page.getAttribute(item(1003), 'data-done')) === 'true', 10_000, 50)
    assert.is(await page.locator('[data-testid=wish-agree]').count(), 0, 'no popup once agreed')
    assert.is((await wishSends(ctx, viewer.userId)).length, 2)
    await shot(page, `wish-done-${lang}`)
    await poll(async () => (await page.locator(item(1003)).count()) === 0, 8000, 100)
    assert.equal(await page.locator('[data-testid=wish-item]').evaluateAll((els) => els.map((e) => e.getAttribute('data-gift'))), ['1005'], 'the completed wish is gone')

    // too few diamonds for a teddy: the warning and the recharge sheet, nothing charged
    await ctx.harness.call('POST', `/users/${viewer.userId}/balance`, { diamondNum: 20 })
    // the pushed balance has arrived once the gift panel shows it
    await page.click('[data-testid=live-gift]')
    await expectText(page, '[data-testid=gift-balance-num]', '20')
    await page.keyboard.press('Escape')
    await poll(async () => (await page.locator('[data-testid=gift-grid]').count()) === 0)
    await tapWish(page, 1005)
    await expectText(page, '[data-testid=toast][data-type=warning]', lang === 'en' ? 'Not enough diamonds please recharge' : 'لا توجد ماسات كافية، يرجى إعادة الشحن')
    await waitForSelector(page, '[data-testid=recharge-sheet]')
    await shot(page, `wish-recharge-${lang}`)
    const { entries, check } = await ctx.harness.ledger(viewer.userId)
    assert.is(entries.filter((e) => e.reason === 'gift.send' && e.userId === viewer.userId).length, 2, 'two wish gifts charged, the teddy not')
    assert.ok(check.ok, 'the ledger invariant holds')
    assert.equal(errorsOf(page), [])
  })
  t(`LIVE-09 LIVE-07 (${lang}) a wish gift whose answers are lost is pending, never "not sent": a second tap meanwhile sends nothing, confirmed by its key, debited once and the bar moves once`, async (ctx) => {
    const { page, viewer } = await enterRoom(ctx, lang)
    await waitForSelector(page, '[data-testid=wish-carousel]')
    // the send and its retry reach the harness (the first is charged); neither answer reaches the page, nor do the first two status questions
    await page.route(`**${GiftPaths.send}`, async (route) => (await route.fetch(), route.abort('failed')), { times: 2 })
    await page.route(`**${GiftPaths.sendStatus}`, (route) => route.abort('failed'), { times: 2 })
    await tapWish(page, 1003)
    await waitForSelector(page, '[data-testid=wish-agree]')
    await page.click('[data-testid=wish-agree-ok]')
    const pending = lang === 'en' ? 'your gift is being confirmed' : 'جارٍ تأكيد هديتك'
    await waitForSelector(page, `[data-testid=toast]:has-text(${JSON.stringify(pending)})`, 30_000)
    await shot(page, `wish-pending-${lang}`)
    await page.waitForTimeout(SEND_DEBOUNCE_MS + 100)
    await tapWish(page, 1003)
    await poll(async () => (await page.getAttribute(`${item(1003)} [data-testid=wish-progress]`, 'data-percent')) === '50', 40_000, 200)
    assert.equal((await wishSends(ctx, viewer.userId)).map((e) => e.delta), [-10], 'debited once')
    await expectText(page, `${item(1003)} [data-testid=wish-count]`, '1/2')
    const notSent = lang === 'en' ? 'The gift was not sent' : 'لم تُرسل الهدية'
    assert.is(await page.locator(`[data-testid=toast]:has-text(${JSON.stringify(notSent)})`).count(), 0, 'never "not sent"')
    assert.equal(errorsOf(page), [])
  })
}

t.run()
