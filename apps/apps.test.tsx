import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestKernel } from '../kernel/testing.tsx'
import { apps, defaultAppId } from './index.ts'
import { loadManifest, pickAppId } from './pick.ts'
import whiteApp, { WHITE_APP_ID } from './white.ts'
import defaultApp, { DEFAULT_APP_ID } from './default.ts'
import { createHarnessBridge } from '../kernel/bridge.ts'
import { memoryStorage } from '../kernel/storage.ts'
import { backend, byId } from '../plugins/shell/testkit.tsx'
import { waitFor } from '../test/wait.ts'
import { isLate, routePaths } from '../kernel/plugin.ts'
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
  assert.equal(ids(defaultApp), ['shell', 'wall', 'moments', 'message', 'user', 'calls', 'recharge', 'usdt', 'vip', 'offers', 'engage', 'live', 'game', 'social', 'rank', 'gift', 'wheel', 'wish', 'intimacy', 'home'])
  assert.is(defaultApp.settings.mainPath, '/wall')
})

test('SHELL-08 the app id: the native shell, then ?appid=, then the stored one, then the defaults; unknown ids are skipped; the choice is stored', async () => {
  const known = Object.keys(apps)
  const pick = (o: { native?: string; search?: string; stored?: string }) => {
    const storage = memoryStorage(o.stored ? { appId: o.stored } : {})
    const id = pickAppId(known, [undefined, defaultAppId], createHarnessBridge({ appId: o.native }), storage, o.search ?? '')
    return [id, storage.getItem('appId')]
  }
  assert.equal(pick({ native: WHITE_APP_ID, search: `?appid=${DEFAULT_APP_ID}` }), [WHITE_APP_ID, WHITE_APP_ID])
  assert.equal(pick({ search: `?appid=${WHITE_APP_ID}`, stored: DEFAULT_APP_ID }), [WHITE_APP_ID, WHITE_APP_ID])
  assert.equal(pick({ stored: WHITE_APP_ID }), [WHITE_APP_ID, WHITE_APP_ID])
  assert.equal(pick({ native: 'nope', stored: 'other' }), [DEFAULT_APP_ID, DEFAULT_APP_ID])
  assert.is(await loadManifest(apps, WHITE_APP_ID), whiteApp, 'another app loads when picked')
  assert.is(await loadManifest(apps, DEFAULT_APP_ID), defaultApp)
})

test('SHELL-08 each app id of the build names its own manifest', async () => {
  for (const [id, load] of Object.entries(apps)) assert.is((await load()).appId, id)
})

test('SHELL-08 every tab path of every app is served by a route of that app', async () => {
  for (const app of await Promise.all(Object.values(apps).map((load) => load()))) {
    const plugins = await Promise.all(app.plugins.map(async (p) => (isLate(p) ? unwrap(await p.load()) : p)))
    const paths = new Set(plugins.flatMap((p) => (p ? (p.routes ?? []).flatMap((r) => routePaths(r, app.settings.tabs)) : [])))
    for (const tab of app.settings.tabs) assert.ok(paths.has(tab.path), `${app.appId}: ${tab.path}`)
    assert.ok(paths.has(app.settings.mainPath), `${app.appId}: main path`)
  }
})

test('SHELL-08 the white-label app starts on /white-wall with four tabs', async () => {
  const t = createTestKernel({ plugins: whiteApp.plugins, settings: whiteApp.settings, appId: WHITE_APP_ID, path: '/', api: backend() })
  await t.render()
  await waitFor(() => t.location.path() === '/white-wall')
  await waitFor(() => byId('tabbar'), { what: 'tabbar' })
  assert.is(byId('tabbar')!.querySelectorAll('[data-testid^="tab-"]').length, 4)
  assert.is(byId('tab-home'), null)
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
