import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { httpStatus } from '../../kernel/testing.tsx'
import { fetchBaseConfig, needsForcePay, BASE_CONFIG_FAILED } from './base-config.ts'
import { byId, click, shellKernel } from './testkit.tsx'
import { landingTarget } from './LandingPage.tsx'
import { waitFor } from '../../test/wait.ts'
import type { ApiClient } from '../../kernel/api.ts'
import type { Kernel } from '../../kernel/types.ts'
import { signal } from '@preact/signals-react'
import { createShell } from './service.ts'

test('SHELL-02 the root redirects to /landingPage, which leads to the main path after the base config', async () => {
  const t = shellKernel({ path: '/' })
  await t.render()
  await waitFor(() => byId('page-wall'), { what: 'page-wall' })
  assert.is(t.location.path(), '/wall')
  assert.ok(t.location.history.includes('/landingPage'), 'went through the landing page')
  const sent = t.requests.filter((r) => r.path === '/api/index/v2/getBaseConfigForIntoBag')
  assert.is(sent.length, 1)
  assert.equal(sent[0].payload, { searchValue: 'test-app' }, 'searchValue is the app id')
  t.dispose()
})

test('SHELL-02 a well-known deep link is not redirected, and the base config still loads', async () => {
  const t = shellKernel({ path: '/detail?id=7' })
  await t.render()
  await t.settle()
  assert.is(t.location.path(), '/detail')
  assert.is(t.location.search().get('id'), '7')
  assert.ok(!t.location.history.includes('/landingPage'))
  assert.is(t.requests.filter((r) => r.path === '/api/index/v2/getBaseConfigForIntoBag').length, 1)
  t.dispose()
})

test('SHELL-02 a path that is not a deep link starts on the landing page, then opens that path (a reload stays)', async () => {
  const t = shellKernel({ path: '/moments?tab=2' })
  await t.render()
  await waitFor(() => byId('page-moments'), { what: 'page-moments' })
  assert.is(t.location.path(), '/moments')
  assert.is(t.location.search().get('tab'), '2', 'the query survives the landing page')
  assert.ok(t.location.history.some((h) => h.startsWith('/landingPage')), 'went through the landing page')
  t.dispose()
})

test('SHELL-02 the landing page leads only to an in-app path', () => {
  const target = (to: string) => landingTarget(new URLSearchParams({ to }), '/wall')
  assert.is(target('/moments?tab=2'), '/moments?tab=2')
  assert.is(target('//evil.example/x'), '/wall')
  assert.is(target('https://evil.example/'), '/wall')
  assert.is(target('/landingPage?to=/x'), '/wall')
  assert.is(landingTarget(new URLSearchParams(), '/wall'), '/wall')
})

test('SHELL-11 a reload of a main tab with a forced first payment due still goes to /forcePay', async () => {
  const t = shellKernel({ path: '/moments', backend: { baseConfig: () => ({ forcePayConfig: { isFinished: false } }) } })
  await t.render()
  await waitFor(() => t.location.path() === '/forcePay' || undefined, { what: '/forcePay' })
  t.dispose()
})

test('SHELL-11 the base config is retried 3 times, then a sentence (not getBaseConfig failed) with a Retry', async () => {
  let fail = true
  const t = shellKernel({ path: '/', backend: { baseConfig: () => (fail ? httpStatus(500) : { forcePayConfig: { isFinished: true } }) } })
  await t.render()
  const error = await waitFor(() => byId('landing-error'), { what: 'landing-error' })
  assert.is(error.textContent, 'No connection. Please try again.', 'a sentence, not the developer string getBaseConfig failed')
  assert.is(t.requests.filter((r) => r.path === '/api/index/v2/getBaseConfigForIntoBag').length, 4, 'first try + 3 retries')
  assert.is(t.location.path(), '/landingPage', 'stays on the landing page')
  fail = false
  await click('landing-retry')
  await waitFor(() => byId('page-wall'), { what: 'page-wall' })
  assert.is(t.location.path(), '/wall')
  t.dispose()
})

test('SHELL-11 fetchBaseConfig gives up after exactly 3 retries, waiting before each', async () => {
  let calls = 0
  const waits: number[] = []
  const api: ApiClient = {
    post: async () => {
      calls++
      throw new Error('down')
    },
  }
  const err = await fetchBaseConfig(api, 'a', { wait: async (n) => void waits.push(n) }).catch((e) => e)
  assert.is((err as Error).message, BASE_CONFIG_FAILED)
  assert.is(calls, 4)
  assert.equal(waits, [1, 2, 3])

  calls = 0
  const flaky: ApiClient = { post: async <T,>() => (++calls < 3 ? Promise.reject(new Error('x')) : ({ roomId: 1 } as T)) }
  assert.equal(await fetchBaseConfig(flaky, 'a', { wait: async () => undefined }), { roomId: 1 })
  assert.is(calls, 3, 'a later success ends the retries')
})

test('SHELL-11 a forced base-config reload asked while a load is on gets a load that starts after it', async () => {
  const answers: Array<(v: unknown) => void> = []
  const sent: boolean[] = []
  const api = { post: (_p: string, _b: unknown, o: { fresh?: boolean }) => (sent.push(!!o.fresh), new Promise((r) => answers.push(r))) }
  const kernel = { api, session: { appId: signal('test-app') } } as unknown as Kernel
  const shell = createShell(kernel)
  const first = shell.loadBaseConfig()
  const forced = shell.loadBaseConfig({ force: true })
  assert.is(shell.loadBaseConfig({ force: true }), forced, 'forced twice while loading: one reload')
  answers[0]({ version: 'before the login' })
  assert.equal(await first, { version: 'before the login' })
  await waitFor(() => answers.length === 2, { what: 'the second load' })
  assert.equal(sent, [false, true], 'the reload is fresh (never the early answer)')
  answers[1]({ version: 'after the login' })
  assert.equal(await forced, { version: 'after the login' })
  assert.equal(shell.baseConfig.value, { version: 'after the login' })
})

test('SHELL-06 a user refresh (the header balance) asked while one is on its way gets a load of its own after it (a credit between the two is seen once)', async () => {
  const answers: Array<(v: unknown) => void> = []
  const api = { post: () => new Promise((r) => answers.push(r)) }
  const users: unknown[] = []
  const kernel = { api, session: { loggedIn: signal(true), setUser: (u: unknown) => void users.push(u) } } as unknown as Kernel
  const shell = createShell(kernel)
  const first = shell.refreshUser()
  const second = shell.refreshUser()
  assert.is(shell.refreshUser(), second, 'asked twice while loading: one more load')
  answers[0]({ diamondNum: 5000 })
  await first
  await waitFor(() => answers.length === 2, { what: 'the second load' })
  answers[1]({ diamondNum: 12125 })
  await second
  assert.equal(users, [{ diamondNum: 5000 }, { diamondNum: 12125 }])
})

test('SHELL-11 forcePayConfig not finished sends the user to /forcePay', async () => {
  const t = shellKernel({ path: '/', backend: { baseConfig: () => ({ forcePayConfig: { isFinished: false, landPageImg: '' } }) } })
  await t.render()
  await waitFor(() => byId('forcepay'), { what: 'forcepay' })
  assert.is(t.location.path(), '/forcePay')
  await click('forcepay-recharge')
  await t.settle()
  assert.is(t.location.path(), '/getcoin')
  assert.is(t.location.search().get('source'), 'forcePay')
  t.dispose()
})

test('SHELL-11 a deep link to a main tab also goes to /forcePay when it is due; a pay page stays', async () => {
  const due = { baseConfig: () => ({ forcePayConfig: { isFinished: false, landPageImg: '' } }) }
  const wall = shellKernel({ path: '/wall', backend: due })
  await wall.render()
  await waitFor(() => byId('forcepay'), { what: 'forcepay' })
  assert.is(wall.location.path(), '/forcePay')
  assert.ok(!wall.location.history.includes('/landingPage'), 'no landing page on a deep link')
  wall.dispose()
  const pay = shellKernel({ path: '/detail?id=7', backend: due })
  await pay.render()
  await pay.settle()
  assert.is(pay.location.path(), '/detail', 'a deep link that is not a main tab stays')
  pay.dispose()
})

test('SHELL-11 needsForcePay reads false and 0 as due, anything else as done', () => {
  assert.ok(needsForcePay({ forcePayConfig: { isFinished: false } }))
  assert.ok(needsForcePay({ forcePayConfig: { isFinished: 0 } }))
  assert.not.ok(needsForcePay({ forcePayConfig: { isFinished: true } }))
  assert.not.ok(needsForcePay({}))
  assert.not.ok(needsForcePay(null))
})

test('SHELL-09 a token in the URL is stored, taken out of the URL and used for the user info', async () => {
  const t = shellKernel({ path: '/wall?token=url-tok&tab=2' })
  await t.render()
  await t.settle()
  assert.is(t.storage.getItem('token'), 'url-tok')
  assert.is(t.location.search().get('token'), null, 'removed from the URL')
  assert.is(t.location.search().get('tab'), '2', 'other params kept')
  assert.ok(t.requests.some((r) => r.path === '/api/user/getUserInfo' && r.headers.loginToken === 'url-tok'))
  assert.is(byId('header-balance')?.textContent, '5,000')
  t.dispose()
})

test('SHELL-09 from=anchor clears the token and redirects to the main path', async () => {
  const t = shellKernel({ path: '/detail?id=3&from=anchor', token: 'old-token' })
  await t.render()
  await waitFor(() => byId('header-login'), { what: 'the guest header' })
  assert.is(t.storage.getItem('token'), null)
  assert.is(t.location.path(), '/wall')
  t.dispose()
})

test('SHELL-09 a login-required event from anywhere opens the login popup once', async () => {
  const t = shellKernel({ path: '/wall' })
  await t.render()
  act(() => {
    t.kernel.events.emit('login-required', { to: '/user' })
    t.kernel.events.emit('login-required', { to: '/user' })
  })
  await waitFor(() => byId('login-popup'), { what: 'login-popup' })
  assert.is(document.querySelectorAll('[data-testid="login-popup"]').length, 1)
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
