import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkLedger } from '../../harness/ledger.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { USDT_EXPIRE_MS } from '../recharge/fake-api.ts'
import { usdtTick } from './fake.ts'

const VIEWER = 100001
let h: TestHarness

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

async function usdtOrder(productId = 'diamond_0999', chainName = 'TRC20') {
  const t = (await h.api('/api/template/getTempLate', {}, { token: TEST_TOKEN })).data
  const item = t.skuList.find((s: any) => s.productId === productId)
  const info = item.skuInfoList.find((i: any) => i.payMethodType === 'USDT')
  const payload = { skuInfoId: info.id, templateId: t.templateId, paymentMethodType: 'USDT', productId, frontCallbackUrl: `${h.url}/usdtPay/pay-status`, vipFlag: 0, chainName, diamondDetail: info.diamondDetail }
  return h.api('/api/fuse/v3/createOrder', payload, { token: TEST_TOKEN })
}
const balance = () => h.ctx.userById(VIEWER)!.diamondNum
const usdtPushes = () => h.sent.filter((p) => p.pushType === 'pay.usdt')
const stat = async (orderCode: string) => (await h.api('/api/fuse/queryUsdtOrderStat', { searchValue: orderCode }, { token: TEST_TOKEN })).data

test('PAY-06 a USDT order has an address, an amount with 2 decimals and an expiry; pending (2) until settled', async () => {
  const r = await usdtOrder()
  assert.is(r.data.action, 'usdt')
  assert.match(r.data.usdt.address, /^T[1-9A-HJ-NP-Za-km-z]{33}$/)
  assert.is(r.data.usdt.amount, '9.99')
  assert.is(r.data.usdt.chainName, 'TRC20')
  assert.is(r.data.usdt.expireTime - r.data.thirdCreateTime, USDT_EXPIRE_MS)
  assert.match((await usdtOrder('diamond_1999', 'ERC20')).data.usdt.address, /^0x[0-9a-f]{40}$/)
  assert.is((await stat(r.data.orderCode)).status, 2)
  const bad = await usdtOrder('diamond_0499', 'BTC')
  assert.is(bad.body.msg, 'chainName must be one of TRC20, ERC20')
})

test('PAY-06 paid: credited once, pay.usdt {status: true, orderCode} pushed, the status query answers 1', async () => {
  const before = balance()
  const r = await usdtOrder()
  const settled = await h.control('POST', '/__harness/pay/usdt/settle', { orderCode: r.data.orderCode, outcome: 'paid' })
  assert.is(settled.body.status, 1)
  assert.equal(usdtPushes().map((p) => [p.userId, p.data]), [[VIEWER, { status: true, orderCode: r.data.orderCode }]])
  // 4900 + 735 + USDT gift 10 % (490) + first charge 1000
  assert.is(balance(), before + 7125)
  assert.is((await stat(r.data.orderCode)).status, 1)
  await h.control('POST', '/__harness/pay/usdt/settle', { orderCode: r.data.orderCode, outcome: 'paid' })
  assert.is(balance(), before + 7125)
  assert.is(usdtPushes().length, 1, 'a settled order is not pushed again')
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
})

test('PAY-06 underpaid and expired: pay.usdt {status: false}, status 0, nothing credited', async () => {
  const before = balance()
  const a = await usdtOrder()
  const b = await usdtOrder('diamond_1999')
  await h.control('POST', '/__harness/pay/usdt/settle', { orderCode: a.data.orderCode, outcome: 'underpaid' })
  await h.control('POST', '/__harness/pay/usdt/settle', { orderCode: b.data.orderCode, outcome: 'expired' })
  assert.equal(usdtPushes().map((p) => p.data), [{ status: false, orderCode: a.data.orderCode }, { status: false, orderCode: b.data.orderCode }])
  const sa = await stat(a.data.orderCode)
  assert.equal([sa.status, sa.state], [0, 'failed'])
  assert.match(sa.reason, 'underpaid: received 8.99 of 9.99 USDT')
  assert.is((await stat(b.data.orderCode)).state, 'expired')
  assert.is(balance(), before)
  const wrong = await h.control('POST', '/__harness/pay/usdt/settle', { orderCode: a.data.orderCode, outcome: 'maybe' })
  assert.equal([wrong.status, wrong.body.error], [400, 'outcome must be one of paid, underpaid, expired'])
})

test('PAY-06 the timer expires overdue orders and, when asked, settles after usdtAutoSettleMs', async () => {
  const a = await usdtOrder()
  const created = a.data.thirdCreateTime
  usdtTick(h.ctx, created + 60_000)
  assert.is((await stat(a.data.orderCode)).status, 2, 'auto-settle is off by default')
  usdtTick(h.ctx, created + USDT_EXPIRE_MS)
  assert.is((await stat(a.data.orderCode)).state, 'expired')
  h.ops.settings({ usdtAutoSettle: 'paid', usdtAutoSettleMs: 5000 })
  const b = await usdtOrder('diamond_1999')
  usdtTick(h.ctx, b.data.thirdCreateTime + 4999)
  assert.is((await stat(b.data.orderCode)).status, 2)
  usdtTick(h.ctx, b.data.thirdCreateTime + 5000)
  assert.is((await stat(b.data.orderCode)).status, 1)
  assert.equal((await h.control('GET', '/__harness/pay/usdt/pending')).body, [])
})

test.run()
