import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestKernel } from '../kernel/testing.tsx'
import { apps, defaultAppId, pickApp, DEFAULT_APP_ID, WHITE_APP_ID } from './index.ts'
import whiteApp from './white.ts'
import defaultApp from './default.ts'
import { backend, byId, waitFor } from '../plugins/shell/testkit.tsx'
import { isLate } from '../kernel/plugin.ts'
import type { Plugin } from '../kernel/types.ts'

const unwrap = (m: Plugin | { default: Plugin }) => ('default' in m ? m.default : m)

const ids = (m: typeof defaultApp) => m.plugins.flatMap((p) => (p ? [p.id] : []))

test('SHELL-08 the white-label app has tabs /white-wall, /white-moments, /white-message, /user, no home, main path /white-wall', () => {
  assert.equal(
    whiteApp.settings.tabs.map((t) => t.path),
    ['/white-wall', '/white-moments', '/white-message', '/user'],
  )
  assert.not.ok(whiteApp.settings.tabs.some((t) => t.id === 'home'))
  assert.not.ok(ids(whiteApp).includes('home'), 'the home plugin is not in the build')
  assert.is(whiteApp.settings.mainPath, '/white-wall')
})

test('SHELL-08 the default app has the five tabs with home, main path /wall', () => {
  assert.equal(
    defaultApp.settings.tabs.map((t) => [t.id, t.path]),
    [
      ['home', '/'],
      ['wall', '/wall'],
      ['moments', '/moments'],
      ['message', '/message'],
      ['user', '/user'],
    ],
  )
  assert.equal(ids(defaultApp), ['shell', 'home', 'wall', 'moments', 'message', 'user', 'calls', 'recharge', 'usdt', 'vip', 'offers'])
  assert.is(defaultApp.settings.mainPath, '/wall')
})

test('SHELL-08 the manifest is picked by the stored app id, unknown ids fall back to the default', () => {
  assert.is(pickApp(WHITE_APP_ID), whiteApp)
  assert.is(pickApp(DEFAULT_APP_ID), defaultApp)
  assert.is(pickApp('nope'), apps[defaultAppId])
  assert.is(pickApp(null), defaultApp)
})

test('SHELL-08 every tab path of every app is served by a route of that app', async () => {
  for (const app of Object.values(apps)) {
    const plugins = await Promise.all(app.plugins.map(async (p) => (isLate(p) ? unwrap(await p.load()) : p)))
    const paths = new Set(plugins.flatMap((p) => (p ? (p.routes ?? []).flatMap((r) => [r.path].flat()) : [])))
    for (const tab of app.settings.tabs) assert.ok(paths.has(tab.path), `${app.appId}: ${tab.path}`)
    assert.ok(paths.has(app.settings.mainPath), `${app.appId}: main path`)
  }
})

test('SHELL-08 the white-label app starts on /white-wall with four tabs', async () => {
  const t = createTestKernel({ plugins: whiteApp.plugins, settings: whiteApp.settings, appId: WHITE_APP_ID, path: '/', api: backend() })
  await t.render()
  for (let i = 0; i < 100 && t.location.path() !== '/white-wall'; i++) await t.settle(1)
  assert.is(t.location.path(), '/white-wall')
  await waitFor('tabbar')
  assert.is(byId('tabbar')!.querySelectorAll('[data-testid^="tab-"]').length, 4)
  assert.is(byId('tab-home'), null)
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
