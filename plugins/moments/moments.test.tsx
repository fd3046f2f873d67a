import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestKernel, httpStatus, type FakeApi } from '../../kernel/testing.tsx'
import { act } from 'react'
import { byId, click, submit, type } from '../shell/testkit.tsx'
import { MomentsPath } from './paths.ts'
import { waitFor } from '../../test/wait.ts'
import moments from './index.ts'
import fake, { seedMoments } from './fake.ts'
import { FEED_PATH } from './feed.ts'
import { formatRelative } from '../../kernel/format.ts'

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

test('ENG-08 post ages read as relative times (Intl.RelativeTimeFormat), in en and ar', () => {
  const now = 10 * 86_400_000
  assert.is(formatRelative(now - 5 * 60_000, now, 'en'), '5 minutes ago')
  assert.is(formatRelative(now - 4 * 60_000, now, 'ar'), 'قبل 4 دقائق', "Arabic's plural, not 'منذ 4 دقيقة'")
  assert.is(formatRelative(now - 3 * 3_600_000, now, 'en'), '3 hours ago')
  assert.is(formatRelative(now - 86_400_000, now, 'en'), 'yesterday')
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

test('ENG-08 /moments-detail: the post, its comments 10 a page after the last id, a comment shown as text (HTML stays text); missing and error states', async () => {
  const comments = Array.from({ length: 13 }, (_, i) => ({ id: 900 - i, userId: 300001, nickname: `C${i}`, icon: '', content: `comment ${900 - i}`, createTime: Date.now() }))
  const html = '<img src=x onerror=alert(1)>'
  const t = createTestKernel({
    plugins: [moments],
    path: '/moments-detail?id=42',
    token: 'tok',
    api: (path, p) => {
      if (path === MomentsPath.detail) return p.id === 42 ? row(42) : null
      if (path === MomentsPath.comments) {
        const after = p.offsetId ? comments.filter((c) => c.id < p.offsetId) : comments
        return { list: after.slice(0, p.pageSize), total: comments.length }
      }
      if (path === MomentsPath.comment) return { comment: { id: 901, userId: 100001, nickname: 'Me', icon: '', content: p.content, createTime: Date.now() }, commentNum: 14 }
      return undefined
    },
  })
  await t.render()
  await waitFor(() => byId('comment-list')?.children.length === 10, { what: '10 comments' })
  assert.match(byId('moment-42')!.textContent ?? '', 'post 42')
  assert.equal(t.requests.find((r) => r.path === MomentsPath.comments)!.payload, { id: 42, pageSize: 10 })
  await click('comments-more')
  await waitFor(() => byId('comment-list')?.children.length === 13, { what: 'the next page' })
  assert.equal(t.requests.filter((r) => r.path === MomentsPath.comments)[1].payload, { id: 42, pageSize: 10, offsetId: 891 })
  assert.is(byId('comments-more'), null, 'a short page ends the comments')
  await type('comment-input', `  ${html}  `)
  await submit('comment-form')
  await waitFor(() => byId('comment-901'), { what: 'the new comment' })
  assert.equal(t.requests.find((r) => r.path === MomentsPath.comment)!.payload, { id: 42, content: html })
  assert.is(byId('comment-901')!.querySelector('.mo-comment__text')!.textContent, html)
  assert.is(byId('comment-901')!.querySelector('img'), null, 'no markup from a comment')
  assert.match(byId('moment-comments-42')!.textContent ?? '', '14 comments')
  assert.is((byId('comment-input') as HTMLInputElement).value, '')
  await submit('comment-form')
  assert.is(t.requests.filter((r) => r.path === MomentsPath.comment).length, 1, 'a blank comment is not sent')
  t.dispose()

  const gone = createTestKernel({ plugins: [moments], path: '/moments-detail?id=7', token: 'tok', api: () => null })
  await gone.render()
  assert.ok(await waitFor(() => byId('moment-missing'), { what: 'missing' }))
  gone.dispose()
  let down = true
  const e = createTestKernel({ plugins: [moments], path: '/moments-detail?id=42', token: 'tok', api: (path) => (down ? httpStatus(500) : path === MomentsPath.detail ? row(42) : { list: [] }) })
  await e.render()
  await waitFor(() => byId('moment-error'), { what: 'error' })
  down = false
  await click('moment-error-retry')
  await waitFor(() => byId('comments-empty'), { what: 'the post and no comments' })
  e.dispose()
})

test('ENG-08 likes and comments from the feed: like then unlike with the server\'s count, a double tap sends one; the comment button opens the detail', async () => {
  let likes = 5
  const t = createTestKernel({
    plugins: [moments],
    path: '/moments',
    token: 'tok',
    api: (path, p) => {
      if (path === FEED_PATH) return { list: [{ ...row(3), likeNum: likes }], currentPage: 1, pageSize: 10, total: 1 }
      if (path === MomentsPath.like) return { id: 3, isLike: p.likeType === 1, likeNum: (likes += p.likeType === 1 ? 1 : -1) }
      return undefined
    },
  })
  await t.render()
  const like = await waitFor(() => byId('moment-like-3'), { what: 'the like button' })
  await act(async () => {
    like.click()
    like.click()
  })
  await waitFor(() => byId('moment-like-3')!.getAttribute('aria-pressed') === 'true', { what: 'liked' })
  assert.match(byId('moment-likes-3')!.textContent ?? '', '6 likes')
  await click('moment-like-3')
  await waitFor(() => byId('moment-like-3')!.getAttribute('aria-pressed') === 'false', { what: 'unliked' })
  assert.equal(t.requests.filter((r) => r.path === MomentsPath.like).map((r) => r.payload), [{ id: 3, likeType: 1 }, { id: 3, likeType: 2 }])
  assert.match(byId('moment-likes-3')!.textContent ?? '', '5 likes')
  await click('moment-comment-3')
  assert.is(t.location.path(), '/moments-detail')
  assert.equal([t.location.search().get('id'), t.location.search().get('comment')], ['3', '1'])
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
