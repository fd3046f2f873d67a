import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { createTestKernel, httpStatus, type TestKernel } from '../../kernel/testing.tsx'
import { STS_PATH } from '../../kernel/upload.ts'
import { waitFor } from '../../test/wait.ts'
import { byId, click, submit, type } from '../shell/testkit.tsx'
import social from './index.ts'
import { computed } from '@preact/signals-react'
import { blocksRef } from './api.ts'
import { blockedAccountsRef } from '../message/api.ts'
import { createWallPlugin } from '../wall/index.ts'
import { HostStatusPush } from '../wall/api.ts'
import { BACK_AFTER_MS } from './feedback.ts'
import { FEEDBACK_MAX, SocialPath } from './paths.ts'
import { placeOf } from './RankPage.tsx'
import { abbreviate, searchQuery } from './state.ts'

type Answer = (payload: any) => unknown
let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})

function open(path: string, answers: Record<string, Answer>, locale: 'en' | 'ar' = 'en') {
  current = createTestKernel({ plugins: [social], path, token: 'tok', locale, api: (p, payload) => answers[p]?.(payload) })
  return current
}
const host = (id: number, extra: Record<string, unknown> = {}) => ({ userId: id, yxAccid: `host_${id}`, nickname: `Host ${id}`, icon: '', age: 24, countryCode: 'SA', anchorLevelName: 'A', onlineStatus: 1, ...extra })
const list = (rows: unknown[]) => ({ list: rows, currentPage: 1, pageSize: 20, total: rows.length })
const sent = (t: TestKernel, path: string) => t.requests.filter((r) => r.path === path).map((r) => r.payload)
const text = (id: string) => byId(id)?.textContent ?? ''

/** set a textarea's value as a user would (the shell kit's type() is for inputs) */
async function typeArea(id: string, value: string) {
  const el = byId(id) as HTMLTextAreaElement
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

test('ENG-11 /rank: the user ranking by day, week and month; crowns for 1-3, diamonds abbreviated, the caller at the foot; empty and error with retry', async () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: 300001 + i, nickname: `U${i + 1}`, icon: '', userLevel: 50 - i, vipFlag: i === 0 ? 1 : 0, rank: i + 1, costNum: 1_250_000 - i * 600_000 }))
  let down = false
  const t = open('/rank', { [SocialPath.userRank]: (p) => (down ? httpStatus(500) : p.rankType === 3 ? [{ userId: 100001, nickname: 'Me', rank: 0, costNum: 0 }] : [...rows(3), { userId: 100001, nickname: 'Me', icon: '', userLevel: 3, rank: 0, costNum: 120 }]) })
  await t.render()
  await waitFor(() => byId('rank-list'), { what: 'rank list' })
  assert.equal(sent(t, SocialPath.userRank), [{ rankType: 1 }])
  assert.is(byId('rank-list')!.children.length, 3)
  assert.match(text('rank-1'), '1.2m')
  assert.match(text('rank-2'), '650k')
  assert.ok(byId('rank-1')!.querySelector('.so-rank__no--1'), 'a crown for the first')
  assert.ok(byId('rank-1-level'), 'the one level badge')
  assert.match(text('rank-me'), '--')
  assert.match(text('rank-me'), '120')
  assert.match(text('rank'), 'Only 100 users are shown')
  await click('rank-tab-week')
  await waitFor(() => sent(t, SocialPath.userRank).length === 2 && byId('rank-list'), { what: 'the week' })
  assert.equal(sent(t, SocialPath.userRank)[1], { rankType: 2 })
  await click('rank-tab-month')
  assert.match((await waitFor(() => byId('rank-empty'), { what: 'empty' })).textContent ?? '', 'No Results Found')
  down = true
  await click('rank-tab-day')
  await waitFor(() => byId('rank-error'), { what: 'error' })
  down = false
  await click('rank-error-retry')
  await waitFor(() => byId('rank-list'), { what: 'after retry' })
  assert.equal([placeOf(0), placeOf(7), placeOf(101), abbreviate(999), abbreviate(1500)], ['--', '7', '100+', '999', '1.5k'])
})

test('ENG-11 /searchHost: recommendations first; blank asks "Please enter name or uid"; emoji and 1,000 characters (cut to 50) are searched; results, none, and an error with retry', async () => {
  let down = false
  const t = open('/searchHost', {
    [SocialPath.recommend]: () => [host(200002), host(200003)],
    [SocialPath.search]: (p) => (down ? httpStatus(500) : list(p.searchValue === 'sofia' ? [host(200002, { nickname: 'Sofia' })] : [])),
  })
  await t.render()
  await waitFor(() => byId('recommend-list'), { what: 'recommendations' })
  assert.is(byId('recommend-list')!.children.length, 2)
  await type('search-input', '    ')
  await submit('search-form')
  assert.ok(t.toasts.some((x) => x.text === 'Please enter name or uid'))
  assert.equal(sent(t, SocialPath.search), [], 'a blank search is not sent')
  await type('search-input', 'sofia')
  await submit('search-form')
  await waitFor(() => byId('search-200002'), { what: 'result' })
  assert.match(text('search-200002'), 'Sofia')
  await type('search-input', '🦄<b>')
  await submit('search-form')
  await waitFor(() => byId('search-empty'), { what: 'no result' })
  assert.is(sent(t, SocialPath.search).at(-1).searchValue, '🦄<b>')
  assert.is(searchQuery('x'.repeat(1000)).length, 50)
  assert.is((byId('search-input') as HTMLInputElement).maxLength, 50)
  down = true
  await type('search-input', 'sofia')
  await submit('search-form')
  await waitFor(() => byId('search-error'), { what: 'error' })
  down = false
  await click('search-error-retry')
  await waitFor(() => byId('search-200002'), { what: 'after retry' })
  await click('search-clear')
  await waitFor(() => byId('recommend-list'), { what: 'recommendations again' })
})

test('ENG-11 NET-07 /friends: answers pass their guard: an object name or age is a blank, a row without its id or a script picture is left out or drawn plain, an answer that is not a list is the error state', async () => {
  const odd = [
    host(200001, { nickname: { first: 'x' }, age: { a: 1 }, icon: 'javascript:alert(1)' }),
    { nickname: 'no id' },
    null,
    'x',
    host(200002, JSON.parse('{"__proto__":{"polluted":"yes"},"anchorLevelName":7}')),
  ]
  let answer: () => unknown = () => list(odd)
  const t = open('/friends', { [SocialPath.friends]: () => answer() })
  await t.render()
  await waitFor(() => byId('friends-list'), { what: 'friends' })
  assert.ok(byId('friend-200001') && byId('friend-200002'), 'the rows with an id')
  assert.not.match(document.body.textContent ?? '', /\[object Object\]|undefined|NaN/)
  assert.is(document.querySelector('img[src^="javascript"]'), null)
  assert.is(({} as Record<string, unknown>).polluted, undefined)
  t.dispose()
  answer = () => ({ list: { length: 1e9 } })
  const e = open('/friends', { [SocialPath.friends]: () => answer() })
  await e.render()
  await waitFor(() => byId('friends-error'), { what: 'the error state' })
})

test('NET-08 /friends and /searchHost: a busy host shows busy (not offline), and her status pushes repaint the row through the wall\'s host store', async () => {
  current = createTestKernel({
    plugins: [social, createWallPlugin()],
    path: '/friends',
    token: 'tok',
    api: (p) => ({ [SocialPath.friends]: list([host(200002, { onlineStatus: 2 }), host(200003, { onlineStatus: -1 }), host(200004, { onlineStatus: 3 })]), [SocialPath.search]: list([host(200002, { onlineStatus: 2 })]), [SocialPath.recommend]: [] })[p],
  })
  const t = current
  await t.render()
  const status = (id: string) => byId(`${id}-status`)?.dataset.status
  await waitFor(() => status('friend-200002'), { what: 'the followed hosts' })
  assert.equal([status('friend-200002'), status('friend-200003'), status('friend-200004')], ['busy', 'live', 'offline'])
  assert.is(byId('friend-200002-status')!.getAttribute('aria-label'), 'Busy')
  await act(async () => t.push(HostStatusPush, { userId: 200002, yxAccid: 'host_200002', onlineStatus: 1 }))
  await act(async () => t.push(HostStatusPush, { userId: 200004, onlineStatus: 10003 }))
  await waitFor(() => status('friend-200002') === 'online' && status('friend-200004') === 'busy', { what: 'the pushed statuses' })
  // search results hold her too: the answer's status, then her next push
  await act(async () => t.location.navigate('/searchHost'))
  await type('search-input', 'Host')
  await submit('search-form')
  await waitFor(() => status('search-200002') === 'busy', { what: 'the search row' })
  await act(async () => t.push(HostStatusPush, { yxAccid: 'host_200002', onlineStatus: 2 }))
  await waitFor(() => status('search-200002') === 'offline', { what: 'the search row after a push' })
})

test('ENG-11 the block list is the server\'s: read from blackListV2 at start, it names the chats the inbox leaves out (the messaging link); a block the server refuses changes nothing; an agreed one tells the lists to ask again', async () => {
  let refuse = false
  const t = open('/friends', {
    [SocialPath.friends]: () => list([]),
    [SocialPath.blackListV2]: () => list([host(200002)]),
    [SocialPath.block]: () => (refuse ? httpStatus(500) : { blocked: true }),
    [SocialPath.unblock]: () => ({ blocked: false }),
  })
  await t.render()
  const chats = [{ to: 'host_200002' }, { to: 'host_200003' }, { to: 'user_1' }]
  const blocked = t.kernel.need(blockedAccountsRef).accids
  const shown = computed(() => chats.filter((c) => !blocked.value.has(c.to)).map((c) => c.to))
  await waitFor(() => shown.value.length === 2, { what: 'the block list read' })
  assert.equal(shown.value, ['host_200003', 'user_1'])
  assert.equal(sent(t, SocialPath.blackListV2)[0], { currentPage: 1, pageSize: 200 })
  const told: unknown[] = []
  t.kernel.events.on('host-blocked', (e) => told.push(e))
  const blocks = t.kernel.need(blocksRef)
  refuse = true
  assert.is(await blocks.set({ userId: 200003, yxAccid: 'host_200003' }, true), false)
  assert.equal(shown.value, ['host_200003', 'user_1'])
  assert.equal(told, [])
  refuse = false
  assert.is(await blocks.set({ userId: 200003, yxAccid: 'host_200003' }, true), true)
  assert.equal(shown.value, ['user_1'])
  assert.equal(told, [{ userId: 200003, yxAccid: 'host_200003', blocked: true }])
  assert.is(await blocks.set({ userId: 200002, yxAccid: 'host_200002' }, false), true)
  assert.equal(shown.value, ['host_200002', 'user_1'])
  assert.equal(sent(t, SocialPath.block), [{ type: 1, userId: 200003, yxAccid: 'host_200003' }, { type: 1, userId: 200003, yxAccid: 'host_200003' }])
})

test('ENG-11 /friends: the followed hosts (currentPage 1, pageSize 200, type 3); empty; error with retry', async () => {
  let answer: () => unknown = () => list([host(200001), host(200005)])
  const t = open('/friends', { [SocialPath.friends]: () => answer() })
  await t.render()
  await waitFor(() => byId('friends-list'), { what: 'friends' })
  assert.equal(sent(t, SocialPath.friends), [{ currentPage: 1, pageSize: 200, type: 3 }])
  await click('friend-chat-200005')
  assert.is(t.location.path(), '/talk')
  assert.is(t.location.search().get('to'), 'host_200005')
  t.dispose()
  answer = () => list([])
  const e = open('/friends', { [SocialPath.friends]: () => answer() })
  await e.render()
  await waitFor(() => byId('friends-empty'), { what: 'empty' })
  e.dispose()
  answer = () => httpStatus(500)
  const f = open('/friends', { [SocialPath.friends]: () => answer() })
  await f.render()
  await waitFor(() => byId('friends-error'), { what: 'error' })
  answer = () => list([host(200001)])
  await click('friends-error-retry')
  await waitFor(() => byId('friend-200001'), { what: 'after retry' })
})

test('ENG-11 offline: a page that failed without a connection says so, and loads by itself when the connection is back (lists and paged lists)', async () => {
  let down = true
  const setOnline = (on: boolean) => Object.defineProperty(navigator, 'onLine', { value: on, configurable: true })
  setOnline(false)
  try {
    const t = open('/friends', { [SocialPath.friends]: () => (down ? httpStatus(502) : list([host(200001)])), [SocialPath.blackListV2]: () => (down ? httpStatus(502) : list([host(200002)])) })
    await t.render()
    assert.match((await waitFor(() => byId('friends-offline'), { what: 'offline' })).textContent ?? '', "You're offline")
    down = false
    setOnline(true)
    await act(async () => void window.dispatchEvent(new Event('online')))
    await waitFor(() => byId('friend-200001'), { what: 'loaded when back online' })
    down = true
    setOnline(false)
    t.location.navigate('/blocklist')
    await waitFor(() => byId('blocklist-offline'), { what: 'the paged list offline' })
    down = false
    setOnline(true)
    await act(async () => void window.dispatchEvent(new Event('online')))
    await waitFor(() => byId('blocklist-200002'), { what: 'the paged list back' })
  } finally {
    setOnline(true)
  }
})

test('ENG-11 /blocklist: unblock sends { type: 1, userId, yxAccid } once for a double tap and the row leaves; empty; error with retry', async () => {
  let rows = [host(200001), host(200002)]
  let down = true
  const t = open('/blocklist', {
    [SocialPath.blackListV2]: () => (down ? httpStatus(500) : list(rows)),
    [SocialPath.unblock]: (p) => ((rows = rows.filter((r) => r.userId !== p.userId)), { blocked: false }),
  })
  await t.render()
  await waitFor(() => byId('blocklist-error'), { what: 'error' })
  down = false
  await click('blocklist-error-retry')
  await waitFor(() => byId('blocklist-200001'), { what: 'list' })
  const btn = byId('blocklist-undo-200001')!
  await act(async () => {
    btn.click()
    btn.click()
  })
  await waitFor(() => !byId('blocklist-200001'), { what: 'the row leaves' })
  assert.equal(sent(t, SocialPath.unblock), [{ type: 1, userId: 200001, yxAccid: 'host_200001' }])
  assert.ok(t.toasts.some((x) => x.text === 'Unblocked'))
  await click('blocklist-undo-200002')
  await waitFor(() => byId('blocklist-empty'), { what: 'empty' })
})

test('ENG-11 /collect: the favourites, Remove takes one off; empty', async () => {
  const t = open('/collect', { [SocialPath.collectList]: () => list([host(200004)]), [SocialPath.collect]: () => ({ collected: false }) })
  await t.render()
  await waitFor(() => byId('collect-200004'), { what: 'favourites' })
  await click('collect-undo-200004')
  await waitFor(() => byId('collect-empty'), { what: 'empty' })
  assert.equal(sent(t, SocialPath.collect), [{ collectUserId: 200004, type: 2 }])
})

test('ENG-11 /card: a host card with follow, favourite, block (asked first, { type 1, userId, yxAccid }) and report to /report with hostid and hostlvl; missing and error states', async () => {
  const card = { userId: 200002, nickname: 'Sofia', icon: '', userType: 2, age: 27, country: 'CO', levelName: 'NEW', vip: 0, fans: 3, follow: 1, isFollow: false, yxAccid: 'host_200002', liveWelcome: 'Come say hi', giftWalls: [], isBlock: 0, isCollect: 0 }
  const t = open('/card?id=200002', {
    [SocialPath.card]: (p) => (p.searchValue === 200002 ? card : null),
    [SocialPath.follow]: () => ({ followed: true }),
    [SocialPath.collect]: () => ({ collected: true }),
    [SocialPath.block]: () => ({ blocked: true }),
  })
  await t.render()
  await waitFor(() => byId('card-200002'), { what: 'card' })
  assert.match(text('card-200002'), 'Come say hi')
  await click('card-follow')
  await waitFor(() => text('card-fans') === '4', { what: 'followed' })
  assert.equal(sent(t, SocialPath.follow), [{ followType: 1, followUserId: 200002, yxAccid: 'host_200002', source: 'host_card' }])
  await click('card-collect')
  await waitFor(() => byId('card-collect')!.getAttribute('aria-pressed') === 'true', { what: 'favourite' })
  await click('card-block')
  await click(await waitFor(() => byId('confirm-ok'), { what: 'the question' }))
  await waitFor(() => text('card-block') === 'Unblock', { what: 'blocked' })
  assert.equal(sent(t, SocialPath.block), [{ type: 1, userId: 200002, yxAccid: 'host_200002' }])
  await click('card-report')
  assert.is(t.location.path(), '/report')
  assert.equal([t.location.search().get('hostid'), t.location.search().get('hostlvl')], ['200002', 'NEW'])
  t.dispose()
  const m = open('/card?id=5', { [SocialPath.card]: () => null })
  await m.render()
  await waitFor(() => byId('card-empty'), { what: 'missing' })
  m.dispose()
  const e = open('/card?id=5', { [SocialPath.card]: () => httpStatus(500) })
  await e.render()
  await waitFor(() => byId('card-error'), { what: 'error' })
})

test('ENG-06 /feedback: four types (Application problem first), text cut at 500, email, a picture through the shared uploader; a non-image refused; "feedback successful!" and back after 2 s', async () => {
  const realFetch = globalThis.fetch
  const g = globalThis as { createImageBitmap?: unknown }
  const realBitmap = g.createImageBitmap
  g.createImageBitmap = async () => ({ width: 40, height: 30, close() {} })
  // the store answers a PostObject with 200 and no body; the picture is read at cdnUrl + key
  globalThis.fetch = (async () => new Response(null, { status: 200 })) as typeof fetch
  try {
    const t = open('/feedback', {
      [STS_PATH]: () => ({ AccessKeyId: 'k', AccessKeySecret: 's', SecurityToken: 'sts-1', host: 'http://oss.test/up', cdnUrl: 'http://cdn.test/' }),
      [SocialPath.feedback]: () => ({ id: 1 }),
    })
    t.location.navigate('/user')
    t.location.navigate('/feedback')
    await t.render()
    await waitFor(() => byId('feedback-form'), { what: 'form' })
    const types = ['app', 'account', 'suggest', 'other'].map((k) => text(`feedback-type-${k}`))
    assert.equal(types, ['Application problem', 'Account problem', 'Suggest', 'Other'])
    assert.is(byId('feedback-type-app')!.getAttribute('aria-checked'), 'true')
    await click('feedback-type-suggest')
    await typeArea('feedback-text', 'x'.repeat(FEEDBACK_MAX + 1))
    assert.is((byId('feedback-text') as HTMLTextAreaElement).value.length, FEEDBACK_MAX)
    assert.is(text('feedback-count'), '500/500')
    await type('feedback-email', 'me@example.com')
    const input = byId('feedback-file') as HTMLInputElement
    const pick = async (file: File) =>
      act(async () => {
        Object.defineProperty(input, 'files', { value: [file], configurable: true })
        input.dispatchEvent(new Event('change', { bubbles: true }))
      })
    await pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    await waitFor(() => t.toasts.some((x) => x.text === 'That file is not a picture'), { what: 'not an image' })
    await pick(new File([new Uint8Array(2048)], 'p.png', { type: 'image/png' }))
    await waitFor(() => byId('feedback-pic-0'), { what: 'the picture' })
    await submit('feedback-form')
    await waitFor(() => t.toasts.some((x) => x.text === 'feedback successful!'), { what: 'success' })
    const [saved] = sent(t, SocialPath.feedback) as Array<{ pics: string }>
    assert.match(saved.pics, /^http:\/\/cdn\.test\/test-app\/feedback\/\d+\.png$/)
    assert.equal(sent(t, SocialPath.feedback), [{ email: 'me@example.com', feedbackType: 3, pics: saved.pics, suggestion: 'x'.repeat(FEEDBACK_MAX) }])
    await submit('feedback-form')
    assert.is(sent(t, SocialPath.feedback).length, 1, 'sent once')
    assert.is(t.location.path(), '/feedback', 'still here before 2 s')
    await waitFor(() => t.location.path() === '/user', { what: 'back after 2 s', timeout: BACK_AFTER_MS + 3000 })
  } finally {
    globalThis.fetch = realFetch
    g.createImageBitmap = realBitmap
  }
})

test('ENG-06 the report route: /feedback?hostid&hostlvl (the live room) and /report send the host with the feedback, in Arabic too', async () => {
  const t = open('/feedback?hostid=200001&hostlvl=A', { [SocialPath.feedback]: () => ({ id: 2 }) }, 'ar')
  await t.render()
  await waitFor(() => byId('feedback-host'), { what: 'the host' })
  assert.match(text('page-bar'), 'إبلاغ')
  assert.match(text('feedback-type-app'), 'مشكلة في التطبيق')
  await submit('feedback-form')
  await waitFor(() => sent(t, SocialPath.feedback).length === 1, { what: 'sent' })
  assert.equal(sent(t, SocialPath.feedback)[0], { email: '', feedbackType: 1, pics: '', suggestion: '', hostId: '200001', hostLvl: 'A' })
  t.dispose()
  const r = open('/report?hostid=200009&hostlvl=S', {})
  await r.render()
  await waitFor(() => byId('feedback-host'), { what: 'the report page' })
  assert.match(text('page-bar'), 'Report')
})

test.run()
