// The app served under a sub-path (/app/), as an operator may deploy it: index.html's addresses are
// relative to its <base href>, the router keeps the sub-path in every URL, and a deep link loads.
import { assert, e2eSuite, pathOf, poll, shot, waitForSelector } from './lib.ts'

const t = e2eSuite('subpath', { basePath: '/app/' })
const VIEWER = { token: 'test-token-100001' }

t('BLD-01 SHELL-01 served under /app/: a deep link loads its lazy page with its config inline (the file still at /app/app-config.js), in-app navigation stays under /app/, back and a reload load the profile again', async ({ openApp }) => {
  const asked: string[] = []
  const page = await openApp('/app/detail?id=200002', {
    token: VIEWER.token,
    lang: 'en',
    beforeLoad: async (p) => void p.on('request', (r) => asked.push(new URL(r.url()).pathname)),
  })
  await waitForSelector(page, '[data-testid=detail][data-host-id="200002"]', 30_000)
  // the harness writes the config into the page (no round trip); the file stays under the sub-path for a static host
  assert.not.ok(asked.includes('/app/app-config.js'), 'the config came with the page')
  assert.ok(await page.evaluate(() => !!document.getElementById('app-config') && !!(window as any).__APP_CONFIG__?.apiBase), 'the page carries its config')
  assert.ok(asked.filter((a) => a.endsWith('.js')).every((a) => a.startsWith('/app/assets/')), 'every script came from /app/assets/')
  assert.ok(await page.evaluate(async () => (await (await fetch('app-config.js')).text()).includes('__APP_CONFIG__')), '/app/app-config.js is served')
  assert.ok(asked.some((a) => /^\/app\/assets\/chunk-/.test(a)), 'lazy chunks load from under the sub-path')
  // the profile's chat button is an in-app navigation: the URL keeps the sub-path
  await page.click('[data-testid=detail-chat]')
  assert.ok(await poll(() => pathOf(page).startsWith('/app/talk')), `in-app navigation left the sub-path: ${pathOf(page)}`)
  // back, and a reload of that URL: the profile again, under the sub-path
  await page.goBack()
  await waitForSelector(page, '[data-testid=detail][data-host-id="200002"]')
  await page.reload()
  await waitForSelector(page, '[data-testid=detail][data-host-id="200002"]', 30_000)
  assert.ok(pathOf(page).startsWith('/app/detail'), pathOf(page))
  await shot(page, 'subpath-detail-en')
})

t.run()
