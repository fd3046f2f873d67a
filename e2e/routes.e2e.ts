// Every route of the route table (d1 §2) opened directly, as a deep link or a reload does, in
// English and Arabic: none answers 'Page not found', and no text shaped like a string key
// ('game.centre') is ever put on the page, however briefly (strings of a late plugin arrive after
// its entry is drawn).
import type { Page } from 'playwright-core'
import { assert, e2eSuite, shot } from './lib.ts'

const t = e2eSuite('routes')
const TOKEN = 'test-token-100001'
const HOST = 200002

/** d1 §2, one concrete address per route and sub-route (the white-label paths: the white app only) */
const SPEC_ROUTES = [
  '/', '/wall', '/moments', `/moments-detail?id=1`, '/message', '/user',
  `/detail?id=${HOST}&path=host_card`, `/talk?to=host_${HOST}&taPath=host_card`, `/talk/component/intimacy-card?to=host_${HOST}`,
  '/customer-talk', '/customer', '/customer/ar',
  '/match', '/match/history', '/match/NoResult',
  '/getcoin?source=user', '/getcoin/diamond-records', '/forcePay', '/proxyCharge', '/usdtPay', '/usdtPay/pay-status', '/paystatus',
  '/vip', '/vip/vip-records',
  '/free', '/free/email', '/free/loading', '/free/phone', '/free/result', '/free/review',
  `/game?url=${encodeURIComponent('https://games.example.com/slots')}`, '/gameCenter', '/gameRank', '/gameRule',
  '/rank', '/searchHost', '/friends', '/blocklist', '/collect', '/card',
  '/personal/userLevel', '/personal/userLevel/rule',
  '/greeting-message', '/mandatory-comments', `/feedback?hostid=${HOST}&hostlvl=A`, '/report',
  '/activity/actRule', '/activity/template1', '/landingPage', '/agreement?type=privacy', '/agreement?type=user', '/profile',
  `/h5link?url=${encodeURIComponent('https://h5.callwall.example/event')}`, '/redirect?redirectPath=%2Fvip',
]

/** the namespaces of the app's strings: a text starting with one and a dot is a key shown raw */
const NAMESPACES = ['kernel', 'kernel-ui', 'shell', 'wall', 'home', 'moments', 'message', 'user', 'calls', 'recharge', 'usdt', 'vip', 'offers', 'engage', 'live', 'game', 'social', 'rank', 'gift', 'wheel', 'wish', 'intimacy']

/** records, from the first script on, every text put on the page that looks like a key */
function watchForKeys(namespaces: string[]) {
  const shape = new RegExp(`(^|\\s)(${namespaces.join('|')})\\.[a-zA-Z][\\w-]*(\\.[\\w-]+)*(\\s|$)`)
  const seen: string[] = ((window as any).__rawKeys = [])
  const check = (text: string | null) => {
    if (text && shape.test(text)) seen.push(`${location.pathname}: ${text.trim().slice(0, 80)}`)
  }
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) check(node.nodeValue)
    else if (node.nodeType === Node.ELEMENT_NODE) {
      const el = node as Element
      check(el.getAttribute('placeholder'))
      check(el.getAttribute('aria-label'))
      el.childNodes.forEach(visit)
    }
  }
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') check(r.target.nodeValue)
      else if (r.type === 'attributes') check((r.target as Element).getAttribute(r.attributeName!))
      else r.addedNodes.forEach(visit)
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['placeholder', 'aria-label'] })
}

/** open a route directly and watch it: the page's own sign (any text in the app root) first, then a while */
async function visit(page: Page, baseUrl: string, route: string, lang: string) {
  const url = new URL(route, baseUrl)
  url.searchParams.set('lang', lang)
  await page.goto(url.href)
  await page.waitForFunction(() => (document.querySelector('#root, #app, body')?.textContent ?? '').trim().length > 0, undefined, { timeout: 10_000 })
  // long enough for the late plugins and their strings (seconds on a loaded machine)
  await page.waitForTimeout(1500)
  const notFound = await page.locator('[data-testid=not-found]').count()
  return { notFound: notFound > 0, keys: (await page.evaluate(() => (window as any).__rawKeys.splice(0))) as string[] }
}

for (const lang of ['en', 'ar'] as const) {
  t(`SHELL-01 SHELL-12 every route of the route table opens directly (${lang}): none is 'Page not found', no raw string key is ever shown`, async ({ openApp, baseUrl }) => {
    const page = await openApp('/wall', { token: TOKEN, lang, beforeLoad: async (p) => void (await p.addInitScript(watchForKeys, NAMESPACES)) })
    const missing: string[] = []
    const keys: string[] = []
    for (const route of SPEC_ROUTES) {
      const seen = await visit(page, baseUrl, route, lang)
      if (seen.notFound) missing.push(route)
      keys.push(...seen.keys)
      if (/^\/(user|forcePay|agreement|mandatory-comments|activity|h5link)/.test(route)) await shot(page, `route-${route.slice(1).split(/[?/]/).filter(Boolean).join('-') || 'root'}-${lang}`)
    }
    assert.equal(missing, [], `'Page not found' for spec routes: ${missing.join(', ')}`)
    assert.equal([...new Set(keys)], [], 'raw string keys on the page')
  })
}

t.run()
