import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { storePurchase } from '../recharge/fake-api.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'

const NEW_TOKEN = 'new-token-100003'
let h: TestHarness

test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'recharge', 'vip'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(() => h.reset())

async function buy(productId: string, token = TEST_TOKEN) {
  const t = (await h.api('/api/template/getTempLate', {}, { token })).data
  const item = t.skuList.find((s: any) => s.productId === productId)
  const info = item.skuInfoList.find((i: any) => i.payMethodType === 'APPSTORE')
  const r = await h.api('/api/fuse/v3/createOrder', { skuInfoId: info.id, templateId: t.templateId, paymentMethodType: 'APPSTORE', productId, frontCallbackUrl: `${h.url}/vip`, vipFlag: item.vipFlag }, { token })
  if (r.body.code !== '0000') return r
  return h.api('/api/fuse/verifyStoreReceipt', { orderCode: r.data.orderCode, receipt: storePurchase(h.ctx, { orderCode: r.data.orderCode, productId: productId }).receipt }, { token })
}

test('PAY-08 the VIP shop: price, diamonds, call discount, the 7/30/180-day items and privileges in the request language', async () => {
  const shop = (await h.api('/api/wallet/vipGetShopInfo', {}, { token: TEST_TOKEN })).data
  assert.equal([shop.vipPrice, shop.vipDiamond, shop.callDiscount, shop.hasPurchasedVip], [14.99, 3000, 10, false])
  assert.equal(shop.vipTemplateList.map((i: any) => i.vipDays), [7, 30, 180])
  assert.equal(shop.vipInfo, { isVip: false, expireTime: null, '72Hour': false })
  const tpl = (await h.api('/api/template/getVipTemplateData', {}, { token: TEST_TOKEN })).data
  assert.equal([tpl.hasPurchasedVip, tpl.skuList.length], [false, 3])
  const ar = (await h.api('/api/vipPrivileges/getVipPrivileges', {}, { token: TEST_TOKEN, lang: 'ar' })).data
  assert.is(ar.list[0].title, 'خصم 10% على المكالمات الخاصة')
})

test('PAY-08 VIP is refused until another product was bought; after a first recharge it can be bought', async () => {
  const refused = await buy('vip_month', NEW_TOKEN)
  assert.equal([refused.body.code, refused.body.msg], ['5000', 'vip.needs.first.recharge'])
  assert.is((await buy('diamond_0199', NEW_TOKEN)).data.status, 1)
  assert.is((await buy('vip_trialpass', NEW_TOKEN)).data.status, 1)
  assert.is(h.ctx.userById(100003)!.diamondNum, 1250 + 600)
})

test('PAY-08 buying VIP makes the user VIP for vipDays, extends a running VIP, credits vipDiamond and lists the order in the records', async () => {
  const t0 = Date.now()
  assert.is((await buy('vip_trialpass')).data.status, 1)
  const first = Date.parse((h.ctx.userById(100001)!.vipInfo as any).expireTime)
  assert.ok(Math.abs(first - (t0 + 7 * 86_400_000)) < 5000)
  assert.is((await buy('vip_month')).data.status, 1)
  const second = Date.parse((h.ctx.userById(100001)!.vipInfo as any).expireTime)
  assert.is(second - first, 30 * 86_400_000, 'the month starts when the trial pass ends')
  const shop = (await h.api('/api/wallet/vipGetShopInfo', {}, { token: TEST_TOKEN })).data
  assert.equal([shop.vipInfo.isVip, shop.hasPurchasedVip, shop.vipInfo['72Hour']], [true, true, false])
  const rec = (await h.api('/api/vipPrivileges/getVipOrderRecord', { currentPage: 1, pageSize: 10 }, { token: TEST_TOKEN })).data
  assert.equal(rec.list.map((r: any) => [r.productId, r.vipDays, r.diamondNum]), [['vip_month', 30, 3000], ['vip_trialpass', 7, 600]])
  assert.equal(h.ops.ledger(100001).entries.map((e) => [e.reason, e.delta]), [['vip.purchase', 600], ['vip.purchase', 3000]])
})

test('PAY-08 72Hour is set when the VIP ends within 72 hours', async () => {
  h.ctx.db.get('users').find({ userId: 100001 }).assign({ vipInfo: { isVip: true, expireTime: new Date(Date.now() + 48 * 3600_000).toISOString() } }).write()
  const shop = (await h.api('/api/wallet/vipGetShopInfo', {}, { token: TEST_TOKEN })).data
  assert.equal([shop.vipInfo.isVip, shop.vipInfo['72Hour']], [true, true])
})

test.run()
