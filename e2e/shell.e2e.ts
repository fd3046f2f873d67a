// The app shell in Chromium against the harness: start, header, login, languages, layout, errors, pushes.
import type { Page } from 'playwright-core'
import viewers from '../fixtures/viewers.json'
import { assert, e2eSuite, errorsOf, expectText, initialAssets, pathOf, poll, shot, waitForAttribute, waitForSelector } from './lib.ts'

const t = e2eSuite('shell')

const CARD = '[data-testid=host-card]'

async function openEmailSheet(page: Page) {
  await page.click('[data-testid=header-login]')
  await waitForSelector(page, '[data-testid=login-popup]')
  // the popup's 'Sign in with Email' opens the sheet (it may already be the sheet)
  if (!(await page.locator('[data-testid=login-email]').isVisible())) {
    await page.locator('[data-testid=login-popup]').getByText(/email/i).first().click()
  }
  await waitForSelector(page, '[data-testid=login-email]')
}

async function submitLogin(page: Page, email: string, password: string) {
  await page.fill('[data-testid=login-email-input]', email)
  await page.fill('[data-testid=login-password-input]', password)
  await page.click('[data-testid=login-submit]')
}

async function expectToast(page: Page, text: string) {
  await waitForSelector(page, `[data-testid=toast]:has-text(${JSON.stringify(text)})`)
}

t('SHELL-02 a guest starts on the landing page, which leads to the wall', async ({ openApp }) => {
  // hold the base config until the landing page has been seen (it is quick otherwise)
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  const page = await openApp('/', {
    beforeLoad: async (p) => {
      await p.route(/getBaseConfig/, async (route) => {
        await held
        await route.continue()
      })
    },
  })
  await waitForSelector(page, '[data-testid=landing]')
  assert.match(pathOf(page), /^\/landingPage/)
  await shot(page, 'landing')
  release()
  await waitForSelector(page, '[data-testid=wall]')
  assert.match(pathOf(page), /^\/wall/)
})

t('BLD-03 the harness-mode app loads with host cards from the harness', async ({ openApp }) => {
  const page = await openApp('/wall')
  await waitForSelector(page, CARD)
  assert.equal(errorsOf(page), [])
})

t('SHELL-06 a guest sees Login and no balance', async ({ openApp }) => {
  const page = await openApp('/wall', { waitFor: '[data-testid=wall]' })
  await waitForSelector(page, '[data-testid=header-login]')
  assert.is(await page.locator('[data-testid=header-balance]').count(), 0)
})

t('SHELL-06 a logged-in user sees the balance the server holds', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token })
  await expectText(page, '[data-testid=header-balance]', new Intl.NumberFormat('en').format(viewer.diamondNum))
  assert.is(await page.locator('[data-testid=header-login]').count(), 0)
})

t('SHELL-09 a token in the URL logs in and leaves the URL', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp(`/wall?token=${encodeURIComponent(viewer.token)}`)
  await expectText(page, '[data-testid=header-balance]', new Intl.NumberFormat('en').format(viewer.diamondNum))
  assert.ok(await poll(() => !page.url().includes('token=')), `token still in ${page.url()}`)
  assert.is(await page.evaluate(() => localStorage.getItem('token')), viewer.token)
})

t('SHELL-09 a guest tapping a protected tab gets the login popup', async ({ openApp }) => {
  const page = await openApp('/wall', { waitFor: '[data-testid=tabbar]' })
  await page.click('[data-testid=tab-message]')
  await waitForSelector(page, '[data-testid=login-popup]')
  await shot(page, 'login-popup-en')
})

t('SHELL-10 email login shows each validation message, then logs in', async ({ openApp, harness }) => {
  // the control API does not show passwords: take them from the harness's seed
  const users = await harness.users()
  const seeded = viewers.find((v) => v.email && v.password && users.some((u) => u.userId === v.userId))
  if (!seeded) throw new Error('the harness seeds no viewer with an email and password')
  const viewer = { ...seeded, ...users.find((u) => u.userId === seeded.userId) }
  const page = await openApp('/wall', { waitFor: '[data-testid=wall]' })
  await openEmailSheet(page)

  await submitLogin(page, '', '')
  await expectToast(page, 'Please enter valid email address')
  await submitLogin(page, 'not-an-email', 'whatever1')
  await expectToast(page, 'E-mail format is incorrect')
  await submitLogin(page, viewer.email, '')
  await expectToast(page, 'Please enter your password')
  await submitLogin(page, viewer.email, 'short')
  await expectToast(page, 'Password must be at least eight characters')

  await submitLogin(page, viewer.email, viewer.password)
  await expectText(page, '[data-testid=header-balance]', new Intl.NumberFormat('en').format(viewer.diamondNum))
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), deviceId: localStorage.getItem('deviceId') }))
  assert.ok(stored.token, 'token stored')
  assert.ok(stored.deviceId, 'deviceId stored')
})

t('SHELL-12 ?lang=ar lays the app out right to left, in Arabic', async ({ openApp }) => {
  const page = await openApp('/wall', { lang: 'ar' })
  await waitForSelector(page, CARD)
  assert.is(await page.evaluate(() => document.documentElement.dir), 'rtl')
  assert.match(await page.locator('[data-testid=tabbar]').innerText(), /[\u0600-\u06FF]/)
  await shot(page, 'wall-ar')
  await page.click('[data-testid=header-login]')
  await waitForSelector(page, '[data-testid=login-popup]')
  await shot(page, 'login-popup-ar')
})

t('SHELL-12 English is the default, left to right', async ({ openApp }) => {
  const page = await openApp('/wall')
  await waitForSelector(page, CARD)
  assert.not.equal(await page.evaluate(() => document.documentElement.dir), 'rtl')
  assert.not.match(await page.locator('[data-testid=tabbar]').innerText(), /[\u0600-\u06FF]/)
  await shot(page, 'wall-en')
})

t('SHELL-13 on a wide screen the app is at most 450 px wide and centred', async ({ openApp }) => {
  const page = await openApp('/wall', { width: 1280, height: 900 })
  await waitForSelector(page, CARD)
  for (const sel of ['[data-testid=wall]', '[data-testid=tabbar]']) {
    const box = await page.locator(sel).first().boundingBox()
    assert.ok(box, `${sel} has a box`)
    assert.ok(box!.width <= 450, `${sel} is ${box!.width} px wide`)
    assert.ok(Math.abs(box!.x + box!.width / 2 - 640) <= 2, `${sel} is centred (x ${box!.x}, width ${box!.width})`)
  }
})

t('SHELL-01 an unknown path shows the not-found page', async ({ openApp }) => {
  const page = await openApp('/wall', { waitFor: '[data-testid=wall]' })
  // in-app navigation (a start on an unknown path may first pass through the landing page)
  await page.evaluate(() => {
    history.pushState(null, '', '/no-such-page/here')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await waitForSelector(page, '[data-testid=not-found]')
})

t('SHELL-03 a route chunk that fails to load leads to the update dialog', async ({ openApp }) => {
  const initial = await initialAssets()
  const aborted: string[] = []
  const page = await openApp('/wall', {
    beforeLoad: async (p) => {
      // everything but the first bundle fails, as after a deploy removed the old chunks
      await p.route(/\/assets\/.*\.js(\?.*)?$/, (route) => {
        const path = new URL(route.request().url()).pathname.slice(1)
        if (initial.includes(path)) return route.continue()
        aborted.push(path)
        return route.abort('failed')
      })
    },
  })
  await waitForSelector(page, '[data-testid=update-dialog]')
  assert.ok(aborted.length > 0, 'a route chunk was requested')
  await waitForSelector(page, '[data-testid=update-later]')
  await page.click('[data-testid=update-later]')
  await page.locator('[data-testid=update-dialog]').waitFor({ state: 'hidden' })
})

t('SHELL-03 Update now reloads the page', async ({ openApp }) => {
  const initial = await initialAssets()
  const page = await openApp('/wall', {
    beforeLoad: async (p) => {
      await p.route(/\/assets\/.*\.js(\?.*)?$/, (route) =>
        initial.includes(new URL(route.request().url()).pathname.slice(1)) ? route.continue() : route.abort('failed'),
      )
    },
  })
  await waitForSelector(page, '[data-testid=update-now]')
  const reloaded = page.waitForEvent('load')
  await page.click('[data-testid=update-now]')
  await reloaded
})

t('HAR-02 NET-08 a host status push over the WebSocket changes that card', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token })
  await waitForSelector(page, CARD)
  await harness.waitForSocket(viewer.userId)
  const card = page.locator(CARD).first()
  const hostId = await card.getAttribute('data-host-id')
  const before = await card.getAttribute('data-status')
  assert.ok(hostId, 'the card names its host')
  const next = before === 'busy' ? 'online' : 'busy'
  await harness.setHostStatus(hostId!, next)
  await waitForAttribute(page, `${CARD}[data-host-id="${hostId}"]`, 'data-status', next)
})

t('NET-07 a malformed push breaks nothing; the next good push still works', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token })
  await waitForSelector(page, CARD)
  await harness.waitForSocket(viewer.userId)
  const card = page.locator(CARD).first()
  const hostId = await card.getAttribute('data-host-id')
  const next = (await card.getAttribute('data-status')) === 'busy' ? 'online' : 'busy'
  for (const raw of ['{oops', '[]', '{"msgId":"x"}', 'null']) await harness.push(viewer.userId, { raw })
  // the good push comes from a real change on the server, so the wall's own status look-up (NET-09),
  // which may answer after it on a busy machine, says the same
  await harness.setHostStatus(hostId!, next)
  await waitForAttribute(page, `${CARD}[data-host-id="${hostId}"]`, 'data-status', next)
  await waitForSelector(page, '[data-testid=wall]')
  assert.equal(errorsOf(page), [])
  assert.is(await page.locator('[data-testid=app-error]').count(), 0)
})

t('NET-05 a dropped socket reconnects by itself (every 5 s) and pushes arrive again', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token })
  await waitForSelector(page, CARD)
  await harness.waitForSocket(viewer.userId)
  const { dropped } = await harness.dropSockets(viewer.userId)
  assert.ok(dropped >= 1, 'the harness closed the socket')
  assert.not.ok((await harness.connections()).some((c) => c.userId === viewer.userId), 'no socket right after the drop')
  await harness.waitForSocket(viewer.userId, 12_000)
  const card = page.locator(CARD).first()
  const hostId = await card.getAttribute('data-host-id')
  const next = (await card.getAttribute('data-status')) === 'busy' ? 'online' : 'busy'
  await harness.setHostStatus(hostId!, next)
  await waitForAttribute(page, `${CARD}[data-host-id="${hostId}"]`, 'data-status', next)
  assert.is(await page.locator('[data-testid=toast]').count(), 0, 'a short drop is not worth a toast')
})

t.run()
