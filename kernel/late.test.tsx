// Late plugins: the manifest names them, the kernel registers them after the first screen or as
// soon as a route, an overlay or a push of theirs is wanted.
import { test } from 'uvu'
import { computed } from '@preact/signals-react'
import * as assert from 'uvu/assert'
import { createTestKernel } from './testing.tsx'
import { click } from './ui/testing.tsx'
import { useT } from './hooks.ts'
import { act } from 'react'
import { waitFor } from '../test/wait.ts'
import { definePlugin, later, provide, ref } from './plugin.ts'
import { isRouted } from './router.tsx'
import type { FirstScreenGate } from './first-screen.ts'
import type { Plugin } from './types.ts'

/** A first-screen gate the test opens by hand; it counts who waits on it. */
function manualGate(): FirstScreenGate & { open(): void; waiting(): number } {
  let open!: () => void
  let waiting = 0
  const done = new Promise<void>((r) => (open = r))
  const then = done.then.bind(done)
  done.then = ((...a: Parameters<typeof then>) => (waiting++, then(...a))) as typeof done.then
  return { done, painted: Promise.resolve(), shown: () => {}, open: () => open(), waiting: () => waiting }
}

const greetRef = ref<{ hello(): string }>('greet')

function latePlugin(log: string[] = []): Plugin {
  return definePlugin({
    id: 'late',
    routes: [{ path: '/late', page: async () => ({ default: () => <p data-testid="late-page">late page</p> }) }],
    overlays: [{ id: 'late.popup', tier: 'modal', component: (_: { props: unknown }) => <p data-testid="late-popup">popup</p> }],
    push: { 'test.ping': (data) => log.push(`ping ${data.n}`) },
    services: [provide(greetRef, () => ({ hello: () => 'hi' }))],
    strings: { en: { hello: 'Hello from late' }, ar: { hello: 'مرحبا' } },
    setup: () => {
      log.push('setup')
      return () => log.push('disposed')
    },
  })
}

const eager = definePlugin({ id: 'eager', routes: [{ path: '/wall', page: async () => ({ default: () => <p data-testid="wall">wall</p> }) }] })

test('BLD-01 a late plugin joins after the first screen: routes, services, strings, setup', async () => {
  const gate = manualGate()
  const log: string[] = []
  let loads = 0
  const t = createTestKernel({
    plugins: [eager, later('late', async () => (loads++, { default: latePlugin(log) }))],
    firstScreen: gate,
  })
  assert.equal(t.kernel.plugins.map((p) => p.id), ['eager'])
  assert.equal(t.kernel.pending.value, ['late'])
  assert.is(t.kernel.get(greetRef), undefined)
  assert.throws(() => t.kernel.need(greetRef), /before the late plugins \(late\) have loaded/)
  // the positive sign: the kernel waits on the gate (it decides that while it is created)
  assert.ok(gate.waiting() > 0, 'the kernel waits for the first screen')
  assert.is(loads, 0, 'nothing loads before the first screen')

  gate.open()
  await waitFor(() => t.kernel.pending.value.length === 0)
  assert.is(loads, 1)
  assert.equal(t.kernel.plugins.map((p) => p.id), ['eager', 'late'])
  assert.equal(t.kernel.pending.value, [])
  assert.is(t.kernel.need(greetRef).hello(), 'hi')
  assert.is(t.kernel.i18n.t('late.hello'), 'Hello from late')
  assert.equal(log, ['setup'])
  await t.kernel.loadPlugins()
  assert.is(loads, 1, 'once')
  t.dispose()
  assert.equal(log, ['setup', 'disposed'])
})

test('SHELL-01 the app opened on a late plugin\'s path loads it at once and shows its page; unknown paths still get not-found', async () => {
  const gate = manualGate()
  const t = createTestKernel({ plugins: [eager, later('late', async () => latePlugin())], path: '/late', firstScreen: gate })
  const view = await t.render()
  await waitFor(() => view.container.querySelector('[data-testid="late-page"]'), { what: 'the late page, without waiting for the first screen' })
  t.location.navigate('/nowhere')
  await waitFor(() => view.container.querySelector('[data-testid="not-found"]'))
  t.dispose()
})

test('SHELL-01 a late plugin serving the address: its page and strings load beside the other late plugins, and the page is drawn as they join, without a page spinner', async () => {
  let arrive!: (p: Plugin) => void
  const other = new Promise<Plugin>((r) => (arrive = r))
  let pageLoads = 0
  function LatePage() {
    return <p data-testid="late-page">{useT()('late.hello')}</p>
  }
  const late = definePlugin({
    id: 'late',
    routes: [{ path: '/late', page: async () => (pageLoads++, { default: LatePage }) }],
    strings: { en: async () => ({ hello: 'Hello from late' }), ar: async () => ({ hello: 'مرحبا' }) },
  })
  const t = createTestKernel({ plugins: [eager, later('late', async () => late), later('other', () => other)], path: '/late', firstScreen: manualGate() })
  const view = await t.render()
  await waitFor(() => pageLoads === 1, { what: 'the page loading while another late plugin is still on its way' })
  assert.equal(t.kernel.pending.value, ['late', 'other'])
  await waitFor(() => view.container.querySelector('[data-testid="page-loading"]:not([data-chunk-loading])'), { what: 'the wait for the late plugins' })
  const chunkSpinners: string[] = []
  const watch = new MutationObserver(() => view.container.querySelector('[data-chunk-loading]') && chunkSpinners.push('a page spinner'))
  watch.observe(view.container, { childList: true, subtree: true })
  await act(async () => arrive(definePlugin({ id: 'other' })))
  await waitFor(() => view.container.querySelector('[data-testid="late-page"]'), { what: 'the page, once every late plugin has joined' })
  watch.disconnect()
  assert.equal(chunkSpinners, [])
  assert.is(view.container.querySelector('[data-testid="late-page"]')!.textContent, 'Hello from late')
  assert.is(pageLoads, 1)
  t.dispose()
})

test('SHELL-03 late plugins that cannot load: three attempts, then a retry that works', async () => {
  let attempts = 0
  let broken = true
  const t = createTestKernel({
    plugins: [eager, later('late', async () => {
      attempts++
      if (broken) throw new TypeError('Failed to fetch dynamically imported module')
      return latePlugin()
    })],
    path: '/late',
    firstScreen: manualGate(),
  })
  const view = await t.render()
  await waitFor(() => view.container.querySelector('[data-testid="route-error"]'))
  assert.is(attempts, 3)
  await waitFor(() => t.kernel.overlays.isOpen('kernel.update'), { what: 'the update dialog' })
  broken = false
  await click(view.container.querySelector('[data-testid="route-error-retry"]'))
  await waitFor(() => view.container.querySelector('[data-testid="late-page"]'))
  t.dispose()
})

test('SHELL-01 isRouted tells whether a path is served, and follows a late plugin joining', async () => {
  const gate = manualGate()
  const eagerWithParams = definePlugin({ id: 'eager', routes: [{ path: ['/wall', '/detail/:id'], page: eager.routes![0].page }] })
  const t = createTestKernel({ plugins: [eagerWithParams, later('late', async () => latePlugin())], firstScreen: gate })
  const lateServed = computed(() => isRouted(t.kernel, '/late?x=1'))
  assert.ok(isRouted(t.kernel, '/wall'))
  assert.ok(isRouted(t.kernel, '/detail/7'))
  assert.not.ok(isRouted(t.kernel, '/rank'), 'no plugin serves it')
  assert.not.ok(lateServed.value, 'not before the late plugin joined')
  gate.open()
  await waitFor(() => lateServed.value, { what: 'the late route' })
  t.dispose()
})

test('NET-07 a push for a late plugin that arrives before it joined waits for it, once', async () => {
  const gate = manualGate()
  const log: string[] = []
  const t = createTestKernel({ plugins: [eager, later('late', async () => latePlugin(log))], firstScreen: gate })
  assert.is(t.push('test.ping', { n: 1 }, 'm1'), true)
  assert.is(t.push('test.ping', { n: 1 }, 'm1'), false, 'a duplicate is still dropped')
  await waitFor(() => log.length >= 2)
  assert.equal(log, ['setup', 'ping 1'], 'the push loaded the plugin and reached its handler')
  // in order after it: once this one is handled, the duplicate had its turn
  assert.is(t.push('test.ping', { n: 2 }, 'm2'), true)
  await waitFor(() => log.length >= 3)
  assert.equal(log, ['setup', 'ping 1', 'ping 2'])
  assert.is(t.push('nobody.handles', { n: 2 }), true)
  t.dispose()
})

test('SHELL-17 an overlay of a late plugin opened before it joined opens once it has', async () => {
  const t = createTestKernel({ plugins: [eager, later('late', async () => latePlugin())], path: '/wall', firstScreen: manualGate() })
  const view = await t.render()
  assert.equal(t.kernel.pending.value, ['late'])
  const opened = t.kernel.overlays.open('late.popup')
  assert.is(t.kernel.overlays.isOpen('late.popup'), false)
  await waitFor(() => t.kernel.overlays.isOpen('late.popup'))
  await waitFor(() => view.container.ownerDocument.querySelector('[data-testid="late-popup"]'))
  await t.kernel.overlays.open('nobody.has').then(
    () => assert.unreachable('an id nobody defines fails'),
    (err) => assert.match(String(err), /no overlay "nobody.has"/),
  )
  void opened
  t.dispose()
})

test('SHELL-08 fail fast with late plugins: an eager one requiring a late one, a wrong id, a frame, a clash', async () => {
  assert.throws(
    () => createTestKernel({ plugins: [definePlugin({ id: 'a', requires: ['late'] }), later('late', async () => latePlugin())] }),
    /plugin "a" requires plugin "late", which the app loads later/,
  )
  const cases: Array<[Plugin, RegExp]> = [
    [definePlugin({ id: 'other' }), /late plugin "late" loaded a plugin with the id "other"/],
    [definePlugin({ id: 'late', frame: () => null }), /plugin "late" brings a page frame, so it cannot load later/],
    [definePlugin({ id: 'late', routes: [{ path: '/wall', page: async () => ({ default: () => null }) }] }), /route "\/wall" is declared by both plugin "eager" and plugin "late"/],
    [definePlugin({ id: 'late', requires: ['missing'] }), /plugin "late" requires plugin "missing"/],
  ]
  for (const [plugin, error] of cases) {
    const t = createTestKernel({ plugins: [eager, later('late', async () => plugin)], firstScreen: manualGate() })
    await t.kernel.loadPlugins().then(
      () => assert.unreachable(`${error} expected`),
      (err) => assert.match(String(err), error),
    )
    t.dispose()
  }
})

test('BLD-01 a late plugin whose setup throws leaves the others set up, and says which one failed', async () => {
  const log: string[] = []
  const bad = definePlugin({ id: 'bad', setup: () => { throw new Error('no config') } })
  const t = createTestKernel({ plugins: [eager, later('bad', async () => bad), later('late', async () => latePlugin(log))], firstScreen: manualGate() })
  const error = console.error
  console.error = () => {}
  try {
    await t.kernel.loadPlugins().then(
      () => assert.unreachable(),
      (err) => assert.match(String(err), /plugin "bad" failed in setup: no config/),
    )
  } finally {
    console.error = error
  }
  assert.equal(log, ['setup'])
  assert.equal(t.kernel.pending.value, [])
  t.dispose()
})

test('BLD-01 late plugins see each other in setup, and what follows a late service sees it arrive', async () => {
  const gate = manualGate()
  const seen: string[] = []
  const user = definePlugin({ id: 'user', requires: ['late'], setup: (k) => void seen.push(k.need(greetRef).hello()) })
  const t = createTestKernel({ plugins: [eager, later('user', async () => user), later('late', async () => latePlugin())], firstScreen: gate })
  const greeting = computed(() => t.kernel.get(greetRef)?.hello() ?? 'nobody yet')
  assert.is(greeting.value, 'nobody yet')
  gate.open()
  await waitFor(() => t.kernel.pending.value.length === 0)
  assert.equal(seen, ['hi'], 'the requiring plugin was set up after the one it requires, with its service')
  assert.is(greeting.value, 'hi')
  assert.equal(t.kernel.plugins.map((p) => p.id), ['eager', 'late', 'user'])
  t.dispose()
})

test('BLD-01 late plugins that fail to load in the background are tried again once the browser is back online', async () => {
  const gate = manualGate()
  let attempts = 0
  let offline = true
  const error = console.error
  const failures: unknown[] = []
  console.error = (...a: unknown[]) => void failures.push(a)
  const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline })
  try {
    const t = createTestKernel({
      plugins: [eager, later('late', async () => {
        attempts++
        if (offline) throw new TypeError('Failed to fetch dynamically imported module')
        return latePlugin()
      })],
      firstScreen: gate,
    })
    gate.open()
    // the failure is reported, and the next try then waits for the browser to be online
    await waitFor(() => failures.length === 1)
    assert.is(attempts, 1)
    assert.equal(t.kernel.pending.value, ['late'])
    offline = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => t.kernel.pending.value.length === 0)
    assert.is(attempts, 2)
    assert.equal(t.kernel.pending.value, [], 'joined once back online')
    t.dispose()
  } finally {
    console.error = error
    delete (navigator as { onLine?: boolean }).onLine
    if (online) Object.defineProperty(Navigator.prototype, 'onLine', online)
  }
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
