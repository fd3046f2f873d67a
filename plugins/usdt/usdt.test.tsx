import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { definePlugin } from '../../kernel/plugin.ts'
import { memoryStorage } from '../../kernel/storage.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { shellRef } from '../shell/api.ts'
import { seedTemplate } from '../recharge/fake-api.ts'
import { createUsdtPlugin } from './index.ts'
import { USDT_STORE_KEY, usdtService } from './state.ts'
import { usdtRef } from './api.ts'
import { waitFor } from '../../test/wait.ts'

const T0 = 1_700_000_000_000
interface Setup {
  t: TestKernel
  clock: { now: number }
  tick: () => void
  refreshed: number
  storage: Storage
}
let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})

async function setup(path: string, api: Record<string, (p: any) => unknown> = {}, storage = memoryStorage()): Promise<Setup> {
  const s = { clock: { now: T0 }, refreshed: 0, storage } as Setup
  let tickFn: (() => void) | null = null
  s.tick = () => {
    s.clock.now += 1000
    act(() => tickFn?.())
  }
  const template = seedTemplate()
  s.t = createTestKernel({
    plugins: [
      definePlugin({ id: 'shell' }),
      definePlugin({ id: 'recharge' }),
      createUsdtPlugin({ storage, now: () => s.clock.now, setInterval: (fn) => ((tickFn = fn), 1), clearInterval: () => (tickFn = null) }),
    ],
    fakes: [fake(shellRef, { baseConfig: signal(null), refreshUser: async () => void s.refreshed++ })],
    token: 'tok',
    path,
    api: (p, payload) => {
      if (api[p]) return api[p](payload)
      if (p === '/api/template/getTempLate') return { ...template, skuList: template.skuList.map((i) => ({ ...i, boughtFlag: 0 })) }
      return serverCode('4004', `no ${p}`)
    },
  })
  current = s.t
  // lazy dictionaries: loaded before the first render, as the app entry does
  await s.t.kernel.i18n.ready()
  await s.t.render()
  return s
}
const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const detail = { address: 'TAddr', amount: '9.99', chainName: 'TRC20', expireTime: T0 + 1800_000, productId: 'diamond_0999', diamondNum: 6125 }

test('PAY-06 /usdtPay creates the order with the chain, then shows amount, address, the 5:00 countdown and the processing notice', async () => {
  const created: any[] = []
  const s = await setup('/usdtPay?skuInfoId=1047&productId=diamond_0999&source=getcoin', {
    '/api/fuse/v3/createOrder': (p) => (created.push(p), { orderCode: 'U1', action: 'usdt', usdt: { address: 'TQ1', chainName: p.chainName, amount: '9.99', expireTime: T0 + 1800_000 }, diamondNum: 6125, thirdCreateTime: T0 }),
  })
  await waitFor(() => !!$('usdt-create'))
  assert.match(document.body.textContent!, '3-5 minutes')
  await act(async () => $('usdt-chain-ERC20')!.click())
  await act(async () => $('usdt-create')!.click())
  await waitFor(() => !!$('usdt-pending'))
  assert.equal([created[0].paymentMethodType, created[0].chainName, created[0].skuInfoId, created[0].productId, created[0].diamondDetail], ['USDT', 'ERC20', 1047, 'diamond_0999', '4900+735'])
  assert.is($('usdt-amount')!.textContent, '9.99 USDT')
  assert.is($('usdt-address')!.textContent, 'TQ1')
  assert.is(JSON.parse(s.storage.getItem(USDT_STORE_KEY)!).orderCode, 'U1')
})

test('PAY-06 at 0 the status is queried: paid refreshes the user and moves to /usdtPay/pay-status', async () => {
  let asked = 0
  const s = await setup('/usdtPay', { '/api/fuse/queryUsdtOrderStat': (p) => (asked++, { orderCode: p.searchValue, status: 1, diamondNum: 7125 }) })
  act(() => usdtService(s.t.kernel).start('U1', detail))
  for (let i = 0; i < 299; i++) s.tick()
  assert.is(asked, 0)
  s.tick()
  await waitFor(() => s.t.location.path() === '/usdtPay/pay-status')
  // the status page may ask once more for the credit it shows
  assert.ok(asked >= 1, 'queried at 0')
  assert.is(s.refreshed, 1)
  await waitFor(() => !!$('usdt-status-paid'))
  assert.match(document.body.textContent!, '7,125 diamonds added', "the server's credit, not the order's figure")
})

for (const [locale, text] of [['en', 'There is no payment to show'], ['ar', 'لا توجد عملية دفع لعرضها']] as const) {
  test(`PAY-06 the result page opened without an order says there is no payment to show, not Payment failed (${locale})`, async () => {
    const s = await setup('/usdtPay/pay-status')
    await act(() => s.t.kernel.i18n.setLocale(locale))
    const none = await waitFor(() => $('usdt-status-none'), { what: 'the no-payment state' })
    assert.is(none.textContent, text)
    assert.is($('usdt-status-failed'), null)
  })
}

test('PAY-06 pushes: true with the matching order marks paid and moves on; true with another only refreshes; false clears', async () => {
  const s = await setup('/usdtPay')
  const service = usdtService(s.t.kernel)
  act(() => service.start('U1', detail))
  s.t.push('pay.usdt', { status: true, orderCode: 'OTHER' })
  assert.equal([service.state.peek()!.status, s.refreshed, s.t.location.path()], [2, 1, '/usdtPay'])
  s.t.push('pay.usdt', { status: true, orderCode: 'U1' })
  await waitFor(() => s.t.location.path() === '/usdtPay/pay-status')
  assert.equal([service.state.peek()!.status, s.refreshed, s.t.location.path()], [1, 2, '/usdtPay/pay-status'])
  s.t.push('pay.usdt', { status: false, orderCode: 'U1' })
  assert.is(service.state.peek(), null)
  assert.is(s.storage.getItem(USDT_STORE_KEY), null)
})

test('PAY-06 a failure pushed for another order leaves the pending one (screen, storage) intact; its own later success shows the result', async () => {
  const s = await setup('/usdtPay')
  const service = usdtService(s.t.kernel)
  act(() => service.start('B', detail))
  s.t.push('pay.usdt', { status: false, orderCode: 'A' })
  await s.t.settle()
  assert.equal([service.state.peek()!.orderCode, service.state.peek()!.status, s.t.location.path()], ['B', 2, '/usdtPay'])
  assert.is(JSON.parse(s.storage.getItem(USDT_STORE_KEY)!).orderCode, 'B')
  assert.ok(!document.body.textContent!.includes('not completed'), 'no failure toast for another order')
  s.t.push('pay.usdt', { status: true, orderCode: 'B' })
  await waitFor(() => s.t.location.path() === '/usdtPay/pay-status')
  assert.is(service.state.peek()!.status, 1)
})

test('PAY-06 after a resync (socket reopened, app in the foreground) a pending order is asked for again; a missed success shows the result', async () => {
  const answers = [2, 1]
  const asked: string[] = []
  const s = await setup('/usdtPay', { '/api/fuse/queryUsdtOrderStat': (p) => (asked.push(p.searchValue), { orderCode: p.searchValue, status: answers.shift() }) })
  const service = usdtService(s.t.kernel)
  act(() => service.start('B', detail))
  s.t.kernel.events.emit('resync', { reason: 'reconnect' })
  await waitFor(() => asked.length === 1)
  await s.t.settle()
  assert.equal([service.state.peek()!.status, s.t.location.path()], [2, '/usdtPay'], 'still pending: it stays')
  s.t.kernel.events.emit('resync', { reason: 'foreground' })
  await waitFor(() => s.t.location.path() === '/usdtPay/pay-status')
  // the result page asks once more, for what the server credited (the line 'N diamonds added')
  await waitFor(() => asked.length === 3, { what: "the result page's credit" })
  assert.equal([asked, service.state.peek()!.status, s.refreshed], [['B', 'B', 'B'], 1, 1])
  s.t.kernel.events.emit('resync', { reason: 'foreground' })
  await s.t.settle()
  assert.is(asked.length, 3, 'a settled order is not asked for again')
})

test('PAY-06 SHELL-15 the result is kept 1 hour across a reload; the badge shows it on the main paths', async () => {
  const storage = memoryStorage({ [USDT_STORE_KEY]: JSON.stringify({ orderCode: 'U1', status: 1, startedAt: T0 - 1000, savedAt: T0 - 3599_000, detail }) })
  const s = await setup('/getcoin', {}, storage)
  s.t.kernel.app.settings.tabs.push({ id: 'wall', path: '/wall', icon: 'wall', label: 'x' })
  await waitFor(() => !!$('usdt-badge'))
  assert.match($('usdt-badge')!.textContent!, 'Paid')
  s.tick()
  // it was there: its going is the sign
  await waitFor(() => usdtService(s.t.kernel).state.peek() === null, { what: 'an hour after it was saved it is gone' })
  await waitFor(() => !$('usdt-badge'), { what: 'the badge gone' })
})

test('PAY-06 a push of an unknown order only refreshes the user, a malformed one changes nothing', async () => {
  const s = await setup('/wall')
  const usdt = s.t.kernel.need(usdtRef)
  assert.is(usdt.state.peek(), null, 'nothing kept')
  s.t.push('pay.usdt', { status: true, orderCode: 'NOPE' })
  await waitFor(() => s.refreshed === 1)
  assert.is(usdt.state.peek(), null)
  s.t.push('pay.usdt', { status: 'yes', orderCode: 'NOPE' })
  s.t.push('pay.usdt', { orderCode: 'NOPE' })
  await s.t.settle()
  assert.equal([s.refreshed, usdt.state.peek()], [1, null])
})

test.run()
