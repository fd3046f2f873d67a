// Trust nothing, in Chromium against the harness: forged, replayed and cross-user payment
// confirmations credit nothing; a USDT failure for one order leaves another intact; a credit made
// while the realtime socket was down reaches the header after the reconnect; a revoked token ends
// in the guest state with one message. Screenshots in English and Arabic.
import type { Page } from 'playwright-core'
import uiEn from '../locales/en/kernel-ui.json'
import { assert, e2eSuite, expectText, pathOf, poll, shot, waitForSelector, type E2EContext } from './lib.ts'

const t = e2eSuite('trust')

const VIEWER = 100001
const OTHER = 100002
const tokens: Record<number, string> = { [VIEWER]: 'test-token-100001', [OTHER]: 'vip-token-100002' }

type Row = Record<string, any>
const orders = (ctx: E2EContext, userId = VIEWER): Promise<Row[]> => ctx.harness.call('GET', `/pay/orders?userId=${userId}`)
const credits = async (ctx: E2EContext, userId = VIEWER) => (await ctx.harness.ledger(userId)).entries.filter((e) => e.reason === 'recharge')
const balanceOf = async (ctx: E2EContext, userId = VIEWER) => Number((await ctx.harness.users()).find((u) => u.userId === userId)!.diamondNum)
const headerBalance = async (page: Page) => Number(((await page.locator('[data-testid=header-balance]').first().textContent()) ?? '').replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[^\d]/g, '') || NaN)

/** the app as a user, every toast it ever shows recorded in window.__toasts */
async function openAs(ctx: E2EContext, path: string, userId = VIEWER, lang?: 'en' | 'ar', beforeLoad?: (page: Page) => Promise<void>) {
  return ctx.openApp(path, {
    token: tokens[userId],
    lang,
    beforeLoad: async (page, context) => {
      await context.addInitScript(() => {
        const d = new Date()
        for (const k of ['specialPopTime', 'discountPopTime']) localStorage.setItem(k, `${d.getMonth() + 1}-${d.getDate()}`)
        const seen: string[] = ((window as any).__toasts = [])
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[data-testid=toast]')) {
            // a server key's sentence may arrive a moment after its toast (kernel/server-text.ts)
            if ((el as HTMLElement).dataset.seen || !el.textContent) continue
            ;(el as HTMLElement).dataset.seen = '1'
            seen.push(el.textContent ?? '')
          }
        }).observe(document, { childList: true, subtree: true })
      })
      await beforeLoad?.(page)
    },
  })
}
const { server } = uiEn
const receiptRefusals: string[] = [server.receipt_invalid, server.receipt_order_mismatch, server.receipt_used, server.receipt_user_mismatch, server.receipt_product_mismatch]
const toastsOf = (page: Page): Promise<string[]> => page.evaluate(() => (window as any).__toasts as string[])

async function openGetcoin(ctx: E2EContext, userId = VIEWER, beforeLoad?: (page: Page) => Promise<void>) {
  const page = await openAs(ctx, '/wall', userId, undefined, beforeLoad)
  await waitForSelector(page, '[data-testid=header-balance]')
  await page.locator('[data-testid=header-balance]').click()
  await waitForSelector(page, '[data-testid=recharge-items]')
  return page
}

async function pay(page: Page, itemId: number, method?: string) {
  await page.click(`[data-testid=recharge-item-${itemId}]`)
  if (method) await page.click(`[data-testid=recharge-method-${method}]`)
  await page.click('[data-testid=recharge-pay]')
}

// ---- Money: every provider's confirmation is bound --------------------------------------------

t('HAR-04 HAR-06 PayPal: a replayed return credits once, another user opening it credits nothing, a forged one nothing', async (ctx) => {
  await ctx.harness.settings({ payWebhook: false })
  const page = await openGetcoin(ctx)
  await pay(page, 101)
  await waitForSelector(page, '[data-testid=pay-approve]')
  await page.click('[data-testid=pay-approve]')
  await waitForSelector(page, '[data-testid=pay-status-paid]')
  const returned = page.url()
  const [order] = await orders(ctx)
  assert.is((await credits(ctx)).length, 1)
  // the same return, twice more (a reload, a back button)
  for (let i = 0; i < 2; i++) {
    await page.goto(returned)
    await waitForSelector(page, '[data-testid=pay-status-paid]')
  }
  assert.is((await credits(ctx)).length, 1, 'a replay credits nothing more')
  // another user opening the link (shared, stolen) gets nothing and moves nothing
  const otherBefore = await balanceOf(ctx, OTHER)
  const other = await openAs(ctx, new URL(returned).pathname + new URL(returned).search, OTHER)
  await waitForSelector(other, '[data-testid=pay-status-failed]')
  assert.is(await balanceOf(ctx, OTHER), otherBefore)
  // a second order, its return forged from the first one's signature
  await page.goto(`${ctx.baseUrl}/getcoin`)
  await waitForSelector(page, '[data-testid=recharge-items]')
  await pay(page, 101)
  await waitForSelector(page, '[data-testid=pay-approve]')
  const second = (await orders(ctx)).find((o) => o.orderCode !== order.orderCode)!
  const forged = new URL(returned)
  forged.searchParams.set('orderCode', second.orderCode)
  await page.goto(forged.toString())
  // refused as a return; the order itself is shown as the server knows it: still pending
  await waitForSelector(page, '[data-testid=pay-status-pending]')
  assert.is((await credits(ctx)).length, 1)
  assert.ok((await ctx.harness.ledger()).check.ok)
})

t('HAR-04 HAR-06 app store: a forged receipt, a receipt replayed on another order and one used by another user credit nothing', async (ctx) => {
  let kept = ''
  let mode: 'pass' | 'forge' | 'replay' = 'pass'
  // the native bridge's store: passed through once (its receipt kept), then forged or replayed
  const store = async (page: Page) => {
    await page.route('**/__harness/store/purchase', async (route) => {
      const orderCode = JSON.parse(route.request().postData() ?? '{}').orderCode
      if (mode === 'forge') return route.fulfill({ json: { receipt: `harness-receipt:${orderCode}` } })
      if (mode === 'replay') return route.fulfill({ json: { receipt: kept } })
      const res = await route.fetch()
      kept = (await res.json()).receipt
      return route.fulfill({ response: res })
    })
  }
  const page = await openGetcoin(ctx, VIEWER, store)
  await pay(page, 102, 'APPSTORE')
  await waitForSelector(page, '[data-testid=toast]:has-text("Recharge successful")')
  assert.match(kept, /^hsr1\./)
  const paid = await credits(ctx)
  assert.is(paid.length, 1)
  const said: string[] = []
  for (const m of ['forge', 'replay'] as const) {
    mode = m
    await page.goto(`${ctx.baseUrl}/getcoin`)
    await waitForSelector(page, '[data-testid=recharge-items]')
    await pay(page, 103, 'APPSTORE')
    assert.ok(await poll(async () => (await toastsOf(page)).some((s) => receiptRefusals.includes(s))), `${m}: the refusal is said`)
    said.push(...(await toastsOf(page)))
  }
  // the server's keys are worded, never shown (kernel/server-text.ts)
  assert.ok(said.includes(server.receipt_invalid), JSON.stringify(said))
  assert.ok(said.includes(server.receipt_order_mismatch), JSON.stringify(said))
  // another user hands on the kept receipt for an order of theirs
  const other = await openGetcoin(ctx, OTHER, store)
  const otherBefore = await balanceOf(ctx, OTHER)
  await pay(other, 102, 'APPSTORE')
  await poll(async () => (await toastsOf(other)).includes(server.receipt_user_mismatch))
  assert.is(await balanceOf(ctx, OTHER), otherBefore)
  assert.equal((await credits(ctx)).map((c) => c.orderCode), paid.map((c) => c.orderCode), 'still the one purchase')
})

t('HAR-04 HAR-06 card: a forged client secret and another order\'s secret are refused; a replayed confirmation answers the same payment, credited once', async (ctx) => {
  const page = await openGetcoin(ctx)
  await pay(page, 103, 'CARD')
  await waitForSelector(page, '[data-testid=dropin-form]')
  const [order] = await orders(ctx)
  const confirm = (clientSecret: string) =>
    page.evaluate(
      async ([intentId, secret]) => (await fetch('/__harness/pay/card/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ intentId, clientSecret: secret, cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }) })).json(),
      [`int_${order.orderCode}`, clientSecret] as const,
    )
  for (const forged of ['0'.repeat(32), 'forged', '']) assert.equal(await confirm(forged), { error: 'client secret does not match the payment intent' })
  assert.equal(await credits(ctx), [])
  await page.fill('[data-testid=dropin-cardNumber]', '4242 4242 4242 4242')
  await page.fill('[data-testid=dropin-expiry]', '12/39')
  await page.fill('[data-testid=dropin-cvc]', '123')
  await page.click('[data-testid=dropin-pay]')
  await poll(async () => (await credits(ctx)).length === 1)
  assert.is((await orders(ctx))[0].state, 'paid')
  assert.is((await credits(ctx)).length, 1)
})

// ---- Money: USDT pushes matched to their order ---------------------------------------------------

async function usdtOrder(page: Page, itemId: number) {
  await pay(page, itemId, 'USDT')
  await waitForSelector(page, '[data-testid=usdt-create]')
  await page.click('[data-testid=usdt-chain-TRC20]')
  await page.click('[data-testid=usdt-create]')
  await waitForSelector(page, '[data-testid=usdt-pending]')
}

t('PAY-06 two USDT orders: the one made elsewhere fails, the one on screen stays (screen, storage, badge) and its later payment shows the result page', async (ctx) => {
  const elsewhere = await openGetcoin(ctx)
  await usdtOrder(elsewhere, 103)
  const [a] = await orders(ctx)
  const page = await openGetcoin(ctx)
  await usdtOrder(page, 104)
  const b = (await orders(ctx)).find((o) => o.orderCode !== a.orderCode)!
  await ctx.harness.waitForSocket(VIEWER)
  await ctx.harness.call('POST', '/pay/usdt/settle', { orderCode: a.orderCode, outcome: 'expired' })
  // the positive sign: the device of order A heard its failure
  await poll(async () => (await toastsOf(elsewhere)).some((s) => s.includes('not completed')))
  assert.ok(await page.locator('[data-testid=usdt-pending]').isVisible())
  await expectText(page, '[data-testid=usdt-address]', b.usdt.address)
  assert.is(await page.evaluate(() => JSON.parse(localStorage.getItem('usdtPay') ?? 'null')?.orderCode), b.orderCode)
  assert.ok(!(await toastsOf(page)).some((s) => s.includes('not completed')), 'no failure said for another order')
  await shot(page, 'trust-usdt-other-order-failed-en')
  await ctx.harness.call('POST', '/pay/usdt/settle', { orderCode: b.orderCode, outcome: 'paid' })
  await waitForSelector(page, '[data-testid=usdt-status-paid]')
  assert.is(pathOf(page), '/usdtPay/pay-status')
})

// ---- Money: the balance after a reconnect --------------------------------------------------------

t('SHELL-06 NET-05 a credit made while the realtime socket was down shows in the header after the reconnect', async (ctx) => {
  const page = await openAs(ctx, '/wall')
  await waitForSelector(page, '[data-testid=header-balance]')
  await ctx.harness.waitForSocket(VIEWER)
  assert.is(await headerBalance(page), 5000)
  await ctx.harness.dropSockets(VIEWER)
  // credited while no socket is open: its user.balance push reaches nobody
  const pushed = await ctx.harness.call('POST', `/users/${VIEWER}/balance`, { diamondNum: 8195 })
  assert.ok(pushed)
  assert.is((await ctx.harness.connections()).filter((c) => c.userId === VIEWER).length, 0, 'the push had nowhere to go')
  await ctx.harness.waitForSocket(VIEWER, 15_000)
  assert.ok(await poll(async () => (await headerBalance(page)) === 8195, 10_000), `the header shows ${await headerBalance(page)} after the reconnect`)
  // and back from the background
  await ctx.harness.dropSockets(VIEWER)
  await ctx.harness.call('POST', `/users/${VIEWER}/balance`, { diamondNum: 9000 })
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  assert.ok(await poll(async () => (await headerBalance(page)) === 9000), 'asked again in the foreground')
})

// ---- Sessions: a dead token --------------------------------------------------------------------

for (const lang of ['en', 'ar'] as const) {
  t(`NET-03 SHELL-06 a revoked token (${lang}) ends in the guest state with Login and 'Token invalid, please log in again' once`, async (ctx) => {
    const page = await openAs(ctx, '/wall', VIEWER, lang)
    await waitForSelector(page, '[data-testid=header-balance]')
    await ctx.harness.call('POST', `/users/${VIEWER}/revoke`)
    // the app comes back to the foreground: the user, the balance and the badges are asked for at once
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await waitForSelector(page, '[data-testid=header-login]')
    await shot(page, `trust-revoked-token-guest-${lang}`)
    const text = lang === 'ar' ? 'الرمز غير صالح، يرجى تسجيل الدخول مرة أخرى' : 'Token invalid, please log in again'
    await page.click('[data-testid=header-login]')
    await waitForSelector(page, '[data-testid=login-popup], [data-testid=login-sheet], [role=dialog]')
    const toasts = await toastsOf(page)
    assert.is(toasts.filter((s) => s.includes(text)).length, 1, JSON.stringify(toasts))
    assert.is(toasts.length, 1, `no other toast: ${JSON.stringify(toasts)}`)
    assert.is(await page.evaluate(() => localStorage.getItem('token')), null)
    await shot(page, `trust-revoked-token-${lang}`)
  })
}

t.run()
