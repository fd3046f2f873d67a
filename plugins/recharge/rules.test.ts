import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seedTemplate } from './fake-catalog.ts'
import {
  bestDiscount,
  tipWithPercent,
  autoMethod, canPay, DEFAULT_METHOD_ORDER, methodWeights, offeredItems, sheetPage, sheetPageCount, showPayButton, showSellerList, sortMethods, sourceOf, tipLeftMs, TIP_COUNTDOWN_MS,
  visibleMethods, channelName, storeVipRefused, vipRefusal,
} from './rules.ts'
import { methodGift } from './amounts.ts'
import { ChannelType } from './api.ts'
import { clock, discountPercent, extraPercent, priceCut, recommendedTotal } from './amounts.ts'
import { harnessShell, nativeCapabilities } from './shell-pay.ts'
import { memoryStorage } from '../../kernel/storage.ts'

const item = (o: Partial<{ price: number; diamondNum: number; giveDiamondNum: number; firstChargeGive: number; boughtFlag: 0 | 1; vipFlag: 0 | 1 }> = {}) => ({
  price: 4.99, diamondNum: 2450, giveDiamondNum: 245, firstChargeGive: 500, boughtFlag: 0 as 0 | 1, vipFlag: 0 as 0 | 1, ...o,
})

test('PAY-02 the recommended total is diamonds + bonus + the first-charge gift only while not bought', () => {
  assert.is(recommendedTotal(item()), 3195)
  assert.is(recommendedTotal(item({ boughtFlag: 1 })), 2695)
  assert.is(recommendedTotal(item({ giveDiamondNum: 0, firstChargeGive: 0 })), 2450)
})

test('PAY-02 the discount percent is floor((total / price / 490 - 1) x 100): extra value, shown (as +N%) only above 0', () => {
  assert.is(discountPercent(3195, 4.99), 30)
  assert.is(discountPercent(2695, 4.99), 10)
  assert.is(discountPercent(1470, 3), 0, 'exactly the baseline: 0, not -1 from float error')
  assert.is(discountPercent(400, 1), -19)
  assert.is(discountPercent(100, 0), 0)
  assert.is(extraPercent(item()), 30)
  assert.is(extraPercent(item({ diamondNum: 490, price: 1, giveDiamondNum: 0, firstChargeGive: 0 })), 0, 'at the baseline nothing is shown')
  assert.is(extraPercent(item({ diamondNum: 400, price: 1, giveDiamondNum: 0, firstChargeGive: 0 })), 0, 'below it neither')
})

test('PAY-02 the cut of a crossed-out price matches the two prices: 6.99 -> 4.99 is 29 %', () => {
  assert.is(priceCut(4.99, 6.99), 29)
  assert.is(priceCut(2.99, 9.99), 70)
  assert.is(priceCut(4.99, 4.99), 0)
  assert.is(priceCut(4.99, 0), 0)
  for (const s of seedTemplate().skuList) {
    const cut = priceCut(s.price, s.originalPrice)
    assert.ok(Math.abs(s.originalPrice * (1 - cut / 100) - s.price) <= s.originalPrice * 0.005, `${s.productId}: ${cut}% off ${s.originalPrice} is about ${s.price}`)
  }
})

test('PAY-02 the tip promises the best discount of the tiles under it, by the same rule; a configured tip gets that figure too', () => {
  const items = seedTemplate().skuList.filter((s) => !s.specialFlag).map((s) => ({ ...s, boughtFlag: 0 as const }))
  assert.is(bestDiscount(items), 50)
  assert.is(bestDiscount(items), Math.max(...items.filter((i) => !i.vipFlag).map((i) => extraPercent(i))))
  assert.is(bestDiscount(items.map((i) => ({ ...i, boughtFlag: 1 as const }))), 30, 'first-charge gifts used up: a smaller promise')
  assert.is(bestDiscount([]), 0)
  assert.is(tipWithPercent('Get UP TO 20% more today', '50%'), 'Get UP TO 50% more today')
  assert.is(tipWithPercent('احصل على ما يصل إلى 20 % أكثر', '٥٠٪'), 'احصل على ما يصل إلى ٥٠٪ أكثر')
})

test('PAY-02 the tip countdown runs 10 minutes and restarts', () => {
  const t0 = 1_000_000
  assert.is(tipLeftMs(t0, t0), TIP_COUNTDOWN_MS)
  assert.is(clock(tipLeftMs(t0, t0)), '10:00')
  assert.is(clock(tipLeftMs(t0, t0 + 61_000)), '08:59')
  assert.is(tipLeftMs(t0, t0 + TIP_COUNTDOWN_MS - 1), 1)
  assert.is(tipLeftMs(t0, t0 + TIP_COUNTDOWN_MS), TIP_COUNTDOWN_MS, 'at zero it starts again')
  assert.is(clock(tipLeftMs(t0, t0 + 2 * TIP_COUNTDOWN_MS + 30_000)), '09:30')
})

test('PAY-01 the sheet shows items 1-3 on page 1 and 4-6 on page 2', () => {
  const items = [1, 2, 3, 4, 5, 6, 7]
  assert.equal(sheetPage(items, 1), [1, 2, 3])
  assert.equal(sheetPage(items, 2), [4, 5, 6])
  assert.equal(sheetPage(items, 3), [4, 5, 6], 'there is no page 3')
  assert.is(sheetPageCount(items), 2)
  assert.is(sheetPageCount([1, 2]), 1)
  assert.is(sheetPageCount([]), 0)
})

test('PAY-01 in a call only prices of at least 4.99; VIP users get the plain list, others the list with VIP items', () => {
  const list = seedTemplate().skuList.filter((s) => !s.specialFlag)
  assert.equal(offeredItems(list, { inCall: true }).map((i) => i.price), [4.99, 9.99, 19.99, 49.99, 99.99, 4.99, 14.99, 59.99])
  assert.is(offeredItems(list).length, 10)
  assert.ok(offeredItems(list, { isVip: true }).every((i) => i.vipFlag === 0))
  assert.is(offeredItems(list, { isVip: true }).length, 7)
})

test('PAY-01 a single pay method skips the selector; the button waits for an item and a method', () => {
  assert.is(autoMethod(['PAYPAL']), 'PAYPAL')
  assert.is(autoMethod(['PAYPAL', 'CARD']), null)
  assert.is(autoMethod([]), null)
  assert.is(canPay({}, null), false)
  assert.is(canPay({}, {}), true)
  assert.is(canPay({}, {}, true), false, 'not while an order is being created')
})

test('PAY-04 the nine channel types and the default order and weights', () => {
  assert.equal(Object.entries(ChannelType), [['HNPAYMAX', 1], ['AIRWALLEX', 2], ['EPAY', 3], ['UPI', 4], ['PAYPAL', 5], ['LIVPAY', 6], ['IOS', 7], ['GOOGLE', 8], ['HAIPAY', 9]])
  assert.is(channelName(7), 'IOS')
  assert.is(channelName(10), null)
  assert.equal([...DEFAULT_METHOD_ORDER], ['PAYPAL', 'APPLEPAY', 'CARD', 'APPSTORE'])
  const m = (payMethodType: string, recommedFlag: 0 | 1 = 0, recentFlag: 0 | 1 = 0) => ({ payMethodType, recommedFlag, recentFlag })
  const methods = [m('USDT'), m('CARD'), m('APPSTORE'), m('PAYPAL'), m('UPI', 1), m('APPLEPAY')]
  assert.equal(sortMethods(methods, methodWeights(null)).map((x) => x.payMethodType), ['PAYPAL', 'APPLEPAY', 'CARD', 'APPSTORE', 'UPI', 'USDT'])
  assert.equal(sortMethods(methods, methodWeights('CARD,USDT')).map((x) => x.payMethodType), ['CARD', 'USDT', 'UPI', 'APPSTORE', 'PAYPAL', 'APPLEPAY'])
  assert.equal(sortMethods(methods, methodWeights('PAYPAL:1, usdt:9, CARD:5')).map((x) => x.payMethodType).slice(0, 3), ['USDT', 'CARD', 'PAYPAL'])
})

test('PAY-08 VIP or third-party payment hides app-store and Google; PayPal hides in calls and live rooms', () => {
  const methods = seedTemplate().skuList.find((s) => s.productId === 'diamond_0499')!.skuInfoList
  const names = (c: object) => visibleMethods(methods, c).map((x) => x.payMethodType)
  assert.equal(names({}), ['PAYPAL', 'APPLEPAY', 'CARD', 'APPSTORE', 'GOOGLEPLAY', 'UPI', 'USDT'])
  assert.equal(names({ vip: true }), ['PAYPAL', 'APPLEPAY', 'CARD', 'UPI', 'USDT'])
  assert.equal(names({ thirdParty: true }), ['PAYPAL', 'APPLEPAY', 'CARD', 'UPI', 'USDT'])
  assert.equal(names({ inCall: true }), ['APPLEPAY', 'CARD', 'APPSTORE', 'GOOGLEPLAY', 'UPI', 'USDT'])
  assert.equal(names({ inLive: true, vip: true }), ['APPLEPAY', 'CARD', 'UPI', 'USDT'])
})

test('PAY-04 a store only inside its native shell, Apple Pay only where it exists', () => {
  const methods = seedTemplate().skuList.find((s) => s.productId === 'diamond_0499')!.skuInfoList
  const names = (shell: { store: string | null; applePay: boolean }) => visibleMethods(methods, { shell }).map((x) => x.payMethodType)
  assert.equal(names({ store: null, applePay: false }), ['PAYPAL', 'CARD', 'UPI', 'USDT'], 'a plain browser')
  assert.equal(names({ store: 'APPSTORE', applePay: true }), ['PAYPAL', 'APPLEPAY', 'CARD', 'APPSTORE', 'UPI', 'USDT'], 'the iOS shell')
  assert.equal(names({ store: 'GOOGLEPLAY', applePay: false }), ['PAYPAL', 'CARD', 'GOOGLEPLAY', 'UPI', 'USDT'], 'the Android shell')
  // what the page says about where it runs
  assert.equal(nativeCapabilities({}), { store: null, applePay: false }, 'a plain browser')
  assert.equal(nativeCapabilities({ webkit: { messageHandlers: { bridge: {} } }, ApplePaySession: { canMakePayments: () => true } }), { store: 'APPSTORE', applePay: true })
  assert.equal(nativeCapabilities({ NativeBridge: { purchase: () => {} } }), { store: 'GOOGLEPLAY', applePay: false })
  assert.equal(nativeCapabilities({ ApplePaySession: { canMakePayments: () => { throw new Error('insecure') } } }), { store: null, applePay: false })
  const storage = memoryStorage()
  assert.is(harnessShell({ location: { search: '' }, sessionStorage: storage }), 'ios', 'the harness plays iOS by default')
  assert.is(harnessShell({ location: { search: '?shell=browser' }, sessionStorage: storage }), 'browser')
  assert.is(harnessShell({ location: { search: '' }, sessionStorage: storage }), 'browser', 'kept for the tab')
  assert.is(methodGift({ diamondNum: 4900 }, { payMethodGiftRatio: 5 }), 245)
})

test('PAY-11 the seller list shows only with proxy charge on, for a paid user, outside live rooms, calls and half-screen games', () => {
  const scene = { call: false, live: false }
  assert.is(showSellerList({ proxyChargeStatus: 1, isPayUser: true, scene }), true)
  assert.is(showSellerList({ proxyChargeStatus: 0, isPayUser: true, scene }), false)
  assert.is(showSellerList({ proxyChargeStatus: 1, isPayUser: false, scene }), false)
  assert.is(showSellerList({ proxyChargeStatus: 1, isPayUser: true, scene: { ...scene, call: true } }), false)
  assert.is(showSellerList({ proxyChargeStatus: 1, isPayUser: true, scene: { ...scene, live: true } }), false)
  assert.is(showSellerList({ proxyChargeStatus: 1, isPayUser: true, scene: { ...scene, halfGame: true } }), false)
})

test('SHELL-15 the floating pay button: not on / or /message, only on payment_portal paths', () => {
  const portal = '/wall,/moments,/user,/getcoin,/message,/'
  assert.is(showPayButton('/wall', 'wall', portal), true)
  assert.is(showPayButton('/', 'home', portal), false)
  assert.is(showPayButton('/message', 'message', portal), false)
  assert.is(showPayButton('/detail', undefined, portal), false)
  assert.is(showPayButton('/wall', 'wall', null), false)
  assert.is(sourceOf('/wall'), 'wall')
})



test('PAY-07 after a recharge: a VIP item closes the VIP popup; otherwise flag, refreshes, status call, and the store tip on iOS', async () => {
  const { successEffects } = await import('./rules.ts')
  assert.equal(successEffects({ vipFlag: 1 }, { channelType: 5 }), ['closeVipPopup', 'rechargeStatus'])
  assert.equal(successEffects({ vipFlag: 0 }, { channelType: 5 }), ['setRechargeFlag', 'refreshLevel', 'refreshProfile', 'refreshTags', 'refreshGames', 'refreshBanners', 'rechargeStatus'])
  assert.ok(successEffects({ vipFlag: 0 }, { channelType: 7 }).includes('storeTip'))
})
test('PAY-08 VIP is refused until another product was bought', () => {
  assert.is(vipRefusal(false, { vipFlag: 1 }), 'needsFirstRecharge')
  assert.is(vipRefusal(true, { vipFlag: 1 }), null)
  assert.is(vipRefusal(false, { vipFlag: 0 }), null, 'diamond items are never refused')
})

test('PAY-08 a VIP item through the original store is refused unless the shift lead type is 1', () => {
  const store = { channelType: 7, payMethodType: 'APPSTORE' }
  const card = { channelType: 2, payMethodType: 'CARD' }
  assert.is(storeVipRefused({ vipFlag: 1 }, store, 0), true)
  assert.is(storeVipRefused({ vipFlag: 1 }, store, null), true)
  assert.is(storeVipRefused({ vipFlag: 1 }, store, 1), false)
  assert.is(storeVipRefused({ vipFlag: 1 }, card, 0), false)
  assert.is(storeVipRefused({ vipFlag: 0 }, store, 0), false)
})

test.run()
