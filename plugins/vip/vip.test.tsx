import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { definePlugin } from '../../kernel/plugin.ts'
import { memoryStorage } from '../../kernel/storage.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { rechargeRef } from '../recharge/api.ts'
import { visibleMethods } from '../recharge/rules.ts'
import { seedTemplate } from '../recharge/fake-api.ts'
import { createVipPlugin, REMINDED_KEY } from './index.ts'
import { waitFor } from '../../test/wait.ts'

const NOW = Date.parse('2026-03-10T12:00:00Z')
let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})
const vipItems = () => seedTemplate().skuList.filter((s) => s.vipFlag === 1).map((s) => ({ ...s, boughtFlag: 0 as const }))

async function setup(path: string, storage = memoryStorage(), vipInfo: object = { isVip: 0, expireTime: null }) {
  const bought: any[] = []
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'recharge' }), createVipPlugin({ storage, now: () => NOW })],
    fakes: [fake(rechargeRef, { methodsFor: (item, ctx) => visibleMethods(item.skuInfoList, { vip: item.vipFlag === 1, inCall: ctx.inCall }), buy: async (...a) => (bought.push(a), 'paid') })],
    token: 'tok',
    path,
    api: (p) => {
      if (p === '/api/wallet/vipGetShopInfo') return { vipPrice: 14.99, vipDiamond: 3000, callDiscount: 10, hasPurchasedVip: false, vipInfo: { isVip: false, expireTime: null, '72Hour': false }, vipTemplateList: vipItems() }
      if (p === '/api/vipPrivileges/getVipPrivileges') return { list: [{ id: 'discount', icon: 'x', title: '10% off private calls', desc: 'd' }] }
      if (p === '/api/vipPrivileges/getVipOrderRecord') return { list: [], currentPage: 1, pageSize: 20, total: 0 }
      return serverCode('4004', p)
    },
  })
  current = t
  t.kernel.session.setUser({ userId: 1, nickname: 'me', icon: '', yxAccid: 'u', diamondNum: 1, vipInfo })
  // lazy dictionaries: loaded before the first render, as the app entry does
  await t.kernel.i18n.ready()
  await t.render()
  return { t, bought }
}
const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null

test('PAY-08 the VIP shop lists 7, 30 and 180 days with price and diamonds; the store channels are hidden; buying goes through recharge', async () => {
  const { t, bought } = await setup('/vip?source=user')
  await waitFor(() => !!$('vip-item-30'))
  assert.match($('vip-item-7')!.textContent!, '$4.99')
  assert.match($('vip-item-30')!.textContent!, '+3,000 diamonds')
  assert.match($('vip-item-180')!.textContent!, '180 days')
  assert.match($('vip-perks')!.textContent!, '10% off private calls')
  assert.ok(($('vip-buy') as HTMLButtonElement).disabled)
  await act(async () => $('vip-item-30')!.click())
  assert.ok($('vip-method-CARD'))
  assert.is($('vip-method-APPSTORE'), null)
  assert.is($('vip-method-GOOGLEPLAY'), null)
  await act(async () => $('vip-method-CARD')!.click())
  await act(async () => $('vip-buy')!.click())
  await t.settle()
  assert.equal([bought[0][0].productId, bought[0][1].payMethodType, bought[0][2].source], ['vip_month', 'CARD', 'user'])
})

test('PAY-08 VIP records: an empty list says so', async () => {
  await setup('/vip/vip-records')
  await waitFor(() => !!$('vip-records-empty'))
})

test('PAY-08 the expiry reminder shows within 3 days of the end, once a day', async () => {
  const storage = memoryStorage()
  const { t } = await setup('/', storage, { isVip: 1, expireTime: new Date(NOW + 2 * 86_400_000).toISOString() })
  await waitFor(() => t.toasts.length > 0)
  assert.equal(t.toasts.map((x) => x.text), ['Your VIP ends in 2 days. Extend it to keep your perks.'])
  assert.is(storage.getItem(REMINDED_KEY), '2026-03-10')
  act(() => void (t.kernel.session.setUser({ ...t.kernel.session.user.peek()!, diamondNum: 5 })))
  await t.settle()
  assert.is(t.toasts.length, 1, 'not again today')
})

test.run()
