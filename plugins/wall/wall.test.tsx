import { test } from 'uvu'
import { definePlugin } from '../../kernel/plugin.ts'
import type { TabSetting } from '../../kernel/types.ts'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { createTestKernel, type FakeApi } from '../../kernel/testing.tsx'
import { memoryStorage } from '../../kernel/storage.ts'
import { fakeTimers, type FakeTimers } from '../../test/fake-timers.ts'
import { createWallPlugin } from './index.ts'
import { hostsRef } from './api.ts'
import { COUNTRY_TTL_MS, PAGE_SIZE, Paths, wallStateRef, type WallTag } from './state.ts'
import { waitFor } from '../../test/wait.ts'

// ---- a fake backend speaking the harness's shapes (plugins/wall/fake.ts) ----
const TAGS = [
  { tagId: 1, tagName: 'All', kind: 'all', lock: 0 },
  { tagId: 2, tagName: 'Live', kind: 'live', lock: 0 },
  { tagId: 3, tagName: 'Follow', kind: 'follow', lock: 0 },
  { tagId: 4, tagName: 'New', kind: 'new', lock: 1 },
  { tagId: 5, tagName: 'Game', kind: 'game', lock: 0 },
  { tagId: 6, tagName: 'Like You', kind: 'likeYou', lock: 'vip' },
]
// app status values: -1 live, 1 online, 2 busy, 3 offline
const row = (userId: number, onlineStatus: number, grade = 'A') => ({
  userId,
  yxAccid: `host_${userId}`,
  nickname: `Host ${userId}`,
  age: 20 + (userId % 10),
  countryId: 1,
  countryCode: 'SA',
  icon: '',
  anchorLevelName: grade,
  videoPrice: 100,
  onlineStatus,
})

interface Backend {
  online?: number
  offline?: number
  newHosts?: number
  games?: number
  /** answer these list calls never (a time-out) */
  hang?: (payload: any) => boolean
  countryCalls?: number
  /** hosts the server leaves out (blocked by the caller) */
  hidden?: Set<number>
}

function backend(b: Backend): FakeApi {
  const online = Array.from({ length: b.online ?? 0 }, (_, i) => row(1000 + i, i === 0 ? -1 : 1))
  const offline = Array.from({ length: b.offline ?? 0 }, (_, i) => row(5000 + i, 3))
  // the New tab shares its first host with the All list, so one push must reach both
  const fresh = [online[0] ?? row(1000, 1), ...Array.from({ length: (b.newHosts ?? 1) - 1 }, (_, i) => row(7000 + i, 1, 'NEW'))]
  return (path, p) => {
    switch (path) {
      case Paths.tags:
        return TAGS
      case Paths.games:
        return { gameList: Array.from({ length: b.games ?? 0 }, (_, i) => ({ gameId: i + 1, gameName: `Game ${i + 1}`, gameLink: `/g/${i + 1}` })) }
      case Paths.countries:
        b.countryCalls = (b.countryCalls ?? 0) + 1
        return [{ countryId: 1, code: 'SA', flag: '🇸🇦', name: 'Saudi Arabia' }]
      case Paths.statusByUid:
        return []
      case Paths.list: {
        if (b.hang?.(p)) return new Promise(() => {})
        const pool = (Number(p.tagId) === 4 ? fresh : Number(p.onlineStatus) === 2 ? offline : online).filter((h) => !b.hidden?.has(h.userId))
        const start = (p.currentPage - 1) * p.pageSize
        return { list: pool.slice(start, start + p.pageSize), currentPage: p.currentPage, pageSize: p.pageSize, total: pool.length }
      }
      default:
        return undefined
    }
  }
}

function wallKernel(b: Backend, o: { path?: string; token?: string; timers?: FakeTimers; storage?: Storage; tabs?: TabSetting[]; pages?: string[] } = {}) {
  const timers = o.timers ?? fakeTimers()
  const storage = o.storage ?? memoryStorage()
  // stand-ins for the pages other plugins serve (the VIP shop, the level page, the game page)
  const pages = o.pages && definePlugin({ id: 'pages', routes: o.pages.map((path) => ({ path, page: async () => ({ default: () => <p data-testid={`page${path.replace(/\//g, '-')}`} /> }) })) })
  const t = createTestKernel({
    plugins: [createWallPlugin({ storage, timers }), ...(pages ? [pages] : [])],
    path: o.path ?? '/wall',
    settings: o.tabs && { tabs: o.tabs },
    api: backend(b),
    token: o.token,
    timers,
  })
  return { t, timers, storage, state: t.kernel.need(wallStateRef) }
}

const byTest = (id: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`))
const card = (userId: number) => Array.from(document.querySelectorAll<HTMLElement>(`[data-testid="host-card"][data-host-id="${userId}"]`))
const tabIds = () => byTest('wall-tab').map((el) => Number(el.dataset.tagId))
const tag = (id: number) => TAGS.map((x) => ({ tagId: x.tagId, name: x.tagName, kind: x.kind, lock: x.lock })).find((x) => x.tagId === id) as WallTag
const clickEl = async (el: Element | undefined) => {
  if (!el) throw new Error('nothing to click')
  await act(async () => void (el as HTMLElement).click())
}

// the lazy page is compiled once here, so each render finds it at once
await import('./WallPage.tsx')

// a failed test leaves its page behind: start every test with an empty document
test.before.each(() => {
  document.body.innerHTML = ''
})

// no scroll paging by itself in these tests: the tests page on purpose
;(globalThis as any).IntersectionObserver = undefined

test('ENG-01 tabs come from the tag list; the Game tab is hidden when there are no games', async () => {
  const { t } = wallKernel({ online: 3, games: 0 })
  await t.render()
  assert.ok(byTest('wall')[0], 'the page root')
  assert.equal(tabIds(), [1, 2, 3, 4, 6], 'every tag but Game')
  assert.equal(byTest('wall-tab').map((el) => el.textContent), ['All', 'Live', 'Follow', 'New', 'Like You'])
  t.dispose()

  const withGames = wallKernel({ online: 3, games: 2 })
  await withGames.t.render()
  assert.equal(tabIds(), [1, 2, 3, 4, 6, 5], 'the Game tab shows when games exist, last')
  withGames.t.dispose()
})

test('ENG-01 the Game tab appearing late (its games load after the first screen) moves no other tab', async () => {
  const { t, state } = wallKernel({ online: 3, games: 2 })
  await t.render()
  await waitFor(() => tabIds().includes(5), { what: 'the Game tab from the games answer' })
  const before = tabIds()
  await act(async () => void (state.games.value = null))
  const without = tabIds()
  await act(async () => void (state.games.value = [{ gameId: 1, gameName: 'G', gameLink: '/g/1', icon: '' }] as never))
  const withGame = tabIds()
  assert.equal(withGame.slice(0, without.length), without, 'every tab keeps its place')
  assert.equal(withGame.at(-1), 5, 'the Game tab is added at the end')
  assert.equal(before, withGame)
  t.dispose()
})

for (const locale of ['en', 'ar'] as const) {
  test(`ENG-01 NET-09 before the country list arrives a card shows the flag alone, never the country's code as its name (${locale})`, async () => {
    const { t } = wallKernel({ online: 3 })
    if (locale === 'ar') await act(() => t.kernel.i18n.setLocale('ar'))
    await t.render()
    const country = await waitFor(() => card(1001)[0]?.querySelector<HTMLElement>('.wl-card__country'), { what: 'the country' })
    assert.is(country.textContent, '🇸🇦')
    assert.not.match(card(1001)[0].textContent ?? '', 'SA')
    t.dispose()
  })
}

test('ENG-01 NET-09 a warm start has the cached country names before the first paint (no code flashes)', async () => {
  const storage = memoryStorage()
  const timers = fakeTimers()
  storage.setItem('wall.countries.en', JSON.stringify({ at: timers.now(), list: [{ id: 1, code: 'SA', flag: '🇸🇦', name: 'Saudi Arabia (cached)' }] }))
  const { t, state } = wallKernel({ online: 3 }, { storage, timers })
  assert.is(state.countries.peek().get(1)?.name, 'Saudi Arabia (cached)', 'known before the page renders')
  await t.render()
  const country = await waitFor(() => card(1001)[0]?.querySelector<HTMLElement>('.wl-card__country'), { what: 'the country' })
  assert.match(country.textContent ?? '', 'Saudi Arabia (cached)')
  t.dispose()
})

test('ENG-01 a long name and country keep to their card: ellipsis, with the full text in the title', async () => {
  const { t, state } = wallKernel({ online: 3 })
  await t.render()
  await waitFor(() => card(1001).length, { what: 'the cards' })
  const long = 'Alexandra Maria Valentina de la Cruz Fernández'
  await act(async () => void state.service.remember({ ...row(1001, 1), nickname: long }))
  const nick = card(1001)[0].querySelector<HTMLElement>('.wl-card__nick')!
  assert.is(nick.title, long)
  assert.is(nick.textContent, long)
  t.dispose()
})

test('ENG-01 NET-07 a host picture or flag from data passes the one URL check: a script or foreign-host URL draws the initial or the emoji', async () => {
  const { t, state } = wallKernel({ online: 3 })
  await t.render()
  await waitFor(() => card(1001).length, { what: 'the cards' })
  await act(async () => void state.service.remember({ ...row(1001, 1), icon: 'javascript:alert(1)' }))
  await act(async () => void state.service.remember({ ...row(1002, 1), icon: '//evil.example/x.png' }))
  for (const id of [1001, 1002]) {
    assert.is(card(id)[0].querySelector('img.wl-card__img'), null, `host ${id}: no picture`)
    assert.is(card(id)[0].querySelector('.wl-card__img--none')?.textContent, 'H', `host ${id}: the initial`)
  }
  await act(async () => void state.service.remember({ ...row(1001, 1), icon: 'https://cdn.example/h.png' }))
  assert.is(card(1001)[0].querySelector<HTMLImageElement>('img.wl-card__img')?.getAttribute('src'), 'https://cdn.example/h.png', 'a good picture still shows')
  await act(async () => void (state.countries.value = new Map([[1, { id: 1, code: 'SA', name: 'Saudi Arabia', flag: 'javascript:alert(1)' }]])))
  assert.is(card(1001)[0].querySelector('img.wl-flag'), null, 'no flag picture from a script URL')
  assert.match(card(1001)[0].querySelector('.wl-card__country')?.textContent ?? '', '🇸🇦')
  t.dispose()
})

test('ENG-01 SHELL-08 the first tab lists hosts with status, grade and price; the wall tab\'s path from the app manifest (/white-wall) serves the same page', async () => {
  const { t } = wallKernel({ online: 3 }, { path: '/white-wall', tabs: [{ id: 'wall', path: '/white-wall', icon: 'wall', label: 'x' }] })
  await t.render()
  const cards = byTest('host-card')
  assert.is(cards.length, 3)
  assert.is(cards[0].dataset.status, 'live')
  assert.is(cards[1].dataset.status, 'online')
  assert.match(cards[1].textContent ?? '', 'Host 1001')
  assert.match(cards[1].textContent ?? '', '100/min')
  assert.ok(cards[1].querySelector('.wl-grade--a'), 'grade badge')
  assert.is(t.requests.find((r) => r.path === Paths.list)?.payload.pageSize, 10)
  t.dispose()
})

test('ENG-01 pages of 10; a short page finishes the tab', async () => {
  const { t, state } = wallKernel({ newHosts: 13 })
  const list = state.listFor(tag(4))
  await list.pager.refresh()
  assert.is(list.pager.items.value.length, PAGE_SIZE)
  assert.is(list.pager.finished.value, false)
  await list.pager.more()
  assert.is(list.pager.items.value.length, 13)
  assert.is(list.pager.finished.value, true, 'a page of 3 < 10 finishes')
  const calls = t.requests.filter((r) => r.path === Paths.list && r.payload.tagId === 4).map((r) => r.payload)
  assert.equal(calls, [
    { pageSize: 10, tagId: 4, currentPage: 1 },
    { pageSize: 10, tagId: 4, currentPage: 2 },
  ])
  await list.pager.more()
  assert.is(t.requests.filter((r) => r.path === Paths.list && r.payload.tagId === 4).length, 2, 'nothing more is asked once finished')
  t.dispose()
})

test('ENG-01 the All tab adds the offline hosts (onlineStatus 2) after the online ones', async () => {
  const { t, state } = wallKernel({ online: 13, offline: 14 })
  const list = state.listFor(tag(1))
  await list.pager.refresh()
  assert.is(list.pager.items.value.length, 10)
  await list.pager.more() // 3 online + offline page 1 (10)
  assert.is(list.pager.items.value.length, 23)
  assert.equal(list.pager.items.value.slice(10, 13), [1010, 1011, 1012], 'the last online hosts first')
  assert.is(list.pager.items.value[13], 5000, 'then the offline ones')
  assert.is(list.offlineAt.value, 13)
  await list.pager.more() // offline page 2 (4) -> finished
  assert.is(list.pager.items.value.length, 27)
  assert.is(list.pager.finished.value, true)
  const calls = t.requests.filter((r) => r.path === Paths.list).map((r) => [r.payload.currentPage, r.payload.onlineStatus ?? null])
  assert.equal(calls, [[1, null], [2, null], [1, 2], [2, 2]])
  // a refresh starts over with the online list
  await list.pager.refresh()
  assert.equal(t.requests.at(-1)!.payload.onlineStatus, undefined)
  assert.is(list.offlineAt.value, null)
  t.dispose()
})

test('ENG-01 locked tabs explain the lock instead of listing: level for a low level, VIP for non-VIP', async () => {
  const { t } = wallKernel({ online: 3 }, { path: '/wall?tab=4' })
  await t.render()
  const lock = byTest('wall-lock')[0]
  assert.ok(lock, 'level lock shown')
  assert.is(lock.dataset.lock, '1')
  assert.match(lock.textContent ?? '', 'Unlocks at level 1')
  assert.is(byTest('host-card').length, 0)
  assert.ok(!t.requests.some((r) => r.path === Paths.list && r.payload.tagId === 4), 'a locked tab loads nothing')
  assert.is(byTest('wall-tab').find((el) => el.dataset.tagId === '6')?.dataset.locked, 'true')

  t.location.navigate('/wall?tab=6')
  await waitFor(() => byTest('wall-lock')[0]?.dataset.lock === 'vip', { what: 'the VIP lock' })
  // a VIP user passes the VIP lock: the tab's hosts are asked for and answered
  act(() => void (t.kernel.session.setUser({ userId: 1, nickname: 'V', icon: '', diamondNum: 0, yxAccid: 'v', vipInfo: { isVip: 1 } })))
  await waitFor(() => t.answered.some((a) => a.path === Paths.list && (a.payload as { tagId?: number }).tagId === 6), { what: 'the VIP tab loaded' })
  await t.settle()
  assert.is(byTest('wall-lock').length, 0)
  t.dispose()
})

test('ENG-01 a lock leads somewhere real: no button without the VIP or level page; a guest\'s Become VIP opens the login', async () => {
  const bare = wallKernel({ online: 3 }, { path: '/wall?tab=6' })
  await bare.t.render()
  await waitFor(() => byTest('wall-lock')[0]?.dataset.lock === 'vip', { what: 'the VIP lock' })
  assert.is(byTest('wall-lock-action').length, 0, 'no Become VIP without a VIP page')
  bare.t.dispose()

  const { t } = wallKernel({ online: 3 }, { path: '/wall?tab=6', pages: ['/vip', '/personal/userLevel'] })
  const asked: string[] = []
  t.kernel.events.on('login-required', (e) => void asked.push(e.to))
  await t.render()
  await clickEl(await waitFor(() => byTest('wall-lock-action')[0], { what: 'Become VIP' }))
  assert.equal(asked, ['/vip'], 'the login opens, to go on to the VIP page')
  assert.is(t.location.path(), '/wall', 'the guest stays on the wall')
  t.dispose()
})

test('ENG-01 Play opens the game page; a build without one shows the games without a dead Play', async () => {
  const bare = wallKernel({ online: 3, games: 2 }, { path: '/wall?tab=5' })
  await bare.t.render()
  await waitFor(() => byTest('wall-game').length === 2, { what: 'the games' })
  assert.not.ok(document.querySelector('.wl-game__play'), 'no Play')
  assert.is(document.querySelector('button.wl-game'), null, 'the tiles are not buttons')
  bare.t.dispose()

  const { t } = wallKernel({ online: 3, games: 2 }, { path: '/wall?tab=5', pages: ['/game'] })
  await t.render()
  await clickEl(await waitFor(() => document.querySelector('button.wl-game') ?? undefined, { what: 'a game' }))
  assert.is(t.location.path(), '/game')
  assert.is(t.location.search().get('url'), '/g/1')
  t.dispose()
})

test('ENG-01 a guest tapping Follow gets the login popup; the chosen tab stays in ?tab=', async () => {
  const { t } = wallKernel({ online: 3 })
  const asked: string[] = []
  t.kernel.events.on('login-required', (e) => void asked.push(e.to))
  await t.render()
  await clickEl(byTest('wall-tab').find((el) => el.dataset.kind === 'follow'))
  assert.equal(asked, ['/wall?tab=3'])
  assert.is(t.location.path(), '/wall')
  assert.is(t.location.search().get('tab'), null, 'still on All')

  const navigations: Array<[string, unknown]> = []
  const navigate = t.kernel.router.navigate
  ;(t.kernel.router as { navigate: typeof navigate }).navigate = (to, o) => {
    navigations.push([to, o])
    navigate(to, o)
  }
  await clickEl(byTest('wall-tab').find((el) => el.dataset.kind === 'live'))
  assert.is(t.location.search().get('tab'), '2')
  assert.is(byTest('wall-tab').find((el) => el.getAttribute('aria-selected') === 'true')?.dataset.tagId, '2')
  assert.equal(navigations, [['/wall?tab=2', { replace: true }]], 'the tab replaces the URL, so Back leaves the wall')
  t.dispose()
})

test('ENG-01 tapping a host opens /detail with id, yxId, sqec, path and status (no status for VIP)', async () => {
  const { t } = wallKernel({ online: 3 })
  await t.render()
  await clickEl(card(1002)[0])
  assert.is(t.location.path(), '/detail')
  const q = t.location.search()
  assert.equal(Object.fromEntries(q), { id: '1002', yxId: 'host_1002', sqec: '2', path: 'hostlist', status: 'online' })
  t.dispose()

  const vip = wallKernel({ online: 3 })
  act(() => void (vip.t.kernel.session.setUser({ userId: 1, nickname: 'V', icon: '', diamondNum: 0, yxAccid: 'v', isVip: 1 })))
  await vip.t.render()
  await clickEl(card(1001)[0])
  assert.equal(Object.fromEntries(vip.t.location.search()), { id: '1001', yxId: 'host_1001', sqec: '1', path: 'hostlist' })
  vip.t.dispose()
})

test('ENG-01 a live host opens the live room when a live plugin provides the link', async () => {
  const opened: number[] = []
  const timers = fakeTimers()
  const t = createTestKernel({
    plugins: [createWallPlugin({ storage: memoryStorage(), timers }), { id: 'live', services: [{ ref: { id: 'wall.live-opener' }, create: () => ({ open: (h: { userId: number }) => opened.push(h.userId) }) }] }],
    path: '/wall',
    api: backend({ online: 3 }),
    timers,
  })
  await t.render()
  await clickEl(card(1000)[0])
  assert.equal(opened, [1000])
  assert.is(t.location.path(), '/wall')
  t.dispose()
})

test('NET-08 a host.status push updates the host in every list that holds it', async () => {
  const { t, state } = wallKernel({ online: 3, newHosts: 2 })
  t.kernel.session.setUser({ userId: 1, nickname: 'U', icon: '', diamondNum: 0, yxAccid: 'u', userLevel: 5 })
  await t.render()
  const newList = state.listFor(tag(4))
  await act(() => newList.pager.refresh())
  assert.ok(newList.pager.items.value.includes(1000) && state.listFor(tag(1)).pager.items.value.includes(1000), 'both lists hold host 1000')
  assert.is(card(1000)[0].dataset.status, 'live')

  t.push('host.status', { userId: 1000, yxAccid: 'host_1000', onlineStatus: 10000, live: false })
  assert.is(card(1000)[0].dataset.status, 'busy', 'the card on screen')
  assert.is(t.kernel.need(hostsRef).statusOf(1000).value, 'busy')
  t.location.navigate('/wall?tab=4')
  await t.settle()
  assert.is(card(1000)[0].dataset.status, 'busy', 'the New tab shows it too')

  t.push('host.status', { userId: 1000, onlineStatus: 1, live: true })
  assert.is(card(1000)[0].dataset.status, 'live')
  t.push('host.status', { yxAccid: 'host_1000', onlineStatus: 3 })
  assert.is(card(1000)[0].dataset.status, 'offline', 'found by chat id too')
  t.push('host.status', { userId: 1000, onlineStatus: 10002 })
  assert.is(card(1000)[0].dataset.status, 'online')
  t.dispose()
})

test('ENG-11 a host blocked elsewhere: the wall asks the server for its lists again, and shows what it answers (without her)', async () => {
  const b: Backend = { online: 3 }
  const { t } = wallKernel(b)
  await t.render()
  await waitFor(() => byTest('host-card').length === 3, { what: 'the three cards' })
  const asked = () => t.requests.filter((r) => r.path === Paths.list).length
  const before = asked()
  // the server now leaves her out (its block records)
  b.hidden = new Set([1002])
  await act(async () => t.kernel.events.emit('host-blocked', { userId: 1002, yxAccid: 'host_1002', blocked: true }))
  await waitFor(() => asked() > before && byTest('host-card').length === 2, { what: 'the list asked again' })
  assert.equal(card(1002), [])
  t.dispose()
})

test('NET-08 a host another page tracks (not on the wall) follows her pushes by id and chat account; an untracked one is not invented', async () => {
  const { t, state } = wallKernel({ online: 1 })
  const hosts = t.kernel.need(hostsRef)
  hosts.track(4242, 'host_4242', 'busy')
  assert.is(hosts.statusOf(4242).value, 'busy')
  assert.is(hosts.getHost(4242), undefined, 'a tracked status is not a wall host')
  t.push('host.status', { userId: 4242, onlineStatus: 1 })
  assert.is(hosts.statusOf(4242).value, 'online')
  t.push('host.status', { yxAccid: 'host_4242', onlineStatus: 3 })
  assert.is(hosts.statusOf(4242).value, 'offline')
  hosts.setStatus(4242, 'busy')
  assert.is(hosts.statusOf(4242).value, 'busy', 'the calls plugin marking her busy reaches her too')
  assert.is(state.applyPush({ userId: 4343, onlineStatus: 1 }), false)
  assert.is(hosts.statusOf(4343).value, undefined)
  t.dispose()
})

test('NET-08 malformed or unknown host.status pushes change nothing and throw nothing', async () => {
  const { t, state } = wallKernel({ online: 3 })
  await t.render()
  await waitFor(() => byTest('host-card').length === 3, { what: 'the three cards' })
  const before = byTest('host-card').map((el) => el.dataset.status)
  for (const data of [{}, { userId: 1001 }, { userId: 1001, onlineStatus: 'abc' }, { userId: 1001, onlineStatus: 77 }, { userId: 1001, onlineStatus: { x: 1 } }, { userId: 999999, onlineStatus: 10000 }]) {
    t.push('host.status', data)
  }
  assert.equal(byTest('host-card').map((el) => el.dataset.status), before)
  assert.is(state.applyPush(null), false)
  assert.is(state.applyPush('busy'), false)
  assert.is(state.service.getHost(999999), undefined, 'an unknown host is not invented')
  t.dispose()
})

test('NET-04 a paging time-out rolls the page back and shows a retry row; retry asks the same page', async () => {
  let hang = true
  const { t, timers, state } = wallKernel({ online: 25, hang: (p) => hang && p.currentPage === 2 })
  await t.render()
  const list = state.listFor(tag(1))
  assert.is(list.pager.page.value, 1)
  let done = false
  act(() => void list.pager.more().then(() => (done = true)))
  await t.settle()
  await act(async () => timers.tickAsync(6000))
  await t.settle()
  assert.ok(done)
  assert.is(list.pager.error.value?.kind, 'timeout')
  assert.is(list.pager.page.value, 1, 'still page 1')
  assert.is(list.pager.items.value.length, 10, 'nothing lost')
  assert.ok(byTest('wall-retry-row')[0], 'retry row shown')
  hang = false
  await clickEl(byTest('wall-retry')[0])
  await t.settle()
  const pages = t.requests.filter((r) => r.path === Paths.list).map((r) => r.payload.currentPage)
  assert.equal(pages, [1, 2, 2], 'the failed page is asked again')
  assert.is(list.pager.items.value.length, 20)
  assert.is(byTest('wall-retry-row').length, 0)
  t.dispose()
})

test('NET-09 the country list waits 3 s after the first load, then is cached for 7 days', async () => {
  const b: Backend = { online: 3 }
  const { t, timers, storage } = wallKernel(b)
  await t.render()
  await waitFor(() => byTest('host-card').length === 3, { what: 'the first load' })
  assert.is(b.countryCalls ?? 0, 0, 'not yet')
  await act(async () => timers.tickAsync(2999))
  assert.is(b.countryCalls ?? 0, 0, 'not before 3 s')
  assert.ok(!t.requests.some((r) => r.path === Paths.statusByUid), 'status look-up is secondary too')
  await act(async () => timers.tickAsync(1))
  await waitFor(() => (card(1001)[0]?.textContent ?? '').includes('Saudi Arabia'), { what: 'the countries' })
  assert.is(b.countryCalls, 1)
  // the status look-up is the other secondary load: it leaves at the same mark, its own code loading beside
  await waitFor(() => t.requests.some((r) => r.path === Paths.statusByUid), { what: 'the status look-up with it' })
  assert.match(card(1001)[0].textContent ?? '', 'Saudi Arabia')
  const cached = JSON.parse(storage.getItem('wall.countries.en')!)
  assert.is(cached.list[0].name, 'Saudi Arabia')
  t.dispose()

  // a new visit within 7 days: the cache serves it, nothing is fetched
  const again = wallKernel(b, { storage, timers })
  await again.t.render()
  await waitFor(() => card(1001).length, { what: 'the cards' })
  await act(async () => timers.tickAsync(10_000))
  // the positive sign: the status look-up, secondary like the countries, has run
  await waitFor(() => again.t.requests.some((r) => r.path === Paths.statusByUid), { what: 'the secondary loads' })
  await again.t.settle()
  assert.is(b.countryCalls, 1, 'not refetched')
  assert.match(card(1001)[0].textContent ?? '', 'Saudi Arabia', 'shown from the cache at once')
  again.t.dispose()

  // older than 7 days: shown, then refreshed as a secondary load
  storage.setItem('wall.countries.en', JSON.stringify({ ...cached, at: timers.now() - COUNTRY_TTL_MS - 1 }))
  const later = wallKernel(b, { storage, timers })
  await later.t.render()
  // the 3 s count from the first load
  await waitFor(() => card(1001).length, { what: 'the first load' })
  assert.is(b.countryCalls, 1)
  await act(async () => timers.tickAsync(3000))
  await waitFor(() => b.countryCalls === 2, { what: 'a stale cache is refreshed' })
  later.t.dispose()
})

test('ENG-01 NET-04 a tab the server no longer has: its list is refused, and Retry asks for the tags again and opens a tab that is there', async () => {
  let gone = false
  const api = backend({ online: 2 })
  const k = createTestKernel({
    plugins: [createWallPlugin({ storage: memoryStorage(), timers: fakeTimers() })],
    path: '/wall',
    api: (path, p, h) => {
      if (path === Paths.tags && gone) return TAGS.map((x) => (x.tagId === 1 ? { ...x, tagId: 9 } : x))
      if (path === Paths.list && Number(p.tagId) === 1) return Promise.reject(new Error('no tag 1'))
      return api(path, p, h)
    },
  })
  await k.render()
  await waitFor(() => byTest('wall-error')[0], { what: 'the All tab refused' })
  gone = true
  await clickEl(byTest('wall-error-retry')[0])
  await waitFor(() => byTest('host-card').length === 2, { what: 'the All tab under its new id, with its hosts' })
  assert.is(k.requests.filter((r) => r.path === Paths.tags).length, 2, 'the tags asked again')
  assert.equal(tabIds().slice(0, 2), [9, 2])
  assert.is(byTest('wall-error').length, 0)
  assert.is(k.requests.filter((r) => r.path === Paths.list && r.payload?.tagId === 1).length, 2, 'the gone tab not asked again')
  k.dispose()
})

test('ENG-01 empty tab, error with retry, and offline state that reloads when back online', async () => {
  const { t } = wallKernel({ online: 0 })
  await t.render()
  await waitFor(() => byTest('wall-empty')[0], { what: 'the empty state' })
  t.dispose()

  let fail = true
  const api = backend({ online: 2 })
  const timers = fakeTimers()
  const k = createTestKernel({
    plugins: [createWallPlugin({ storage: memoryStorage(), timers })],
    path: '/wall',
    timers,
    api: (path, p, h) => (path === Paths.list && fail ? Promise.reject(new Error('down')) : api(path, p, h)),
  })
  await k.render()
  assert.ok(byTest('wall-error')[0], 'error state')
  fail = false
  await clickEl(byTest('wall-error-retry')[0])
  await k.settle()
  assert.is(byTest('host-card').length, 2)
  k.dispose()

  const nav = globalThis.navigator as any
  const saved = Object.getOwnPropertyDescriptor(nav, 'onLine')
  Object.defineProperty(nav, 'onLine', { configurable: true, get: () => false })
  try {
    const off = wallKernel({ online: 2 })
    await off.t.render()
    assert.ok(byTest('wall-offline')[0], 'offline state')
    assert.ok(!off.t.requests.some((r) => r.path === Paths.list), 'no list request while offline')
    Object.defineProperty(nav, 'onLine', { configurable: true, get: () => true })
    await act(async () => void window.dispatchEvent(new Event('online')))
    await off.t.settle()
    assert.is(byTest('host-card').length, 2, 'loaded when back online')
    off.t.dispose()
  } finally {
    if (saved) Object.defineProperty(nav, 'onLine', saved)
    else delete nav.onLine
  }
})

test('PAY-07 after a recharge the wall asks the level again after 2 s and reloads tags and games', async () => {
  const { t, timers } = wallKernel({ online: 3, games: 1 }, { token: 'tok' })
  await t.render()
  const count = (path: string) => t.requests.filter((r) => r.path === path).length
  // the first load done (the games come after the first screen, with their code), on a busy
  // machine too, before the counts are taken; the level is asked only by a level-locked tab
  const firstLoad = [Paths.tags, Paths.list, Paths.games]
  await waitFor(() => firstLoad.every((p) => t.answered.some((a) => a.path === p)), { what: 'the first tags, hosts and games' })
  const before = { tags: count(Paths.tags), games: count(Paths.games), level: count(Paths.level) }
  t.kernel.events.emit('recharge-success', { orderCode: 'o-1', vip: false })
  await act(() => timers.tickAsync(1999))
  assert.equal({ tags: count(Paths.tags), games: count(Paths.games), level: count(Paths.level) }, before, 'nothing before 2 s')
  // the reload changes what the page shows: inside act, as React asks of a test
  await act(() => timers.tickAsync(1))
  await t.settle()
  assert.is(count(Paths.tags), before.tags + 1)
  assert.is(count(Paths.games), before.games + 1)
  assert.is(count(Paths.level), before.level + 1)
  t.dispose()
})

test('IM-05 the wall marks the scene while its All or Live tab shows, and clears the marks when it goes', async () => {
  const { t } = wallKernel({ online: 3 })
  const rendered = await t.render()
  const marks = () => ({ all: t.kernel.scene.peek().wallAll, live: t.kernel.scene.peek().wallLive })
  assert.equal(marks(), { all: true, live: false }, 'All is the first tab')
  await clickEl(byTest('wall-tab').find((el) => el.dataset.tagId === '2'))
  await t.settle()
  assert.equal(marks(), { all: false, live: true }, 'Live')
  await clickEl(byTest('wall-tab').find((el) => el.dataset.tagId === '4'))
  await t.settle()
  assert.equal(marks(), { all: false, live: false }, 'New is neither')
  rendered.unmount()
  assert.equal(marks(), { all: false, live: false }, 'gone with the page')
  t.dispose()
})

test('ENG-01 starting on the wall asks for the tags, then the open tab\'s first hosts, before its page is drawn; the page asks neither again', async () => {
  const { t } = wallKernel({ online: 3 })
  await waitFor(() => t.requests.length >= 3, { what: 'tags and the first hosts' })
  assert.equal(t.requests.map((r) => r.path), [Paths.tags, Paths.list, Paths.list], 'tags, then the All tab\'s online and offline hosts, while the page code loads')
  assert.equal(t.requests[1].payload, { pageSize: PAGE_SIZE, tagId: 1, currentPage: 1 })
  await t.render()
  await waitFor(() => card(1001).length, { what: 'the cards' })
  assert.equal(t.requests.filter((r) => r.path === Paths.tags || r.path === Paths.list).map((r) => r.path), [Paths.tags, Paths.list, Paths.list], 'the page asked neither again')
  t.dispose()
  const elsewhere = wallKernel({ online: 3 }, { path: '/detail' })
  // the positive sign: a wall start made just after has asked, so this one had its chance
  const onWall = wallKernel({ online: 3 })
  await waitFor(() => onWall.t.requests.length)
  assert.equal(elsewhere.t.requests.map((r) => r.path), [], 'another start path asks nothing of the wall')
  elsewhere.t.dispose()
  onWall.t.dispose()
})

test('ENG-01 starting on the wall with ?tab= loads that tab first; a locked or guest-only-closed tab loads nothing early', async () => {
  const live = wallKernel({ online: 3 }, { path: '/wall?tab=2' })
  await live.t.settle()
  // the Live tab lists rooms with queryLiveList, 6 a page (LIVE-01)
  assert.equal(live.t.requests.filter((r) => r.path === '/api/agora/live/queryLiveList').map((r) => r.payload), [{ currentPage: 1, pageSize: 6 }], 'the Live tab')
  live.t.dispose()
  for (const tab of [3, 4]) {
    const closed = wallKernel({ online: 3 }, { path: `/wall?tab=${tab}` })
    await closed.t.settle()
    assert.equal(closed.t.requests.map((r) => r.path), [Paths.tags], `tab ${tab}: the tags were answered, and no list asked`)
    assert.is(closed.state.tagsState.peek(), 'ready')
    closed.t.dispose()
  }
})

test.run()
