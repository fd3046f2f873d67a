// The harness control page (/__harness/ui) in Chromium, beside the phone-sized app: what a person
// does on the page reaches the app, and what the harness does shows on the page by itself.
import type { Page } from 'playwright-core'
import { assert, e2eSuite, expectText, poll, shot, waitForSelector, type E2EContext } from './lib.ts'

const t = e2eSuite('harness-ui')
const VIEWER = 100001
const CARD = '[data-testid=host-card]'
/** the first open of a page on a busy machine: the app's first screen, the control page's bundle */
const SLOW = 30_000

async function openControl(ctx: E2EContext, tab: string): Promise<Page> {
  // the page's bundle is built on its first request: wait for it (bounded) before the page's own waits
  const script = await fetch(`${ctx.baseUrl}/__harness/ui/app.js`, { signal: AbortSignal.timeout(60_000) })
  assert.is(script.status, 200)
  const page = await ctx.openApp(`/__harness/ui#${tab}`, { width: 1440, height: 900 })
  await waitForSelector(page, '.live.is-on', SLOW) // following the event stream
  return page
}

/** The app as the test user, the daily special offer and discount popups already seen today. */
async function openAppAsViewer(ctx: E2EContext, path = '/wall', lang?: 'en' | 'ar') {
  const user = (await ctx.harness.users()).find((u) => u.userId === VIEWER)!
  return ctx.openApp(path, {
    token: user.token,
    lang,
    beforeLoad: async (_page, context) => {
      await context.addInitScript(() => {
        const d = new Date()
        for (const k of ['specialPopTime', 'discountPopTime']) localStorage.setItem(k, `${d.getMonth() + 1}-${d.getDate()}`)
      })
    },
  })
}

t('HAR-05 one click on a host status in the control page changes the app card and the table', async (ctx) => {
  const app = await openAppAsViewer(ctx)
  await waitForSelector(app, CARD, SLOW)
  await ctx.harness.waitForSocket(VIEWER, SLOW)
  const card = app.locator(CARD).first()
  const hostId = Number(await card.getAttribute('data-host-id'))
  const from = await card.getAttribute('data-status')
  const to = from === 'busy' ? 'online' : 'busy'
  const control = await openControl(ctx, 'hosts')
  await waitForSelector(control, 'input[type=search]', SLOW)
  await control.fill('input[type=search]', String(hostId))
  await waitForSelector(control, `[data-testid=host-${hostId}]`, SLOW)
  assert.ok(await poll(async () => (await control.locator('[data-testid^=host-2]').count()) === 1), 'the search leaves one host')
  await control.click(`[data-testid=status-${hostId}-${to}]`)
  const appCard = app.locator(`${CARD}[data-host-id="${hostId}"]`).first()
  assert.ok(await poll(async () => (await appCard.getAttribute('data-status')) === to), `the app's card of ${hostId} shows ${await appCard.getAttribute('data-status')}, expected ${to}`)
  await waitForSelector(control, `[data-testid=status-${hostId}-${to}][aria-pressed=true]`)
  assert.is((await ctx.harness.hosts()).find((h) => h.userId === hostId)!.status, to)
  // the event log shows the push that went out
  await expectText(control, '[data-testid=event-log]', 'host.status')
  await control.fill('input[type=search]', '')
  await shot(control, 'harness-ui-hosts')
})

t('HAR-05 a scenario runs from the control page with a live progress of its steps and its outcome', async (ctx) => {
  const control = await openControl(ctx, 'scenarios')
  const card = '[data-testid=scenario-evening-rush]'
  await waitForSelector(control, card)
  await control.click('[data-testid=run-evening-rush]')
  await expectText(control, `${card} [data-testid=scenario-status]`, 'running')
  // steps turn done one after another while it runs
  assert.ok(await poll(async () => (await control.locator(`${card} [data-state=ok]`).count()) >= 1), 'no step reported done')
  await shot(control, 'harness-ui-scenario-running')
  await expectText(control, `${card} [data-testid=scenario-status]`, 'done', 20_000)
  const steps = await control.locator(`${card} [data-testid=scenario-step]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))
  assert.ok(steps.length >= 5, `steps: ${steps.join(', ')}`)
  assert.ok(steps.every((s) => s === 'ok'), `steps: ${steps.join(', ')}`)
  await expectText(control, '[data-testid=event-log]', 'evening-rush')
})

t('HAR-05 HAR-06 a USDT order settled as paid on the control page credits once; the app shows the badge, the invariant stays green', async (ctx) => {
  const app = await openAppAsViewer(ctx)
  await waitForSelector(app, '[data-testid=header-balance]', SLOW)
  await app.locator('[data-testid=header-balance]').click({ timeout: SLOW })
  await waitForSelector(app, '[data-testid=recharge-items]', SLOW)
  await app.click('[data-testid=recharge-item-104]')
  await app.click('[data-testid=recharge-method-USDT]')
  await app.click('[data-testid=recharge-pay]')
  await waitForSelector(app, '[data-testid=usdt-create]')
  await app.click('[data-testid=usdt-chain-TRC20]')
  await app.click('[data-testid=usdt-create]')
  await waitForSelector(app, '[data-testid=usdt-pending]')
  await ctx.harness.waitForSocket(VIEWER)
  const [order] = await ctx.harness.call('GET', `/pay/orders?userId=${VIEWER}`)

  const control = await openControl(ctx, 'money')
  const row = `[data-testid="list-pay/usdt/pending"] [data-testid="row-${order.orderCode}"]`
  await waitForSelector(control, row)
  await shot(control, 'harness-ui-money-pending')
  await control.click(`${row} button:has-text("Paid")`)
  await waitForSelector(app, '[data-testid=usdt-status-paid]')
  await app.click('[data-testid=usdt-status-done]')
  await expectText(app, '[data-testid=usdt-badge]', 'Paid')
  // the order leaves the pending list, the credit shows in the ledger, the invariant holds
  assert.ok(await poll(async () => (await control.locator(row).count()) === 0), 'the settled order is still listed as pending')
  await expectText(control, '[data-testid=ledger]', order.orderCode)
  await expectText(control, '[data-testid=invariant]', 'Invariant holds')
  const credits = (await ctx.harness.ledger(VIEWER)).entries.filter((e) => e.key === order.orderCode)
  assert.is(credits.length, 1)
  await shot(control, 'harness-ui-money')
})

t('HAR-05 a fault set on the control page is shown as active, reaches the app, and one button clears it', async (ctx) => {
  const control = await openControl(ctx, 'faults')
  await waitForSelector(control, '[data-testid=no-faults]')
  await control.fill('[data-testid=fault-path]', '/api/index/indexTag')
  await control.selectOption('[data-testid=fault-kind]', 'envelope')
  await control.fill('[data-testid=api-fault] input[placeholder="until cleared"]', '')
  await control.fill('[data-testid=fault-value]', '5000')
  await control.click('[data-testid=fault-add]')
  await expectText(control, '[data-testid=fault-chip]', 'index/indexTag')
  assert.ok((await ctx.harness.settings()).faults['/api/index/indexTag'])
  await shot(control, 'harness-ui-faults')

  const app = await openAppAsViewer(ctx)
  await waitForSelector(app, '[data-testid=wall-tags-error]')
  await expectText(control, '[data-testid=event-log]', 'index/indexTag')

  await control.click('[data-testid=clear-faults]')
  await waitForSelector(control, '[data-testid=no-faults]')
  assert.is(await control.locator('[data-testid=fault-chip]').count(), 0)
  assert.equal((await ctx.harness.settings()).faults, {})
  await app.click('[data-testid=wall-tags-error-retry]')
  await waitForSelector(app, CARD)
})

t('HAR-05 the viewers tab sets a balance through the ledger and links to the app as that user, in English and Arabic', async (ctx) => {
  const control = await openControl(ctx, 'viewers')
  const row = `[data-testid=viewer-${VIEWER}]`
  await waitForSelector(control, row)
  await control.fill(`${row} input[aria-label^="New balance"]`, '1234')
  await control.click(`${row} button:has-text("Set")`)
  await expectText(control, `${row} .balance`, '1,234')
  assert.is((await ctx.harness.users()).find((u) => u.userId === VIEWER)!.diamondNum, 1234)
  const links = await control.locator(`${row} a.link`).evaluateAll((els) => els.map((e) => e.getAttribute('href')))
  assert.equal(links, ['/wall?token=test-token-100001', '/wall?lang=ar&token=test-token-100001'])
  await shot(control, 'harness-ui-viewers')
  for (const tab of ['pushes', 'plugins']) {
    await control.click(`.tab:has-text("${tab[0].toUpperCase() + tab.slice(1)}")`)
    await waitForSelector(control, tab === 'pushes' ? '[data-testid=composer]' : '[data-testid=plugin-calls]')
    await shot(control, `harness-ui-${tab}`)
  }
})

t.run()
