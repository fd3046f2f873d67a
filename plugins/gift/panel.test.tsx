import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { definePlugin } from '../../kernel/plugin.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { waitFor } from '../../test/wait.ts'
import { rechargeRef, type RechargeOpenOptions } from '../recharge/api.ts'
import { giftRef, type GiftPanelOptions } from './api.ts'
import { createGiftPlugin } from './index.ts'
import { GiftPaths } from './paths.ts'
import { playersAlive } from './player.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'

let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})

const LIST = {
  Popular: [
    { id: 1, giftName: 'Rose', giftPrice: 1, giftTypeV2: 1, giftSmallImg: '/img/1.svg' },
    { id: 2, giftName: 'Heart', giftPrice: 5, giftTypeV2: 1 },
    { id: 3, giftName: 'Castle', giftPrice: 600, giftTypeV2: 1, giftSmallImg: '/img/3.svg' },
    { id: 4, giftName: 'Unknown', giftPrice: 5, giftTypeV2: 77 },
    { id: 5, giftName: 'Teddy', giftPrice: 50, giftTypeV2: 1, giftSmallImg: '/img/5.svg' },
  ],
  Exclusive: [{ id: 11, giftName: 'Throne', giftPrice: 20, giftTypeV2: 1, level: 20, unlock: 0 }],
  'Lucky Gift': [
    { id: 21, giftName: 'Clover', giftPrice: 10, giftTypeV2: 2, tempId: 'L1' },
    { id: 22, giftName: 'Lucky box', giftPrice: 100, giftTypeV2: 6 },
  ],
}

// a pending send's status questions come 5 s apart: here at once
const FAST: Timers = { ...realTimers, setTimeout: (fn) => setTimeout(fn, 5) }

type Answer = unknown | ((payload: any, n: number) => unknown)

async function setup(o: { api?: Record<string, Answer>; balance?: number; level?: number } = {}) {
  const counts: Record<string, number> = {}
  const recharge: RechargeOpenOptions[] = []
  let clock = 1_000_000
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'shell' }), createGiftPlugin({ now: () => clock, reducedMotion: () => true, preload: false, timers: FAST })],
    fakes: [fake(rechargeRef, { open: async (x) => void recharge.push(x) })],
    token: 'tok',
    api: (p, payload) => {
      counts[p] = (counts[p] ?? 0) + 1
      const a = o.api?.[p] ?? (p === GiftPaths.list ? LIST : undefined)
      if (a === undefined) return serverCode('4004', `no ${p}`)
      return typeof a === 'function' ? (a as (x: any, n: number) => unknown)(payload, counts[p]) : a
    },
  })
  current = t
  t.kernel.session.setUser({ userId: 7, nickname: 'Mia', icon: '', yxAccid: 'u7', diamondNum: o.balance ?? 1000, userLevel: o.level ?? 3, firstPayTime: null, isNewUser: 0 } as any)
  await t.kernel.i18n.ready()
  await t.kernel.overlays.load()
  await t.render()
  const open = async (opts: GiftPanelOptions = { scene: 'LIVE', hostId: 200001 }) => {
    await act(async () => t.kernel.need(giftRef).openPanel(opts))
    await waitFor(() => $('gift-grid'), { what: 'the gift grid' })
  }
  return { t, counts, recharge, open, tick: (ms: number) => (clock += ms) }
}

const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const $$ = (id: string) => [...document.querySelectorAll(`[data-testid="${id}"]`)] as HTMLElement[]
const click = (el: Element | null) => act(async () => (el as HTMLElement).click())
const cell = (id: number) => document.querySelector(`[data-testid="gift-cell"][data-gift="${id}"]`) as HTMLElement
const type = (v: string) =>
  act(async () => {
    const input = $('gift-qty') as HTMLInputElement
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
const sends = (t: TestKernel) => t.requests.filter((r) => r.path === GiftPaths.send)

test('LIVE-07 the panel: Popular, Exclusive and Lucky Gifts tabs, a grid (4 per row), unknown types left out, a placeholder for a missing picture, the balance chip opening the recharge sheet (giftclickout)', async () => {
  const { t, open, recharge } = await setup()
  await open()
  assert.equal($$('gift-tab-popular').length + $$('gift-tab-exclusive').length + $$('gift-tab-lucky').length, 3)
  assert.equal($$('gift-cell').map((c) => Number(c.dataset.gift)), [1, 2, 3, 5])
  assert.is($$('gift-placeholder').length, 1, 'Heart has no picture')
  assert.ok($('gift-grid')!.classList.contains('gf-grid'))
  assert.is($('gift-balance-num')!.textContent, '1,000')
  await click($('gift-balance'))
  assert.equal(recharge, [{ source: 'giftclickout', inLive: false, inCall: false }])
  assert.is(t.kernel.i18n.t('gift.tab.lucky'), 'Lucky Gifts')
})

test('LIVE-07 no Lucky Gifts tab in a chat (half-message mode) nor when the list has no lucky gifts; the list failing shows Retry', async () => {
  const { open } = await setup()
  await open({ scene: 'IM', hostId: 200001 })
  assert.ok($('gift-tab-popular'))
  assert.is($('gift-tab-lucky'), null)
  current?.dispose()
  document.body.innerHTML = ''
  const s = await setup({ api: { [GiftPaths.list]: (_: unknown, n: number) => (n === 1 ? serverCode('5000', 'down') : { Popular: LIST.Popular }) } })
  await act(async () => s.t.kernel.need(giftRef).openPanel({ scene: 'LIVE', hostId: 200001 }))
  await waitFor(() => $('gift-error'), { what: 'the error state' })
  await click($('gift-retry'))
  await waitFor(() => $('gift-grid'), { what: 'the grid after Retry' })
  assert.is($('gift-tab-lucky'), null, 'no lucky gifts, no tab')
})

test('LIVE-07 quantity digits only (typed or pasted), quick picks 99, 50, 20, 10, 5; the send posts scene, host, quantity and a key; the balance shown is the answer', async () => {
  const { t, open } = await setup({ api: { [GiftPaths.send]: (p: any) => ({ diamondNum: 1000 - p.giftNum * 5, totalReward: 0 }) } })
  await open()
  await type('1e3')
  assert.is(($('gift-qty') as HTMLInputElement).value, '13')
  await type('-5')
  assert.is(($('gift-qty') as HTMLInputElement).value, '5')
  await type('pasted text 100')
  assert.is(($('gift-qty') as HTMLInputElement).value, '10')
  await click($('gift-qty-picks'))
  assert.equal($$('gift-pick').map((b) => b.textContent), ['99', '50', '20', '10', '5'])
  await click($$('gift-pick')[3])
  assert.is(($('gift-qty') as HTMLInputElement).value, '10')
  await click(cell(2))
  await click($('gift-send'))
  await waitFor(() => t.kernel.session.user.value?.diamondNum === 950, { what: 'the answered balance' })
  const [s] = sends(t)
  assert.equal({ ...s.payload, requestId: typeof s.payload.requestId }, { giftId: 2, giftNum: 10, scene: 'LIVE', anchorId: 200001, liveId: 200001, requestId: 'string' })
  assert.is($('gift-balance-num')!.textContent, '950')
  await waitFor(() => $('gift-banner'), { what: 'the sent-gift banner' })
  assert.is($('gift-combo')!.textContent, '×10')
})

test('LIVE-07 a double tap sends once (1 s debounce, 1.5 s from the ranking popup); an exclusive gift above the level toasts Your level is not enough; short of diamonds opens recharge (giftclickout, luckygift)', async () => {
  const { t, open, tick, recharge } = await setup({ balance: 100, api: { [GiftPaths.send]: () => ({ diamondNum: 99 }) } })
  await open()
  await click(cell(1))
  await act(async () => {
    $('gift-send')!.click()
    $('gift-send')!.click()
  })
  await waitFor(() => t.answered.some((a) => a.path === GiftPaths.send), { what: 'the send answered' })
  await t.settle()
  assert.is(sends(t).length, 1)
  tick(999)
  await click($('gift-send'))
  await t.settle()
  assert.is(sends(t).length, 1, 'within 1 s')
  tick(1)
  await click($('gift-send'))
  await waitFor(() => sends(t).length === 2, { what: 'a second send after 1 s' })

  const svc = t.kernel.need(giftRef)
  assert.ok(svc)
  await click($('gift-tab-exclusive'))
  await click(cell(11))
  tick(2000)
  await click($('gift-send'))
  assert.ok(t.toasts.some((x) => x.text === 'Your level is not enough'))
  await click($('gift-tab-popular'))
  await click(cell(3))
  await click($('gift-send'))
  await click($('gift-tab-lucky'))
  await click(cell(21))
  assert.ok($('gift-lucky-banner'), 'the Lucky Points banner for a lucky gift')
  await type('99')
  await click($('gift-send'))
  assert.equal(recharge.map((r) => r.source), ['giftclickout', 'luckygift'])
  assert.is(sends(t).length, 2, 'nothing sent without the level or the diamonds')

  // from the ranking popup the debounce is 1.5 s
  await act(async () => t.kernel.need(giftRef).openPanel({ scene: 'LIVE', hostId: 200001, fromRanking: true, path: 'top_gifters' }))
  await waitFor(() => $$('gift-panel').length === 2, { what: 'the panel from the ranking popup' })
  const panel = $$('gift-panel')[1]
  const inPanel = (id: string) => panel.querySelector(`[data-testid="${id}"]`) as HTMLElement
  await click(panel.querySelector('[data-testid="gift-cell"][data-gift="1"]'))
  tick(5000)
  await click(inPanel('gift-send'))
  await waitFor(() => sends(t).length === 3, { what: 'the send from the ranking popup' })
  assert.is(sends(t)[2].payload.path, 'top_gifters')
  await waitFor(() => !inPanel('gift-send').hasAttribute('disabled'), { what: 'the send answered' })
  tick(1499)
  await click(inPanel('gift-send'))
  await t.settle()
  assert.is(sends(t).length, 3, 'within 1.5 s')
  tick(1)
  await click(inPanel('gift-send'))
  await waitFor(() => sends(t).length === 4, { what: 'a send after 1.5 s' })
})

test('LIVE-07 a send not answered is tried once more with the same key (charged at most once); a refusal toasts; diamond.not.enough raises the insufficient-balance event', async () => {
  const events: unknown[] = []
  const { t, open, tick } = await setup({
    api: {
      [GiftPaths.send]: (_: unknown, n: number) => {
        if (n === 1) throw new Error('connection lost')
        if (n === 2) return { diamondNum: 995 }
        if (n === 3) return serverCode('5000', 'gift service failed')
        return serverCode('1080', 'diamond.not.enough')
      },
    },
  })
  t.kernel.events.on('insufficient-balance', (e) => events.push(e))
  await open()
  await click(cell(2))
  await click($('gift-send'))
  await waitFor(() => t.kernel.session.user.value?.diamondNum === 995, { what: 'the retried send answered' })
  const [a, b] = sends(t)
  assert.is(a.payload.requestId, b.payload.requestId)
  tick(1000)
  await click($('gift-send'))
  await waitFor(() => t.toasts.some((x) => x.text === 'The gift was not sent. Please try again'), { what: 'the refusal toast' })
  tick(1000)
  await click($('gift-send'))
  await waitFor(() => events.length === 1, { what: 'the insufficient-balance event' })
  assert.is(t.kernel.session.user.value?.diamondNum, 995)
})

test('LIVE-07 an unknown outcome is pending, never "not sent": after two lost answers the send is confirmed by its key, no second paid try is offered meanwhile, and the balance ends as the server\'s', async () => {
  let landed = false
  const { t, open, tick } = await setup({
    api: {
      [GiftPaths.send]: () => {
        throw new Error('connection lost')
      },
      [GiftPaths.sendStatus]: (p: { requestId: string }, n: number) => {
        if (n < 3) return { state: 'pending' }
        landed = true
        return { state: 'done', requestId: p.requestId, diamondNum: 995, totalReward: 0, maxRatePool: null }
      },
    },
  })
  await open()
  await click(cell(2))
  await click($('gift-send'))
  await waitFor(() => $('gift-pending'), { what: 'the pending note' })
  assert.ok(t.toasts.some((x) => /being confirmed/.test(x.text)), 'said pending')
  const [a, b] = sends(t)
  assert.equal([sends(t).length, a.payload.requestId], [2, b.payload.requestId])
  assert.ok(($('gift-send') as HTMLButtonElement).disabled, 'no second paid try while the first may land')
  tick(5000)
  await click($('gift-send'))
  assert.is(sends(t).length, 2)
  // a send by id meanwhile (a wish card, which has no Send button to show it) is told it is still pending, and sends nothing
  const said = t.toasts.filter((x) => /being confirmed/.test(x.text)).length
  assert.is(await act(async () => t.kernel.need(giftRef).send(2, 1, { scene: 'LIVE', hostId: 200001 })), 'pending')
  assert.is(t.toasts.filter((x) => /being confirmed/.test(x.text)).length, said + 1, 'said again')
  assert.is(sends(t).length, 2)
  await waitFor(() => landed && !$('gift-pending'), { what: 'confirmed by its key', timeout: 3000 })
  const asked = t.requests.filter((r) => r.path === GiftPaths.sendStatus)
  assert.ok(asked.every((r) => r.payload.requestId === a.payload.requestId), 'asked by the same key')
  assert.is(t.kernel.session.user.value?.diamondNum, 995, 'the balance is the server\'s')
  assert.not.ok(t.toasts.some((x) => x.text === 'The gift was not sent. Please try again'), 'never "not sent"')
})

test('LIVE-07 a pending send the server never took is then said not sent', async () => {
  const { t, open } = await setup({
    api: {
      [GiftPaths.send]: () => {
        throw new Error('connection lost')
      },
      [GiftPaths.sendStatus]: { state: 'none' },
    },
  })
  await open()
  await click(cell(2))
  await click($('gift-send'))
  await waitFor(() => t.toasts.some((x) => x.text === 'The gift was not sent. Please try again'), { what: 'not sent, once the server says so', timeout: 3000 })
  assert.not.ok($('gift-pending'))
  assert.is(t.kernel.session.user.value?.diamondNum, 1000)
})

test('LIVE-08 a lucky win: the reward shown from the answer, the combo window; lucky boxes opened, the count from the server', async () => {
  const { t, open } = await setup({
    api: {
      [GiftPaths.send]: (p: any) => (p.giftId === 21 ? { diamondNum: 5990, totalReward: 5000, maxRatePool: { id: 4, tempId: 'L1', winningStyle: 3 }, luckGiftComboTime: 5000 } : { diamondNum: 800, boxCount: 2 }),
      [GiftPaths.boxList]: { count: 2 },
      [GiftPaths.boxClaim]: (p: any) => ({ opened: p.num, prizes: [{ id: 1, prize: 50 }, { id: 2, prize: 10 }].slice(0, p.num), totalReward: 60, count: 0, diamondNum: 860 }),
    },
  })
  await open()
  await click($('gift-tab-lucky'))
  await click(cell(21))
  await click($('gift-send'))
  await waitFor(() => $('gift-lucky-win'), { what: 'the win' })
  assert.match($('gift-lucky-win')!.textContent!, '5,000')
  // 5,000 won for one 10-diamond Clover: 500x, a jackpot, not the 2x card
  assert.is($('gift-lucky-win')!.dataset.tier, 'jackpot')
  assert.is($('gift-lucky-times')!.textContent, '×500')
  assert.match($('gift-lucky-win')!.textContent!, 'JACKPOT!')
  assert.is($('gift-send')!.textContent, 'Combo', 'the 5 s combo window')
  assert.is(t.kernel.session.user.value?.diamondNum, 5990)
  assert.ok(t.kernel.need(giftRef))
  await click(cell(22))
  await waitFor(() => $('gift-boxes-row')?.textContent?.includes('Boxes: 2'), { what: 'the box count' })
  await click($('gift-boxes-open'))
  await waitFor(() => $('gift-boxes'), { what: 'the boxes popup' })
  await act(async () => {
    $('gift-boxes-all')!.click()
  })
  await waitFor(() => $('dialog-ok') ?? document.querySelector('[data-overlay="kernel.confirm"] button:last-child'), { what: 'the open-all prompt' })
  const ok = ($('dialog-ok') ?? document.querySelector('[data-overlay="kernel.confirm"] button:last-child')) as HTMLElement
  await click(ok)
  await waitFor(() => $('gift-boxes-prize'), { what: 'the prize after the frame loop', timeout: 8000 })
  assert.match($('gift-boxes-prize')!.textContent!, '60')
  assert.is($('gift-boxes-count')!.textContent, 'Boxes: 0')
  assert.is(t.kernel.session.user.value?.diamondNum, 860)
  assert.is(playersAlive(), 0, 'no player alive (reduced motion plays none)')
})

test("LIVE-07 another viewer's gifts (play): a banner with the catalogue's name and picture, a combo of the same sender and gift, an unknown gift with the record's picture", async () => {
  const { t } = await setup()
  const gift = t.kernel.need(giftRef)
  await act(async () => {
    gift.play({ senderId: 'user_300001', senderNick: 'Sultan', giftId: 5, num: 1 })
    gift.play({ senderId: 'user_300001', senderNick: 'Sultan', giftId: 5, num: 10 })
    gift.play({ senderId: 'user_300002', senderNick: 'Faisal', giftId: 999, num: 2, img: '/g/999.svg' })
  })
  await waitFor(() => $$('gift-banner').length === 2, { what: 'two banners' })
  const [a, b] = $$('gift-banner')
  assert.match(a.textContent!, 'Sultan')
  assert.match(a.textContent!, 'sent Teddy')
  assert.is(a.querySelector('[data-testid=gift-combo]')!.textContent, '×11')
  assert.is(b.querySelector('img')!.getAttribute('src'), '/g/999.svg')
})


test('LIVE-08 lucky boxes whose answer is lost are pending, never nothing won: the same key asks until the server says, no other opening meanwhile, the prize and balance are the server\'s once', async () => {
  // the server: one claim per key (a repeat answers the same); the first two answers never arrive
  const done = new Map<string, unknown>()
  let claims = 0
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const { t, open } = await setup({
    api: {
      [GiftPaths.boxList]: () => ({ count: done.size ? 1 : 3 }),
      [GiftPaths.boxClaim]: async (p: { requestId: string; num: number }, n: number) => {
        if (!done.has(p.requestId)) (claims++, done.set(p.requestId, { opened: p.num, prizes: [{ id: 1, prize: 40 }, { id: 2, prize: 20 }], totalReward: 60, count: 1, diamondNum: 1060 }))
        if (n <= 2) throw new Error('connection lost')
        if (n === 3) await gate
        return done.get(p.requestId)
      },
    },
  })
  await open()
  await act(async () => void t.kernel.overlays.open('gift.boxes'))
  await waitFor(() => $('gift-boxes-count')?.textContent === 'Boxes: 3', { what: 'the box count' })
  await click($('gift-boxes-one'))
  await waitFor(() => $('gift-boxes-pending'), { what: 'the pending note' })
  assert.ok(($('gift-boxes-one') as HTMLButtonElement).disabled && ($('gift-boxes-all') as HTMLButtonElement).disabled, 'no other opening while it may land')
  release()
  await waitFor(() => $('gift-boxes-prize'), { what: 'the prize, once the server says', timeout: 8000 })
  assert.not.ok($('gift-boxes-pending'))
  assert.match($('gift-boxes-prize')!.textContent!, '60')
  const keys = t.requests.filter((r) => r.path === GiftPaths.boxClaim).map((r) => r.payload.requestId)
  assert.equal([claims, new Set(keys).size], [1, 1], 'opened once, always by the same key')
  assert.is(t.kernel.session.user.value?.diamondNum, 1060, 'the balance is the server\'s')
  assert.is($('gift-boxes-count')!.textContent, 'Boxes: 1')
})
test.run()
