// A deploy reaches a phone that runs the service worker, as the product does (the other suites
// block it): deploy A is opened and kept by the worker; deploy B replaces every file in the same
// folder (new hashes, A's chunks gone: 404); the next open still starts from the kept A at once,
// the new worker takes over, the first lazy page A lacks fails to load, is retried, the update
// dialog (SHELL-03) offers the new version, and Update (SHELL-04's clean-up) brings B.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import type { BrowserContext, Page } from 'playwright-core'
import type { Plugin } from 'esbuild'
import { buildApp } from '../build.mjs'
import { startHarness, type Harness } from '../harness/server.ts'
import { TEST_TOKEN } from '../harness/testing.ts'
import { assert, browser, LIVE_ROOM, PHONE, poll, shot, TIMEOUT, waitForSelector } from './lib.ts'

const CARD = '[data-testid=host-card]'
/** a build whose every file name differs from the last one's: a deploy of other code. The names are
 *  shorter, never longer, than the real build's: B's first screen meets the size ceiling whenever A's does */
const renamed: Plugin = { name: 'deploy-b', setup: (b) => void Object.assign(b.initialOptions, { entryNames: 'assets/b-[hash]', chunkNames: 'assets/b-[hash]' }) }

const t = suite<{ dir: string; harness?: Harness; context?: BrowserContext }>('update', { dir: '' })

t.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'e2e-deploy-'))
})
t.after(async (ctx) => {
  await ctx.context?.close()
  await ctx.harness?.close()
  await rm(ctx.dir, { recursive: true, force: true })
  await rm(`${ctx.dir}.state`, { recursive: true, force: true })
})

/** the entry script the page runs (its file names the deploy) */
const entryOf = (page: Page) => page.evaluate(() => document.querySelector('script[type=module]')?.getAttribute('src') ?? '')
/** the worker's caches, as the page sees them */
const cachesOf = (page: Page) => page.evaluate(() => caches.keys())
/** the app's files this page has loaded (once it fetched nothing for 2 s) that the worker has not kept
 *  (a string: the test runner's names for inner functions do not exist in the page) */
const unkept = (page: Page): Promise<string[]> =>
  page.evaluate(`(async () => {
    const loaded = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/assets/'))
    if (performance.now() - Math.max(0, ...loaded.map((e) => e.responseEnd)) < 2000) return ['(still loading)']
    const kept = await Promise.all(loaded.map(async (e) => ((await caches.match(e.name)) ? '' : new URL(e.name).pathname)))
    return kept.filter(Boolean)
  })()`)
const cacheName = async (dir: string) => /const CACHE = '([^']+)'/.exec(await readFile(join(dir, 'sw.js'), 'utf8'))?.[1] ?? ''

t('SHELL-03 SHELL-04 with the service worker on: a new deploy (new hashes, old chunks gone) is picked up through the update dialog, and Update runs the new version', async (ctx) => {
  const a = await buildApp({ mode: 'harness', outdir: ctx.dir, quiet: true })
  const cacheA = await cacheName(ctx.dir)
  ctx.harness = await startHarness({ port: 0, statePath: `${ctx.dir}.state/state.json`, staticDir: ctx.dir, quiet: true, settings: { hostTickMs: 0, wallOffers: false } })
  ctx.context = await (await browser()).newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US', serviceWorkers: 'allow' })
  // a logged-in viewer (the live room asks a guest to log in) who has seen today's check-in
  await ctx.context.addInitScript((token) => {
    localStorage.setItem('token', token)
    const d = new Date()
    localStorage.setItem('popupShown.engage.checkin-daily', `${d.getMonth() + 1}-${d.getDate()}`)
  }, TEST_TOKEN)
  const url = `${ctx.harness.url}/wall`

  // first open: the worker registers once the page is idle, keeps the shell and takes the page over
  let page = await ctx.context.newPage()
  await page.goto(url)
  await waitForSelector(page, CARD)
  assert.ok(await poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)), 'the service worker controls the page')
  assert.equal(await cachesOf(page), [cacheA])
  // every part this page ran is kept, those it loaded before the worker took over too
  const whole = await poll(async () => (await unkept(page)).length === 0, 30_000)
  assert.ok(whole, `the worker keeps what the page loaded (not kept: ${(await unkept(page)).join(', ')})`)
  await page.close()

  // deploy B into the same folder: every file name changes, A's are gone
  const b = await buildApp({ mode: 'harness', outdir: ctx.dir, quiet: true, plugins: [renamed] })
  assert.ok(!b.entryFiles.includes(a.entryFiles[0]), 'B names its files anew')
  const cacheB = await cacheName(ctx.dir)
  assert.is.not(cacheB, cacheA)

  // the next open starts at once from the kept A; meanwhile the new worker installs and waits for A's pages to close
  page = await ctx.context.newPage()
  await page.goto(url)
  await waitForSelector(page, CARD)
  assert.is(await entryOf(page), a.entryFiles[0], 'the kept page (deploy A) opened, not the network')
  assert.ok(await poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting), 30_000), 'the new worker is installed')
  assert.equal((await cachesOf(page)).sort(), [cacheA, cacheB].sort(), 'A keeps its files while its page runs')

  // a page A lacks: its chunk is gone (404), tried three times, then the update dialog
  const failed: string[] = []
  page.on('response', (r) => r.status() === 404 && failed.push(new URL(r.url()).pathname))
  await page.locator(`${CARD}[data-status=live]`).first().click()
  await waitForSelector(page, '[data-testid=update-dialog]', 3 * TIMEOUT)
  assert.ok(failed.some((p) => p.startsWith('/assets/')), `an old chunk was missing (${failed.join(', ')})`)
  await shot(page, 'update-after-deploy-en')
  await page.click('[data-testid=update-now]')

  // Update: caches and worker cleared, the page reloads from the network: deploy B
  assert.ok(await poll(async () => (await entryOf(page).catch(() => '')) === b.entryFiles[0], 3 * TIMEOUT), 'deploy B runs after Update')
  // the page that failed, now drawn by B's chunk, and no dialog
  await waitForSelector(page, LIVE_ROOM, 2 * TIMEOUT)
  assert.is(await page.locator('[data-testid=update-dialog]').count(), 0)
  await shot(page, 'update-new-version-en')
})

t.run()
