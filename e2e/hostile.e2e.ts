// Hostile addresses in Chromium against the harness: a path that names another host loads the app
// on its own origin, takes the token from the URL, and never writes the token to the console.
import { assert, consoleOf, e2eSuite, errorsOf, shot, waitForSelector } from './lib.ts'

const t = e2eSuite('hostile')
const TOKEN = 'test-token-100001'

const paths: Array<[string, string]> = [
  ['double-slash', `//evil.example/wall?token=${TOKEN}`],
  ['backslash', `/\\evil.example/wall?token=${TOKEN}`],
]

for (const [name, path] of paths) {
  t(`a ${name} path (${path.split('?')[0]}) loads the app logged in, on its own origin, the token out of the address bar and the console`, async ({ openApp, baseUrl }) => {
    const page = await openApp(path)
    // the folded path names no page of the app: the not-found page, whose way home leads to the wall
    await waitForSelector(page, '[data-testid=not-found], [data-testid=wall]')
    if (await page.locator('[data-testid=not-found]').count()) await page.click('[data-testid=not-found-home]')
    // the token in the URL logged in: the header shows the server's balance
    await waitForSelector(page, '[data-testid=header-balance]')
    assert.is(await page.locator('[data-testid=app-error]').count(), 0, 'no "Something went wrong"')
    assert.equal(errorsOf(page), [])
    const url = new URL(page.url())
    assert.is(url.origin, new URL(baseUrl).origin)
    assert.not.match(url.href, /token/, 'the token left the address bar')
    assert.ok(!consoleOf(page).some((line) => line.includes(TOKEN)), 'the token is never written to the console')
    await shot(page, `hostile-${name}-path`)
  })
}

t.run()
