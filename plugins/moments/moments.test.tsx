import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestKernel, httpStatus, type FakeApi } from '../../kernel/testing.tsx'
import { byId, click } from '../shell/testkit.tsx'
import { waitFor } from '../../test/wait.ts'
import moments from './index.ts'
import fake, { seedMoments } from './fake.ts'
import { FEED_PATH, ageOf } from './feed.ts'

const row = (id: number) => ({ id, userId: 200000 + id, yxAccid: `host_${id}`, nickname: `Host ${id}`, icon: '', content: `post ${id}`, images: [], likeNum: id, commentNum: 0, isLike: false, createTime: Date.now() })

function kernelWith(api: FakeApi) {
  return createTestKernel({ plugins: [moments], path: '/moments', api })
}

test('ENG-08 the moments feed loads page 1 of 10 and then the next page after the last id', async () => {
  const all = Array.from({ length: 14 }, (_, i) => row(100 - i))
  const t = kernelWith((path, p) => {
    if (path !== FEED_PATH) return undefined
    const start = p.offsetId ? all.findIndex((m) => m.id < p.offsetId) : 0
    return { list: all.slice(start, start + p.pageSize), currentPage: p.currentPage, pageSize: p.pageSize, total: all.length }
  })
  await t.render()
  await waitFor(() => byId('moments-feed'), { what: 'moments-feed' })
  assert.is(byId('moments-feed')!.children.length, 10)
  assert.equal(t.requests[0].payload, { currentPage: 1, pageSize: 10 })
  await click('moments-more')
  await t.settle()
  assert.equal(t.requests[1].payload, { currentPage: 2, pageSize: 10, offsetId: 91 })
  assert.is(byId('moments-feed')!.children.length, 14)
  assert.match(byId('moment-87')!.textContent ?? '', 'post 87')
  assert.is(byId('moments-more'), null, 'a short page ends the feed')
  t.dispose()
})

test('ENG-08 the moments feed shows an empty state and an error state with retry', async () => {
  const empty = kernelWith(() => ({ list: [], currentPage: 1, pageSize: 10, total: 0 }))
  await empty.render()
  assert.ok(await waitFor(() => byId('moments-empty'), { what: 'moments-empty' }))
  empty.dispose()

  let down = true
  const t = kernelWith(() => (down ? httpStatus(500) : { list: [row(1)], currentPage: 1, pageSize: 10, total: 1 }))
  await t.render()
  assert.ok(await waitFor(() => byId('moments-error'), { what: 'moments-error' }))
  down = false
  await click('moments-error-retry')
  assert.ok(await waitFor(() => byId('moment-1'), { what: 'moment-1' }))
  t.dispose()
})

test('ENG-08 SHELL-08 the same page serves the path the app manifest gives the tab (/white-moments)', async () => {
  const tabs = [{ id: 'moments', path: '/white-moments', icon: 'moments', label: 'x' }]
  const t = createTestKernel({ plugins: [moments], settings: { tabs }, path: '/white-moments', api: () => ({ list: [row(5)], currentPage: 1, pageSize: 10, total: 1 }) })
  await t.render()
  assert.ok(await waitFor(() => byId('moment-5'), { what: 'moment-5' }))
  t.dispose()
})

test('ENG-08 post ages read as minutes, hours and days', () => {
  const now = 10 * 86_400_000
  assert.equal(ageOf(now - 20_000, now), { key: 'moments.justNow', count: 0 })
  assert.equal(ageOf(now - 5 * 60_000, now), { key: 'moments.minutesAgo', count: 5 })
  assert.equal(ageOf(now - 3 * 3_600_000, now), { key: 'moments.hoursAgo', count: 3 })
  assert.equal(ageOf(now - 2 * 86_400_000, now), { key: 'moments.daysAgo', count: 2 })
})

test('ENG-08 the harness feed is seeded from the hosts and pages newest first by offset id', () => {
  const hosts = [{ userId: 1 }, { userId: 2 }, { userId: 3 }, { userId: 4 }, { userId: 5 }]
  const rows = seedMoments(hosts)
  assert.ok(rows.length >= 10)
  assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'unique ids')
  const db: Record<string, any> = { moments: rows }
  const users = new Map(hosts.map((h) => [h.userId, { ...h, nickname: `H${h.userId}`, yxAccid: `host_${h.userId}`, icon: '' }]))
  const ctx: any = { db: { get: (k: string) => ({ value: () => db[k] }) }, userById: (id: number) => users.get(id) ?? null }
  const endpoint = fake.endpoints![FEED_PATH]
  const first = endpoint(ctx, { payload: { currentPage: 1, pageSize: 10 }, user: null, headers: {}, requireUser: () => { throw new Error() } }) as any
  assert.is(first.list.length, 10)
  assert.ok(first.list.every((m: any, i: number, a: any[]) => i === 0 || a[i - 1].id > m.id), 'newest first')
  const second = endpoint(ctx, { payload: { currentPage: 2, pageSize: 10, offsetId: first.list[9].id }, user: null, headers: {}, requireUser: () => { throw new Error() } }) as any
  assert.ok(second.list.every((m: any) => m.id < first.list[9].id))
  assert.is(first.list.length + second.list.length, Math.min(rows.length, 20))
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
