// Rankings, the user card, follow and a private call from a live room, in Chromium against the
// harness, in English and Arabic (LIVE-11..14): gifts recorded in the ledger move the rankings;
// a private call starts from the room and is billed per the spec (the entry giftPrice first).
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import { assert, type E2EContext, e2eSuite, enterLiveRoom, errorsOf, expectText, poll, SCREENSHOTS, waitForAttribute, waitForSelector } from './lib.ts'

const t = e2eSuite('rank')

async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), timeout: 30_000 })
}

/** every live room offers private calls; then the wall's first live card is entered (a /live
 *  address opened directly goes through the landing page first) */
async function enterRoom(ctx: E2EContext, lang: 'en' | 'ar'): Promise<{ page: Page; hostId: number; viewer: Record<string, any> }> {
  for (const r of await ctx.harness.call('GET', '/live/rooms')) {
    await ctx.harness.call('POST', '/live/private-call', { hostId: r.hostId, open: true })
    await ctx.harness.call('POST', '/live/rate', { hostId: r.hostId, chatPerSec: 0, eventsPerSec: 0 })
  }
  return enterLiveRoom(ctx, lang)
}

/** a period tab refuses while the lists load ('loading wait click again'): tap until it takes */
async function pickTab(page: Page, tab: string, period: string) {
  const ok = await poll(async () => {
    await page.click(`[data-testid=rank-tab-${tab}]`)
    return (await page.locator('[data-testid=rank-list]').getAttribute('data-period')) === period
  }, 10_000, 400)
  assert.ok(ok, `the ${period} tab`)
}

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-11 LIVE-12 LIVE-13 LIVE-14 (${lang}) the ranking from the room: podium, a user card from a row, the host card's follow, the host rank and the weekly task`, async (ctx) => {
    const { page, hostId, viewer } = await enterRoom(ctx, lang)
    // three fans in the ledger: the rankings are computed from these rows
    await ctx.harness.call('POST', '/rank/gifts', {
      hostId,
      sends: [
        { userId: 100002, diamonds: 3000, giftId: 2, count: 3 },
        { userId: viewer.userId, diamonds: 1200, giftId: 1, count: 12 },
        { userId: 100004, diamonds: 900, giftId: 3, count: 1 },
      ],
    })
    await page.click('[data-testid=live-audience]')
    await waitForSelector(page, '[data-testid=rank-viewer]')
    await page.click('[data-testid=rank-tab-gifters]')
    await poll(async () => (await page.locator('[data-testid=rank-row]').count()) === 3)
    await expectText(page, '[data-testid=rank-cost] >> nth=0', '3k')
    await pickTab(page, 'week', 'week')
    await waitForSelector(page, '[data-testid=rank-podium]')
    assert.equal(await page.locator('[data-testid=rank-step]').evaluateAll((els) => els.map((e) => e.getAttribute('data-place'))), ['2', '1', '3'])
    await expectText(page, '[data-testid=rank-me]', '1.2k')
    await expectText(page, '[data-testid=rank-note]', lang === 'en' ? 'Only 100 users are shown' : 'يتم عرض 100 مستخدم فقط')
    await shot(page, `rank-viewers-${lang}`)
    // a row opens the user card: the first fan, a VIP viewer, with the gifts sent
    await page.click('[data-testid=rank-step][data-place="1"]')
    await waitForSelector(page, '[data-testid=rank-card-name]')
    await expectText(page, '[data-testid=rank-card-uid]', '100002')
    await waitForSelector(page, '[data-testid=rank-card-gift]')
    await shot(page, `rank-card-viewer-${lang}`)
    await page.keyboard.press('Escape')
    await poll(async () => (await page.locator('[data-testid=rank-card]').count()) === 0)
    await page.keyboard.press('Escape')
    await poll(async () => (await page.locator('[data-testid=rank-viewers]').count()) === 0)
    // the host card: Follow turns Followed, and the room's follow button goes
    await page.click('[data-testid=live-host-card]')
    await waitForSelector(page, '[data-testid=rank-card-follow]')
    await waitForSelector(page, '[data-testid=rank-card-gift]')
    await page.click('[data-testid=rank-card-follow]')
    await waitForAttribute(page, '[data-testid=rank-card-follow]', 'data-followed', 'true')
    await poll(async () => (await page.locator('[data-testid=live-follow]').count()) === 0)
    await shot(page, `rank-card-host-${lang}`)
    await page.keyboard.press('Escape')
    await poll(async () => (await page.locator('[data-testid=rank-card]').count()) === 0)
    // the host weekly rank: she is first this week, from the same ledger rows
    await page.click('[data-testid=live-rank]')
    await waitForSelector(page, '[data-testid=rank-host-row]')
    await expectText(page, '[data-testid=rank-host-rank]', '1')
    await expectText(page, '[data-testid=rank-host-cost]', '5.1k')
    await shot(page, `rank-host-${lang}`)
    await page.keyboard.press('Escape')
    await poll(async () => (await page.locator('[data-testid=rank-host]').count()) === 0)
    // the weekly task: 5100 of 20000 after the first two steps, three gifts in the history
    await page.click('[data-testid=live-task]')
    await waitForSelector(page, '[data-testid=rank-task-gift]')
    await expectText(page, '[data-testid=rank-task-value]', '5100/20000')
    await waitForAttribute(page, '[data-testid=rank-task-progress]', 'data-filled', 'true')
    assert.is(await page.locator('[data-testid=rank-task-gift]').count(), 3)
    // the picture shows the bar filled: its fill transition has run to its end
    await page.waitForFunction(`document.querySelector('.rk-task__fill').getAnimations().length === 0`, null, { timeout: 10_000 })
    await shot(page, `rank-task-${lang}`)
    assert.equal(errorsOf(page), [])
    assert.ok((await ctx.harness.ledger()).check.ok, 'the ledger invariant holds')
  })
}

t('LIVE-14 (en) a private call from the room: the popup, Go Private starts a LIVE call charged giftPrice once; the ledger holds', async (ctx) => {
  await ctx.harness.call('POST', '/calls/behaviour', { answer: 'accept', afterSec: 1 })
  const { page, viewer } = await enterRoom(ctx, 'en')
  await waitForAttribute(page, '[data-testid=live-call]', 'data-blink', 'true')
  await page.click('[data-testid=live-call]', { force: true }) // it blinks, so it is never 'stable'
  await waitForSelector(page, '[data-testid=live-private]')
  await expectText(page, '[data-testid=live-private]', "Let's go Private Chat")
  await expectText(page, '[data-testid=live-private-terms]', /^5 mins for free afterwards \d+ \/ min$/)
  await expectText(page, '[data-testid=live-private-go]', '99')
  await shot(page, 'rank-private-call-en')
  const before = (await ctx.harness.users()).find((u) => u.userId === viewer.userId)!.diamondNum
  await page.click('[data-testid=live-private-go]')
  await waitForSelector(page, '[data-testid=call-screen]', 20_000)
  const charged = await poll(async () => {
    const rows = (await ctx.harness.ledger(viewer.userId)).entries.filter((r) => r.reason === 'call')
    return rows.length ? rows : null
  }, 20_000, 200)
  assert.ok(charged, 'the entry was charged')
  assert.equal(charged!.map((r) => r.delta), [-99], 'giftPrice once; the next charge waits 5 free minutes')
  assert.is(charged![0].balanceAfter, before - 99)
  await waitForSelector(page, '[data-testid=call-balance]')
  await expectText(page, '[data-testid=call-balance]', new Intl.NumberFormat('en').format(before - 99))
  await shot(page, 'rank-private-call-screen-en')
  assert.ok((await ctx.harness.ledger()).check.ok, 'the ledger invariant holds')
  assert.equal(errorsOf(page), [])
})

t.run()
