// Engagement in Chromium against the harness, in English and Arabic: a new user's first day (the
// guide, the daily check-in, a popup of the queue), an invitation code and the level pages.
import type { Page } from 'playwright-core'
import { assert, e2eSuite, expectText, poll, shot, TIMEOUT, waitForSelector } from './lib.ts'

const t = e2eSuite('engage', { dailyPopups: true })
const USER = 100001
const TOKEN = 'test-token-100001'
const $ = (id: string) => `[data-testid=${id}]`
/** the engagement plugin joins after the first screen: on a loaded machine that takes a while */
const JOINED = TIMEOUT * 3

async function toast(page: Page, text: string) {
  await waitForSelector(page, `${$('toast')}:has-text(${JSON.stringify(text)})`)
}
const ledger = async (ctx: { harness: { ledger(id: number): Promise<{ entries: any[]; check: any }> } }, reason: string) =>
  (await ctx.harness.ledger(USER)).entries.filter((e) => e.reason === reason)

for (const lang of ['en', 'ar'] as const) {
  const T = lang === 'en'
    ? { needLevel: 'LV1 or higher required to claim.', unlock: 'Unlock 1,510 diamonds', step1: 'Tap a host to start a video call', transferred: '1,510 diamonds were transferred to your balance', empty: 'Please fill in Invitation Code', exp: '1 dollar = 100 EXP', invalid: 'Invalid invitation code' }
    : { needLevel: 'يلزم المستوى 1 أو أعلى للاستلام.', unlock: 'افتح 1,510 ماسات', step1: 'اضغط على مضيفة لبدء مكالمة فيديو', transferred: 'تم تحويل 1,510 ماسات إلى رصيدك', empty: 'يرجى إدخال رمز الدعوة', exp: '1 دولار = 100 نقطة خبرة', invalid: 'رمز الدعوة غير صالح' }

  t(`SHELL-16 ENG-02 SHELL-17 a new user's first day (${lang}): the guide holds the popups, then a popup, then the check-in; LV1 first, then one credit for a double tap`, async (ctx) => {
    await ctx.harness.settings({ wallOffers: false })
    await ctx.harness.call('POST', '/engage/user', { userId: USER, isNewUser: true, paid: false, level: 0 })
    const page = await ctx.openApp('/moments', { token: TOKEN, lang })
    // the guide forces the wall and lights the first host card
    await waitForSelector(page, $('guide-hole'), JOINED)
    assert.match(new URL(page.url()).pathname, /^\/wall$/)
    await expectText(page, $('guide-text'), T.step1)
    assert.is(await page.locator($('activity-popup')).count(), 0)
    await shot(page, `engage-guide-${lang}`)
    // the Skip pill lies over no bar: not the header's balance pill, not the tab bar
    const skip = (await page.locator($('guide-skip')).boundingBox())!
    for (const [bar, el] of [['the balance pill', page.locator($('header-balance')).locator('xpath=..')], ['the tab bar', page.locator($('tabbar'))]] as const) {
      const b = (await el.first().boundingBox())!
      const apart = skip.x >= b.x + b.width || b.x >= skip.x + skip.width || skip.y >= b.y + b.height || b.y >= skip.y + skip.height
      assert.ok(apart, `SHELL-16 the guide's Skip is clear of ${bar}`)
    }
    await page.click($('guide-skip'))
    // the queue: the welcome activity (3), then the check-in
    await waitForSelector(page, $('activity-popup'))
    await shot(page, `engage-activity-${lang}`)
    await page.click($('activity-close'))
    await waitForSelector(page, $('checkin-day-7'))
    await expectText(page, $('checkin-unlock'), T.unlock)
    await shot(page, `engage-checkin-${lang}`)
    // level 0: the toast, and recharge opens
    await page.click($('checkin-claim'))
    await toast(page, T.needLevel)
    await waitForSelector(page, $('recharge-sheet'))
    assert.equal(await ledger(ctx, 'signin.reward'), [])
    await page.click($('sheet-close'))
    // closing recharge unpaid asks whether to stay (the pay-retention prompt): leave
    await waitForSelector(page, $('confirm-dialog'))
    await page.click($('confirm-cancel'))
    await page.waitForSelector($('confirm-dialog'), { state: 'detached', timeout: 10_000 })
    // the user levels up; the check-in from the profile page; a double tap credits once
    await ctx.harness.call('POST', '/engage/user', { userId: USER, level: 1 })
    await page.click($('tab-user'))
    await page.click($('entry-checkin'))
    await waitForSelector(page, `${$('checkin-day-1')}[data-state=claimable]`)
    await page.dblclick($('checkin-claim'))
    await waitForSelector(page, $('checkin-done'))
    await shot(page, `engage-checkin-done-${lang}`)
    const credits = await poll(async () => (await ledger(ctx, 'signin.reward')).length === 1 && ledger(ctx, 'signin.reward'))
    assert.ok(credits, 'one check-in credit')
    assert.equal((credits as any[]).map((e) => e.delta), [50])
    await page.click($('checkin-done-ok'))
    await expectText(page, $('user-balance'), '50')
    assert.ok((await ctx.harness.ledger(USER)).check.ok)
  })

  t(`SHELL-17 ENG-04 ENG-05 the queue one at a time (${lang}): the balance transfer, the forced review credited once, then the check-in`, async (ctx) => {
    await ctx.harness.settings({ wallOffers: false })
    await ctx.harness.call('POST', '/engage/shift', { userId: USER, on: true })
    await ctx.harness.call('POST', '/engage/review', { userId: USER, force: 1 })
    const page = await ctx.openApp('/wall', { token: TOKEN, lang })
    await waitForSelector(page, $('derivation-popup'), JOINED)
    await expectText(page, $('derivation-balance'), '5,000')
    assert.is(await page.locator('[role=dialog]').count(), 1)
    await shot(page, `engage-derivation-${lang}`)
    await page.click($('derivation-later'))
    await waitForSelector(page, $('review-forced'))
    assert.is(await page.locator($('review-later')).count(), 0)
    await shot(page, `engage-review-${lang}`)
    await page.dblclick($('review-go'))
    await toast(page, lang === 'en' ? 'Welcome The reward has been sent to your account' : 'مرحباً، تم إرسال المكافأة إلى حسابك')
    const credits = await poll(async () => (await ledger(ctx, 'review.reward')).length === 1 && ledger(ctx, 'review.reward'))
    assert.equal((credits as any[]).map((e) => e.delta), [100])
    // two popups at a launch (SHELL-17): the daily check-in (6) waits for a later visit of the wall
    await page.click($('tab-user'))
    await page.click($('tab-wall'))
    await waitForSelector(page, $('checkin-popup'), JOINED)
    assert.equal((await ledger(ctx, 'review.reward')).length, 1)
  })

  t(`ENG-03 ENG-09 an invitation code and the level pages (${lang})`, async (ctx) => {
    await ctx.harness.settings({ wallOffers: false })
    const page = await ctx.openApp('/wall', { token: TOKEN, lang })
    await waitForSelector(page, $('checkin-popup'), JOINED)
    await page.click($('checkin-close'))
    await page.click($('tab-user'))
    await page.click($('entry-invite'))
    await waitForSelector(page, $('invite-mine'))
    await page.click($('invite-submit'))
    await toast(page, T.empty)
    await page.fill($('invite-input'), 'NOPE 😀')
    await page.click($('invite-submit'))
    await toast(page, T.invalid)
    await page.fill($('invite-input'), ' tr 1510 ')
    await page.click($('invite-submit'))
    await toast(page, T.transferred)
    await shot(page, `engage-invite-transfer-${lang}`)
    assert.equal((await ledger(ctx, 'transfer.code')).map((e) => e.delta), [1510])
    await page.click($('invite-tab-host'))
    await page.fill($('invite-input'), 'h200001')
    await page.click($('invite-search'))
    await waitForSelector(page, `${$('invite-found')}[data-state="0"]`)
    await page.click($('invite-confirm'))
    await waitForSelector(page, `${$('invite-found')}[data-state="1"]`)
    await shot(page, `engage-invite-host-${lang}`)
    await page.click($('sheet-close'))
    // the level, and its rules
    await page.click($('entry-level'))
    await waitForSelector(page, $('level-card'))
    await expectText(page, $('level-current'), /3/)
    await shot(page, `engage-level-${lang}`)
    await page.click($('level-rule-link'))
    await expectText(page, $('level-rule-exp'), T.exp)
    await shot(page, `engage-level-rule-${lang}`)
  })
}

t.run()
