import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { memoryLocation } from 'wouter/memory-location'
import { hookSource, memorySource } from './router-sources.ts'
import { KernelApp } from './App.tsx'
import { createRouter, loadWithRetry, matchesAny, preloadPage, RouteLoadError } from './router.tsx'
import { page } from './errors.ts'
import { click, fakeKernel, installFakeTimers, render } from './ui/testing.tsx'
import { settle, waitFor } from '../test/wait.ts'
import type { Plugin } from './types.ts'

const pageOf = (text: string) => () => Promise.resolve({ default: () => <p data-testid="page">{text}</p> })

test('SHELL-01 each route page is its own lazy chunk, loaded on first visit only', async () => {
  let wallLoads = 0
  let userLoads = 0
  const plugin: Plugin = {
    id: 'demo',
    routes: [
      { path: ['/wall', '/white-wall'], page: () => (wallLoads++, pageOf('wall')()) },
      { path: '/user', page: () => (userLoads++, pageOf('user')()) },
    ],
  }
  const kernel = fakeKernel({ plugins: [plugin], path: '/wall' })
  const r = await render(<KernelApp kernel={kernel} />)
  await settle()
  assert.is(r.get('page')?.textContent, 'wall')
  assert.is(wallLoads, 1)
  assert.is(userLoads, 0, 'a route not visited is not loaded')

  await act(async () => kernel.router.navigate('/white-wall'))
  await settle()
  assert.is(r.get('page')?.textContent, 'wall', 'a route with several paths matches any of them')
  assert.is(wallLoads, 1, 'the chunk is loaded once')

  await act(async () => kernel.router.navigate('/user'))
  await settle()
  assert.is(r.get('page')?.textContent, 'user')
  assert.is(userLoads, 1)
  r.unmount()
  kernel.dispose()
})

test('SHELL-01 an unknown path shows the not-found page, whose button goes to the main path', async () => {
  const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/wall', page: pageOf('wall') }] }], path: '/nowhere', mainPath: '/wall' })
  const r = await render(<KernelApp kernel={kernel} />)
  await waitFor(() => r.get('not-found'))
  assert.is(r.get('page'), null)
  await click(r.get('not-found-home'))
  await waitFor(() => r.get('page')?.textContent === 'wall')
  assert.is(kernel.router.path.value, '/wall')
  assert.is(r.get('not-found'), null)
  r.unmount()
  kernel.dispose()
})

test('SHELL-01 a page still loading shows the spinner', async () => {
  let resolve!: (m: { default: ComponentType }) => void
  const slow = () => new Promise<{ default: ComponentType }>((r) => (resolve = r))
  const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/slow', page: slow }] }], path: '/slow' })
  const r = await render(<KernelApp kernel={kernel} />)
  assert.ok(r.get('page-loading'))
  await act(async () => resolve({ default: () => <p data-testid="page">slow</p> }))
  await waitFor(() => r.get('page')?.textContent === 'slow')
  assert.is(r.get('page-loading'), null)
  r.unmount()
  kernel.dispose()
})

test('SHELL-01 the start page loaded before the first render is drawn by it: no spinner first (React would hold the page back 300 ms after one)', async () => {
  let loads = 0
  const start = () => (loads++, pageOf('start')())
  const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/start', page: start }] }], path: '/start' })
  await preloadPage(start)
  let spinner = false
  const seen = new MutationObserver(() => void (spinner ||= !!document.querySelector('[data-testid=page-loading]')))
  seen.observe(document.body, { childList: true, subtree: true })
  const r = await render(<KernelApp kernel={kernel} />)
  await waitFor(() => r.get('page')?.textContent === 'start')
  seen.disconnect()
  assert.not.ok(spinner, 'no spinner before the page')
  assert.is(loads, 1)
  r.unmount()
  kernel.dispose()
})

test('SHELL-03 a failing route import is tried 3 times in all, then the update dialog shows', async () => {
  let attempts = 0
  const broken = () => {
    attempts++
    return Promise.reject(new TypeError('Failed to fetch dynamically imported module: /chunks/wall-abc.js'))
  }
  const warn = console.warn
  const error = console.error
  console.warn = console.error = () => {}
  try {
    const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/wall', page: broken }] }], path: '/wall' })
    const r = await render(<KernelApp kernel={kernel} />)
    await settle()
    assert.is(attempts, 3)
    assert.ok(r.get('update-dialog'), 'the dialog shows')
    assert.ok(r.get('route-error'), 'the page area shows an error with a retry')
    assert.ok(kernel.overlays.isOpen('kernel.update'))
    assert.is(r.all('update-dialog').length, 1)

    await click(r.get('update-later'))
    assert.is(r.get('update-dialog'), null, 'Later closes it')

    // a retry starts a fresh round of attempts
    await click(r.get('route-error-retry'))
    await settle()
    assert.is(attempts, 6)
    assert.ok(r.get('update-dialog'))
    r.unmount()
    kernel.dispose()
  } finally {
    console.warn = warn
    console.error = error
  }
})

test('SHELL-03 a lazy part of a page whose file is gone (a deploy) opens the update dialog; a page that crashes otherwise does not', async () => {
  const Part = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/chunk-gone.js')))
  const withPart = () => Promise.resolve({ default: () => <Suspense fallback={null}><Part /></Suspense> })
  const crash = () => Promise.resolve({ default: (): ReactNode => { throw new Error('a bug') } })
  const quiet = [console.warn, console.error]
  console.warn = console.error = () => {}
  try {
    const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/wall', page: withPart }, { path: '/bug', page: crash }] }], path: '/bug' })
    const r = await render(<KernelApp kernel={kernel} />)
    await waitFor(() => r.get('route-error'), { what: 'the crashed page' })
    assert.is(r.get('update-dialog'), null, 'a bug is not a new version')
    await act(async () => kernel.router.navigate('/wall'))
    await waitFor(() => r.get('update-dialog'), { what: 'the update dialog' })
    assert.ok(r.get('route-error'), 'the page area offers a retry and a way back')
    r.unmount()
    kernel.dispose()
  } finally {
    ;[console.warn, console.error] = quiet
  }
})

test('SHELL-03 SHELL-04 after the update dialog\'s Later, the failed page offers a way back beside Retry', async () => {
  const broken = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /chunks/vip-abc.js'))
  const quiet = [console.warn, console.error]
  console.warn = console.error = () => {}
  try {
    const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/wall', page: pageOf('wall') }, { path: '/vip', page: broken }] }], path: '/vip', mainPath: '/wall' })
    const r = await render(<KernelApp kernel={kernel} />)
    await waitFor(() => r.get('update-dialog'))
    await click(r.get('update-later'))
    assert.ok(r.get('route-error'), 'the error stays')
    await click(r.get('route-error-back'))
    await waitFor(() => r.get('page')?.textContent === 'wall')
    assert.is(kernel.router.path.value, '/wall', 'opened directly: back leads to the main path')
    r.unmount()
    kernel.dispose()
  } finally {
    ;[console.warn, console.error] = quiet
  }
})

test('SHELL-04 SHELL-17 a popup whose code fails to load (a deploy happened) is tried 3 times, then the update dialog shows', async () => {
  let attempts = 0
  const broken = () => (attempts++, Promise.reject(new TypeError('Failed to fetch dynamically imported module: /chunks/offer-abc.js')))
  const quiet = [console.warn, console.error]
  console.warn = console.error = () => {}
  try {
    const plugin: Plugin = { id: 'demo', routes: [{ path: '/wall', page: pageOf('wall') }], overlays: [{ id: 'demo.offer', tier: 'modal', component: broken }] }
    const kernel = fakeKernel({ plugins: [plugin], path: '/wall' })
    const r = await render(<KernelApp kernel={kernel} />)
    await waitFor(() => r.get('page'))
    await act(async () => void kernel.overlays.open('demo.offer'))
    await waitFor(() => r.get('update-dialog'))
    assert.is(attempts, 3)
    assert.not.ok(kernel.overlays.isOpen('demo.offer'), 'the broken popup is closed')
    r.unmount()
    kernel.dispose()
  } finally {
    ;[console.warn, console.error] = quiet
  }
})

test('SHELL-03 a route import that fails twice then loads shows the page and no dialog', async () => {
  let attempts = 0
  const flaky = () => (++attempts < 3 ? Promise.reject(new Error('Loading chunk 7 failed')) : pageOf('third time')())
  const warn = console.warn
  console.warn = () => {}
  try {
    const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/wall', page: flaky }] }], path: '/wall' })
    const r = await render(<KernelApp kernel={kernel} />)
    await waitFor(() => r.get('page')?.textContent === 'third time')
    assert.is(attempts, 3)
    assert.is(r.get('update-dialog'), null)
    r.unmount()
    kernel.dispose()
  } finally {
    console.warn = warn
  }
})

test('SHELL-03 Update reloads after 500 ms, not before', async () => {
  const kernel = fakeKernel({ path: '/' })
  const r = await render(<KernelApp kernel={kernel} />)
  const reload = page.reload
  const log = page.log
  let reloads = 0
  page.reload = () => void reloads++
  page.log = () => {}
  const timers = installFakeTimers()
  try {
    await act(async () => void kernel.overlays.open('kernel.update'))
    await settle()
    assert.ok(r.get('update-dialog'))
    await click(r.get('update-now'))
    timers.tick(499)
    assert.is(reloads, 0)
    timers.tick(1)
    assert.is(reloads, 1)
  } finally {
    timers.restore()
    page.reload = reload
    page.log = log
    r.unmount()
    kernel.dispose()
  }
})

test('loadWithRetry gives up with a RouteLoadError carrying the last cause', async () => {
  const warn = console.warn
  console.warn = () => {}
  let n = 0
  const err = await loadWithRetry(() => Promise.reject(new Error(`fail ${++n}`))).catch((e) => e)
  console.warn = warn
  assert.instance(err, RouteLoadError)
  assert.is((err.cause as Error).message, 'fail 3')
})

test('SHELL-09 a guest on a protected route gets login-required and the page is not loaded', async () => {
  let loads = 0
  const kernel = fakeKernel({
    plugins: [{ id: 'demo', routes: [{ path: '/message', auth: true, page: () => (loads++, pageOf('inbox')()) }] }],
    path: '/message?tab=2',
    loggedIn: false,
  })
  const asked: string[] = []
  kernel.events.on('login-required', (e) => asked.push(e.to))
  const r = await render(<KernelApp kernel={kernel} />)
  await waitFor(() => r.get('login-required'))
  assert.equal(asked, ['/message?tab=2'])
  assert.is(loads, 0)

  await act(async () => void (kernel.loggedIn.value = true))
  await settle()
  assert.is(r.get('page')?.textContent, 'inbox', 'after login the page shows')
  r.unmount()
  kernel.dispose()
})

test('router: memory navigation keeps the path and search signals in step, with replace and back', () => {
  const router = createRouter(memorySource('/wall?tab=1'))
  assert.is(router.path.value, '/wall')
  assert.is(router.search.value.get('tab'), '1')
  router.navigate('/user')
  assert.is(router.path.value, '/user')
  assert.is(router.search.value.toString(), '')
  router.navigate('?x=2', { replace: true })
  assert.is(router.path.value, '/user')
  assert.is(router.search.value.get('x'), '2')
  router.back()
  assert.is(router.path.value, '/wall', 'replace did not add a history entry')
  assert.is(router.search.value.get('tab'), '1')
  router.dispose()
})

test('router: the browser location is followed, also for changes made outside the router', () => {
  history.replaceState(null, '', '/start?a=1')
  const router = createRouter()
  assert.is(router.path.value, '/start')
  router.navigate('/wall?tab=3')
  assert.is(location.pathname, '/wall')
  assert.is(router.search.value.get('tab'), '3')
  history.pushState(null, '', '/elsewhere')
  assert.is(router.path.value, '/elsewhere')
  router.dispose()
  history.pushState(null, '', '/after-dispose')
  assert.is(router.path.value, '/elsewhere', 'a disposed router stops listening')
})

test('router: a foreign wouter hook (memoryLocation) drives the signals through <Sync/>', async () => {
  const loc = memoryLocation({ path: '/moments', searchPath: 'id=4' })
  const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/moments', page: pageOf('moments') }] }] })
  const router = createRouter(hookSource(loc.hook, loc.searchHook, loc.navigate))
  Object.assign(kernel, { router })
  const r = await render(<KernelApp kernel={kernel} />)
  await settle()
  assert.is(router.path.value, '/moments')
  assert.is(router.search.value.get('id'), '4')
  assert.is(r.get('page')?.textContent, 'moments')
  await act(async () => loc.navigate('/nope'))
  assert.is(router.path.value, '/nope')
  assert.ok(r.get('not-found'))
  r.unmount()
  kernel.dispose()
})

test('SHELL-05 router.canGoBack: only when an in-app page lies behind (memory history)', () => {
  const router = createRouter(memorySource('/getcoin'))
  assert.not.ok(router.canGoBack(), 'a deep link opens with nothing behind it')
  router.navigate('/getcoin', { replace: true })
  assert.not.ok(router.canGoBack(), 'replace adds no entry')
  router.navigate('/vip')
  assert.ok(router.canGoBack())
  router.back()
  assert.not.ok(router.canGoBack())
  router.dispose()
})

/** history.back() answers with a popstate event later; wait for that event, not for a time */
function browserBack(): Promise<void> {
  const popped = new Promise<void>((resolve) => addEventListener('popstate', () => resolve(), { once: true }))
  history.back()
  return popped
}

test('SHELL-05 router.canGoBack in the browser counts this app\'s own entries, not history.length', async () => {
  history.pushState(null, '', '/some-other-page')
  history.replaceState(null, '', '/getcoin')
  const router = createRouter()
  assert.ok(history.length > 1)
  assert.not.ok(router.canGoBack(), 'entries before the app started do not count')
  router.navigate('/getcoin?source=x', { replace: true })
  assert.not.ok(router.canGoBack())
  router.navigate('/vip')
  router.navigate('/vip/vip-records')
  assert.ok(router.canGoBack())
  await browserBack()
  assert.is(router.path.value, '/vip')
  assert.ok(router.canGoBack(), 'one in-app page still behind /vip')
  await browserBack()
  assert.is(router.path.value, '/getcoin')
  assert.not.ok(router.canGoBack(), 'back on the first page')
  router.dispose()
})

test('router.canGoBack follows a foreign wouter hook\'s visits', async () => {
  const loc = memoryLocation({ path: '/getcoin' })
  const kernel = fakeKernel({ plugins: [{ id: 'demo', routes: [{ path: '/getcoin', page: pageOf('getcoin') }, { path: '/vip', page: pageOf('vip') }] }] })
  const router = createRouter(hookSource(loc.hook, loc.searchHook, loc.navigate))
  Object.assign(kernel, { router })
  const r = await render(<KernelApp kernel={kernel} />)
  await settle()
  assert.not.ok(router.canGoBack())
  await act(async () => router.navigate('/vip'))
  assert.ok(router.canGoBack())
  await act(async () => router.back())
  assert.is(router.path.value, '/getcoin')
  assert.not.ok(router.canGoBack())
  r.unmount()
  kernel.dispose()
})

test('SHELL-02 matchesAny tells well-known paths (with params and wildcards)', () => {
  const known = ['/wall', '/detail/:id', '/game/*', '/landingPage']
  assert.ok(matchesAny('/wall', known))
  assert.ok(matchesAny('/wall/', known))
  assert.ok(matchesAny('/detail/42', known))
  assert.ok(matchesAny('/game/x/y', known))
  assert.not.ok(matchesAny('/', known))
  assert.not.ok(matchesAny('/wallet', known))
})

test.run()
