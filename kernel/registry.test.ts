import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildRegistry, orderPlugins } from './registry.ts'
import { definePlugin, provide, ref } from './plugin.ts'
import type { Plugin } from './types.ts'

const p = (id: string, extra: Partial<Plugin> = {}) => definePlugin({ id, ...extra })
const ids = (list: Plugin[]) => list.map((x) => x.id)
const Frame = () => null
const page = async () => ({ default: () => null })

test('SHELL-08 kernel registry drops falsy entries, so `cond && plugin()` works', () => {
  const white = false
  assert.equal(ids(orderPlugins([p('a'), white && p('b'), null, undefined, p('c')]).plugins), ['a', 'c'])
})

test('SHELL-08 kernel registry fails fast on a duplicate id, naming it', () => {
  assert.throws(() => orderPlugins([p('wall'), p('shell'), p('wall')]), /plugin "wall" is listed twice/)
})

test('SHELL-08 kernel registry fails fast on a missing requirement, naming both', () => {
  assert.throws(() => orderPlugins([p('wall', { requires: ['shell'] })]), /plugin "wall" requires plugin "shell"/)
})

test('SHELL-08 kernel registry puts requirements first and keeps manifest order otherwise', () => {
  const list = [p('wall', { requires: ['shell'] }), p('home'), p('shell', { requires: ['core'] }), p('core'), p('user')]
  assert.equal(ids(orderPlugins(list).plugins), ['core', 'shell', 'wall', 'home', 'user'])
})

test('SHELL-08 kernel registry names a requirement cycle', () => {
  const list = [p('a', { requires: ['b'] }), p('b', { requires: ['c'] }), p('c', { requires: ['a'] })]
  assert.throws(() => orderPlugins(list), /cycle: a -> b -> c -> a/)
})

test('SHELL-08 kernel registry refuses a plugin without an id and the reserved id kernel', () => {
  assert.throws(() => orderPlugins([{ routes: [] } as unknown as Plugin]), /has no id/)
  assert.throws(() => orderPlugins([p('kernel')]), /reserved/)
})

test('SHELL-08 kernel registry collects routes, overlays, push and services, each with its plugin', () => {
  const svc = ref<{ n: number }>('counter')
  const W1 = () => null
  const overlay = { id: 'gift', tier: 'sheet' as const, component: () => null }
  const handler = () => {}
  const reg = buildRegistry([
    p('shell', { frame: Frame, widgets: [W1], strings: { en: { hi: 'Hi' }, ar: { hi: 'أهلا' } } }),
    p('wall', {
      requires: ['shell'],
      routes: [{ path: ['/wall', '/white-wall'], page, tab: 'wall' }],
      overlays: [overlay],
      push: { 'test.ping': handler },
      services: [provide(svc, () => ({ n: 1 }))],
    }),
  ])
  assert.equal(reg.routes.map((r) => [r.path, r.plugin]), [[['/wall', '/white-wall'], 'wall']])
  assert.equal(reg.overlays, [{ ...overlay, plugin: 'wall' }], 'each tagged with its plugin')
  assert.equal(reg.push, [{ pushType: 'test.ping', handler, plugin: 'wall' }])
  assert.is(reg.services.get('counter')?.plugin, 'wall')
})

test('SHELL-08 kernel registry: two frames is an error naming both plugins', () => {
  assert.throws(() => buildRegistry([p('shell', { frame: Frame }), p('white', { frame: Frame })]), /"shell" and "white" both bring a page frame/)
})

test('SHELL-08 kernel registry: the same route, overlay or service twice names both owners', () => {
  assert.throws(() => buildRegistry([p('a', { routes: [{ path: '/x', page }] }), p('b', { routes: [{ path: ['/y', '/x'], page }] })]), /route "\/x" is declared by both plugin "a" and plugin "b"/)
  const o = { id: 'o', tier: 'modal' as const, component: () => null }
  assert.throws(() => buildRegistry([p('a', { overlays: [o] }), p('b', { overlays: [o] })]), /overlay "o".*"a".*"b"/)
  const r = ref('svc')
  assert.throws(() => buildRegistry([p('a', { services: [provide(r, () => 1)] }), p('b', { services: [provide(r, () => 2)] })]), /service "svc" is provided by both plugin "a" and plugin "b"/)
})

test.run()
