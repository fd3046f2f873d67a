import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { definePlugin } from '../../kernel/plugin.ts'
import { memoryStorage } from '../../kernel/storage.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { rechargeRef } from '../recharge/api.ts'
import { seedTemplate } from '../recharge/fake-api.ts'
import { DISCOUNT_POPUP, SPECIAL_POPUP } from './api.ts'
import { createOffersPlugin } from './index.ts'
import { OffersPath, SPECIAL_SHOWN_KEY } from './state.ts'
import { waitFor } from '../../test/wait.ts'

const NOW = new Date(2026, 2, 10, 12, 0, 0).getTime()
let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})
const special = () => ({ ...seedTemplate().skuList.find((s) => s.specialFlag === 1)!, boughtFlag: 0 })
const host = (userId: number) => ({ userId, nickname: `h${userId}`, icon: '', videoPrice: 100, onlineStatus: 1, subsidyStatus: 1, discountRate: 70, discountPrice: 70 })

async function setup(o: { storage?: Storage; discountUser?: boolean; hosts?: number; left?: number } = {}) {
  const clock = { now: NOW }
  const asked: any[] = []
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'recharge' }), createOffersPlugin({ storage: o.storage ?? memoryStorage(), now: () => clock.now })],
    fakes: [fake(rechargeRef, { methodsFor: (i) => i.skuInfoList, buy: async () => 'paid' })],
    token: 'tok',
    path: '/wall',
    settings: { tabs: [{ id: 'wall', path: '/wall', icon: 'wall', label: 'x' }] },
    api: (p, payload) => {
      asked.push([p, payload])
      if (p === '/api/index/triggerSpecialPopup') return { show: true, specialPopTime: NOW, specialPopupCount: 1, specialOffDuration: o.left ?? 3600, item: special() }
      if (p === '/api/pool/mergeTheDiscountAnchor') {
        const all = Array.from({ length: o.hosts ?? 20 }, (_, i) => host(200000 + i))
        const rows = o.discountUser === false ? [] : all.slice((payload.pageNum - 1) * 15, payload.pageNum * 15)
        return { lowerAnchor: { discountRate: 50 }, discountUser: o.discountUser !== false, anchorList: rows, isLastPage: payload.pageNum * 15 >= all.length }
      }
      return serverCode('4004', p)
    },
  })
  current = t
  // lazy dictionaries: loaded before the first render, as the app entry does
  await t.kernel.i18n.ready()
  await t.render()
  await t.settle()
  return { t, clock, asked }
}
const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const answered = (t: TestKernel, path: string) => t.answered.some((a) => a.path === path)

test('PAY-09 on the wall the special offer is triggered and its popup queued once a day, with the countdown', async () => {
  const storage = memoryStorage()
  const { t, asked } = await setup({ storage, discountUser: false })
  assert.equal(asked.find(([p]) => p === '/api/index/triggerSpecialPopup')[1], { searchValue: 'wall' })
  await waitFor(() => !!$('special-offer'), { what: 'popup' })
  assert.is($('special-clock')!.textContent, '01:00:00')
  assert.match($('special-offer')!.textContent!, '$2.99')
  assert.is($('special-cut')!.textContent, '70% OFF', 'the cut matches $9.99 -> $2.99')
  assert.not.match($('special-offer')!.textContent!, /\d{3,}% OFF/, "the extra value reads '+N% extra', never 'N% OFF'")
  assert.not.ok(($('special-buy') as HTMLButtonElement).disabled, "'Get it now' is ready: the first method is taken")
  assert.is($('special-method-PAYPAL')!.getAttribute('aria-checked'), 'true')
  assert.is(storage.getItem(SPECIAL_SHOWN_KEY), '3-10')
  // closing leaves the icon while time remains
  await act(async () => $('sheet-close')!.click())
  await waitFor(() => !!$('special-icon'), { what: 'icon' })
  // another start the same day: the trigger runs, the popup does not queue again
  t.dispose()
  document.body.innerHTML = ''
  const again = await setup({ storage, discountUser: false })
  // the positive sign: the trigger's answer has been handled, the icon follows the running offer
  await waitFor(() => answered(again.t, OffersPath.trigger), { what: 'the trigger answered' })
  await waitFor(() => !!$('special-icon'), { what: 'icon after restart' })
  assert.not.ok(again.t.kernel.overlays.isOpen(SPECIAL_POPUP))
})

test('PAY-09 PAY-05 the special offer promises what the chosen way of paying credits: the card\'s gift on its button (parted from the name in either direction) and in the total', async () => {
  await setup({ discountUser: false })
  await waitFor(() => !!$('special-offer'), { what: 'popup' })
  const item = special()
  const card = item.skuInfoList!.find((m) => m.payMethodType === 'CARD')!
  const gift = Math.floor((item.diamondNum * (card.payMethodGiftRatio ?? 0)) / 100)
  assert.ok(gift > 0, 'the seeded card way has a gift')
  const total = () => Number($('special-total')!.textContent!.replace(/[^\d]/g, ''))
  const paypal = total()
  await act(async () => $('special-method-CARD')!.click())
  assert.is(total(), paypal + gift)
  assert.match($('special-method-CARD')!.textContent!, `+${gift}`)
  // the space that parts the gift from the method's name stands outside the gift's left-to-right isolate
  const isolate = $('special-method-CARD')!.querySelector('bdi')!
  assert.is(isolate.textContent!.trim(), isolate.textContent, 'no space inside the isolate')
  assert.match(isolate.previousSibling?.textContent ?? '', / $/, 'a space before it')
})

test('PAY-09 with no time left there is neither popup nor icon', async () => {
  const { t } = await setup({ left: 0, discountUser: false })
  await waitFor(() => answered(t, OffersPath.trigger), { what: 'the trigger answered' })
  await t.settle()
  assert.not.ok(t.kernel.overlays.isOpen(SPECIAL_POPUP))
  assert.is($('special-icon'), null)
})

test('PAY-10 a discount user gets the entry and the popup, paging by 15 until a short page', async () => {
  const storage = memoryStorage({ [SPECIAL_SHOWN_KEY]: '3-10' })
  const { t, asked } = await setup({ storage, hosts: 20, left: 0 })
  await waitFor(() => !!$('discount-list'))
  assert.ok(t.kernel.overlays.isOpen(DISCOUNT_POPUP))
  assert.is($('discount-list')!.querySelectorAll('.of-row').length, 15)
  assert.match($('discount-popup')!.textContent!, 'Up to 50% off')
  const rate = $('discount-rate')!
  assert.equal([rate.tagName, rate.getAttribute('dir'), rate.textContent!.replace(/[\u200e\u200f]/g, '')], ['BDI', 'ltr', '-30%'], "'-30%' isolated left to right, never '30%-'")
  await act(async () => $('discount-more')!.click())
  await waitFor(() => $('discount-list')!.querySelectorAll('.of-row').length === 20)
  assert.is($('discount-more'), null, 'finished')
  assert.equal(asked.filter(([p]) => p === '/api/pool/mergeTheDiscountAnchor').map(([, q]) => q), [{ pageNum: 1, pageSize: 15 }, { pageNum: 1, pageSize: 15 }, { pageNum: 2, pageSize: 15 }])
  assert.ok($('discount-entry'))
})

test('PAY-10 a user who is not a discount user sees no entry', async () => {
  const { t } = await setup({ discountUser: false, left: 0 })
  await waitFor(() => answered(t, OffersPath.discount), { what: 'the discount check answered' })
  await t.settle()
  assert.is($('discount-entry'), null)
  assert.not.ok(t.kernel.overlays.isOpen(DISCOUNT_POPUP))
})

test.run()
