import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { definePlugin } from '../../kernel/plugin.ts'
import { createTestKernel, fake, httpStatus, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { shellRef } from '../shell/api.ts'
import { seedTemplate } from './fake-catalog.ts'
import { rechargeRef } from './api.ts'
import { createRechargePlugin } from './index.ts'
import { memoryStorage } from '../../kernel/storage.ts'
import { SECURITY_ID, SHEET_ID } from './state.ts'
import { waitFor } from '../../test/wait.ts'

const template = () => {
  const t = seedTemplate()
  return { ...t, skuList: t.skuList.filter((s) => !s.specialFlag).map(({ specialFlag: _s, ...s }) => ({ ...s, boughtFlag: 0 })) }
}

interface Setup {
  t: TestKernel
  assigned: string[]
  timers: Array<[() => void, number]>
  refreshed: number
  storage: Storage
}

let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})

async function setup(api: Record<string, (payload: any) => unknown> = {}, user: Record<string, unknown> = {}, storage: Storage = memoryStorage()): Promise<Setup> {
  const s = { assigned: [] as string[], timers: [] as Array<[() => void, number]>, refreshed: 0, storage } as Setup
  const shellStub = definePlugin({ id: 'shell' })
  const shellFake = {
    baseConfig: signal({ sysConfigParams: { payment_method_weight: 'PAYPAL,APPLEPAY,CARD,APPSTORE', payment_portal: '/wall,/getcoin' } }),
    refreshUser: async () => void s.refreshed++,
  }
  const answers: Record<string, (payload: any) => unknown> = {
    '/api/template/getTempLate': () => template(),
    '/api/user/queryUserBalance': () => ({ diamondNum: 777 }),
    '/api/fuse/rechargeStatus': () => ({ hasRecharged: true }),
    ...api,
  }
  s.t = createTestKernel({
    plugins: [shellStub, createRechargePlugin({ assign: (url) => s.assigned.push(url), origin: () => 'http://app.test', setTimeout: (fn, ms) => s.timers.push([fn, ms]), storage: s.storage })],
    fakes: [fake(shellRef, shellFake)],
    token: 'tok',
    path: '/wall',
    api: (path, payload) => (answers[path] ? answers[path](payload) : serverCode('4004', `no ${path}`)),
  })
  s.t.kernel.session.setUser({ userId: 1, nickname: 'me', icon: '', yxAccid: 'u1', diamondNum: 500, firstPayTime: '2025-01-01', ...user })
  current = s.t
  // lazy dictionaries: loaded before the first render, as the app entry does
  await s.t.kernel.i18n.ready()
  await s.t.render()
  return s
}

const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const $$ = (sel: string) => [...document.querySelectorAll(sel)] as HTMLElement[]
async function click(t: TestKernel, id: string) {
  const el = $(id)
  assert.ok(el, `no element ${id}`)
  await act(async () => el!.click())
  await t.settle()
}
async function openSheet(s: Setup, opts: object = { source: 'wall' }) {
  let done: Promise<void> | undefined
  await act(async () => {
    done = s.t.kernel.need(rechargeRef).open(opts as any)
  })
  await waitFor(() => !!$('recharge-sheet') && !document.querySelector('.k-layer .k-spinner'))
  // wrapped: an async function returning the promise itself would wait for the sheet to close
  return { closed: done! }
}
const itemIds = () => $$('[data-testid="recharge-sheet-items"] .rc-item').map((e) => e.dataset.testid)

test('PAY-02 each tile shows the spec label floor((total / price / 490 - 1) x 100)% OFF beside its bonus, and one percent only', async () => {
  const s = await setup()
  await openSheet(s)
  assert.is($('recharge-off-103')!.textContent, '30% OFF')
  assert.is($('recharge-off-101')!.textContent, '21% OFF')
  assert.match($('recharge-item-103')!.textContent!, '2,450 + 245 bonus')
  assert.is(($('recharge-item-103')!.textContent!.match(/%/g) ?? []).length, 1, 'no second percent (the crossed-out price has none)')
})

test('PAY-01 the sheet shows items 1-3 on page 1 and 4-6 on page 2; one pay method skips the selector; Recharge waits for a method', async () => {
  const s = await setup()
  await openSheet(s)
  assert.ok($('recharge-sheet'))
  assert.equal(itemIds(), ['recharge-item-101', 'recharge-item-102', 'recharge-item-103'])
  assert.match($('recharge-item-103')!.textContent!, '$4.99')
  assert.is($('recharge-was-103')!.textContent, '$6.99')
  await click(s.t, 'recharge-page-2')
  assert.equal(itemIds(), ['recharge-item-104', 'recharge-item-105', 'recharge-item-106'])
  await click(s.t, 'recharge-page-1')
  assert.ok(($('recharge-pay') as HTMLButtonElement).disabled, 'nothing chosen')
  await click(s.t, 'recharge-item-101')
  assert.is($('recharge-methods'), null, 'the 0.99 item has only PayPal: no selector')
  assert.not.ok(($('recharge-pay') as HTMLButtonElement).disabled)
  await click(s.t, 'recharge-item-103')
  assert.equal($$('[data-testid="recharge-methods"] .rc-method').map((e) => e.dataset.testid!.replace('recharge-method-', '')), ['PAYPAL', 'APPLEPAY', 'CARD', 'APPSTORE', 'UPI', 'USDT'], "the iOS shell: no Google Play")
  assert.ok(($('recharge-pay') as HTMLButtonElement).disabled, 'a method must be chosen')
  await click(s.t, 'recharge-method-CARD')
  assert.not.ok(($('recharge-pay') as HTMLButtonElement).disabled)
})

test('PAY-01 My Balance shows the server balance; refresh asks the server and says so', async () => {
  const s = await setup()
  await openSheet(s)
  assert.is($('recharge-balance-num')!.textContent, '500')
  await click(s.t, 'recharge-refresh')
  assert.is($('recharge-balance-num')!.textContent, '777')
  assert.equal(s.t.toasts.at(-1), { text: 'Your balance has been updated', type: 'success' })
})

test('SHELL-06 NET-05 after a resync (socket reopened, app in the foreground) the user, hence the header balance, is asked for again', async () => {
  const s = await setup()
  s.t.kernel.events.emit('resync', { reason: 'reconnect' })
  s.t.kernel.events.emit('resync', { reason: 'foreground' })
  await waitFor(() => s.refreshed === 2, { what: 'two refreshes' })
})

test('PAY-01 PAY-08 in a call the sheet lists only prices of at least 4.99 and hides PayPal', async () => {
  const s = await setup()
  await openSheet(s, { source: 'call', inCall: true })
  assert.equal(itemIds(), ['recharge-item-103', 'recharge-item-104', 'recharge-item-105'])
  await click(s.t, 'recharge-item-103')
  assert.not.ok($('recharge-method-PAYPAL'))
  assert.ok($('recharge-method-CARD'))
  assert.is(s.t.kernel.scene.peek().payPopup, true, 'the call hides its balance toast')
})

test('PAY-03 closing the sheet without a recharge asks to stay; Leave closes it', async () => {
  const s = await setup()
  const { closed } = await openSheet(s)
  await click(s.t, 'sheet-close')
  await waitFor(() => document.body.textContent!.includes('Leave now?'))
  assert.ok(s.t.kernel.overlays.isOpen('kernel.confirm'), 'the retention prompt')
  assert.match(document.body.textContent!, 'Leave now?')
  const leave = $$('button').find((b) => b.textContent === 'Leave')!
  await act(async () => leave.click())
  await waitFor(() => !s.t.kernel.overlays.isOpen(SHEET_ID))
  // the confirm buttons are debounced; the sheet closes after Leave
  assert.not.ok(s.t.kernel.overlays.isOpen(SHEET_ID))
  await closed
})

test('PAY-04 PAY-07 an app-store recharge sends the d3 §3 payload, verifies the receipt, refreshes the user, emits recharge-success and asks the recharge status (-2)', async () => {
  const orders: any[] = []
  const s = await setup({
    '/api/fuse/v3/createOrder': (p) => (orders.push(p), { orderCode: 'O1', action: 'store', productId: p.productId, diamondNum: 1250, thirdCreateTime: 1 }),
    '/api/fuse/verifyStoreReceipt': (p) => ({ orderCode: p.orderCode, status: p.receipt === 'test-receipt:O1' ? 1 : 0, state: 'paid', diamondNum: 1250, vipFlag: 0, payMethodType: 'APPSTORE' }),
  })
  const events: unknown[] = []
  s.t.kernel.events.on('recharge-success', (e) => events.push(e))
  await openSheet(s)
  await click(s.t, 'recharge-item-102')
  await click(s.t, 'recharge-method-APPSTORE')
  await click(s.t, 'recharge-pay')
  await s.t.settle()
  const info = template().skuList.find((i) => i.id === 102)!.skuInfoList.find((m) => m.payMethodType === 'APPSTORE')!
  assert.equal(orders, [{ skuInfoId: info.id, templateId: 11, paymentMethodType: 'APPSTORE', productId: 'diamond_0199', frontCallbackUrl: 'http://app.test/paystatus?source=wall&lang=en', vipFlag: 0, diamondDetail: '1000+50' }])
  assert.equal(s.t.bridge.calls.find((c) => c[0] === 'purchase'), ['purchase', { productId: 'diamond_0199', orderCode: 'O1' }])
  assert.ok(s.t.requests.some((r) => r.path === '/api/fuse/rechargeStatus' && r.payload.searchValue === -2))
  assert.is(s.refreshed, 1)
  assert.equal(s.timers.map(([, ms]) => ms), [2000], 'the level refreshes 2 s later')
  assert.ok(s.t.toasts.some((x) => x.text.startsWith('Recharge successful: 1,250 diamonds added.')), "the iOS channel top tip, with the server's credit")
  assert.equal(events, [{ orderCode: 'O1', vip: false }], 'the recharge-success event for the other plugins')
  assert.not.ok(s.t.kernel.overlays.isOpen(SHEET_ID))
})

test('PAY-04 PayPal: the security check shows, then the provider page opens after 1.8 s', async () => {
  const s = await setup({ '/api/fuse/v3/createOrder': () => ({ orderCode: 'O2', action: 'redirect', payUrl: 'http://pay.test/page?order=O2', diamondNum: 1, thirdCreateTime: 1 }) })
  await openSheet(s)
  await click(s.t, 'recharge-item-101')
  await click(s.t, 'recharge-pay')
  await waitFor(() => !!$('recharge-security'))
  assert.equal(s.timers.map(([, ms]) => ms), [1800])
  assert.equal(s.assigned, [])
  await act(async () => s.timers[0][0]())
  await s.t.settle()
  assert.equal(s.assigned, ['http://pay.test/page?order=O2'])
  assert.not.ok(s.t.kernel.overlays.isOpen(SECURITY_ID))
})

test('PAY-08 VIP is refused before a first recharge: the payment guide (the recharge sheet) instead of an order', async () => {
  const s = await setup({}, { firstPayTime: null })
  // the VIP items come after the 6 diamond items, beyond the sheet's two pages: the page lists them
  s.t.location.navigate('/getcoin?source=user')
  await waitFor(() => !!$('recharge-item-202'))
  await click(s.t, 'recharge-item-202')
  await click(s.t, 'recharge-method-CARD')
  await click(s.t, 'recharge-pay')
  assert.ok(s.t.toasts.some((x) => x.text === 'Make a first recharge to unlock VIP'))
  assert.not.ok(s.t.requests.some((r) => r.path === '/api/fuse/v3/createOrder'))
  await waitFor(() => !!$('recharge-sheet'))
  assert.ok(s.t.kernel.overlays.isOpen(SHEET_ID), 'the payment guide: the recharge sheet with the diamond items')
})

test('PAY-06 USDT is not paid by the common recharge: it goes to its own page', async () => {
  const s = await setup()
  s.t.location.navigate('/getcoin?source=user')
  await waitFor(() => !!$('recharge-item-104'))
  await click(s.t, 'recharge-item-104')
  await click(s.t, 'recharge-method-USDT')
  await click(s.t, 'recharge-pay')
  assert.match(s.t.location.path(), '/usdtPay')
  assert.is(s.t.location.search().get('productId'), 'diamond_0999')
})

for (const [locale, text] of [['en', 'There is no payment to show'], ['ar', 'لا توجد عملية دفع لعرضها']] as const) {
  test(`PAY-04 /paystatus opened without an order says there is no payment to show, not Payment failed, and asks nothing (${locale})`, async () => {
    const s = await setup()
    await act(() => s.t.kernel.i18n.setLocale(locale))
    act(() => s.t.kernel.router.navigate('/paystatus'))
    const none = await waitFor(() => $('pay-status-none'), { what: 'the no-payment state' })
    assert.is(none.textContent, text)
    assert.is($('pay-status-failed'), null)
    assert.not.ok(s.t.requests.some((r) => r.path.startsWith('/api/fuse')), 'no order was asked about')
  })
}

test('PAY-04 PAY-07 an app-store receipt whose verification answer is lost is pending, never "not completed": the order is asked about by its code until the server says paid, then credited news once', async () => {
  let state = 2
  const asked: string[] = []
  const s = await setup({
    '/api/fuse/v3/createOrder': (p) => ({ orderCode: 'O1', action: 'store', productId: p.productId, diamondNum: 1250, thirdCreateTime: 1 }),
    '/api/fuse/verifyStoreReceipt': () => {
      throw new Error('connection lost')
    },
    '/api/fuse/queryOrderStat': ({ searchValue }) => (asked.push(searchValue), { orderCode: 'O1', status: state, state: state === 1 ? 'paid' : 'pending', diamondNum: 1250, vipFlag: 0, payMethodType: 'APPSTORE' }),
  })
  const events: unknown[] = []
  s.t.kernel.events.on('recharge-success', (e) => events.push(e))
  await openSheet(s)
  await click(s.t, 'recharge-item-102')
  await click(s.t, 'recharge-method-APPSTORE')
  await click(s.t, 'recharge-pay')
  await waitFor(() => s.t.toasts.some((x) => x.text === 'Your payment is still being processed'), { what: 'said pending' })
  assert.ok(JSON.parse(s.storage.getItem('payPending') ?? '[]').some((o: any) => o.orderCode === 'O1'), 'kept with the pending orders')
  // the status questions, 5 s apart (the service's timer, run here by hand)
  const nextRound = async () => {
    const i = await waitFor(() => { const i = s.timers.findIndex(([, ms]) => ms === 5000); return i >= 0 ? i + 1 : 0 }, { what: 'a status round' })
    const [fn] = s.timers.splice(i - 1, 1)[0]
    await act(async () => fn())
    await s.t.settle()
  }
  await nextRound()
  assert.equal(asked, ['O1'])
  assert.equal(events, [], 'not yet')
  state = 1
  await nextRound()
  await waitFor(() => events.length === 1, { what: 'credited news once the server says paid' })
  assert.ok(s.t.toasts.some((x) => x.text.startsWith('Recharge successful: 1,250 diamonds added.')), "the server's credit")
  assert.not.ok(s.t.toasts.some((x) => x.text === 'Payment not completed'), 'never "not completed"')
  assert.is(s.storage.getItem('payPending'), null, 'no longer pending')
})

test('PAY-04 an order left with a provider is asked about at the next start: paid is said once and refreshes the user; closed is forgotten; an unknown answer keeps it, and the foreground asks again', async () => {
  const now = Date.now()
  const storage = memoryStorage({ payPending: JSON.stringify([{ orderCode: 'P1', vipFlag: 0, at: now - 60_000 }, { orderCode: 'C1', vipFlag: 0, at: now - 60_000 }, { orderCode: 'U1', vipFlag: 0, at: now - 60_000 }, { orderCode: 'OLD', vipFlag: 0, at: now - 4 * 86_400_000 }]) })
  const asked: string[] = []
  let unknownDown = true
  const s = await setup(
    {
      '/api/fuse/queryOrderStat': ({ searchValue }) => {
        asked.push(searchValue)
        if (searchValue === 'P1') return { orderCode: 'P1', status: 1, state: 'paid', diamondNum: 590, vipFlag: 0, payMethodType: 'PAYPAL' }
        if (searchValue === 'C1') return { orderCode: 'C1', status: 0, state: 'cancelled', diamondNum: 590, vipFlag: 0, payMethodType: 'PAYPAL' }
        // no answer (a 503): the outcome is unknown
        if (unknownDown) return httpStatus(503)
        return { orderCode: 'U1', status: 1, state: 'paid', diamondNum: 1250, vipFlag: 0, payMethodType: 'PAYPAL' }
      },
    },
    {},
    storage,
  )
  await waitFor(() => asked.length === 3 && !!document.body.textContent!.includes('590 diamonds added'), { what: 'the start asked about the three live orders' })
  assert.equal(asked, ['P1', 'C1', 'U1'], 'an order older than the providers retry is not asked about')
  assert.match(document.body.textContent!, 'Your payment was confirmed: 590 diamonds added')
  await waitFor(() => s.refreshed >= 1, { what: 'the user refreshed' })
  await waitFor(() => JSON.parse(storage.getItem('payPending') ?? '[]').length === 1)
  assert.equal(JSON.parse(storage.getItem('payPending')!).map((o: any) => o.orderCode), ['U1'], 'the unknown outcome stays pending')
  unknownDown = false
  act(() => s.t.kernel.events.emit('resync', { reason: 'foreground' }))
  await waitFor(() => storage.getItem('payPending') === null, { what: 'the foreground asked again' })
  assert.match(document.body.textContent!, '1,250 diamonds added')
  assert.equal(asked, ['P1', 'C1', 'U1', 'U1'], 'the paid and closed ones are not asked again')
})

test('PAY-04 /paystatus with a return the server refuses (no signature) asks the order status: pending shows Check again, never failed', async () => {
  let state = 2
  const s = await setup({
    '/api/fuse/payReturn': () => serverCode('5000', 'sign.invalid'),
    '/api/fuse/queryOrderStat': () => ({ orderCode: 'R1', status: state, state: state === 1 ? 'paid' : 'pending', diamondNum: 590, vipFlag: 0, payMethodType: 'PAYPAL' }),
  })
  act(() => s.t.kernel.router.navigate('/paystatus?orderCode=R1'))
  await waitFor(() => $('pay-status-pending'), { what: 'pending' })
  assert.is($('pay-status-failed'), null)
  state = 1
  await click(s.t, 'pay-status-check')
  await waitFor(() => $('pay-status-paid'), { what: 'paid after Check again' })
  await waitFor(() => $('pay-status-balance'), { what: 'the new balance' })
})

test('NET-02 an insufficient-balance answer opens the recharge sheet', async () => {
  const s = await setup({ '/api/x': () => serverCode('1080', 'diamond.not.enough') })
  await act(async () => void s.t.kernel.api.post('/api/x').catch(() => {}))
  await waitFor(() => !!$('recharge-sheet'))
  assert.ok(s.t.kernel.overlays.isOpen(SHEET_ID))
})

test('PAY-05 the card drop-in: security check, the provider script 2 s later, then the receipt (recipient, transaction id, Credit Card, YYYY-MM-DD HH:mm:ss, Done)', async () => {
  const mounted: any[] = []
  ;(window as any).HarnessDropIn = { mount: (el: HTMLElement, o: any) => (mounted.push(o), (el.innerHTML = '<form data-testid="fake-form"></form>'), () => void (el.innerHTML = '')) }
  const awxObj = { id: 'int_O3', client_secret: 'sec', customer_id: 'c', currency: 'USD', amount: 9.99, return_url: 'x', paymentAmount: 9.99, scriptUrl: 'http://pay.test/dropin.js', methods: ['card'] }
  const s = await setup({
    '/api/fuse/v3/createOrder': () => ({ orderCode: 'O3', action: 'dropin', awxObj, diamondNum: 6880, thirdCreateTime: 1 }),
    '/api/fuse/queryOrderStat': (p) => ({ orderCode: p.searchValue, status: 1, state: 'paid', diamondNum: 3317, vipFlag: 0, payMethodType: 'CARD' }),
  })
  await openSheet(s)
  await click(s.t, 'recharge-item-103')
  await click(s.t, 'recharge-method-CARD')
  await click(s.t, 'recharge-pay')
  await waitFor(() => !!$('recharge-card-security'))
  const delays = s.timers.map(([, ms]) => ms)
  assert.equal(delays, [2000], 'the script loads 2 s later')
  assert.is(mounted.length, 0)
  await act(async () => s.timers[0][0]())
  await waitFor(() => !!$('fake-form'))
  assert.equal(s.timers.map(([, ms]) => ms), [2000, 10_000], 'a time-out for a provider that never answers')
  await act(async () => s.timers[1][0]())
  assert.ok($('fake-form'), 'the script arrived: the time-out changes nothing')
  assert.equal([mounted[0].intentId, mounted[0].clientSecret, mounted[0].methods], ['int_O3', 'sec', ['card']])
  const paidAt = new Date(2026, 0, 2, 3, 4, 5).getTime()
  await act(async () => mounted[0].onSuccess({ transactionId: 'TXN1', paidAt, amount: 9.99, orderCode: 'O3' }))
  await waitFor(() => !!$('recharge-receipt-credited'))
  const text = $('recharge-receipt')!.textContent!
  for (const part of ['Recipient', 'test', 'TXN1', 'Credit Card', '$9.99', '2026-01-02 03:04:05']) assert.match(text, part)
  assert.is($('recharge-receipt-credited')!.textContent, '+3,317', "the server's credit for the order")
  const ltr = [...$('recharge-receipt')!.querySelectorAll('dd[dir=ltr]')].map((dd) => dd.textContent)
  assert.equal(ltr.slice(0, 4), ['TXN1', '$9.99', '2026-01-02 03:04:05', '+3,317'], 'ids, amounts and times read left to right in Arabic too')
  await waitFor(() => $('recharge-receipt-balance'), { what: 'the new balance, from the refreshed user' })
  assert.is($('fake-form'), null, 'the provider form is gone')
  await click(s.t, 'recharge-receipt-done')
  await waitFor(() => s.t.requests.some((r) => r.path === '/api/fuse/rechargeStatus'))
  // once for the receipt's new balance, once by what follows a paid order (PAY-07)
  assert.is(s.refreshed, 2)
  delete (window as any).HarnessDropIn
})

test('PAY-05 PAY-08 a card payment whose credit the server has not confirmed (a lost or early answer) is pending on the receipt, asked about by the order\'s code, then the server\'s credit and new balance', async () => {
  const mounted: any[] = []
  ;(window as any).HarnessDropIn = { mount: (el: HTMLElement, o: any) => (mounted.push(o), (el.innerHTML = '<form data-testid="fake-form"></form>'), () => void (el.innerHTML = '')) }
  const awxObj = { id: 'int_V1', client_secret: 'sec', customer_id: 'c', currency: 'USD', amount: 4.99, return_url: 'x', paymentAmount: 4.99, scriptUrl: 'http://pay.test/dropin.js', methods: ['card'] }
  let n = 0
  const s = await setup({
    '/api/fuse/v3/createOrder': () => ({ orderCode: 'V1', action: 'dropin', awxObj, diamondNum: 600, thirdCreateTime: 1 }),
    '/api/fuse/queryOrderStat': (p) => {
      // the first answer is lost, the second says the notification has not landed yet
      if (++n === 1) throw new Error('connection lost')
      return { orderCode: p.searchValue, status: n === 2 ? 2 : 1, state: n === 2 ? 'pending' : 'paid', diamondNum: 600, vipFlag: 1, payMethodType: 'CARD' }
    },
  })
  await openSheet(s)
  await click(s.t, 'recharge-item-103')
  await click(s.t, 'recharge-method-CARD')
  await click(s.t, 'recharge-pay')
  await waitFor(() => !!$('recharge-card-security'))
  await act(async () => s.timers[0][0]())
  await waitFor(() => !!$('fake-form'))
  await act(async () => mounted[0].onSuccess({ transactionId: 'TXN2', paidAt: Date.now(), amount: 4.99, orderCode: 'V1' }))
  await waitFor(() => $('recharge-receipt-pending'), { what: 'the credit said pending' })
  assert.is($('recharge-receipt-credited'), null, 'no credit guessed')
  const runRounds = async () => {
    for (const [fn, ms] of s.timers.splice(0)) if (ms === 5000) await act(async () => fn())
    await s.t.settle()
  }
  await waitFor(async () => (await runRounds(), !!$('recharge-receipt-credited')), { what: 'the credit once the server says paid' })
  assert.is($('recharge-receipt-credited')!.textContent, '+600')
  await waitFor(() => $('recharge-receipt-balance'), { what: 'the new balance, from the refreshed user' })
  assert.is($('recharge-receipt-pending'), null)
  delete (window as any).HarnessDropIn
})

test.run()
