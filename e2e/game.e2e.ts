// Games and free coins in Chromium against the harness, in English and Arabic: a half-screen game that
// spends through the ledger, runs out, asks for a recharge and is told the new balance; hostile games
// (malformed and foreign-origin messages, one that navigates away); the Game tab hidden with no games;
// a free-coin task from /free to its result.
import type { Page } from 'playwright-core'
import { assert, e2eSuite, expectText, fillCard, poll, shot, TIMEOUT, waitForSelector, type E2EContext } from './lib.ts'

const t = e2eSuite('game')
const USER = 100001
const TOKEN = 'test-token-100001'
const $ = (id: string) => `[data-testid=${id}]`
/** the game plugin joins after the first screen: on a loaded machine that takes a while */
const JOINED = TIMEOUT * 3
const GOOD_CARD = '4242 4242 4242 4242'

const ledger = async (ctx: E2EContext, reason: string) => (await ctx.harness.ledger(USER)).entries.filter((e) => e.reason === reason)
const balanceOf = async (ctx: E2EContext) => (await ctx.harness.users()).find((u) => u.userId === USER)!.diamondNum as number
const game = (page: Page) => page.frameLocator($('game-iframe'))

/** the game centre, then Lucky Wheel (a half-screen game) until it has said it loaded */
async function openWheel(ctx: E2EContext, lang: 'en' | 'ar') {
  const page = await ctx.openApp('/gameCenter', { token: TOKEN, lang })
  await waitForSelector(page, $('game-group-hot'), JOINED)
  return { page, play: () => playWheel(page) }
}
async function playWheel(page: Page) {
  await page.click(`${$('game-group-hot')} ${$('game-101')}`)
  await waitForSelector(page, $('game-half'))
}

for (const lang of ['en', 'ar'] as const) {
  const T = lang === 'en' ? { centre: 'Game center', won: 'won' } : { centre: 'مركز الألعاب', won: 'ربح' }

  t(`ENG-07 a game spends through the ledger, runs out, asks for a recharge and hears the new balance (${lang})`, async (ctx) => {
    await ctx.harness.call('POST', '/scenarios/eng-game-recharge-loop', {})
    await poll(async () => (await balanceOf(ctx)) === 150)
    const { page, play } = await openWheel(ctx, lang)
    await expectText(page, '.k-pagebar, header', T.centre)
    await expectText(page, $('game-marquee'), T.won)
    await shot(page, `game-centre-${lang}`)
    await play()
    // the loading climbs, then the game says it has loaded
    await waitForSelector(page, `${$('game-frame')}[data-phase=ready]`)
    const frame = page.locator($('game-iframe'))
    assert.is(await frame.getAttribute('referrerpolicy'), 'no-referrer')
    // the user's messaging token (random, not guessable) and id go with a game on the app's own origin
    assert.match((await frame.getAttribute('src'))!, /imToken=im-[0-9a-f]{32}&userId=100001/)
    await poll(async () => (await game(page).locator('#bal').innerText()).includes('150'))
    await shot(page, `game-half-${lang}`)
    // one spin: 100 bet through the ledger (and any win)
    await game(page).locator('#spin').click()
    await poll(async () => (await ledger(ctx, 'game.bet')).length === 1)
    assert.is((await ledger(ctx, 'game.bet'))[0].delta, -100)
    const afterSpin = await balanceOf(ctx)
    await poll(async () => (await game(page).locator('#bal').innerText()).includes(String(afterSpin)))
    // too few diamonds for the next: the game asks the app, the recharge sheet opens over it
    await ctx.harness.call('POST', `/users/${USER}/balance`, { diamondNum: 40 })
    await game(page).locator('#spin').click()
    await waitForSelector(page, $('recharge-sheet-items'))
    assert.is((await ledger(ctx, 'game.bet')).length, 1, 'no bet without the diamonds')
    await shot(page, `game-recharge-${lang}`)
    await page.click($('recharge-item-103'))
    if (await page.locator($('recharge-method-CARD')).count()) await page.click($('recharge-method-CARD'))
    await page.click($('recharge-pay'))
    await waitForSelector(page, '[data-testid=dropin-form]')
    await fillCard(page, GOOD_CARD)
    await waitForSelector(page, $('recharge-receipt'))
    const paidAt = Date.now()
    await page.click($('recharge-receipt-done'))
    // the balance the server answered reaches the game 2500 ms after the recharge
    const balance = await poll(async () => {
      const b = await balanceOf(ctx)
      return b > 40 && b
    })
    await poll(async () => (await game(page).locator('#bal').innerText()).includes(String(balance)), TIMEOUT * 2)
    assert.ok(Date.now() - paidAt >= 2000, 'the balance came after the 2500 ms offset')
    await shot(page, `game-after-recharge-${lang}`)
    // the game's own close (its back event) closes it
    await game(page).locator('#back').click()
    await page.waitForSelector($('game-half'), { state: 'detached' })
    assert.ok((await ctx.harness.ledger(USER)).check.ok)
  })

  t(`ENG-10 free coins (${lang}): bind an email with the code the harness sent, credited once, the result shows the server's reward`, async (ctx) => {
    // /free is a deep link (the profile page's entry is proved in plugins/game/game.test.tsx)
    const page = await ctx.openApp('/free', { token: TOKEN, lang })
    await waitForSelector(page, $('free-task-email'), JOINED)
    await shot(page, `free-tasks-${lang}`)
    await page.click($('free-task-email'))
    await page.fill($('free-target'), 'me@example.com')
    await page.click($('free-send'))
    await waitForSelector(page, $('free-code'))
    const outbox = await poll(async () => {
      const rows = (await ctx.harness.call('GET', `/free/outbox?userId=${USER}`)) as Array<{ task: string; code: string }>
      return rows.find((r) => r.task === 'email')
    })
    const code = (outbox as { code: string }).code
    await page.fill($('free-code'), code === '000000' ? '111111' : '000000')
    await page.click($('free-verify'))
    await waitForSelector(page, `${$('toast')}:has-text(${JSON.stringify(lang === 'en' ? 'Incorrect verification code' : 'رمز التحقق غير صحيح')})`)
    await shot(page, `free-email-${lang}`)
    await page.fill($('free-code'), code)
    await page.dblclick($('free-verify'))
    await waitForSelector(page, $('free-result-reward'))
    await expectText(page, $('free-result-reward'), '+300')
    await expectText(page, $('free-result-balance'), '5,300')
    await shot(page, `free-result-${lang}`)
    const credits = await ledger(ctx, 'free.email')
    assert.is(credits.length, 1)
    assert.is(credits[0].delta, 300)
    await page.click($('free-result-ok'))
    await waitForSelector(page, `${$('free-task-email')}[data-status="2"]`)
  })
}

t('ENG-07 hostile games change nothing: malformed messages, a frame of another origin posting back and recharge, a game navigating away', async (ctx) => {
  await ctx.harness.call('POST', '/game/behaviour', { gameId: 101, mode: 'malformed' })
  const { page, play } = await openWheel(ctx, 'en')
  await play()
  await waitForSelector(page, `${$('game-frame')}[data-phase=ready]`)
  // the eight malformed messages were refused, then the real load done came
  await poll(async () => Number(await page.locator($('game-frame')).getAttribute('data-dropped')) >= 8)
  assert.is(await page.locator($('recharge-sheet-items')).count(), 0)
  assert.is(await page.locator($('game-half')).count(), 1)
  await shot(page, 'game-hostile-en')
  await page.click($('game-half-close'))
  await page.waitForSelector($('game-half'), { state: 'detached' })

  await ctx.harness.call('POST', '/game/behaviour', { gameId: 101, mode: 'foreign' })
  await play()
  await waitForSelector(page, `${$('game-frame')}[data-phase=ready]`)
  // the foreign frame inside the game posted back and recharge to the app: both refused
  await poll(async () => Number(await page.locator($('game-frame')).getAttribute('data-dropped')) >= 2)
  assert.is(await page.locator($('recharge-sheet-items')).count(), 0)
  assert.is(await page.locator($('game-half')).count(), 1)
  await page.click($('game-half-close'))
  await page.waitForSelector($('game-half'), { state: 'detached' })

  await ctx.harness.call('POST', '/game/behaviour', { gameId: 101, mode: 'navigate' })
  await play()
  await waitForSelector(page, $('game-left'))
  // the page it went to posted back and recharge: refused
  await poll(async () => Number(await page.locator($('game-frame')).getAttribute('data-dropped')) >= 2)
  assert.is(await page.locator($('recharge-sheet-items')).count(), 0)
  await shot(page, 'game-left-en')
  await page.click($('game-left-close'))
  await page.waitForSelector($('game-half'), { state: 'detached' })
  assert.equal(await ledger(ctx, 'game.bet'), [])
})

t('ENG-07 the wall\'s Game tab opens a game in the /game page, which loads it in its frame and goes back', async (ctx) => {
  const page = await ctx.openApp('/wall', { token: TOKEN })
  await waitForSelector(page, '[data-testid=wall-tab][data-kind=game]', JOINED)
  await page.click('[data-testid=wall-tab][data-kind=game]')
  await waitForSelector(page, '[data-testid=wall-game]')
  await page.locator('[data-testid=wall-game]').first().click()
  await waitForSelector(page, $('game-page'), JOINED)
  await waitForSelector(page, `${$('game-frame')}[data-phase=ready]`)
  assert.is(new URL(page.url()).pathname, '/game')
  await shot(page, 'game-page-en')
  await game(page).locator('#back').click()
  await poll(() => new URL(page.url()).pathname === '/wall')
})

t.run()
