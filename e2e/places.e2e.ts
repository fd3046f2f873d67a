// Places that must hold: every route the app registers opens on a reload or a deep link (after the
// landing page when it must run), and the not-found page has a way back.
import type { Page } from 'playwright-core'
import { assert, e2eSuite, poll, shot, waitForSelector } from './lib.ts'
import { LEADS_ON, registeredPaths } from './routes.ts'

const t = e2eSuite('places')

const pathnameOf = (page: Page) => new URL(page.url()).pathname
/** d1 §2's reload helpers: /redirect goes to its redirectPath (none: the main path), /profile to the user page */
const LEADS_TO: Record<string, string> = { '/redirect': '/wall', '/profile': '/user' }
/** a room's address names its host (d2 §4.1); without one the room leads back to the wall */
const roomOf = (hostId: number) => `/live?id=${hostId}`

/** Open path by a full page load and wait until the app has settled somewhere past the landing page. */
async function reloadAt(page: Page, path: string, lang: 'en' | 'ar') {
  const url = new URL(path, page.url())
  url.searchParams.set('lang', lang)
  await page.goto(url.href)
  await poll(async () => pathnameOf(page) !== '/landingPage' && (await page.locator('[data-testid=landing]').count()) === 0)
}

for (const lang of ['en', 'ar'] as const) {
  t(`SHELL-01 SHELL-02 a reload or deep link on every registered route opens that route (${lang})`, async ({ openApp, harness }) => {
    const viewer = await harness.viewer()
    const page = await openApp('/wall', { token: viewer.token, lang, waitFor: '[data-testid=wall]' })
    const paths = (await registeredPaths()).filter((p) => !LEADS_ON.includes(p))
    assert.ok(paths.length > 20, `the app registers its routes (${paths.length})`)
    // the room and the greetings hold their address once drawn with what they show: a live host, a greeting
    const live = (await harness.hosts()).find((h) => h.status === 'live')
    assert.ok(live, 'the harness seeds a live host')
    const greeter = await harness.call('POST', '/im/greeting', { userId: viewer.userId, lang })
    const shown: Record<string, { at: string; sign: string }> = {
      '/live': { at: roomOf(live.userId), sign: `[data-testid=live-room][data-host="${live.userId}"]` },
      '/greeting-message': { at: '/greeting-message', sign: `[data-testid=greeting-list] [data-testid="conversation-${greeter.from}"]` },
    }
    const dropped: string[] = []
    for (const path of paths) {
      await reloadAt(page, shown[path]?.at ?? path, lang)
      const sign = shown[path]?.sign
      if (sign && !(await poll(async () => (await page.locator(sign).count()) === 1))) dropped.push(`${path}: not drawn (${sign})`)
      // the reload helpers lead on by design; the others hold
      const want = LEADS_TO[path] ?? path
      const arrived = () => pathnameOf(page).replace(/(.)\/$/, '$1').toLowerCase() === want.toLowerCase()
      if (want !== path) await poll(arrived)
      const at = pathnameOf(page).replace(/(.)\/$/, '$1')
      const notFound = await page.locator('[data-testid=not-found]').count()
      if (!arrived() || notFound) dropped.push(`${path} -> ${at}${notFound ? ' (not found)' : ''}`)
    }
    assert.equal(dropped, [], `routes that did not hold on a reload: ${dropped.join(', ')}`)
  })

  t(`SHELL-01 the not-found page has a way back (${lang})`, async ({ openApp }) => {
    const page = await openApp('/no-such-page/here', { lang })
    await waitForSelector(page, '[data-testid=not-found]')
    await shot(page, `not-found-${lang}`)
    await page.click('[data-testid=not-found-home]')
    await waitForSelector(page, '[data-testid=wall]')
  })
}

t.run()
