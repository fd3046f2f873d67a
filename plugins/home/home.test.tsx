import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestKernel, fake, httpStatus } from '../../kernel/testing.tsx'
import { liveRef, type LiveApi, type LiveCard } from '../live/api.ts'
import { byId, click } from '../shell/testkit.tsx'
import { waitFor } from '../../test/wait.ts'
import home from './index.ts'
import { ANCHOR_LIST_PATH } from './hosts.ts'

const host = (id: number) => ({ userId: id, yxAccid: `host_${id}`, nickname: `Host ${id}`, icon: '', age: 22, videoPrice: 60, onlineStatus: 1 })

test('SHELL-05 the home tab shows the online hosts from the anchor list and starts matching', async () => {
  const t = createTestKernel({ plugins: [home], path: '/', api: (path) => (path === ANCHOR_LIST_PATH ? { list: [host(1), host(2), { nickname: 'no id' }], currentPage: 1, pageSize: 12, total: 2 } : undefined) })
  await t.render()
  await waitFor(() => byId('home-online'), { what: 'home-online' })
  assert.is(byId('home-online')!.children.length, 2, 'a row without an id is skipped')
  assert.equal(t.requests[0].payload.onlineStatus, 1)
  await click('home-host-2')
  assert.is(t.location.path(), '/detail')
  assert.is(t.location.search().get('id'), '2')
  t.location.navigate('/')
  await waitFor(() => byId('home-start'), { what: 'home-start' })
  await click('home-start')
  assert.is(t.location.path(), '/wall')
  t.dispose()
})

test('SHELL-05 the home strip has empty and error states', async () => {
  const empty = createTestKernel({ plugins: [home], path: '/', api: () => ({ list: [], currentPage: 1, pageSize: 12, total: 0 }) })
  await empty.render()
  assert.ok(await waitFor(() => byId('home-empty'), { what: 'home-empty' }))
  empty.dispose()
  document.body.innerHTML = ''
  const down = createTestKernel({ plugins: [home], path: '/', api: () => httpStatus(500) })
  await down.render()
  assert.ok(await waitFor(() => byId('home-error'), { what: 'home-error' }))
  down.dispose()
})

function withLive(rooms: { live: () => Promise<LiveCard[]>; followed: () => Promise<LiveCard[]> }, token: string | null, locale: 'en' | 'ar' = 'en') {
  const opened: Array<[number, string | undefined]> = []
  const live: Partial<LiveApi> = { rooms: (which) => rooms[which](), open: (host, from) => void opened.push([host.userId, from?.path]) }
  const t = createTestKernel({ plugins: [home], path: '/', token, locale, fakes: [fake(liveRef, live)], api: () => ({ list: [], currentPage: 1, pageSize: 12, total: 0 }) })
  return { t, opened }
}
const card = (userId: number, audience = 12): LiveCard => ({ userId, nickname: `Host ${userId}`, icon: '', yxAccid: `host_${userId}`, audience })

test('LIVE-01 home: the followed hosts live now and the rooms live now; a card opens her room', async () => {
  for (const [locale, watching] of [['en', '1k+ watching'], ['ar', '1k+ يشاهدون']] as const) {
    const { t, opened } = withLive({ live: async () => [card(1, 1500), card(2)], followed: async () => [card(3)] }, 'tok', locale)
    await t.render()
    await waitFor(() => byId('home-live') && byId('home-followed'), { what: 'both strips' })
    assert.is(byId('home-live')!.children.length, 2)
    assert.match(byId('home-live-1')!.textContent ?? '', watching)
    await click('home-followed-3')
    await click('home-live-2')
    assert.equal(opened, [[3, 'home'], [2, 'home']])
    t.dispose()
    document.body.innerHTML = ''
  }
})

test('LIVE-01 home: a guest sees no followed strip; no room live says so; a failed list has Retry', async () => {
  let asked = 0
  let fail = true
  const guest = withLive({ live: async () => [], followed: async () => ((asked++, [card(3)])) }, null)
  await guest.t.render()
  assert.ok(await waitFor(() => byId('home-live-empty'), { what: 'home-live-empty' }))
  assert.is(asked, 0, 'the followed list is not asked for a guest')
  assert.not.ok(byId('home-followed-live'))
  guest.t.dispose()
  document.body.innerHTML = ''
  const down = withLive({ live: async () => (fail ? Promise.reject(new Error('time-out')) : [card(5)]), followed: async () => [] }, 'tok')
  await down.t.render()
  await waitFor(() => byId('home-live-error'), { what: 'home-live-error' })
  assert.not.ok(byId('home-followed-live'), 'an empty followed list shows nothing')
  fail = false
  await click('home-live-error-retry')
  assert.ok(await waitFor(() => byId('home-live-5'), { what: 'the room after Retry' }))
  down.t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
