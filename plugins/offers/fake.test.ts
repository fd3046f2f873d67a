import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { storePurchase } from '../recharge/fake-api.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { triggerSpecial } from './fake.ts'

let h: TestHarness

test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'recharge', 'offers'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(() => h.reset())

test('PAY-09 the special offer starts once a day with specialOffDuration seconds; a second trigger shows nothing but keeps the time left', async () => {
  const first = (await h.api('/api/index/triggerSpecialPopup', { searchValue: 'wall' }, { token: TEST_TOKEN })).data
  assert.equal([first.show, first.specialPopupCount, first.specialOffDuration], [true, 1, 3600])
  assert.equal([first.item.productId, first.item.price, first.item.diamondNum], ['special_offer_0299', 2.99, 3000])
  const user = h.ctx.userById(100001)!
  const later = triggerSpecial(h.ctx, user, 'callEnd', first.specialPopTime + 600_000)
  assert.equal([later.show, later.specialOffDuration, later.specialPopTime], [false, 3000, first.specialPopTime])
  // the next day: a new offer
  const tomorrow = triggerSpecial(h.ctx, user, 'wall', first.specialPopTime + 86_400_000)
  assert.is(tomorrow.show, true)
  assert.is((await h.api('/api/index/triggerSpecialPopup', {}, { token: TEST_TOKEN })).body.msg, 'searchValue (the trigger scene) is required')
})

test('PAY-09 buying the special item ends the offer (0 s left)', async () => {
  await h.api('/api/index/triggerSpecialPopup', { searchValue: 'wall' }, { token: TEST_TOKEN })
  const { item, templateId } = (await h.api('/api/template/getSpecialOfferItem', {}, { token: TEST_TOKEN })).data
  const info = item.skuInfoList.find((i: any) => i.payMethodType === 'APPSTORE')
  const r = await h.api('/api/fuse/v3/createOrder', { skuInfoId: info.id, templateId, paymentMethodType: 'APPSTORE', productId: item.productId, frontCallbackUrl: `${h.url}/wall`, vipFlag: 0 }, { token: TEST_TOKEN })
  await h.api('/api/fuse/verifyStoreReceipt', { orderCode: r.data.orderCode, receipt: storePurchase(h.ctx, { orderCode: r.data.orderCode, productId: item.productId }).receipt }, { token: TEST_TOKEN })
  assert.is((await h.api('/api/template/getSpecialOfferItem', {}, { token: TEST_TOKEN })).data.specialOffDuration, 0)
})

test('PAY-10 discount hosts page by 15 for a discount user; others get the flag false and no list', async () => {
  const p1 = (await h.api('/api/pool/mergeTheDiscountAnchor', { pageNum: 1, pageSize: 15 }, { token: TEST_TOKEN })).data
  assert.equal([p1.discountUser, p1.anchorList.length, p1.isLastPage, p1.lowerAnchor.discountRate], [true, 15, false, 50])
  assert.ok(p1.anchorList.every((a: any) => a.subsidyStatus === 1 && a.discountPrice === Math.floor((a.videoPrice * a.discountRate) / 100)))
  const p2 = (await h.api('/api/pool/mergeTheDiscountAnchor', { pageNum: 2, pageSize: 15 }, { token: TEST_TOKEN })).data
  assert.equal([p2.anchorList.length, p2.isLastPage], [p1.total - 15, true])
  const vip = (await h.api('/api/pool/mergeTheDiscountAnchor', { pageNum: 1, pageSize: 15 }, { token: 'vip-token-100002' })).data
  assert.equal([vip.discountUser, vip.anchorList, vip.isLastPage], [false, [], true])
})

test('PAY-09 PAY-10 the wallOffers setting off starts no offer and lists no discount hosts', async () => {
  h.settings.patch({ wallOffers: false })
  const r = (await h.api('/api/index/triggerSpecialPopup', { searchValue: 'wall' }, { token: TEST_TOKEN })).data
  assert.equal([r.show, r.item, r.specialOffDuration], [false, null, 0])
  const d = (await h.api('/api/pool/mergeTheDiscountAnchor', { pageNum: 1, pageSize: 15 }, { token: TEST_TOKEN })).data
  assert.equal([d.discountUser, d.anchorList], [false, []])
  h.settings.patch({ wallOffers: true })
  assert.is((await h.api('/api/index/triggerSpecialPopup', { searchValue: 'wall' }, { token: TEST_TOKEN })).data.show, true)
})

test.run()
