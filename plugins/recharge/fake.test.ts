import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkLedger } from '../../harness/ledger.ts'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { createOrder, DOUBLE_TAP_MS } from './fake-orders.ts'
import { TEST_CARDS } from './fake-providers.ts'
import { storePurchase } from './fake-store.ts'
import { webhookTick } from './fake-webhook.ts'

const NEW_TOKEN = 'new-token-100003'
const VIEWER = 100001
let h: TestHarness

test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'recharge', 'usdt', 'vip', 'offers'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  h.reset()
  h.sent.length = 0
})

const callback = () => `${h.url}/paystatus?source=getcoin`
async function tpl(token = TEST_TOKEN) {
  return (await h.api('/api/template/getTempLate', {}, { token })).data
}
/** the pay method sku of a product paid a given way */
async function skuInfo(productId: string, method: string, token = TEST_TOKEN) {
  const t = await tpl(token)
  const item = t.skuList.find((s: any) => s.productId === productId)
  const info = item.skuInfoList.find((i: any) => i.payMethodType === method)
  return { t, item, info }
}
async function order(productId: string, method: string, token = TEST_TOKEN, extra: Record<string, unknown> = {}, lang?: string) {
  const { t, item, info } = await skuInfo(productId, method, token)
  const payload = { skuInfoId: info.id, templateId: t.templateId, paymentMethodType: method, productId, frontCallbackUrl: callback(), vipFlag: item.vipFlag, diamondDetail: info.diamondDetail, ...extra }
  return h.api('/api/fuse/v3/createOrder', payload, { token, lang })
}
const balance = (userId = VIEWER) => h.ctx.userById(userId)!.diamondNum
const credits = (userId = VIEWER) => h.ops.ledger(userId).entries.filter((e) => e.reason === 'recharge' || e.reason === 'vip.purchase')
const redirectOf = async (url: string) => {
  const r = await httpRequest(url)
  return { status: r.status, location: String(r.headers.location ?? ''), text: r.text }
}
const returnParams = (location: string) => Object.fromEntries(new URL(location).searchParams)

test('HAR-04 the recharge template has items with skuInfoList, bonuses, first-charge gifts, boughtFlag and VIP items', async () => {
  const t = await tpl()
  assert.is(t.templateId, 11)
  assert.is(t.proxyChargeStatus, 1)
  const d499 = t.skuList.find((s: any) => s.productId === 'diamond_0499')
  assert.equal([d499.price, d499.diamondNum, d499.giveDiamondNum, d499.firstChargeGive, d499.boughtFlag], [4.99, 2450, 245, 500, 0])
  assert.equal(d499.skuInfoList.map((i: any) => i.payMethodType), ['PAYPAL', 'APPLEPAY', 'CARD', 'APPSTORE', 'GOOGLEPLAY', 'UPI', 'USDT'])
  assert.equal(d499.skuInfoList.find((i: any) => i.payMethodType === 'PAYPAL').channelType, 5)
  assert.equal(t.skuList.filter((s: any) => s.vipFlag === 1).map((s: any) => s.vipDays), [7, 30, 180])
  assert.not.ok(t.skuList.some((s: any) => s.productId.startsWith('special')), 'the special offer is not listed')
  assert.is((await h.api('/api/template/getTempLate')).body.code, '4010')
})

test('HAR-04 PayPal: createOrder answers a payUrl; the approval page leads back to frontCallbackUrl signed; credited once with the first-charge gift', async () => {
  const before = balance()
  const r = await order('diamond_0499', 'PAYPAL')
  assert.is(r.body.code, '0000')
  assert.is(r.data.action, 'redirect')
  assert.match(r.data.payUrl, `/__harness/pay/page?order=${r.data.orderCode}`)
  const pageHtml = await httpRequest(r.data.payUrl)
  assert.is(pageHtml.status, 200)
  assert.match(String(pageHtml.headers['content-type']), 'text/html')
  assert.match(pageHtml.text, 'Approve')
  assert.match(pageHtml.text, '$4.99')
  const approve = await redirectOf(`${h.url}/__harness/pay/decide?order=${r.data.orderCode}&approve=1`)
  assert.is(approve.status, 302)
  assert.ok(approve.location.startsWith(`${h.url}/paystatus?source=getcoin&orderCode=${r.data.orderCode}&payStatus=1&sign=`), approve.location)
  // webhook on (default): already credited: 2450 + 245 + first-charge 500
  assert.is(balance(), before + 3195)
  // the return URL and a status query confirm again: nothing more moves
  const ret = await h.api('/api/fuse/payReturn', returnParams(approve.location), { token: TEST_TOKEN })
  assert.equal([ret.data.status, ret.data.state], [1, 'paid'])
  assert.is((await h.api('/api/fuse/queryOrderStat', { searchValue: r.data.orderCode }, { token: TEST_TOKEN })).data.status, 1)
  assert.is(balance(), before + 3195)
  assert.is(credits().length, 1)
  assert.is(credits()[0].key, r.data.orderCode)
  assert.ok(h.sent.some((p) => p.pushType === 'user.balance' && p.data?.orderCode === r.data.orderCode && p.data?.diamondNum === before + 3195))
  // bought once: the flag is set and the next order of that item has no first-charge gift
  assert.is((await tpl()).skuList.find((s: any) => s.productId === 'diamond_0499').boughtFlag, 1)
  const again = await order('diamond_0499', 'PAYPAL')
  await redirectOf(`${h.url}/__harness/pay/decide?order=${again.data.orderCode}&approve=1`)
  assert.is(balance(), before + 3195 + 2695)
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
})

test('HAR-04 SHELL-12 the approval page speaks the buyer\'s language (the order\'s Accept-Language): Arabic right to left, no English left', async () => {
  const ar = await order('diamond_0499', 'PAYPAL', TEST_TOKEN, {}, 'ar')
  assert.match(ar.data.payUrl, '&lang=ar')
  const html = (await httpRequest(ar.data.payUrl)).text
  assert.match(html, '<html lang="ar" dir="rtl">')
  for (const word of ['موافقة', 'إلغاء', 'الطلب', 'بيئة الاختبار']) assert.match(html, word)
  // every word the page shows, bar the brand, the order code, the product id and the price
  const shown = html.replace(/<style>[\s\S]*?<\/style>|<[^>]+>/g, ' ').replace(ar.data.orderCode, '').replace('diamond_0499', '')
  assert.not.ok(/\b(?!PayPal\b)[A-Za-z]{2,}/.test(shown), shown.trim())
  assert.match(html, '<bdi dir="ltr">$4.99</bdi>')
  // a closed order's page speaks it too; an English order's page stays English
  await redirectOf(`${h.url}/__harness/pay/decide?order=${ar.data.orderCode}&approve=1`)
  const closed = (await httpRequest(ar.data.payUrl)).text
  assert.match(closed, 'العودة إلى التطبيق')
  assert.match(closed, 'مدفوع')
  const en = await order('diamond_0199', 'PAYPAL')
  assert.match((await httpRequest(en.data.payUrl)).text, '<html lang="en" dir="ltr">')
  assert.match((await httpRequest(`${h.url}/__harness/pay/page?order=nope&lang=ar`)).text, 'طلب غير معروف')
})

test('HAR-06 without the webhook each confirmation path alone credits once: return URL, status query, or all three', async () => {
  h.ops.settings({ payWebhook: false })
  const before = balance()
  const a = await order('diamond_0199', 'PAYPAL')
  const back = await redirectOf(`${h.url}/__harness/pay/decide?order=${a.data.orderCode}&approve=1`)
  assert.is(balance(), before, 'approval alone does not credit without the webhook')
  await h.api('/api/fuse/payReturn', returnParams(back.location), { token: TEST_TOKEN })
  assert.is(balance(), before + 1250)
  const b = await order('diamond_0999', 'PAYPAL')
  await redirectOf(`${h.url}/__harness/pay/decide?order=${b.data.orderCode}&approve=1`)
  assert.is((await h.api('/api/fuse/queryOrderStat', { searchValue: b.data.orderCode }, { token: TEST_TOKEN })).data.state, 'paid')
  assert.is(balance(), before + 1250 + 6635)
  // all three on one order, in parallel
  const c = await order('diamond_1999', 'PAYPAL')
  const cBack = await redirectOf(`${h.url}/__harness/pay/decide?order=${c.data.orderCode}&approve=1`)
  await Promise.all([
    h.api('/api/fuse/payReturn', returnParams(cBack.location), { token: TEST_TOKEN }),
    h.api('/api/fuse/queryOrderStat', { searchValue: c.data.orderCode }, { token: TEST_TOKEN }),
    h.control('POST', '/__harness/pay/approve', { orderCode: c.data.orderCode }),
  ])
  assert.is(credits().filter((e) => e.key === c.data.orderCode).length, 1)
  assert.is(balance(), before + 1250 + 6635 + 13760)
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
})

test('PAY-04 HAR-06 a lost notification is retried with a doubling delay, as providers do: the late delivery credits once, and a status query in between does not make it twice', async () => {
  h.ops.settings({ payWebhookDrops: 2, payWebhookRetryMs: 1000 })
  const before = balance()
  const a = await order('diamond_0199', 'PAYPAL')
  const code = a.data.orderCode
  await redirectOf(`${h.url}/__harness/pay/decide?order=${code}&approve=1`)
  const due = () => (h.ctx.db.get('payNotifications').value() as Array<{ dueAt: number; attempt: number }>)[0]
  assert.is(balance(), before, 'the first delivery was lost')
  const second = due()
  assert.is(second.attempt, 2)
  webhookTick(h.ctx, second.dueAt - 1)
  assert.is(balance(), before, 'the retry waits its delay')
  webhookTick(h.ctx, second.dueAt)
  assert.is(balance(), before, 'the second delivery was lost too')
  const third = due()
  assert.equal([third.attempt, third.dueAt - second.dueAt], [3, 2000], 'the next retry waits twice as long')
  webhookTick(h.ctx, third.dueAt - 1)
  assert.is(balance(), before)
  webhookTick(h.ctx, third.dueAt)
  assert.is(balance(), before + 1250, 'the third delivery got through')
  assert.is(h.ctx.db.get('payOrders').find({ orderCode: code }).value().confirmedBy, 'webhook-retry')
  // the same, with the app's status query arriving before the late notification
  const b = await order('diamond_0999', 'PAYPAL')
  await redirectOf(`${h.url}/__harness/pay/decide?order=${b.data.orderCode}&approve=1`)
  assert.is((await h.api('/api/fuse/queryOrderStat', { searchValue: b.data.orderCode }, { token: TEST_TOKEN })).data.state, 'paid')
  for (const later of [1000, 3000, 7000, 15000]) webhookTick(h.ctx, Date.now() + later)
  assert.is(credits().filter((e) => e.key === b.data.orderCode).length, 1)
  assert.is(balance(), before + 1250 + 6635)
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
})

test('PAY-04 HAR-06 with the notification lost for good, nothing is credited until the app asks; the retries give up', async () => {
  h.ops.settings({ payWebhook: false, payWebhookRetryMs: 10 })
  const before = balance()
  const a = await order('diamond_0199', 'PAYPAL')
  await redirectOf(`${h.url}/__harness/pay/decide?order=${a.data.orderCode}&approve=1`)
  for (let i = 1; i <= 12; i++) webhookTick(h.ctx, Date.now() + 10 * 2 ** i)
  assert.is(balance(), before)
  assert.equal(h.ctx.db.get('payNotifications').value(), [], 'no retry left')
  assert.is((await h.api('/api/fuse/queryOrderStat', { searchValue: a.data.orderCode }, { token: TEST_TOKEN })).data.status, 1)
  assert.is(balance(), before + 1250)
})

test('HAR-06 a tampered return URL credits nothing; an unapproved order cannot be confirmed paid', async () => {
  h.ops.settings({ payWebhook: false })
  const before = balance()
  const r = await order('diamond_0499', 'PAYPAL')
  const back = await redirectOf(`${h.url}/__harness/pay/decide?order=${r.data.orderCode}&approve=1`)
  const params = returnParams(back.location)
  const bad = await h.api('/api/fuse/payReturn', { ...params, sign: params.sign.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }, { token: TEST_TOKEN })
  assert.equal([bad.body.code, bad.body.msg], ['5000', 'sign.invalid'])
  // a "paid" status signed for another order does not carry over
  const other = await order('diamond_0999', 'PAYPAL')
  const forged = await h.api('/api/fuse/payReturn', { ...params, orderCode: other.data.orderCode }, { token: TEST_TOKEN })
  assert.is(forged.body.msg, 'sign.invalid')
  assert.is(balance(), before)
  assert.is(credits().length, 0)
})

test('HAR-04 HAR-06 every provider confirmation is bound: signed with a secret the app lacks, to its user and order; forged, replayed and cross-user ones credit nothing', async () => {
  h.ops.settings({ payWebhook: false })
  const { createHmac } = await import('node:crypto')
  const cfg = (await import('../../harness/seed.ts')).fixture<{ cipherKey: string }>('harness-config.json')
  // what anyone holding the app's cipher key could compute (the old signing key)
  const appSign = (text: string) => createHmac('sha256', `${cfg.cipherKey}:payments`).update(text).digest('hex').slice(0, 32)
  const before = balance()
  const pp = await order('diamond_0499', 'PAYPAL')
  const code = pp.data.orderCode
  for (const sign of [appSign(`return:${code}:1`), appSign(`return:${code}:${VIEWER}:1`), '', 'x'.repeat(32), null]) {
    assert.is((await h.api('/api/fuse/payReturn', { orderCode: code, payStatus: '1', sign }, { token: TEST_TOKEN })).body.msg, 'sign.invalid')
  }
  const back = returnParams((await redirectOf(`${h.url}/__harness/pay/decide?order=${code}&approve=1`)).location)
  assert.is((await h.api('/api/fuse/payReturn', back, { token: 'vip-token-100002' })).body.msg, `no order ${code}`, 'another user')
  assert.is((await h.api('/api/fuse/payReturn', { ...back, payStatus: '0' }, { token: TEST_TOKEN })).body.msg, 'sign.invalid', 'an altered status')
  assert.is(balance(), before)
  assert.is((await h.api('/api/fuse/payReturn', back, { token: TEST_TOKEN })).data.status, 1)
  for (let i = 0; i < 3; i++) assert.is((await h.api('/api/fuse/payReturn', back, { token: TEST_TOKEN })).data.status, 1, 'a replay answers the state')
  assert.is(credits().length, 1, 'credited once')
  // a return signature never confirms an order paid another way
  const usdt = await order('diamond_0499', 'USDT', TEST_TOKEN, { chainName: 'TRC20' })
  assert.is((await h.api('/api/fuse/payReturn', { ...back, orderCode: usdt.data.orderCode }, { token: TEST_TOKEN })).body.msg, `order ${usdt.data.orderCode} is not paid on a provider page`)
  assert.is((await h.api('/api/fuse/queryUsdtOrderStat', { searchValue: usdt.data.orderCode }, { token: 'vip-token-100002' })).body.msg, `no order ${usdt.data.orderCode}`, 'nor another user queries it')
  // the card intent: a client secret the app could compute, another order's secret, a replay
  h.ops.settings({ payWebhook: true })
  const card = await order('diamond_0999', 'CARD')
  const card2 = await order('diamond_0199', 'CARD')
  const confirm = (clientSecret: unknown, intentId = card.data.awxObj.id) => h.control('POST', '/__harness/pay/card/confirm', { intentId, clientSecret, cardNumber: TEST_CARDS.success, expiry: '12/39', cvc: '123' })
  for (const secret of [appSign(`intent:${card.data.orderCode}`), card2.data.awxObj.client_secret, '', undefined, { $ne: 1 }]) {
    assert.equal((await confirm(secret)).body, { error: 'client secret does not match the payment intent' })
  }
  const paid = (await confirm(card.data.awxObj.client_secret)).body
  assert.is(paid.status, 'succeeded')
  assert.is((await confirm(card.data.awxObj.client_secret)).body.transactionId, paid.transactionId, 'a replay answers the same payment')
  assert.is(credits().length, 2)
  assert.is(balance(), before + 3195 + credits()[1].delta)
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
})

test('HAR-04 Cancel at the provider goes back with payStatus 0 and closes the order; nothing is credited', async () => {
  const before = balance()
  const r = await order('diamond_0499', 'PAYPAL')
  const back = await redirectOf(`${h.url}/__harness/pay/decide?order=${r.data.orderCode}&approve=0`)
  assert.is(returnParams(back.location).payStatus, '0')
  const ret = await h.api('/api/fuse/payReturn', returnParams(back.location), { token: TEST_TOKEN })
  assert.equal([ret.data.status, ret.data.state], [0, 'cancelled'])
  assert.match((await httpRequest(r.data.payUrl)).text, 'This order is cancelled')
  assert.is(balance(), before)
})

test('HAR-06 a double-tapped createOrder with the same sku within the window is one order', async () => {
  const [a, b] = await Promise.all([order('diamond_0499', 'CARD'), order('diamond_0499', 'CARD')])
  assert.is(a.data.orderCode, b.data.orderCode)
  const user = h.ctx.userById(VIEWER)!
  // with a controlled clock, on an item not ordered yet
  const { t, info } = await skuInfo('diamond_0999', 'CARD')
  const payload = { skuInfoId: info.id, templateId: t.templateId, paymentMethodType: 'CARD', productId: 'diamond_0999', frontCallbackUrl: callback(), vipFlag: 0 }
  const now = Date.now()
  const first = createOrder(h.ctx, user, payload, now)
  assert.is(createOrder(h.ctx, user, payload, now + DOUBLE_TAP_MS - 1).orderCode, first.orderCode)
  assert.is.not(createOrder(h.ctx, user, payload, now + DOUBLE_TAP_MS).orderCode, first.orderCode)
  // another pay method of the same item is another order
  const other = await order('diamond_0499', 'PAYPAL')
  assert.is.not(other.data.orderCode, a.data.orderCode)
})

test('HAR-04 createOrder refuses bad payloads with a clear message', async () => {
  const { t, info } = await skuInfo('diamond_0499', 'PAYPAL')
  const base = { skuInfoId: info.id, templateId: t.templateId, paymentMethodType: 'PAYPAL', productId: 'diamond_0499', frontCallbackUrl: callback(), vipFlag: 0 }
  const msg = async (p: object) => (await h.api('/api/fuse/v3/createOrder', p, { token: TEST_TOKEN })).body.msg
  assert.is(await msg({ ...base, skuInfoId: undefined }), 'skuInfoId is required')
  assert.is(await msg({ ...base, skuInfoId: 99999 }), 'no pay method sku 99999')
  assert.is(await msg({ ...base, paymentMethodType: 'CARD' }), `pay method sku ${info.id} is PAYPAL, not CARD`)
  assert.is(await msg({ ...base, frontCallbackUrl: 'javascript:alert(1)' }), 'frontCallbackUrl must be an http(s) URL')
  assert.is(await msg({ ...base, diamondDetail: '1+1' }), 'price.changed: reload the recharge list')
  assert.is(await msg({ ...base, templateId: 3 }), 'template.changed: template 3 is out of date; reload the recharge list')
  assert.is((await h.ctx.db.get('payOrders').value()).length, 0)
})

test('HAR-04 card drop-in: the script is served; test cards succeed, are declined or fail; bad input is named', async () => {
  const before = balance()
  const r = await order('diamond_0999', 'CARD')
  assert.is(r.data.action, 'dropin')
  const awx = r.data.awxObj
  assert.equal([awx.currency, awx.amount, awx.paymentAmount, awx.return_url, awx.methods], ['USD', 9.99, 9.99, callback(), ['card']])
  const script = await httpRequest(awx.scriptUrl)
  assert.match(String(script.headers['content-type']), 'javascript')
  assert.match(script.text, 'window.HarnessDropIn')
  const confirm = (card: string, extra: object = {}) =>
    h.control('POST', '/__harness/pay/card/confirm', { intentId: awx.id, clientSecret: awx.client_secret, cardNumber: card, expiry: '12/39', cvc: '123', ...extra })
  assert.equal((await confirm('4242 4242 4242 4241')).body, { error: 'Card number is invalid' })
  assert.equal((await confirm(TEST_CARDS.success, { expiry: '01/20' })).body, { error: 'Card has expired' })
  assert.equal((await confirm(TEST_CARDS.success, { cvc: '1' })).body, { error: 'Security code must be 3 or 4 digits' })
  assert.equal((await confirm(TEST_CARDS.success, { clientSecret: 'nope' })).body, { error: 'client secret does not match the payment intent' })
  assert.equal((await confirm(TEST_CARDS.declined)).body, { status: 'declined', message: 'Your card was declined', orderCode: r.data.orderCode })
  assert.equal((await confirm(TEST_CARDS.insufficientFunds)).body.status, 'failed')
  assert.is(balance(), before)
  const ok = (await confirm(TEST_CARDS.success)).body
  assert.is(ok.status, 'succeeded')
  assert.match(ok.transactionId, /^TXN[0-9A-F]{12}$/)
  // 4900 + 735 + card gift 5 % (245) + first charge 1000
  assert.is(balance(), before + 6880)
  assert.is((await confirm(TEST_CARDS.success)).body.transactionId, ok.transactionId, 'a repeated confirmation answers the same payment')
  assert.is(credits().length, 1)
})

test('HAR-04 app-store items: the store signed receipt credits once; forged, altered, replayed, cross-user or cross-order receipts credit nothing', async () => {
  const before = balance()
  const r = await order('diamond_0199', 'APPSTORE')
  assert.equal([r.data.action, r.data.productId], ['store', 'diamond_0199'])
  const verify = (receipt: unknown, orderCode = r.data.orderCode, token = TEST_TOKEN) => h.api('/api/fuse/verifyStoreReceipt', { orderCode, receipt }, { token })
  // made up by a client: the old fake format, junk, the right shape with a guessed signature
  const forged = [`harness-receipt:${r.data.orderCode}`, '', null, 42, { tid: 1 }, 'hsr1..', 'hsr1.e30.00', `hsr1.${Buffer.from(JSON.stringify({ tid: 'x', orderCode: r.data.orderCode, productId: 'diamond_0199', userId: VIEWER })).toString('base64url')}.${'0'.repeat(64)}`, 'x'.repeat(5000)]
  for (const receipt of forged) assert.is((await verify(receipt)).body.msg, 'receipt.invalid', String(receipt).slice(0, 40))
  assert.is(storePurchase(h.ctx, { orderCode: r.data.orderCode, productId: 'diamond_0199' }).receipt.split('.').length, 3)
  const { receipt } = storePurchase(h.ctx, { orderCode: r.data.orderCode, productId: 'diamond_0199' })
  // altered: one character of the payload or of the signature changed
  const [p, body, sig] = receipt.split('.')
  const flip = (t: string) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A')
  assert.is((await verify(`${p}.${flip(body)}.${sig}`)).body.msg, 'receipt.invalid')
  assert.is((await verify(`${p}.${body}.${flip(sig)}`)).body.msg, 'receipt.invalid')
  // another user: not their order, nor their receipt for an order of theirs
  assert.is((await verify(receipt, r.data.orderCode, 'vip-token-100002')).body.msg, `no order ${r.data.orderCode}`)
  const theirs = await order('diamond_0199', 'APPSTORE', 'vip-token-100002')
  assert.is((await verify(receipt, theirs.data.orderCode, 'vip-token-100002')).body.msg, 'receipt.user.mismatch')
  // this user's other order
  const other = await order('diamond_0499', 'APPSTORE')
  assert.is((await verify(receipt, other.data.orderCode)).body.msg, 'receipt.order.mismatch')
  assert.is(balance(), before, 'nothing credited so far')
  const ok = await verify(receipt)
  assert.equal([ok.data.status, ok.data.diamondNum], [1, 1250])
  assert.is((await verify(receipt)).body.msg, 'receipt.used', 'a replay is refused')
  assert.is(balance(), before + 1250)
  assert.is(h.sent.filter((s) => s.pushType === 'user.balance').length, 1)
  // the store sells only the order's product, to a pending order
  assert.throws(() => storePurchase(h.ctx, { orderCode: other.data.orderCode, productId: 'diamond_9999' }), /sells diamond_0499/)
  assert.throws(() => storePurchase(h.ctx, { orderCode: r.data.orderCode, productId: 'diamond_0199' }), /is paid/)
})

test('HAR-04 the store is reached the way the native bridge does (POST /__harness/store/purchase)', async () => {
  const r = await order('diamond_0199', 'APPSTORE')
  const bought = await h.control('POST', '/__harness/store/purchase', { orderCode: r.data.orderCode, productId: 'diamond_0199' })
  assert.is(bought.status, 200)
  assert.is((await h.api('/api/fuse/verifyStoreReceipt', { orderCode: r.data.orderCode, receipt: bought.body.receipt }, { token: TEST_TOKEN })).data.status, 1)
  assert.is((await h.control('POST', '/__harness/store/purchase', { orderCode: 'ORDNOPE', productId: 'x' })).body.error, 'no order ORDNOPE')
})

test('PAY-01 diamond records come from the ledger, newest first, with the reason (the app words it) and who it was about', async () => {
  const r = await order('diamond_0199', 'APPSTORE')
  await h.api('/api/fuse/verifyStoreReceipt', { orderCode: r.data.orderCode, receipt: storePurchase(h.ctx, { orderCode: r.data.orderCode, productId: 'diamond_0199' }).receipt }, { token: TEST_TOKEN })
  h.ops.setBalance(VIEWER, 100)
  const en = (await h.api('/api/diamondhistroy/queryList', { currentPage: 1, pageSize: 10 }, { token: TEST_TOKEN })).data
  assert.equal(en.list.map((e: any) => [e.type, e.reason]), [[2, 'harness.adjust'], [1, 'recharge']])
  assert.is(en.list[1].diamondNum, 1250)
  assert.is(en.list[1].orderCode, r.data.orderCode)
  assert.is(en.list[1].peerName, null)
  const host = (h.ctx.db.get('users').value() as any[]).find((u) => u.userType === 2)
  h.ctx.move(VIEWER, -10, 'call', { key: 'c1:0', peerId: host.userId })
  const again = (await h.api('/api/diamondhistroy/queryList', {}, { token: TEST_TOKEN })).data
  assert.equal([again.list[0].reason, again.list[0].peerName], ['call', host.nickname])
})

test('PAY-07 recharge status (-2) answers the latest order; a first payment makes a pay user and finishes the forced payment', async () => {
  assert.equal((await h.api('/api/user/queryUserIsPayUser', {}, { token: NEW_TOKEN })).data, { isPayUser: false, firstPayTime: null })
  assert.is((await h.api('/api/fuse/rechargeStatus', { searchValue: -2 }, { token: NEW_TOKEN })).data.lastOrder, null)
  const r = await order('diamond_0099', 'PAYPAL', NEW_TOKEN)
  await redirectOf(`${h.url}/__harness/pay/decide?order=${r.data.orderCode}&approve=1`)
  const status = (await h.api('/api/fuse/rechargeStatus', { searchValue: -2 }, { token: NEW_TOKEN })).data
  assert.equal([status.hasRecharged, status.lastOrder.orderCode, status.diamondNum], [true, r.data.orderCode, 590])
  assert.is((await h.api('/api/user/queryUserIsPayUser', {}, { token: NEW_TOKEN })).data.isPayUser, true)
  assert.is(h.ctx.userById(100003)!.forcePayFinished, true)
  assert.is((await h.api('/api/fuse/rechargeStatus', { searchValue: 1 }, { token: NEW_TOKEN })).body.msg, 'searchValue must be -2 (the latest order)')
})

test('PAY-11 the seller list and the recommended recharge list', async () => {
  const sellers = (await h.api('/api/agent/getAgentUserList', {}, { token: TEST_TOKEN, lang: 'ar' })).data
  assert.is(sellers.proxyChargeStatus, 1)
  assert.is(sellers.list.length, 5)
  assert.is(sellers.list[0].nickname, 'بيت الألماس')
  const common = (await h.api('/api/wallet/guide/getCommonRechargeV2', {}, { token: TEST_TOKEN })).data
  assert.equal(common.list.map((i: any) => i.price), [1.99, 4.99, 9.99])
  assert.match(common.tipText, 'UP TO 20%')
})

test.run()
