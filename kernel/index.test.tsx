import { test } from 'uvu'
import { act } from 'react'
import { useT } from './hooks.ts'
import * as assert from 'uvu/assert'
import { fakeTimers } from '../test/fake-timers.ts'
import { createKernel } from './index.ts'
import { createTestKernel, fake, httpStatus, serverCode } from './testing.tsx'
import { definePlugin, provide, ref } from './plugin.ts'
import { isInsufficient } from './api.ts'
import { memoryStorage } from './storage.ts'
import { memorySource } from './router-sources.ts'
import { MAX_RETRIES, RETRY_MS } from './realtime.ts'
import { useKernel } from './hooks.ts'
import type { Kernel } from './types.ts'

interface Counter {
  n: number
  kernel: Kernel
}
const counterRef = ref<Counter>('counter')
const absentRef = ref<{ x: 1 }>('recharge')

test('kernel services: get() is undefined for a service no plugin provides (an optional link hides)', () => {
  const t = createTestKernel({ plugins: [] })
  assert.is(t.kernel.get(absentRef), undefined)
  assert.throws(() => t.kernel.need(absentRef), /service "recharge" is needed but no plugin of app "test-app" provides it/)
  t.dispose()
})

test('kernel services are created on first use, once, with the kernel', () => {
  let made = 0
  const plugin = definePlugin({ id: 'c', services: [provide(counterRef, (kernel) => ({ n: ++made, kernel }))] })
  const t = createTestKernel({ plugins: [plugin] })
  assert.is(made, 0, 'nothing created before use')
  const a = t.kernel.need(counterRef)
  assert.is(t.kernel.get(counterRef), a)
  assert.is(made, 1)
  assert.is(a.kernel, t.kernel)
  t.dispose()
})

test('kernel services: a fake keyed by ref wins, even a partial one', () => {
  const plugin = definePlugin({ id: 'c', services: [provide(counterRef, (kernel) => ({ n: 1, kernel }))] })
  const t = createTestKernel({ plugins: [plugin], fakes: [fake(counterRef, { n: 99 }), fake(absentRef, { x: 1 })] })
  assert.is(t.kernel.need(counterRef).n, 99)
  assert.equal(t.kernel.get(absentRef), { x: 1 })
  t.dispose()
})

test('kernel services that need each other while starting are named, as is a failing one', () => {
  const a = ref<unknown>('a')
  const b = ref<unknown>('b')
  const bad = ref<unknown>('bad')
  const plugin = definePlugin({
    id: 'p',
    services: [provide(a, (k) => k.need(b)), provide(b, (k) => k.need(a)), provide(bad, () => { throw new Error('boom') })],
  })
  const t = createTestKernel({ plugins: [plugin] })
  assert.throws(() => t.kernel.get(a), /cycle: a -> b -> a/)
  assert.throws(() => t.kernel.get(bad), /service "bad" of plugin "p" failed to start: boom/)
  t.dispose()
})

test('kernel setup runs in requirement order; dispose runs the disposers in reverse, once', () => {
  const log: string[] = []
  const mk = (id: string, requires: string[] = []) =>
    definePlugin({
      id,
      requires,
      setup() {
        log.push(`setup ${id}`)
        return () => log.push(`dispose ${id}`)
      },
    })
  const t = createTestKernel({ plugins: [mk('wall', ['shell']), mk('shell'), mk('user', ['shell'])] })
  assert.equal(t.kernel.plugins.map((p) => p.id), ['shell', 'wall', 'user'])
  t.dispose()
  t.kernel.dispose()
  assert.equal(log, ['setup shell', 'setup wall', 'setup user', 'dispose user', 'dispose wall', 'dispose shell'])
})

test('kernel setup failure names the plugin and undoes the setups that ran', () => {
  const log: string[] = []
  const ok = definePlugin({ id: 'ok', setup: () => () => log.push('undone ok') })
  const bad = definePlugin({ id: 'bad', setup: () => { throw new Error('no config') } })
  assert.throws(() => createTestKernel({ plugins: [ok, bad] }), /plugin "bad" failed in setup: no config/)
  assert.equal(log, ['undone ok'])
})

test('NET-07 kernel registers every plugin push handler; a throwing one does not stop the others', () => {
  const got: unknown[] = []
  const errors = console.error
  console.error = () => {}
  try {
    const a = definePlugin({ id: 'a', push: { 'test.ping': () => { throw new Error('bad handler') } } })
    const b = definePlugin({ id: 'b', push: { 'test.ping': (data, kernel) => got.push([data, kernel.app.appId]) } })
    const t = createTestKernel({ plugins: [a, b] })
    assert.ok(t.push('test.ping', { userId: 3 }))
    assert.equal(got, [[{ userId: 3 }, 'test-app']])
    t.dispose()
    assert.is(t.kernel.push.dispatch({ msgId: 'after', pushType: 'host.status', data: {} }), true)
    assert.is(got.length, 1, 'disposed kernels no longer deliver')
  } finally {
    console.error = errors
  }
})

test('NET-05 the kernel opens the realtime socket when logged in, and on login; closes on dispose', () => {
  const guest = createTestKernel({ plugins: [] })
  assert.is(guest.sockets.length, 0, 'guests do not connect')
  guest.kernel.session.login({ token: 'later' })
  assert.is(guest.sockets.length, 1, 'login connects')
  guest.dispose()

  const t = createTestKernel({ plugins: [], token: 'tok' })
  assert.is(t.sockets.length, 1)
  t.sockets[0].open()
  assert.is(t.kernel.realtime.state.value, 'open')
  t.dispose()
  assert.is(t.sockets[0].readyState, 3)
})

test('NET-05 after the last retry the kernel toasts "Failed to connect WebSocket after retries"', () => {
  const timers = fakeTimers()
  const t = createTestKernel({ plugins: [], token: 'tok', timers })
  for (let i = 0; i <= MAX_RETRIES; i++) {
    t.sockets[t.sockets.length - 1].fail()
    timers.tick(RETRY_MS)
  }
  assert.is(t.kernel.realtime.state.value, 'failed')
  assert.equal(t.toasts, [{ text: 'Failed to connect WebSocket after retries', type: 'warning' }])
  t.dispose()
})

test('SHELL-09 the kernel takes a token from the start URL and removes it from the URL', () => {
  const t = createTestKernel({ plugins: [], path: '/wall?token=url-tok&tab=2' })
  assert.is(t.kernel.session.token.value, 'url-tok')
  assert.is(t.storage.getItem('token'), 'url-tok')
  assert.is(t.kernel.entry.action, 'login')
  assert.is(t.location.path(), '/wall')
  assert.is(t.location.search().toString(), 'tab=2')
  t.dispose()
})

test('a start path that looks like another host (//host, /\\host) is one of ours: the token is taken, the URL replaced in place', () => {
  for (const path of ['//evil.example/wall?token=url-tok&tab=2', '/\\evil.example/wall?token=url-tok&tab=2', '///wall?token=url-tok&tab=2']) {
    const t = createTestKernel({ plugins: [], path })
    assert.is(t.kernel.session.token.value, 'url-tok', path)
    assert.ok(t.location.path().startsWith('/') && !/^\/[\\/]/.test(t.location.path()), t.location.path())
    assert.is(t.location.search().toString(), 'tab=2')
    t.kernel.router.navigate('//evil.example/x')
    assert.is(t.location.path(), '/evil.example/x', 'a navigation to //host stays on this origin')
    t.dispose()
  }
})

test('SHELL-09 from=anchor clears the stored token and reports a logout', () => {
  const t = createTestKernel({ plugins: [], token: 'old', path: '/detail?from=anchor&id=5' })
  assert.is(t.kernel.session.loggedIn.value, false)
  assert.is(t.kernel.entry.action, 'logout')
  assert.is(t.location.search().toString(), 'id=5')
  t.dispose()
})

test('SHELL-12 the Accept-Language header follows the locale', async () => {
  const t = createTestKernel({ plugins: [], locale: 'ar', api: () => ({ ok: 1 }) })
  assert.is(t.kernel.i18n.dir.value, 'rtl')
  await t.kernel.api.post('/a')
  t.kernel.i18n.setLocale('en')
  await t.kernel.api.post('/b')
  assert.equal(t.requests.map((r) => r.headers['Accept-Language']), ['ar', 'en'])
  t.dispose()
})

test('NET-02 through the test kernel: the fake API, insufficient balance event, toasts in the locale', async () => {
  const seen: unknown[] = []
  const recharge = definePlugin({ id: 'recharge', setup: (k) => k.events.on('insufficient-balance', (e) => seen.push(e)) })
  const t = createTestKernel({
    plugins: [recharge],
    locale: 'ar',
    token: 'tok',
    api: (path, payload) => {
      if (path === '/gift') return serverCode('1080', 'diamond.not.enough')
      if (path === '/down') return httpStatus(500)
      return { echo: payload }
    },
  })
  assert.equal(await t.kernel.api.post('/echo', { a: 1 }), { echo: { a: 1 } })
  assert.equal(t.requests[0], { path: '/echo', payload: { a: 1 }, headers: t.requests[0].headers })
  assert.is(t.requests[0].headers.loginToken, 'tok')
  const err = await t.kernel.api.post('/gift').catch((e) => e)
  assert.ok(isInsufficient(err))
  assert.equal(seen, [{ path: '/gift' }])
  await t.kernel.api.post('/down').catch(() => {})
  assert.equal(t.toasts, [{ text: 'عطل في الخادم', type: 'warning' }])
  t.dispose()
})

test('kernel rtc() and im() load once; a failed load may be tried again', async () => {
  let loads = 0
  let fail = true
  const k = createKernel({
    app: { appId: 'a', name: 'a', plugins: [], settings: { tabs: [], mainPath: '/', wellKnownPaths: [] } },
    config: { apiBase: 'http://x', wsBase: 'ws://x', cipherKey: 'k'.repeat(16), cipherIv: 'i'.repeat(16), subscriptionKey: 's', mode: 'harness' },
    storage: memoryStorage(),
    location: memorySource('/'),
    loadRtc: async () => {
      loads++
      if (fail) throw new Error('chunk failed')
      return { marker: 'rtc' } as any
    },
    loadIm: async () => ({ marker: 'im' }) as any,
  })
  await k.rtc().catch(() => {})
  fail = false
  const [a, b] = await Promise.all([k.rtc(), k.rtc()])
  assert.is(a, b)
  assert.is(loads, 2)
  assert.is(await k.im(), await k.im())
  k.dispose()
})

test('kernel testing: render() mounts the app with the plugin routes on the memory location', async () => {
  function WallPage() {
    const k = useKernel()
    return <p data-testid="wall">wall of {k.app.appId}</p>
  }
  function UserPage() {
    return <p data-testid="user">me</p>
  }
  const pages = definePlugin({
    id: 'pages',
    routes: [
      { path: '/wall', page: async () => ({ default: WallPage }) },
      { path: '/user', page: async () => ({ default: UserPage }) },
    ],
  })
  const t = createTestKernel({ plugins: [pages], path: '/wall' })
  const view = await t.render()
  assert.is(view.container.querySelector('[data-testid="wall"]')?.textContent, 'wall of test-app')
  t.location.navigate('/user')
  await t.settle()
  assert.ok(view.container.querySelector('[data-testid="user"]'))
  assert.equal(t.location.history, ['/wall', '/user'])
  t.dispose()
  assert.is(view.container.isConnected, false)
})

test('SHELL-12 a lazy overlay waits for its plugin\'s moreStrings before it shows', async () => {
  let arrive!: () => void
  const more = new Promise<void>((r) => (arrive = r)).then(() => ({ default: { tip: { title: 'A tip for you' } } }))
  const Tip = () => {
    const t = useT()
    return <p data-testid="tip">{t('tipper.tip.title')}</p>
  }
  const tipper = definePlugin({
    id: 'tipper',
    strings: { en: {}, ar: {} },
    moreStrings: { en: () => more, ar: async () => ({}) },
    overlays: [{ id: 'tipper.tip', tier: 'modal', component: async () => ({ default: Tip }) }],
  })
  const t = createTestKernel({ plugins: [tipper] })
  await t.render()
  await act(async () => void t.kernel.overlays.open('tipper.tip'))
  await t.settle()
  assert.is(document.querySelector('[data-testid="tip"]'), null, 'not before its strings')
  arrive()
  await t.settle()
  assert.is(document.querySelector('[data-testid="tip"]')?.textContent, 'A tip for you')
  t.dispose()
})

test.run()
