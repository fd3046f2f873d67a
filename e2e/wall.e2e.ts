// The wall in Chromium against the harness: tabs, paging, pull-to-refresh, status badges.
import type { Page } from 'playwright-core'
import { assert, e2eSuite, poll, shot, sizeReport, waitForSelector } from './lib.ts'

const t = e2eSuite('wall')

const CARD = '[data-testid=host-card]'
const LIST_REQUEST = /\/api\/anchor\/.*anchorList/

/** The page notes when the first card enters the DOM, on its own clock: a check from here would see it
 *  late on a busy machine, after what the page rightly started next. */
async function noteFirstCard(page: Page): Promise<void> {
  await page.addInitScript((card) => {
    performance.setResourceTimingBufferSize(5000)
    new MutationObserver((_, observer) => {
      if (!document.querySelector(card)) return
      ;(window as unknown as { firstCardAt: number }).firstCardAt = performance.now()
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  }, CARD)
}

/** when the first card entered the DOM, and the requests the page made, on the page's clock */
function requestsAndFirstCard(page: Page) {
  return page.evaluate(() => ({
    cardAt: (window as unknown as { firstCardAt?: number }).firstCardAt ?? Infinity,
    requests: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
  }))
}

/** Count the host list requests the page makes from now on. */
function countListRequests(page: Page) {
  const counter = { n: 0 }
  page.on('request', (r) => {
    if (LIST_REQUEST.test(r.url())) counter.n++
  })
  return counter
}

t('BLD-01 the first host card shows before any late plugin loads; they join right after, and their tabs open', async ({ openApp, harness }) => {
  const report = await sizeReport()
  // each late plugin's definition is the chunk its manifest entry imports
  const late = new Map(
    report.files.flatMap((f) => {
      const id = /^plugins\/([^/]+)\/index\.ts$/.exec(f.source ?? '')?.[1]
      return id && id !== 'shell' && id !== 'wall' ? [['/' + f.file, id] as const] : []
    }),
  )
  assert.ok(late.size >= 5, `late plugin chunks: ${[...late.values()].join(', ')}`)
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token, beforeLoad: noteFirstCard })
  await waitForSelector(page, CARD)
  const joined = () => requestsAndFirstCard(page).then((r) => r.requests.filter((c) => late.has(c.path)))
  assert.ok(await poll(async () => (await joined()).length === late.size), `joined: ${(await joined()).map((c) => late.get(c.path)).join(', ')}`)
  const { cardAt, requests } = await requestsAndFirstCard(page)
  const early = requests.filter((c) => late.has(c.path) && c.at < cardAt).map((c) => late.get(c.path))
  assert.equal(early, [], 'no late plugin before the first card')
  // a tab a late plugin serves (moments) opens like any other
  await page.locator('[data-testid=tab-moments]').click()
  await waitForSelector(page, '[data-testid=moments]')
  await shot(page, 'late-plugins-moments-tab')
})

t('BLD-01 index.html names every chunk the first screen loads (modulepreload), so none waits for the entry to ask', async ({ openApp, baseUrl }) => {
  const html = await (await fetch(`${baseUrl}/wall`)).text()
  const src = /<script type="module" src="([^"]+)"/.exec(html)?.[1]
  const entry = src && new URL(src, `${baseUrl}/`).pathname
  // the page names its files relative to its <base href> (a sub-path deploy): compared as paths from the root
  const hinted = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => new URL(m[1], `${baseUrl}/`).pathname))
  assert.ok(entry && hinted.size >= 3, `entry ${entry}, hints: ${[...hinted].join(', ')}`)
  const report = await sizeReport()
  const wallPage = report.files.find((f) => f.source === 'plugins/wall/WallPage.tsx')
  assert.ok(wallPage && hinted.has('/' + wallPage.file), 'the wall page\'s chunk is hinted')
  const page = await openApp('/wall', { beforeLoad: noteFirstCard })
  await waitForSelector(page, CARD)
  const { cardAt, requests } = await requestsAndFirstCard(page)
  const scripts = requests.filter((r) => r.at < cardAt && r.path.startsWith('/assets/') && r.path.endsWith('.js')).map((r) => r.path)
  assert.ok(scripts.includes(entry!), `the entry loaded (${scripts.join(', ')})`)
  assert.equal(scripts.filter((s) => s !== entry && !hinted.has(s)), [], 'every script before the first card was hinted')
})

t('ENG-01 NET-01 the first screen\'s requests (base config, the logged-in user, tags, the open tab\'s first page) leave from the early script once each, the first page beside the tags, and the app takes their answers', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  for (const token of [undefined, viewer.token]) {
    const asked: string[] = []
    const sent: string[] = []
    // how many requests had left when the tags answered
    let tagsAnsweredAt = -1
    let cardShown = false
    const page = await openApp('/wall', {
      token,
      beforeLoad: async (p) => {
        // what the page's own script sent (the early script is inline: its calls are the page's, not a file's)
        const cdp = await p.context().newCDPSession(p)
        await cdp.send('Network.enable')
        cdp.on('Network.requestWillBeSent', (e) => {
          const from = e.initiator.stack?.callFrames[0]?.url ?? ''
          const path = new URL(e.request.url).pathname
          if (path.startsWith('/api/') && from && !new URL(from).pathname.startsWith('/assets/')) sent.push(path)
        })
        p.on('request', (r) => {
          const path = new URL(r.url()).pathname
          if (!cardShown && path.startsWith('/api/')) asked.push(path)
        })
        p.on('response', (r) => {
          if (tagsAnsweredAt < 0 && new URL(r.url()).pathname === '/api/index/indexTag') tagsAnsweredAt = asked.length
        })
      },
    })
    await waitForSelector(page, CARD)
    cardShown = true
    const who = token ? 'logged in' : 'guest'
    assert.is(asked.filter((p) => p === '/api/index/indexTag').length, 1, `${who}: one tags request (${asked.join(', ')})`)
    assert.is(asked.filter((p) => p === '/api/index/v2/getBaseConfigForIntoBag').length, 1, `${who}: one base config request`)
    // the header's balance: asked with the page for a logged-in user, never for a guest
    assert.is(asked.filter((p) => p === '/api/user/getUserInfo').length, token ? 1 : 0, `${who}: user requests (${asked.join(', ')})`)
    // the All tab's online page, and its first offline page when the online hosts run short
    const lists = asked.filter((p) => LIST_REQUEST.test(p)).length
    assert.ok(lists >= 1 && lists <= 2, `${who}: ${lists} host list requests`)
    // the deploy names the tab the wall opens on (app-config wallTagId): its list does not wait for the tags' answer
    const firstList = asked.findIndex((p) => LIST_REQUEST.test(p))
    assert.ok(firstList >= 0 && firstList < tagsAnsweredAt, `${who}: the list left before the tags answered (${asked.join(', ')}; tags answered after ${tagsAnsweredAt})`)
    // sent by the page's early script, and every answer of it taken by the app
    const early = await page.evaluate(() => (window.__EARLY__ ? Object.keys(window.__EARLY__) : null))
    assert.equal(early, [], `${who}: the early script ran and the app took all it asked`)
    assert.ok(sent.includes('/api/index/v2/getBaseConfigForIntoBag') && sent.includes('/api/index/indexTag'), `${who}: the early script sent the base config and the tags (${sent.join(', ')})`)
    assert.is(sent.includes('/api/user/getUserInfo'), !!token, `${who}: the early script asks for the user only with a token (${sent.join(', ')})`)
    await page.context().close()
  }
})

const cardStatuses = (page: Page) => page.locator(CARD).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))

t('ENG-01 the wall shows tabs from the tag list and host cards with a status', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token })
  await waitForSelector(page, CARD)
  const tags = await page.locator('[data-testid=wall-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag-id')))
  assert.ok(tags.length >= 2, `tabs: ${tags.join(', ')}`)
  assert.ok(tags.every(Boolean), 'every tab names its tag id')
  const statuses = await cardStatuses(page)
  assert.ok(statuses.length > 0 && statuses.every((s) => ['live', 'online', 'busy', 'offline'].includes(s ?? '')), statuses.join(','))
  const ids = await page.locator(CARD).evaluateAll((els) => els.map((e) => e.getAttribute('data-host-id')))
  assert.is(new Set(ids).size, ids.length, 'no host appears twice')
})

t('ENG-01 the Live tab lists live hosts only', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token })
  await waitForSelector(page, CARD)
  const live = page.locator('[data-testid=wall-tab]', { hasText: /^\s*Live\s*$/ }).first()
  await live.click()
  const ok = await poll(async () => {
    const s = await cardStatuses(page)
    return s.length > 0 && s.every((x) => x === 'live')
  })
  assert.ok(ok, `statuses on Live: ${(await cardStatuses(page)).join(',')}`)
})

t('ENG-01 scrolling to the end loads the next page of hosts', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token })
  await waitForSelector(page, CARD)
  const first = await page.locator(CARD).count()
  assert.ok(first >= 10, `first page has ${first} cards`)
  const more = await poll(async () => {
    await page.locator(CARD).last().scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 2000)
    return (await page.locator(CARD).count()) > first
  })
  assert.ok(more, `still ${first} cards after scrolling`)
})

t('ENG-01 pulling down refreshes the list', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token })
  await waitForSelector(page, CARD)
  // the gesture is followed once the first screen is done
  await waitForSelector(page, '[data-testid=wall][data-gestures=on]')
  const requests = countListRequests(page)
  const box = (await page.locator(CARD).first().boundingBox())!
  const x = box.x + box.width / 2
  const y0 = box.y + 10
  // a real touch drag (the page is at the top): start, move down in steps, release
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] })
  for (let i = 1; i <= 12; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + i * 25 }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  assert.ok(await poll(() => requests.n > 0), 'no host list request after the pull')
  await waitForSelector(page, CARD)
})

t.run()
