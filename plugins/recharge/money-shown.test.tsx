// Money shown must equal money moved: every screen that says how many diamonds a payment added (the
// USDT result, the card receipt, the PayPal return, the store tip) is compared with the harness
// ledger's credit for that order (first-charge gift and the pay method's bonus included), in en and ar.
// The app runs against the real harness slices over HTTP; their pushes are delivered to the app.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { formatNumber } from '../../kernel/format.ts'
import { definePlugin } from '../../kernel/plugin.ts'
import { memoryStorage } from '../../kernel/storage.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import type { LedgerEntry } from '../../harness/types.ts'
import { waitFor } from '../../test/wait.ts'
import { shellRef } from '../shell/api.ts'
import { createUsdtPlugin } from '../usdt/index.ts'
import type { RechargeItem, RechargeTemplate } from './api.ts'
import { returnUrl, needOrder } from './fake-orders.ts'
import { createRechargePlugin } from './index.ts'
import { rechargeService } from './state.ts'

const VIEWER = 100001
type Lang = 'en' | 'ar'
let h: TestHarness
let tk: TestKernel | null = null

test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'recharge', 'usdt'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(() => {
  h.reset()
  h.sent.length = 0
})
test.after.each(() => {
  tk?.dispose()
  tk = null
  document.body.innerHTML = ''
})

/** the app (recharge and usdt) on the real harness, logged in as the viewer */
async function app(path: string, lang: Lang) {
  let delivered = 0
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'shell' }), createRechargePlugin({ origin: () => h.url, setTimeout: (fn, ms) => setTimeout(fn, Math.min(ms, 50)), storage: memoryStorage() }), createUsdtPlugin({ storage: memoryStorage() })],
    fakes: [fake(shellRef, { baseConfig: signal(null), refreshUser: async () => {} })],
    token: TEST_TOKEN,
    path,
    locale: lang,
    api: async (p, payload) => {
      const r = await h.api(p, payload, { token: TEST_TOKEN, lang })
      // the harness's pushes reach the app as they would over its socket
      for (; delivered < h.sent.length; delivered++) {
        const s = h.sent[delivered]
        if (s.userId === VIEWER && s.pushType) queueMicrotask(() => t.push(s.pushType!, s.data ?? {}))
      }
      return r.body.code === Code.ok ? r.data : serverCode(r.body.code, r.body.msg)
    },
  })
  t.kernel.session.setUser({ userId: VIEWER, nickname: 'viewer', icon: '', yxAccid: 'user_100001', diamondNum: 5000, firstPayTime: '2025-01-01' })
  tk = t
  await t.kernel.i18n.ready()
  await t.render()
  return t
}

/** what the ledger credited for an order: exactly one movement under its key */
function credit(orderCode: string): number {
  const rows = (h.ctx.db.get('ledger').value() as LedgerEntry[]).filter((r) => r.key === orderCode)
  assert.is(rows.length, 1, `one ledger credit for ${orderCode}`)
  return rows[0].delta
}

async function item(productId: string, method: string): Promise<{ tpl: RechargeTemplate; item: RechargeItem; info: RechargeItem['skuInfoList'][number] }> {
  const tpl = (await h.api('/api/template/getTempLate', {}, { token: TEST_TOKEN })).data as RechargeTemplate
  const it = tpl.skuList.find((s) => s.productId === productId)!
  return { tpl, item: it, info: it.skuInfoList.find((m) => m.payMethodType === method)! }
}

const $ = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const shows = (text: string, n: number, lang: Lang) => assert.match(text, formatNumber(n, lang), `"${text}" says ${n}`)

for (const lang of ['en', 'ar'] as const) {
  test(`PAY-06 the USDT result says what the ledger credited (base, bonus, the 10 % USDT gift and the first-charge gift) [${lang}]`, async () => {
    const { info } = await item('diamond_0999', 'USDT')
    const t = await app(`/usdtPay?skuInfoId=${info.id}&productId=diamond_0999&source=getcoin`, lang)
    await waitFor(() => !!$('usdt-create'))
    await act(async () => $('usdt-create')!.click())
    await waitFor(() => !!$('usdt-pending'))
    const [order] = (await h.control('GET', '/__harness/pay/orders')).body as Array<{ orderCode: string }>
    await h.control('POST', '/__harness/pay/usdt/settle', { orderCode: order.orderCode, outcome: 'paid' })
    // the settle pushed pay.usdt: the next request (or this one) delivers it
    await t.kernel.api.post('/api/template/getTempLate', {}, { silent: true })
    await waitFor(() => !!$('usdt-credited'), { what: 'the credited line' })
    assert.is(credit(order.orderCode), 4900 + 735 + 490 + 1000)
    shows($('usdt-credited')!.textContent!, credit(order.orderCode), lang)
  })

  test(`PAY-04 the PayPal return page says what the ledger credited (first-charge gift included) [${lang}]`, async () => {
    const { tpl, item: it, info } = await item('diamond_0499', 'PAYPAL')
    const created = await h.api('/api/fuse/v3/createOrder', { skuInfoId: info.id, templateId: tpl.templateId, paymentMethodType: 'PAYPAL', productId: it.productId, frontCallbackUrl: `${h.url}/paystatus?source=getcoin&lang=${lang}`, vipFlag: 0, diamondDetail: info.diamondDetail }, { token: TEST_TOKEN })
    const code = created.data.orderCode as string
    await h.control('POST', '/__harness/pay/approve', { orderCode: code, approve: true })
    const back = new URL(returnUrl(h.ctx, needOrder(h.ctx, code), true))
    await app(`/paystatus${back.search}`, lang)
    await waitFor(() => !!$('pay-status-credited'), { what: 'the credited line' })
    assert.is(credit(code), 2450 + 245 + 500)
    shows($('pay-status-credited')!.textContent!, credit(code), lang)
  })

  test(`PAY-05 the card receipt says what the ledger credited (the 5 % card gift and the first-charge gift) [${lang}]`, async () => {
    // the provider's drop-in posts the test card to the harness, as the served script does
    ;(window as any).HarnessDropIn = {
      mount: (_el: HTMLElement, o: any) => {
        void h.control('POST', '/__harness/pay/card/confirm', { intentId: o.intentId, clientSecret: o.clientSecret, cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }).then((r) => o.onSuccess(r.body))
        return () => {}
      },
    }
    const { item: it, info } = await item('diamond_0499', 'CARD')
    const t = await app('/getcoin', lang)
    let paid: Promise<unknown> | undefined
    await act(async () => {
      paid = rechargeService(t.kernel).pay(it, info, { source: 'getcoin' })
    })
    await waitFor(() => !!$('recharge-receipt-credited'), { what: 'the receipt with the credit' })
    const [order] = (await h.control('GET', '/__harness/pay/orders')).body as Array<{ orderCode: string }>
    assert.is(credit(order.orderCode), 2450 + 245 + 122 + 500)
    shows($('recharge-receipt-credited')!.textContent!, credit(order.orderCode), lang)
    await act(async () => $('recharge-receipt-done')!.click())
    await paid
    delete (window as any).HarnessDropIn
  })

  test(`PAY-07 the store's success tip says what the ledger credited [${lang}]`, async () => {
    const { item: it, info } = await item('diamond_0199', 'APPSTORE')
    const t = await app('/getcoin', lang)
    // the store as the native bridge reaches it: a receipt the harness signs
    t.bridge.purchase = async (p) => (await h.control('POST', '/__harness/store/purchase', p)).body
    const outcome = await act(async () => rechargeService(t.kernel).pay(it, info, { source: 'getcoin' }))
    assert.is(outcome, 'paid')
    const [order] = (await h.control('GET', '/__harness/pay/orders')).body as Array<{ orderCode: string }>
    assert.is(credit(order.orderCode), 1000 + 50 + 200)
    const tip = t.toasts.find((x) => x.type === 'success' && x.text.includes(formatNumber(credit(order.orderCode), lang)))
    assert.ok(tip, `a success tip with ${credit(order.orderCode)}: ${JSON.stringify(t.toasts)}`)
  })
}

test.run()
