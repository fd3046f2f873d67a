// HAR-05: every money scenario (harness/scenarios/money-*.ts) loads and runs on the instant clock,
// and does to the harness what its description promises.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkLedger } from '../../harness/ledger.ts'
import { instantClock, loadScenarios, runScenario } from '../../harness/scenario-runner.ts'
import type { Scenario } from '../../harness/scenario.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { usdtTick } from '../usdt/fake-api.ts'

const VIEWER = 100001
let h: TestHarness
let scenarios: Map<string, Scenario>

test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'recharge', 'usdt', 'vip', 'offers'] })
  scenarios = await loadScenarios()
})
test.after(async () => {
  await h.close()
})
test.before.each(() => {
  h.reset()
  h.sent.length = 0
})

async function play(name: string) {
  const scenario = scenarios.get(name)
  assert.ok(scenario, `no scenario ${name}`)
  const result = await runScenario(scenario!, h.ops, { clock: instantClock() }).done
  assert.is(result.status, 'done')
  assert.ok(result.steps.every((s) => s.ok), JSON.stringify(result.steps))
  return result
}

/** create an order of productId paid with method, as the app does */
async function createOrder(productId: string, method: string, extra: Record<string, unknown> = {}) {
  const tpl = (await h.api('/api/template/getTempLate', {}, { token: TEST_TOKEN })).data
  const item = tpl.skuList.find((s: any) => s.productId === productId)
  const info = item.skuInfoList.find((i: any) => i.payMethodType === method)
  const payload = { skuInfoId: info.id, templateId: tpl.templateId, paymentMethodType: method, productId, frontCallbackUrl: `${h.url}/paystatus`, vipFlag: item.vipFlag, diamondDetail: info.diamondDetail, ...extra }
  return h.api('/api/fuse/v3/createOrder', payload, { token: TEST_TOKEN })
}
const balance = () => h.ctx.userById(VIEWER)!.diamondNum
const credits = (orderCode: string) => (h.ctx.db.get('ledger').value() as any[]).filter((e) => e.key === orderCode)
const orderState = (orderCode: string) => (h.ctx.db.get('payOrders').find({ orderCode }).value() as any).state

test('HAR-05 every money scenario is listed with a description of what to do in the app', () => {
  const money = [...scenarios.values()].filter((s) => s.name.startsWith('money-'))
  assert.ok(money.length >= 8, `only ${money.length} money scenarios`)
  for (const s of money) assert.ok(s.description.length > 60 && /open|\/getcoin|\/wall/i.test(s.description), `${s.name} says what to do in the app`)
})

test('HAR-05 HAR-04 money-paypal-approve approves the pending PayPal order: credited once, 1590', async () => {
  const order = (await createOrder('diamond_0099', 'PAYPAL')).data
  await play('money-paypal-approve')
  assert.is(orderState(order.orderCode), 'paid')
  assert.equal(credits(order.orderCode).map((e) => e.delta), [590])
  assert.is(balance(), 1590)
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
})

test('HAR-05 money-paypal-approve fails its step, naming what to do, when no order is waiting', async () => {
  const result = await runScenario(scenarios.get('money-paypal-approve')!, h.ops, { clock: instantClock() }).done
  const failed = result.steps.find((s) => !s.ok)
  assert.match(failed?.error ?? '', 'tap Recharge in the app first')
})

for (const [outcome, state, status] of [
  ['paid', 'paid', true],
  ['underpaid', 'failed', false],
  ['expired', 'expired', false],
] as const) {
  test(`HAR-05 PAY-06 money-usdt-${outcome} settles a USDT order ${outcome} 10 s after creation and pushes status ${status}`, async () => {
    await play(`money-usdt-${outcome}`)
    const order = (await createOrder('diamond_0999', 'USDT', { chainName: 'TRC20' })).data
    usdtTick(h.ctx, order.thirdCreateTime + 9_000)
    assert.is(orderState(order.orderCode), 'pending', 'not before 10 s')
    usdtTick(h.ctx, order.thirdCreateTime + 10_000)
    assert.is(orderState(order.orderCode), state)
    assert.equal(credits(order.orderCode).map((e) => e.delta), status ? [4900 + 735 + 490 + 1000] : [])
    assert.equal(h.sent.filter((p) => p.pushType === 'pay.usdt').map((p) => p.data), [{ status, orderCode: order.orderCode }])
    assert.ok(checkLedger(h.ctx.db.getState()).ok)
  })
}

test('HAR-05 money-provider-down: two refusals with the message, no order, then an order', async () => {
  await play('money-provider-down')
  for (let i = 0; i < 2; i++) {
    const r = await createOrder('diamond_0199', 'CARD')
    assert.equal([r.body.code, r.body.msg], ['5000', 'pay.provider.unavailable'])
  }
  assert.is((h.ctx.db.get('payOrders').value() as any[]).length, 0)
  assert.is((await createOrder('diamond_0199', 'CARD')).body.code, '0000')
})

test('HAR-05 money-provider-silent holds the next order request past the app time-out', async () => {
  await play('money-provider-silent')
  assert.equal((h.ops.settings().faults as Record<string, unknown>)['/api/fuse/v3/createOrder'], { fail: 1, delayMs: 35_000 })
})

test('HAR-05 money-no-webhook: an approval credits nothing until the return URL or a status query', async () => {
  await play('money-no-webhook')
  const order = (await createOrder('diamond_0099', 'PAYPAL')).data
  await h.control('POST', '/__harness/pay/approve', { orderCode: order.orderCode })
  assert.is(orderState(order.orderCode), 'pending')
  const r = await h.api('/api/fuse/queryOrderStat', { searchValue: order.orderCode }, { token: TEST_TOKEN })
  assert.is(r.data.status, 1)
  assert.is(credits(order.orderCode).length, 1)
})

test('HAR-05 PAY-09 money-special-offer starts a new offer today', async () => {
  const trigger = () => h.api('/api/index/triggerSpecialPopup', { searchValue: 'wall' }, { token: TEST_TOKEN })
  assert.is((await trigger()).data.show, true)
  assert.is((await trigger()).data.show, false, 'once a day')
  await play('money-special-offer')
  assert.is((await trigger()).data.show, true)
})

test('HAR-05 PAY-08 money-vip-expiring makes the test user VIP for 2 more days', async () => {
  await play('money-vip-expiring')
  const shop = (await h.api('/api/wallet/vipGetShopInfo', {}, { token: TEST_TOKEN })).data
  assert.is(shop.vipInfo.isVip, true)
  assert.is(shop.vipInfo['72Hour'], true)
  const left = Date.parse(shop.vipInfo.expireTime) - Date.now()
  assert.ok(left > 47 * 3600_000 && left <= 48 * 3600_000, `${left} ms left`)
})

test.run()
