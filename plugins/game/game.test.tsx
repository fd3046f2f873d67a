import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { definePlugin } from '../../kernel/plugin.ts'
import { gamePopupRef } from '../message/api.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { fakeTimers, type FakeTimers } from '../../test/fake-timers.ts'
import { waitFor } from '../../test/wait.ts'
import { shellRef, type ShellApi } from '../shell/api.ts'
import { rechargeRef } from '../recharge/api.ts'
import { gameRef, GameOverlay, GamePath, type Game } from './api.ts'
import { GameEntries } from './widgets.tsx'
import { createGamePlugin } from './index.ts'
import { FreePath } from './paths.ts'

// the frames load nothing here: each frame's window is a stand-in that records what the app posts
const happy = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM
if (happy) happy.settings.disableIframePageLoading = true
type FakeWin = { posted: Array<[unknown, string]>; postMessage(m: unknown, o: string): void }
const wins = new WeakMap<HTMLIFrameElement, FakeWin>()
Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
  configurable: true,
  get(this: HTMLIFrameElement) {
    if (!wins.has(this)) {
      const w: FakeWin = { posted: [], postMessage: (m, o) => void w.posted.push([m, o]) }
      wins.set(this, w)
    }
    return wins.get(this)
  },
})

const ORIGIN = 'http://localhost'
const OWN_GAME = '/__harness/game/play?id=101'
let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})

const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const frame = () => document.querySelector('iframe') as HTMLIFrameElement
const winOf = (f = frame()) => f.contentWindow as unknown as FakeWin
/** a message as the browser delivers it: from a window, with its origin */
const post = (data: unknown, o: { origin?: string; source?: unknown } = {}) =>
  act(async () => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: o.origin ?? ORIGIN, source: (o.source ?? winOf()) as MessageEventSource }))
  })
const loadFrame = () => act(async () => void frame().dispatchEvent(new Event('load')))

interface Setup {
  path?: string
  user?: Record<string, unknown>
  api?: Record<string, unknown>
  tokenHosts?: string
  timers?: FakeTimers
}

async function setup(o: Setup = {}) {
  const timers = o.timers ?? fakeTimers()
  const seen = { recharge: [] as unknown[], closeRecharge: null as null | (() => void) }
  const shell = {
    baseConfig: signal({ sysConfigParams: { game_token_hosts: o.tokenHosts ?? 'games.partner.com,/__harness/game/' } }),
    refreshUser: async () => {},
  }
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'shell' }), createGamePlugin({ timers, random: () => 0.5 })],
    fakes: [
      fake(shellRef, shell as unknown as Partial<ShellApi>),
      fake(rechargeRef, {
        open: (x) => {
          seen.recharge.push(x)
          return new Promise<void>((r) => (seen.closeRecharge = r))
        },
      }),
    ],
    token: 'tok',
    path: o.path ?? `/wall`,
    settings: { tabs: [{ id: 'wall', path: '/wall', icon: 'wall', label: 'x' }], mainPath: '/wall' },
    api: (p, payload) => {
      const a = o.api?.[p]
      if (a === undefined) return serverCode('4004', `no ${p}`)
      return typeof a === 'function' ? (a as (x: unknown) => unknown)(payload) : a
    },
  })
  current = t
  t.kernel.session.setUser({ userId: 7, nickname: 'Mia', icon: '', yxAccid: 'u7', imToken: 'im-7', diamondNum: 40, firstPayTime: null, isNewUser: 0, ...o.user } as never)
  await t.kernel.i18n.ready()
  await t.render()
  return { t, timers, seen }
}

const game = (o: Partial<Game> = {}): Game => ({ gameId: 101, gameName: 'Lucky Wheel', gameLink: OWN_GAME, gameType: 1, ...o })
const openHalf = async (t: TestKernel, g = game()) => {
  act(() => t.kernel.need(gameRef).openHalf(g))
  await waitFor(() => frame(), { what: 'the game frame' })
}

test('ENG-07 the loading climbs every 500 ms by 15-24 to at most 99, and reaches 100 and hides on load done', async () => {
  const { t, timers } = await setup()
  await openHalf(t)
  assert.is($('game-progress')!.textContent, '0%')
  const seen: number[] = []
  for (let i = 0; i < 8; i++) {
    await act(async () => timers.tick(500))
    seen.push(Number($('game-progress')!.textContent!.replace('%', '')))
  }
  // random 0.5: steps of 20, capped at 99
  assert.equal(seen, [20, 40, 60, 80, 99, 99, 99, 99])
  await act(async () => timers.tick(499))
  assert.is($('game-progress')!.textContent, '99%')
  await loadFrame()
  // the page's own load is not the game's: still loading until the game says so
  assert.ok($('game-loading'))
  await post({ event: 'loadDone' })
  assert.is($('game-loading'), null)
  assert.is($('game-frame')!.dataset.phase, 'ready')
})

test('ENG-07 the frame: own origin keeps its origin, the IM token and userId go with it; no referrer', async () => {
  const { t } = await setup()
  await openHalf(t)
  const f = frame()
  assert.is(f.getAttribute('referrerpolicy'), 'no-referrer')
  assert.ok(f.getAttribute('sandbox')!.split(' ').includes('allow-same-origin'))
  const src = new URL(f.src)
  assert.is(src.origin, ORIGIN)
  assert.is(src.searchParams.get('imToken'), 'im-7')
  assert.is(src.searchParams.get('userId'), '7')
})

test('ENG-07 a foreign game gets an opaque origin (no allow-same-origin), no token unless its host is allowed, and only its own window\'s null-origin messages count', async () => {
  const { t, seen } = await setup()
  await openHalf(t, game({ gameLink: 'https://evil.example/slot' }))
  const f = frame()
  assert.not.ok(f.getAttribute('sandbox')!.includes('allow-same-origin'))
  assert.ok(f.getAttribute('sandbox')!.includes('allow-scripts'))
  assert.is(new URL(f.src).searchParams.get('imToken'), null)
  assert.is(new URL(f.src).searchParams.get('userId'), null)
  // its messages come from the opaque origin 'null': the origin it pretends to have is refused
  await post({ event: 'recharge' }, { origin: 'https://evil.example' })
  await post({ event: 'recharge' }, { origin: ORIGIN })
  assert.is(seen.recharge.length, 0)
  await post({ event: 'recharge' }, { origin: 'null' })
  assert.is(seen.recharge.length, 1)
  // an allowed host gets the token
  act(() => t.kernel.overlays.close(GameOverlay.half))
  await waitFor(() => !frame(), { what: 'the game closed' })
  await openHalf(t, game({ gameLink: 'https://games.partner.com/slot' }))
  assert.is(new URL(frame().src).searchParams.get('imToken'), 'im-7')
})

test('ENG-07 hostile messages change nothing: malformed shapes, another window, a foreign origin; the game loads on', async () => {
  const { t, seen } = await setup()
  await openHalf(t)
  const stranger = { postMessage() {} }
  for (const m of ['recharge', '{"event":"back"}', null, 42, ['back'], { type: 'back' }, { event: 'Recharge' }, { event: 'back', x: 'y'.repeat(5000) }]) await post(m)
  await post({ event: 'back' }, { source: stranger })
  await post({ event: 'recharge' }, { source: stranger })
  await post({ event: 'back' }, { origin: 'http://127.0.0.1' })
  await post({ event: 'loadDone' }, { origin: 'https://evil.example' })
  assert.ok($('game-half'), 'still open')
  assert.is(seen.recharge.length, 0)
  assert.ok($('game-loading'), 'still loading: no load done from anyone else')
  await post({ event: 'loadDone' })
  assert.is($('game-loading'), null)
})

test('ENG-07 recharge opens the sheet once however often it is asked; 2500 ms after a recharge the game hears the server\'s balance; back closes', async () => {
  const { t, timers, seen } = await setup()
  await openHalf(t)
  await post({ event: 'loadDone' })
  await post({ event: 'recharge' })
  await post({ event: 'recharge' })
  assert.is(seen.recharge.length, 1)
  assert.equal(seen.recharge[0], { source: 'game', inLive: false })
  // the order was paid: the server's balance arrives, the game hears it 2500 ms later
  act(() => {
    t.kernel.session.setBalance(1240)
    t.kernel.events.emit('recharge-success', { orderCode: 'o-1', vip: false })
  })
  await act(async () => timers.tick(2499))
  assert.equal(winOf().posted, [])
  await act(async () => timers.tick(1))
  assert.equal(winOf().posted, [[{ event: 'coinBalance', balance: 1240 }, ORIGIN]])
  await act(async () => seen.closeRecharge?.())
  await post({ event: 'recharge' })
  assert.is(seen.recharge.length, 2)
  await post({ event: 'back' })
  await waitFor(() => !$('game-half'), { what: 'the game closed' })
  assert.is(t.kernel.scene.peek().halfGame, false)
})

test('ENG-07 a game that never says it has loaded is shown after 12 s; one whose page never loads offers Retry', async () => {
  const { t, timers } = await setup()
  await openHalf(t)
  await loadFrame()
  await act(async () => timers.tick(12_000))
  assert.is($('game-loading'), null)
  assert.is($('game-frame')!.dataset.phase, 'ready')
  act(() => t.kernel.overlays.close(GameOverlay.half))
  await waitFor(() => !frame(), { what: 'closed' })
  await openHalf(t)
  await act(async () => timers.tick(12_000))
  assert.ok($('game-error'))
  await act(async () => $('game-error')!.querySelector('button')!.click())
  await waitFor(() => frame() && $('game-loading'), { what: 'loading again' })
})

test('ENG-07 a game that navigates away is not trusted: what the new page posts does nothing, the user may close or reload', async () => {
  const { t, seen } = await setup()
  await openHalf(t)
  await loadFrame()
  await post({ event: 'loadDone' })
  await loadFrame()
  assert.ok($('game-left'))
  await post({ event: 'recharge' })
  await post({ event: 'back' })
  assert.is(seen.recharge.length, 0)
  assert.ok($('game-half'))
  await act(async () => $('game-left-close')!.click())
  await waitFor(() => !$('game-half'), { what: 'closed' })
})

test('ENG-07 over a live room the mask shows after 2 s; the scene marks a half-screen game', async () => {
  const { t, timers } = await setup()
  act(() => void (t.kernel.scene.value = { ...t.kernel.scene.peek(), live: true }))
  await openHalf(t)
  assert.is(t.kernel.scene.peek().halfGame, true)
  await act(async () => timers.tick(1999))
  assert.is($('game-live-mask'), null)
  await act(async () => timers.tick(1))
  assert.ok($('game-live-mask'))
})

test('ENG-07 hostile links on /game open nothing: javascript:, data:, credentials', async () => {
  for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'https://u:p@evil.example/']) {
    const { t } = await setup({ path: `/game?url=${encodeURIComponent(url)}` })
    await waitFor(() => $('game-blocked'), { what: 'blocked' })
    assert.is(document.querySelector('iframe'), null)
    t.dispose()
    current = null
    document.body.innerHTML = ''
  }
})

test('ENG-07 the game list popup: half games, service and agent icons only for a paid user; a game opens half-screen', async () => {
  const list = [game(), game({ gameId: 102, gameName: 'Fruit Party' })]
  const { t } = await setup({ api: { [GamePath.halfList]: list } })
  act(() => t.kernel.need(gameRef).openList())
  await waitFor(() => $('game-102'), { what: 'the list' })
  assert.is($('game-service'), null)
  assert.is($('game-agent'), null)
  assert.is(t.kernel.scene.peek().gameCentre, true)
  await act(async () => $('game-102')!.click())
  await waitFor(() => $('game-half'), { what: 'the half game' })
  assert.is($('game-list-popup'), null)
  assert.match(frame().src, 'id=101')
  t.dispose()
  current = null
  document.body.innerHTML = ''
  const paid = await setup({ api: { [GamePath.halfList]: list }, user: { firstPayTime: '2025-01-01T00:00:00Z' } })
  act(() => paid.t.kernel.need(gameRef).openList())
  await waitFor(() => $('game-agent'), { what: 'the agent icon' })
  await act(async () => $('game-agent')!.click())
  assert.is(paid.t.location.path(), '/proxyCharge')
  assert.is(paid.t.location.search().get('isGamePath'), '1')
})

test('ENG-07 IM-06 customer service opened from the game list can reopen the list: the game plugin provides the link message asks for', async () => {
  const { t } = await setup({ api: { [GamePath.halfList]: [game()] } })
  const link = t.kernel.get(gamePopupRef)
  assert.ok(link, 'a plugin provides the game-popup link')
  act(() => link!.open())
  await waitFor(() => $('game-101'), { what: 'the list, open again' })
  assert.ok($('game-list-popup'))
})

test('ENG-07 the game list popup: empty and error (Retry) states', async () => {
  let n = 0
  const { t } = await setup({ api: { [GamePath.halfList]: () => (++n === 1 ? serverCode('5000', 'down') : [game()]) } })
  act(() => t.kernel.need(gameRef).openList())
  await waitFor(() => $('game-list-error'), { what: 'the error' })
  await act(async () => $('game-list-error')!.querySelector('button')!.click())
  await waitFor(() => $('game-101'), { what: 'the list after Retry' })
  t.dispose()
  current = null
  document.body.innerHTML = ''
  const empty = await setup({ api: { [GamePath.halfList]: [] } })
  act(() => empty.t.kernel.need(gameRef).openList())
  await waitFor(() => $('game-list-empty'), { what: 'empty' })
})

const centreApi = {
  [GamePath.fullList]: {
    gameList: [game(), game({ gameId: 104, gameName: 'Golden Slots', gameType: 2, gameLink: 'https://games.partner.com/slots', gameCategories: 'slots', gameCategoriesName: 'Slots' })],
    scrollScreen: { showTime: 3, scrolls: [{ nickname: 'Omar', gameName: 'Lucky Wheel', winDiamond: 1200 }, { nickname: 'Kenji', gameName: 'Dice', winDiamond: 300 }] },
  },
  [GamePath.recently]: [game()],
  [GamePath.recommend]: [game({ gameId: 104, gameName: 'Golden Slots', gameType: 2, gameLink: 'https://games.partner.com/slots' })],
  [GamePath.banners]: [{ id: 1, title: 'Spin', gameId: 101, imgUrl: 'javascript:alert(1)' }],
  [GamePath.rank]: [{ rank: 1, userId: 9, nickname: 'Omar', winDiamond: 1200 }],
}

test('ENG-07 /gameCenter: marquee every showTime s, banners, recently played, recommendations, grouped list; a full game opens /game; rank and rules', async () => {
  const { t, timers } = await setup({ path: '/gameCenter', api: centreApi })
  await waitFor(() => $('game-marquee'), { what: 'the centre' })
  assert.match($('game-marquee')!.textContent!, 'Omar won 1,200 diamonds in Lucky Wheel')
  await act(async () => timers.tick(3000))
  assert.match($('game-marquee')!.textContent!, 'Kenji')
  assert.ok($('game-recent-101'))
  assert.ok($('game-recommend-104'))
  assert.ok($('game-group-slots'))
  assert.is(document.querySelector('[data-testid=game-banner-1] img'), null, 'no javascript: image')
  await act(async () => $('game-recommend-104')!.click())
  assert.is(t.location.path(), '/game')
  assert.is(t.location.search().get('url'), 'https://games.partner.com/slots')
  await waitFor(() => frame(), { what: 'the game page frame' })
  assert.is(new URL(frame().src).searchParams.get('imToken'), 'im-7')
  t.location.navigate('/gameRank')
  await t.settle()
  await waitFor(() => $('game-rank-1'), { what: 'the rank' })
  assert.match($('game-rank-1')!.textContent!, 'Omar')
  t.location.navigate('/gameRule')
  await t.settle()
  await waitFor(() => $('game-rule-page'), { what: 'the rules' })
})

test('ENG-07 SHELL-12 the winners\' marquee: the name and the game isolated (an Arabic name keeps the English sentence in order), a win from data bounded (never won -5,000, never [object Object])', async () => {
  const scrolls = [{ nickname: 'ناصر', gameName: 'Lucky Wheel', winDiamond: -5000 }, { nickname: { x: 1 }, gameName: 'Dice', winDiamond: 1e21 }]
  const { timers } = await setup({ path: '/gameCenter', api: { ...centreApi, [GamePath.fullList]: { ...centreApi[GamePath.fullList], scrollScreen: { showTime: 3, scrolls } } } })
  await waitFor(() => $('game-marquee'), { what: 'the centre' })
  const line = $('game-marquee')!
  assert.equal([...line.querySelectorAll('bdi')].map((b) => b.textContent), ['ناصر', 'Lucky Wheel'])
  assert.match(line.textContent!, 'ناصر won 0 diamonds in Lucky Wheel')
  await act(async () => timers.tick(3000))
  assert.not.match($('game-marquee')!.textContent!, /object|e\+21/)
  assert.match($('game-marquee')!.textContent!, '9,999,999')
})

test('ENG-07 /gameCenter and /gameRank: error with Retry, and empty', async () => {
  const { t } = await setup({ path: '/gameCenter', api: {} })
  await waitFor(() => $('game-centre-error'), { what: 'the error' })
  t.location.navigate('/gameRank')
  await t.settle()
  await waitFor(() => $('game-rank-error'), { what: 'the rank error' })
  t.dispose()
  current = null
  document.body.innerHTML = ''
  await setup({ path: '/gameCenter', api: { [GamePath.fullList]: { gameList: [], scrollScreen: { scrolls: [] } } } })
  await waitFor(() => $('game-centre-empty'), { what: 'empty' })
})

test('ENG-07 ENG-10 the profile page\'s entries open the game list popup and /free', async () => {
  const { t } = await setup({ api: { [GamePath.halfList]: [game()] } })
  await t.render(<GameEntries />)
  await act(async () => $('entry-games')!.click())
  await waitFor(() => $('game-list-popup'), { what: 'the list popup' })
  await act(async () => $('entry-free')!.click())
  assert.is(t.location.path(), '/free')
})

const type = (id: string, v: string) =>
  act(async () => {
    const el = $(id) as HTMLInputElement
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, v)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })

test('ENG-10 /free lists the tasks with the server\'s rewards; the email task validates, sends, refuses a wrong code, then /free/result shows the server\'s reward', async () => {
  const { t } = await setup({
    path: '/free',
    api: {
      [FreePath.tasks]: { list: [{ taskId: 'email', rewardDiamond: 300, status: 0 }, { taskId: 'phone', rewardDiamond: 200, status: 0 }, { taskId: 'review', rewardDiamond: 500, status: 1 }, { taskId: 'bogus', status: 0 }] },
      [FreePath.sendCode]: { sent: true },
      [FreePath.verifyCode]: (p: any) => (p.code === '123456' ? { task: 'email', status: 2, rewardDiamond: 300, diamondNum: 340 } : serverCode('5000', 'Incorrect verification code')),
      [FreePath.status]: { taskId: 'email', status: 2, rewardDiamond: 300 },
    },
  })
  await waitFor(() => $('free-task-email'), { what: 'the tasks' }).catch((e) => { console.log('DBG2', t.location.path(), t.requests.map((r) => r.path), document.body.innerHTML.slice(0, 800)); throw e })
  assert.is(document.querySelectorAll('.gm-task').length, 3)
  assert.match($('free-task-email')!.textContent!, '+300 diamonds')
  assert.is($('free-task-review')!.dataset.status, '1')
  await act(async () => $('free-task-email')!.click())
  await waitFor(() => $('free-send'), { what: 'the email page' })
  await act(async () => $('free-send')!.click())
  assert.ok(t.toasts.some((x) => x.text === 'Email must not be empty'))
  await type('free-target', 'not-an-email')
  await act(async () => $('free-send')!.click())
  assert.ok(t.toasts.some((x) => x.text === 'Email must be a well-formed email address'))
  assert.is(t.requests.filter((r) => r.path === FreePath.sendCode).length, 0)
  await type('free-target', 'me@example.com')
  await act(async () => $('free-send')!.click())
  await waitFor(() => $('free-code'), { what: 'the code field' })
  assert.equal(t.requests.filter((r) => r.path === FreePath.sendCode).map((r) => r.payload), [{ taskId: 'email', target: 'me@example.com' }])
  await type('free-code', '000000')
  await act(async () => $('free-verify')!.click())
  await waitFor(() => t.toasts.some((x) => x.text === 'Incorrect verification code'), { what: 'the wrong code' })
  assert.is(t.location.path(), '/free/email')
  await type('free-code', '123456')
  await act(async () => $('free-verify')!.click())
  await waitFor(() => $('free-result-reward'), { what: 'the result' })
  assert.is(t.location.path(), '/free/result')
  assert.is($('free-result-reward')!.textContent, '+300')
  assert.match($('free-result-balance')!.textContent!, '340')
})

test('ENG-10 /free/review submits, /free/loading asks every 2 s until the server settles, then the result; after 30 s it leaves it to the server', async () => {
  let status = 1
  const { t, timers } = await setup({
    path: '/free/review',
    api: {
      [FreePath.submitReview]: { taskId: 'review', status: 1, rewardDiamond: 500 },
      [FreePath.status]: () => ({ taskId: 'review', status, rewardDiamond: 500 }),
    },
  })
  await waitFor(() => $('free-review-submit'), { what: 'the review page' })
  await act(async () => $('free-review-submit')!.click())
  await waitFor(() => $('free-checking'), { what: 'the loading page' })
  assert.is(t.location.path(), '/free/loading')
  const asked = () => t.answered.filter((a) => a.path === FreePath.status).length
  await waitFor(() => asked() === 1, { what: 'the first ask' })
  await act(async () => timers.tickAsync(2000))
  await waitFor(() => asked() === 2, { what: 'the second ask' })
  status = 2
  await act(async () => timers.tickAsync(2000))
  await waitFor(() => $('free-result-reward'), { what: 'the result' })
  assert.is($('free-result-reward')!.textContent, '+500')
  // never settled: after 30 s the page says the server will credit later
  status = 1
  t.location.navigate('/free/loading?task=review')
  await t.settle()
  await waitFor(() => $('free-checking'), { what: 'loading again' })
  for (let i = 0; i < 16; i++) await act(async () => timers.tickAsync(2000))
  await waitFor(() => $('free-loading-later'), { what: 'later' })
})

test('ENG-10 /free: error with Retry, and a rejected review offers to try again', async () => {
  let n = 0
  const { t } = await setup({ path: '/free', api: { [FreePath.tasks]: () => (++n === 1 ? serverCode('5000', 'down') : { list: [] }), [FreePath.status]: { taskId: 'review', status: 3, rewardDiamond: 500 } } })
  await waitFor(() => $('free-error'), { what: 'the error' })
  await act(async () => $('free-error')!.querySelector('button')!.click())
  await waitFor(() => $('free-empty'), { what: 'empty after Retry' })
  t.location.navigate('/free/result?task=review')
  await t.settle()
  await waitFor(() => $('free-result-retry'), { what: 'rejected' })
  await act(async () => $('free-result-retry')!.click())
  assert.is(t.location.path(), '/free/review')
})

test.run()
