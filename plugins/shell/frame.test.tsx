import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { unreadRef } from './api.ts'
import { byId, click, shellKernel, standInPages } from './testkit.tsx'
import { fake } from '../../kernel/testing.tsx'
import { waitFor } from '../../test/wait.ts'
import { createShellPlugin } from './index.ts'
import { definePlugin, later } from '../../kernel/plugin.ts'

const wallOnly = definePlugin({ id: 'pages', routes: [{ path: '/wall', page: async () => ({ default: () => <p data-testid="page-wall">wall</p> }) }] })

test('SHELL-05 the tab bar shows the five tabs on the main paths only', async () => {
  const t = shellKernel({ path: '/wall' })
  await t.render()
  assert.ok(byId('tabbar'), 'shown on /wall')
  for (const id of ['home', 'wall', 'moments', 'message', 'user']) assert.ok(byId(`tab-${id}`), `tab ${id}`)
  t.location.navigate('/detail?id=1')
  await waitFor(() => byId('page-detail'), { what: 'the detail page' })
  assert.is(byId('tabbar'), null, 'hidden off the main paths')
  assert.is(byId('header'), null)
  t.location.navigate('/moments')
  await waitFor(() => byId('page-moments'), { what: 'the moments page' })
  assert.ok(byId('tabbar'), 'back on a main path')
  t.dispose()
})

test('SHELL-05 the tab bar hides while a call or a live room is on', async () => {
  const t = shellKernel({ path: '/wall' })
  await t.render()
  assert.ok(byId('tabbar'))
  act(() => void (t.kernel.scene.value = { ...t.kernel.scene.value, call: true }))
  assert.is(byId('tabbar'), null, 'hidden in a call')
  act(() => void (t.kernel.scene.value = { ...t.kernel.scene.value, call: false, live: true }))
  assert.is(byId('tabbar'), null, 'hidden in a live room')
  act(() => void (t.kernel.scene.value = { ...t.kernel.scene.value, live: false }))
  assert.ok(byId('tabbar'), 'back after both end')
  t.dispose()
})

test('SHELL-05 tapping a tab switches with replace, not push', async () => {
  const t = shellKernel({ path: '/wall', token: 'tok' })
  await t.render()
  const calls: Array<[string, { replace?: boolean } | undefined]> = []
  const navigate = t.kernel.router.navigate
  t.kernel.router.navigate = (to, o) => {
    calls.push([to, o])
    navigate(to, o)
  }
  await click('tab-moments')
  await t.settle()
  assert.is(t.location.path(), '/moments')
  assert.ok(byId('page-moments'))
  await click('tab-user')
  await t.settle()
  assert.is(t.location.path(), '/user')
  assert.equal(calls, [
    ['/moments', { replace: true }],
    ['/user', { replace: true }],
  ])
  t.dispose()
})

test('SHELL-09 a guest tapping a protected tab gets the login popup and stays', async () => {
  const t = shellKernel({ path: '/wall' })
  await t.render()
  await click('tab-message')
  assert.ok(await waitFor(() => byId('login-popup'), { what: 'login-popup' }), 'login popup open')
  assert.is(t.location.path(), '/wall', 'did not move')
  await click('tab-moments')
  await t.settle()
  assert.is(t.location.path(), '/moments', 'an open tab still works for guests')
  t.dispose()
})

test('SHELL-09 the same when the protected tab belongs to a late plugin that has not joined yet', async () => {
  const inbox = definePlugin({ id: 'inbox', routes: [{ path: '/message', page: async () => ({ default: () => <p data-testid="page-message">inbox</p> }), auth: true, tab: 'message' }] })
  const gate = { done: new Promise<void>(() => {}), painted: new Promise<void>(() => {}), shown: () => {} }
  const t = shellKernel({ path: '/wall', firstScreen: gate, plugins: [createShellPlugin({ retry: { wait: async () => undefined } }), wallOnly, later('inbox', async () => inbox)] })
  await t.render()
  assert.equal(t.kernel.pending.value, ['inbox'])
  await click('tab-message')
  assert.ok(await waitFor(() => byId('login-popup'), { what: 'login-popup' }), 'login popup open')
  assert.is(t.location.path(), '/wall', 'did not move')
  assert.equal(t.kernel.pending.value, [], 'the tap brought the late plugin')
  t.dispose()
})

test('SHELL-06 a guest sees the Login button, which opens the login popup', async () => {
  const t = shellKernel({ path: '/wall' })
  await t.render()
  assert.ok(byId('header-login'))
  assert.is(byId('header-balance'), null)
  assert.is(byId('header-rank'), null)
  await click('header-login')
  assert.ok(await waitFor(() => byId('login-popup'), { what: 'login-popup' }))
  t.dispose()
})

test('SHELL-06 the rank icon shows only in a build whose plugins serve /rank (no dead trophy)', async () => {
  const t = shellKernel({ path: '/wall', token: 'tok' })
  await t.render()
  await waitFor(() => byId('header-balance')?.textContent === '5,000', { what: 'the logged-in header' })
  assert.is(byId('header-rank'), null)
  t.dispose()
})

const rankPage = definePlugin({ id: 'rank', routes: [{ path: '/rank', page: async () => ({ default: () => <p data-testid="page-rank">rank</p> }) }] })

test('SHELL-06 a logged-in user sees the server balance and, on the wall tab, the rank icon, which opens /rank', async () => {
  const t = shellKernel({ path: '/wall', token: 'tok', plugins: [createShellPlugin({ retry: { wait: async () => undefined } }), standInPages, rankPage] })
  await t.render()
  await waitFor(() => byId('header-balance')?.textContent === '5,000', { what: 'the number getUserInfo answered' })
  assert.is(byId('header-login'), null)
  assert.ok(byId('header-rank'), 'rank icon on the wall tab')
  t.location.navigate('/moments')
  await waitFor(() => byId('page-moments'), { what: 'the moments page' })
  assert.is(byId('header-rank'), null, 'no rank icon on another tab')
  assert.ok(byId('header-balance'))
  t.location.navigate('/wall')
  await click(await waitFor(() => byId('header-rank'), { what: 'the rank icon' }))
  await waitFor(() => byId('page-rank'), { what: 'the rank page' })
  t.dispose()
})

test('SHELL-06 tapping the balance opens /getcoin with the current path as source', async () => {
  const t = shellKernel({ path: '/wall', token: 'tok' })
  await t.render()
  t.location.navigate('/moments')
  await t.settle()
  await click(byId('header-balance')!.closest('button'))
  await t.settle()
  assert.is(t.location.path(), '/getcoin')
  assert.is(t.location.search().get('source'), 'moments')
  t.dispose()
})

test('SHELL-06 a user.balance push replaces the shown balance with the pushed number', async () => {
  const t = shellKernel({ path: '/wall', token: 'tok' })
  await t.render()
  await t.settle()
  t.push('user.balance', { diamondNum: 4210, reason: 'call' })
  assert.is(byId('header-balance')?.textContent, '4,210')
  t.push('user.balance', { diamondNum: 'lots' })
  assert.is(byId('header-balance')?.textContent, '4,210', 'a non-number is ignored')
  t.dispose()
})

test('SHELL-06 pushed balances the ledger cannot produce (negative, fractional, non-finite, absurdly large) are ignored with one log line each', async () => {
  const t = shellKernel({ path: '/wall', token: 'tok' })
  await t.render()
  await t.settle()
  t.push('user.balance', { diamondNum: 4210 })
  const logged: unknown[][] = []
  const warn = console.warn
  console.warn = (...a: unknown[]) => void logged.push(a)
  const hostile = [-1, -0.5, 12.5, 1e308, Infinity, -Infinity, NaN, 1e13, Number.MAX_SAFE_INTEGER + 2, '5000', null, true, { n: 1 }, [7]]
  try {
    for (const diamondNum of hostile) t.push('user.balance', { diamondNum })
  } finally {
    console.warn = warn
  }
  assert.is(byId('header-balance')?.textContent, '4,210')
  assert.is(logged.filter((a) => String(a[0]).includes('bad balance')).length, hostile.length, 'one line per refused push')
  t.push('user.balance', { diamondNum: 0 })
  assert.is(byId('header-balance')?.textContent, '0', 'zero is a real balance')
  t.dispose()
})

test('SHELL-07 the message tab badge is follow count plus unread messages', async () => {
  localStorage.removeItem('shell.followsSeen') // a user who has not seen her follows in the inbox yet
  const unread = signal(2)
  const t = shellKernel({ path: '/wall', token: 'tok', backend: { followTotal: 3 }, fakes: [fake(unreadRef, { unread })] })
  await t.render()
  await t.settle()
  assert.is(byId('badge-message')?.textContent, '5')
  const follow = t.requests.find((r) => r.path === '/api/user/userFriend')
  assert.is(follow?.payload.type, 1, 'fans list')
  act(() => void (unread.value = 0))
  assert.is(byId('badge-message')?.textContent, '3')
  t.dispose()
})

test('SHELL-07 the message tab badge falls to the real unread count once the inbox has shown the follows (never a permanent 5); what was seen is kept', async () => {
  localStorage.removeItem('shell.followsSeen')
  const unread = signal(2)
  const backend = { followTotal: 3 }
  const t = shellKernel({ path: '/wall', token: 'tok', backend, fakes: [fake(unreadRef, { unread })] })
  await t.render()
  await t.settle()
  assert.is(byId('badge-message')?.textContent, '5')
  t.location.navigate('/message')
  await waitFor(() => byId('badge-message')?.textContent === '2', { what: 'the follows seen in the inbox' })
  t.location.navigate('/wall')
  await t.settle()
  assert.is(byId('badge-message')?.textContent, '2', 'the unread count alone')
  act(() => void (unread.value = 0))
  await t.settle()
  assert.is(byId('badge-message')?.textContent, undefined, 'nothing new: no badge')
  t.dispose()
  // a later visit keeps what was seen: only a new fan counts again
  assert.equal(JSON.parse(localStorage.getItem('shell.followsSeen')!), { userId: 100001, n: 3 })
  localStorage.removeItem('shell.followsSeen')
})

test('SHELL-07 the user tab shows a dot only when a task is claimable', async () => {
  const yes = shellKernel({ path: '/wall', token: 'tok', backend: { hasClaimable: true } })
  await yes.render()
  await waitFor(() => byId('badge-user-dot'), { what: 'the dot' })
  yes.dispose()
  const no = shellKernel({ path: '/wall', token: 'tok', backend: { hasClaimable: false } })
  await no.render()
  // the positive sign: both badge requests answered
  await waitFor(() => ['/api/userTask/get', '/api/user/userFriend'].every((p) => no.answered.some((a) => a.path === p)), { what: 'the badge requests answered' })
  await no.settle()
  assert.is(byId('badge-user-dot'), null)
  assert.is(byId('badge-message'), null, 'no badge at zero')
  no.dispose()
})

test('SHELL-07 guests see no badges and cause no badge requests', async () => {
  const t = shellKernel({ path: '/wall', backend: { followTotal: 4, hasClaimable: true } })
  await t.render()
  // the positive sign: the frame is drawn for a guest (a user's badges would have asked by now)
  await waitFor(() => byId('header-login'), { what: 'the guest header' })
  await t.settle()
  assert.is(byId('badge-message'), null)
  assert.is(byId('badge-user-dot'), null)
  assert.is(t.requests.filter((r) => r.path === '/api/user/userFriend' || r.path === '/api/userTask/get').length, 0)
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
