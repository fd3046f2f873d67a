import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { fakeTimers } from '../../test/fake-timers.ts'
import { waitFor } from '../../test/wait.ts'
import { giftRef, type GiftPanelOptions } from '../gift/api.ts'
import { RankOverlay, RankPath } from './api.ts'
import { createRankPlugin } from './index.ts'
import { LATER_PERIODS_MS, REFRESH_CLEAR_MS, TASK_ANIMATE_MS } from './rules.ts'

let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})

const HOST = 200001
const entry = (userId: number, costNum: number, o: Record<string, unknown> = {}) => ({ userId, nickname: `User ${userId}`, icon: '', userLevel: 25, userLevelName: '25', vipFlag: userId % 2, countryId: 1, rank: 0, costNum, ...o })
const fans = (n: number, me = entry(100001, 0)) => [...Array.from({ length: n }, (_, i) => entry(i + 1, 2_500_000 - i * 20_000)), me]

type Answer = unknown | ((payload: any) => unknown)
async function setup(o: { api?: Record<string, Answer>; gift?: boolean; locale?: 'en' | 'ar' } = {}) {
  const timers = fakeTimers()
  const panels: GiftPanelOptions[] = []
  const t = createTestKernel({
    plugins: [createRankPlugin({ timers })],
    fakes: o.gift === false ? [] : [fake(giftRef, { openPanel: (x) => void panels.push(x) })],
    token: 'tok',
    path: '/live',
    ...(o.locale && { locale: o.locale }),
    api: (p, payload) => {
      const a = o.api?.[p]
      if (a === undefined) return serverCode('5000', `no ${p}`)
      return typeof a === 'function' ? (a as (x: any) => unknown)(payload) : a
    },
  })
  current = t
  t.kernel.session.setUser({ userId: 100001, nickname: 'Me', icon: '', yxAccid: 'me', diamondNum: 10, userLevel: 3 } as any)
  await t.kernel.i18n.ready()
  await t.render()
  return { t, timers, panels }
}

const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const $$ = (id: string) => [...document.querySelectorAll(`[data-testid="${id}"]`)] as HTMLElement[]
const click = (id: string, el = $(id)) => act(async () => el!.click())
const requested = (t: TestKernel, path: string) => t.requests.filter((r) => r.path === path).map((r) => r.payload as any)

test('LIVE-11 the viewer ranking: Now first, Today and Week 500 ms later; Week podium 2nd-1st-3rd with crowns then 97 rows; k and m; the footer; Only 100 users; a row opens the card', async () => {
  const { t, timers, panels } = await setup({
    api: {
      [RankPath.send]: (p: any) => (p.rankType === 'now' ? fans(2) : p.rankType === 'today' ? fans(0) : fans(120, entry(100001, 1500, { rank: 40 }))),
      [RankPath.card]: { userId: 1, nickname: 'User 1', icon: '', userType: 1, age: 30, country: 'Egypt', levelName: '25', vip: 0, fans: 1, follow: 2, isFollow: false, yxAccid: 'u1', liveWelcome: '', giftWalls: [] },
    },
  })
  act(() => void t.kernel.overlays.open(RankOverlay.viewers, { hostId: HOST, tab: 'gifters' }))
  await waitFor(() => $$('rank-row').length === 2, { what: 'the Now list' })
  assert.equal(requested(t, RankPath.send).map((p) => p.rankType), ['now'], 'now first')
  assert.equal(requested(t, RankPath.send)[0], { rankType: 'now', dbId: HOST, anchorUserId: HOST })
  assert.equal($$('rank-cost').map((e) => e.textContent), ['2.5m', '2.4m'])
  assert.equal($$('rank-crown').length, 2, 'crowns for the first ones with spend')
  assert.is($('rank-me')!.textContent, 'Get close to the streamer')
  // a period tab while the lists load: the spec's words, and the tab stays
  await click('rank-tab-week')
  assert.ok(t.toasts.some((x) => x.text === 'loading wait click again'))
  assert.is($('rank-list')!.dataset.period, 'now')
  await act(async () => timers.tickAsync(LATER_PERIODS_MS))
  await waitFor(() => requested(t, RankPath.send).length === 3, { what: 'today and week' })
  assert.equal(requested(t, RankPath.send).map((p) => p.rankType).sort(), ['now', 'today', 'week'])
  await act(async () => timers.tickAsync(REFRESH_CLEAR_MS))
  await click('rank-tab-today')
  await waitFor(() => !!$('rank-empty'), { what: 'the empty Today' })
  assert.is($('rank-empty')!.textContent, 'No Results Found')
  await click('rank-tab-week')
  await waitFor(() => !!$('rank-podium'), { what: 'the podium' })
  assert.equal($$('rank-step').map((e) => e.dataset.place), ['2', '1', '3'])
  assert.is($$('rank-row').length, 97, '97 after the podium: 100 in all')
  assert.is($('rank-note')!.textContent, 'Only 100 users are shown')
  assert.match($('rank-me')!.textContent!, '1.5k')
  assert.match($('rank-footer')!.textContent!, '40')
  assert.ok($$('rank-row')[0].querySelector('[data-testid="level-badge"]'), 'a level badge on the row')
  // the gift button closes the popup and opens the panel from the ranking
  await click('rank-gift')
  assert.equal(panels, [{ scene: 'LIVE', hostId: HOST, fromRanking: true }])
  await waitFor(() => !$('rank-viewers'), { what: 'closed' })
  // a row opens the user card
  act(() => void t.kernel.overlays.open(RankOverlay.viewers, { hostId: HOST, tab: 'gifters' }))
  await waitFor(() => $$('rank-row').length === 2, { what: 'open again' })
  await click('rank-row')
  await waitFor(() => $('rank-card-name')?.textContent === 'User 1', { what: 'the card' })
})

test('LIVE-11 the Viewers tab lists the room; a failed list offers Retry; without a gift service the gift button hides', async () => {
  let fail = true
  const { t } = await setup({
    gift: false,
    api: {
      [RankPath.send]: () => fans(0),
      [RankPath.viewers]: () => (fail ? serverCode('5000', 'down') : [{ userId: 5, nickname: 'Omar', icon: '', userLevelName: '47', vipFlag: 1, countryId: 3 }]),
    },
  })
  act(() => void t.kernel.overlays.open(RankOverlay.viewers, { hostId: HOST, tab: 'viewers' }))
  await waitFor(() => !!$('rank-retry'), { what: 'the error' })
  fail = false
  await click('rank-retry')
  await waitFor(() => $$('rank-viewer').length === 1, { what: 'the viewers' })
  assert.match($('rank-viewer')!.textContent!, 'Omar')
  assert.match($('rank-viewer')!.textContent!, 'VIP')
  await click('rank-tab-gifters')
  await waitFor(() => !!$('rank-footer'), { what: 'the footer' })
  assert.is($('rank-gift'), null, 'no gift plugin: no gift button')
})

test("LIVE-12 the host weekly rank: This Week and Last Week, crowns, '--' and '100+', 'Help her >>' opens the panel with top_gifters", async () => {
  const { t, panels } = await setup({
    api: {
      [RankPath.receive]: { anchorReceiveRankList: [1, 2, 3, 4].map((i) => ({ userId: 200000 + i, icon: '', nickname: `Host ${i}`, costNum: 50_000 - i })), costNum: 1200, currentAnchorRank: 150 },
      [RankPath.receiveHistory]: { anchorReceiveRankList: [], costNum: 0, currentAnchorRank: null },
    },
  })
  act(() => void t.kernel.overlays.open(RankOverlay.host, { hostId: HOST, nickname: 'Layla' }))
  await waitFor(() => $$('rank-host-row').length === 4, { what: 'this week' })
  assert.equal(requested(t, RankPath.receive)[0], { rankType: 'week', anchorUserId: HOST })
  assert.is($$('rank-crown').length, 3)
  assert.is($('rank-host-rank')!.textContent, '100+')
  assert.is($('rank-host-cost')!.textContent, '1.2k')
  await click('rank-tab-lastWeek')
  await waitFor(() => !!$('rank-empty'), { what: 'last week, empty' })
  assert.equal(requested(t, RankPath.receiveHistory)[0], { rankType: 'lastWeek', anchorUserId: HOST })
  assert.is($('rank-host-rank')!.textContent, '--')
  assert.is($('rank-help-her')!.textContent, 'Help her >>')
  await click('rank-help-her')
  assert.equal(panels, [{ scene: 'LIVE', hostId: HOST, path: 'top_gifters', fromRanking: true }])
})

test("LIVE-12 the weekly task: 'Girl weekly task', the bar fills after 3 s to the first unfinished task, the gift history, the rank button", async () => {
  const { t, timers } = await setup({
    api: {
      [RankPath.task]: {
        taskList: [
          { taskValue: 2500, taskCondition: 5000, finished: 0 },
          { taskValue: 2500, taskCondition: 1000, finished: 1 },
        ],
        giftHistory: [{ icon: '', nickname: 'Omar', formattedTime: '11-24 05:00', giftIcon: '', giftNum: 3 }],
      },
      [RankPath.receive]: { anchorReceiveRankList: [], costNum: 0, currentAnchorRank: null },
    },
  })
  act(() => void t.kernel.overlays.open(RankOverlay.task, { hostId: HOST }))
  await waitFor(() => $$('rank-task-gift').length === 1, { what: 'the history' })
  assert.match($('rank-task')!.textContent!, 'Girl weekly task')
  assert.is($('rank-task-value')!.textContent, '2500/5000')
  assert.equal([$('rank-task-progress')!.dataset.percent, $('rank-task-progress')!.dataset.filled], ['50', 'false'])
  await act(async () => timers.tickAsync(TASK_ANIMATE_MS))
  assert.is($('rank-task-progress')!.dataset.filled, 'true')
  assert.match($('rank-task-gift')!.textContent!, 'x3')
  await click('rank-task-to-rank')
  await waitFor(() => !!$('rank-host'), { what: 'the host rank' })
})

const hostCard = (o: Record<string, unknown> = {}) => ({
  userId: HOST, nickname: 'Layla', icon: '', userType: 2, age: 24, country: 'Saudi Arabia', levelName: 'SS', vip: 0, fans: 12, follow: 3, isFollow: false, yxAccid: 'host_200001', liveWelcome: 'Welcome to my room',
  giftWalls: Array.from({ length: 6 }, (_, i) => ({ giftId: i + 1, giftImg: '', giftName: `Gift ${i + 1}`, giftCount: 6 - i })),
  ...o,
})

test('LIVE-13 LIVE-14 the host card: UID, age, country, grade, fans, welcome, gift wall with arrows; Follow (action 1, 1 s apart) turns Followed; Message and avatar go to /talk and /detail', async () => {
  let follows = 0
  const { t, timers } = await setup({
    api: {
      [RankPath.card]: hostCard(),
      '/api/user/followUser': () => (follows++, { followed: true }),
    },
  })
  const told: Array<[number, boolean]> = []
  act(() => void t.kernel.overlays.open(RankOverlay.card, { userId: HOST, onFollow: (id: number, f: boolean) => told.push([id, f]) }))
  await waitFor(() => !!$('rank-card-name'), { what: 'the card' })
  assert.is($('rank-card-uid')!.textContent, 'UID 200001')
  assert.match($('rank-card-age')!.textContent!, '24')
  assert.is($('rank-card-grade')!.textContent, 'SS')
  assert.is($('rank-card-fans')!.textContent, '12')
  assert.match($('rank-card')!.textContent!, 'Welcome to my room')
  assert.match($('rank-card')!.textContent!, 'Received Gifts')
  assert.is($$('rank-card-gift').length, 6)
  assert.ok($('rank-wall-next') && $('rank-wall-prev'), 'arrows above 5 gifts')
  assert.is($('rank-card-follow')!.textContent, 'Follow')
  await click('rank-card-follow')
  await waitFor(() => $('rank-card-follow')!.dataset.followed === 'true', { what: 'followed' })
  assert.is($('rank-card-follow')!.textContent, 'Followed')
  assert.is($('rank-card-fans')!.textContent, '13', 'one fan more')
  assert.equal(requested(t, '/api/user/followUser')[0], { yxAccid: 'host_200001', action: 1, userId: HOST, levelName: 'SS', source: 'host_card', followUserId: HOST, followType: 1 })
  assert.equal(told, [[HOST, true]])
  await click('rank-card-follow')
  assert.is(follows, 1, 'a second tap within 1 s sends nothing')
  timers.tick(1000)
  await click('rank-card-follow')
  await waitFor(() => $('rank-card-follow')!.dataset.followed === 'false', { what: 'unfollowed' })
  assert.is(requested(t, '/api/user/followUser')[1].action, 2)
  await click('rank-card-message')
  assert.is(t.location.path() + '?' + t.kernel.router.search.value.toString(), '/talk?to=host_200001&taPath=host_card')
  act(() => void t.kernel.overlays.open(RankOverlay.card, { userId: HOST }))
  await waitFor(() => !!$('rank-card-avatar'), { what: 'the card again' })
  await click('rank-card-avatar')
  assert.is(t.location.path() + '?' + t.kernel.router.search.value.toString(), '/detail?id=200001&yxId=host_200001&path=host_card')
})

test('LIVE-13 a viewer card: Lv. badge, VIP, no Follow or Message, the empty text; a failed follow changes nothing; a failed card closes silently', async () => {
  const { t } = await setup({
    api: {
      [RankPath.card]: (p: any) => (p.searchValue === 5 ? { ...hostCard({ userId: 5, userType: 1, levelName: '47', vip: 1, giftWalls: [], liveWelcome: '' }) } : p.searchValue === 6 ? hostCard({ giftWalls: [] }) : serverCode('5000', 'no user')),
      '/api/user/followUser': serverCode('5000', 'down'),
    },
  })
  act(() => void t.kernel.overlays.open(RankOverlay.card, { userId: 5 }))
  await waitFor(() => !!$('rank-card-name'), { what: 'the viewer card' })
  assert.is($('rank-card-level')!.textContent, 'Lv.47')
  assert.match($('rank-card')!.textContent!, 'VIP')
  assert.is($('rank-card-follow'), null)
  assert.is($('rank-card-message'), null)
  assert.is($('rank-card-wall-empty')!.textContent, 'No gifts sent yet')
  assert.ok(($('rank-card-avatar') as HTMLButtonElement).disabled, 'no profile for a viewer')
  act(() => t.kernel.overlays.close(RankOverlay.card))
  act(() => void t.kernel.overlays.open(RankOverlay.card, { userId: 6 }))
  await waitFor(() => $('rank-card-wall-empty')?.textContent === 'Your girls are waiting for you to send gifts', { what: 'the host empty wall' })
  await click('rank-card-follow')
  await waitFor(() => t.answered.some((a) => a.path === '/api/user/followUser'), { what: 'the follow answered' })
  await t.settle()
  assert.is($('rank-card-follow')!.dataset.followed, 'false', 'a failure is swallowed')
  assert.is(t.toasts.length, 0)
  act(() => t.kernel.overlays.close(RankOverlay.card))
  act(() => void t.kernel.overlays.open(RankOverlay.card, { userId: 999 }))
  await waitFor(() => t.answered.filter((a) => a.path === RankPath.card).length === 3, { what: 'the card answered' })
  await waitFor(() => !$('rank-card'), { what: 'closed silently' })
  assert.is(t.toasts.length, 0)
})

test('LIVE-11 in Arabic: the tabs and the empty text', async () => {
  const { t } = await setup({ locale: 'ar', api: { [RankPath.send]: () => fans(0) } })
  act(() => void t.kernel.overlays.open(RankOverlay.viewers, { hostId: HOST }))
  await waitFor(() => !!$('rank-empty'), { what: 'empty' })
  assert.is($('rank-empty')!.textContent, 'لا توجد نتائج')
  assert.is($('rank-tab-gifters')!.textContent, 'أكثر الداعمين')
})

test.run()
