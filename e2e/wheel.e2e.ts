// The live room's wheel in Chromium against the harness, in English and Arabic (LIVE-10): room
// message 72 shows the entrance, a spin is charged through the ledger once, the result tip hides
// after 3 s, the result lands in the room chat as a wheelRes line, and 73 hides the entrance.
import type { Page } from 'playwright-core'
import { assert, type E2EContext, e2eSuite, enterLiveRoom, errorsOf, expectText, poll, shot, waitForSelector } from './lib.ts'

const t = e2eSuite('wheel')

/** the wall's first live card entered (a /live address opened directly goes through the landing page first) */
async function enterRoom(ctx: E2EContext, lang: 'en' | 'ar'): Promise<{ page: Page; hostId: number; viewer: Record<string, any> }> {
  for (const r of await ctx.harness.call('GET', '/live/rooms')) {
    await ctx.harness.call('POST', '/live/rate', { hostId: r.hostId, chatPerSec: 0, eventsPerSec: 0 })
    await ctx.harness.call('POST', '/wheel/toggle', { hostId: r.hostId, on: false })
  }
  const viewer = await ctx.harness.viewer()
  await ctx.harness.call('POST', `/users/${viewer.userId}/balance`, { diamondNum: 1000 })
  return enterLiveRoom(ctx, lang, { viewer })
}

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-10 (${lang}) the wheel: 72 shows it, a spin charged once through the ledger, the 3 s tip, the wheelRes line in chat, 73 hides it`, async (ctx) => {
    const { page, hostId, viewer } = await enterRoom(ctx, lang)
    // the room's chat is joined before the host's message is sent
    await waitForSelector(page, '[data-testid=live-chat]')
    await poll(async () => {
      await ctx.harness.call('POST', '/wheel/toggle', { hostId, on: true })
      return (await page.locator('[data-testid=wheel-entrance]').count()) === 1
    }, 15_000, 1000)
    await page.click('[data-testid=wheel-entrance]')
    await waitForSelector(page, '[data-testid=wheel-sheet]')
    await expectText(page, '[data-testid=wheel-spin]', lang === 'en' ? 'Spin · 100 diamonds' : 'أدر · 100 ماسة')
    await ctx.harness.call('POST', '/wheel/force', { hostId, sectorIndex: 6 })
    await page.dblclick('[data-testid=wheel-spin]')
    await expectText(page, '[data-testid=wheel-tip]', lang === 'en' ? 'You won 500 diamonds' : 'ربحت 500 ماسة')
    await shot(page, `wheel-spin-${lang}`)
    const rows = (await ctx.harness.ledger(viewer.userId)).entries.filter((r) => String(r.reason).startsWith('wheel.'))
    assert.equal(rows.map((r) => [r.reason, r.delta]), [['wheel.spin', -100], ['wheel.prize', 500]], 'one spin for a double tap')
    assert.is(rows[1].balanceAfter, 1400)
    // the tip hides after 3 s
    await poll(async () => (await page.locator('[data-testid=wheel-tip]').count()) === 0, 6000, 200)
    await page.click('.wh-close')
    await expectText(page, '[data-testid=live-chat-list]', lang === 'en' ? /won 500 on the wheel/ : /500 في العجلة/)
    await shot(page, `wheel-chat-${lang}`)
    await ctx.harness.call('POST', '/wheel/toggle', { hostId, on: false })
    await poll(async () => (await page.locator('[data-testid=wheel-entrance]').count()) === 0, 10_000, 200)
    assert.ok((await ctx.harness.ledger()).check.ok, 'the ledger invariant holds')
    assert.equal(errorsOf(page), [])
  })
}

t.run()
