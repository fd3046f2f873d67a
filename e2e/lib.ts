// Helpers for the end-to-end suites: one Chromium for the whole run, one harness per suite (reset
// before every test), phone-sized pages in en or ar, screenshots as artifacts, and a small client
// for the harness control API. Waits are event based or bounded polling, never fixed sleeps.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { suite as uvuSuite, type Test } from 'uvu'
import * as assert from 'uvu/assert'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { startHarness, type HarnessOptions } from '../harness/server.ts'
import { CHROMIUM, CHROMIUM_ARGS, PHONE } from './chromium.ts'

export { CHROMIUM, CHROMIUM_ARGS, PHONE }
export const SCREENSHOTS = resolve('artifacts', 'screenshots')
/** upper bound of any single wait; a healthy app answers in well under a second */
export const TIMEOUT = Number(process.env.E2E_TIMEOUT || 10_000)

let browserPromise: Promise<Browser> | null = null
export function browser(): Promise<Browser> {
  browserPromise ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  return browserPromise
}
export async function closeBrowser() {
  if (browserPromise) await (await browserPromise).close()
  browserPromise = null
}

/** The built app (harness mode) the harness serves; set once by e2e/run.ts. */
let staticDir = process.env.E2E_STATIC_DIR || ''
export function useStaticDir(dir: string) {
  staticDir = dir
}

/** The build's size report: every output file, with the module an import() loads it for. */
export async function sizeReport(): Promise<{ initialFiles: string[]; files: Array<{ file: string; gzip: number; source?: string }> }> {
  return JSON.parse(await readFile(join(staticDir, 'size-report.json'), 'utf8'))
}

/** The files of the first bundle (entry and its static imports), from the build's size report. */
export async function initialAssets(): Promise<string[]> {
  const report = JSON.parse(await readFile(join(staticDir, 'size-report.json'), 'utf8'))
  return report.initialFiles
}

type Json = any

/** A client for the harness control API (/__harness/*). */
export class HarnessClient {
  constructor(readonly baseUrl: string) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
    const res = await fetch(this.baseUrl + '/__harness' + path, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`harness ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
    return text ? JSON.parse(text) : null
  }
  reset() {
    return this.call('POST', '/reset', {})
  }
  users(): Promise<Array<Record<string, any>>> {
    return this.call('GET', '/users').then(rows)
  }
  hosts(): Promise<Array<Record<string, any>>> {
    return this.call('GET', '/hosts').then(rows)
  }
  /** status: 'live' | 'online' | 'busy' | 'offline' */
  setHostStatus(hostId: number | string, status: string) {
    return this.call('POST', `/hosts/${hostId}/status`, { status })
  }
  /** message: { pushType, data } or { raw: '<text frame>' } */
  push(userId: number, message: Record<string, unknown>) {
    return this.call('POST', '/push', { userId, message })
  }
  /** every diamond moved, and the invariant check: { entries, check } */
  ledger(userId?: number): Promise<{ entries: Array<Record<string, any>>; check: any }> {
    return this.call('GET', '/ledger' + (userId === undefined ? '' : `?userId=${userId}`))
  }
  /** open realtime sockets: [{ userId, onlineStatus, channelId, lastHeartbeat }] */
  connections(): Promise<Array<{ userId: number; onlineStatus: number; channelId: string }>> {
    return this.call('GET', '/connections').then(rows) as any
  }
  /** close a user's realtime sockets (or everyone's): a dropped connection */
  dropSockets(userId?: number): Promise<{ dropped: number }> {
    return this.call('POST', '/connections/drop', userId === undefined ? {} : { userId })
  }
  /** wait until the user's realtime socket is open, so a push has somewhere to go */
  async waitForSocket(userId: number, timeout = TIMEOUT) {
    const ok = await poll(async () => (await this.connections()).some((c) => c.userId === userId), timeout, 100)
    if (!ok) throw new Error(`user ${userId} opened no realtime socket within ${timeout} ms`)
  }
  settings(patch?: Record<string, unknown>) {
    return patch ? this.call('POST', '/settings', patch) : this.call('GET', '/settings')
  }
  /** a viewer the harness seeds with a token (the usual logged-in test user) */
  async viewer(): Promise<Record<string, any>> {
    const all = await this.users()
    const v = all.find((u) => (u.userType === 1 || u.userType === 4) && u.token) ?? all.find((u) => u.userType === 1 || u.userType === 4)
    if (!v) throw new Error('the harness seeds no viewer user')
    return v
  }
}
/** control answers may be a bare list or { items|users|hosts|ledger: [...] } */
function rows(x: Json): Array<Record<string, any>> {
  if (Array.isArray(x)) return x
  for (const k of ['items', 'users', 'hosts', 'ledger', 'entries', 'data']) if (Array.isArray(x?.[k])) return x[k]
  throw new Error(`unexpected harness answer: ${JSON.stringify(x).slice(0, 200)}`)
}

export interface E2EContext {
  baseUrl: string
  harness: HarnessClient
  /** open the app at path in a fresh phone-sized browser context */
  openApp: (path: string, opts?: OpenOptions) => Promise<Page>
}

export interface OpenOptions {
  lang?: 'en' | 'ar'
  /** a login token put in localStorage before the app starts */
  token?: string
  width?: number
  height?: number
  /** wait for this selector after load (default: none) */
  waitFor?: string
  /** run before any page script (e.g. page.route) */
  beforeLoad?: (page: Page, context: BrowserContext) => Promise<void>
}

/**
 * A uvu suite with a harness of its own: started before the first test, reset before each,
 * stopped at the end; every browser context a test opened is closed after it. `options` go to
 * startHarness (settings, service doubles).
 */
export function e2eSuite(name: string, options: Partial<HarnessOptions> & { dailyPopups?: boolean } = {}): Test<E2EContext> & { ctx: E2EContext } {
  const { dailyPopups: _, ...harnessOptions } = options
  const ctx = {} as E2EContext
  const s = uvuSuite<E2EContext>(name, ctx as any) as Test<E2EContext> & { ctx: E2EContext }
  s.ctx = ctx
  let stop: (() => Promise<void>) | null = null
  let stateDir = ''
  let contexts: BrowserContext[] = []

  // uvu swallows an error thrown in a before hook (the suite just runs no test), so a failed
  // start is kept and thrown by every test instead
  let startError: unknown = null
  s.before(async () => {
    try {
      await start()
    } catch (err) {
      startError = err
    }
  })
  const start = async () => {
    if (!staticDir) throw new Error('no built app: run the suites through e2e/run.ts')
    stateDir = await mkdtemp(join(tmpdir(), 'e2e-harness-'))
    // hosts change status only when a test says so (no random timeline); no special offer or
    // discount popup over the wall unless a suite asks for them (wallOffers: true)
    const h = await startHarness({ port: 0, statePath: join(stateDir, 'state.json'), staticDir, quiet: true, rawState: true, ...harnessOptions, settings: { hostTickMs: 0, wallOffers: false, ...options.settings } })
    const baseUrl = h.url.replace(/\/$/, '')
    stop = () => h.close()
    ctx.baseUrl = baseUrl
    ctx.harness = new HarnessClient(baseUrl)
    ctx.openApp = async (path, opts = {}) => {
      const b = await browser()
      const context = await b.newContext({
        viewport: { width: opts.width ?? PHONE.width, height: opts.height ?? PHONE.height },
        deviceScaleFactor: 2,
        isMobile: (opts.width ?? PHONE.width) <= 600,
        hasTouch: true,
        locale: opts.lang === 'ar' ? 'ar' : 'en-US',
        // the product registers a service worker once loaded; page.route cannot see what a worker
        // answers, so the suites run without it (the update suite opens its own contexts with it)
        serviceWorkers: 'block',
      })
      contexts.push(context)
      if (opts.token) {
        await context.addInitScript((token) => {
          if (!sessionStorage.getItem('e2e-token-set')) {
            localStorage.setItem('token', token)
            sessionStorage.setItem('e2e-token-set', '1')
          }
        }, opts.token)
      }
      if (!options.dailyPopups) {
        // the wall's once-a-day popups (the daily check-in) count as shown today, so a suite about
        // something else meets the wall as a returning user does; the engagement suite opts in
        await context.addInitScript(() => {
          const d = new Date()
          localStorage.setItem('popupShown.engage.checkin-daily', `${d.getMonth() + 1}-${d.getDate()}`)
        })
      }
      const page = await context.newPage()
      page.setDefaultTimeout(TIMEOUT)
      collectErrors(page)
      if (opts.beforeLoad) await opts.beforeLoad(page, context)
      await page.goto(baseUrl + withLang(path, opts.lang))
      if (opts.waitFor) await page.waitForSelector(opts.waitFor, { state: 'visible' })
      return page
    }
  }
  s.before.each(async () => {
    if (startError) throw startError
    await ctx.harness.reset()
  })
  s.after.each(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})))
    contexts = []
  })
  s.after(async () => {
    await stop?.()
    if (stateDir) await rm(stateDir, { recursive: true, force: true })
  })
  return s
}

function withLang(path: string, lang?: string): string {
  if (!lang) return path
  const url = new URL(path, 'http://x')
  url.searchParams.set('lang', lang)
  return url.pathname + url.search + url.hash
}

const pageErrors = new WeakMap<Page, string[]>()
const pageConsole = new WeakMap<Page, string[]>()
function collectErrors(page: Page) {
  const list: string[] = []
  const lines: string[] = []
  pageErrors.set(page, list)
  pageConsole.set(page, lines)
  page.on('pageerror', (err) => list.push(err.message))
  page.on('console', (m) => lines.push(m.text()))
}
/** uncaught errors the page has thrown so far */
export function errorsOf(page: Page): string[] {
  return pageErrors.get(page) ?? []
}
/** what the page has written to its console so far, one entry per call */
export function consoleOf(page: Page): string[] {
  return pageConsole.get(page) ?? []
}

/** Save a screenshot to artifacts/screenshots/<name>.png. */
export async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

/** Wait until the element matching selector shows text (a substring, or a RegExp match). */
export async function expectText(page: Page, selector: string, text: string | RegExp, timeout = TIMEOUT) {
  const loc = page.locator(selector).first()
  await loc.waitFor({ state: 'visible', timeout })
  let last = ''
  const ok = await poll(async () => {
    last = (await loc.textContent()) ?? ''
    return typeof text === 'string' ? last.includes(text) : text.test(last)
  }, timeout)
  if (!ok) assert.unreachable(`${selector} shows "${last.trim()}", expected ${String(text)}`)
}

/** Poll fn (every 50 ms) until it returns truthy or timeout ms pass; returns its last value. */
export async function poll<T>(fn: () => Promise<T> | T, timeout = TIMEOUT, interval = 50): Promise<T> {
  const end = Date.now() + timeout
  let value = await fn()
  while (!value && Date.now() < end) {
    await new Promise((r) => setTimeout(r, interval))
    value = await fn()
  }
  return value
}

/** Wait for a visible element; a clearer failure than a bare timeout. */
export async function waitForSelector(page: Page, selector: string, timeout = TIMEOUT) {
  try {
    return await page.waitForSelector(selector, { state: 'visible', timeout })
  } catch {
    const errors = errorsOf(page)
    throw new Error(`no visible ${selector} at ${page.url()} within ${timeout} ms${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`)
  }
}

/** Wait until the element's attribute equals value. */
export async function waitForAttribute(page: Page, selector: string, name: string, value: string, timeout = TIMEOUT) {
  let last: string | null = null
  const ok = await poll(async () => {
    last = await page.locator(selector).first().getAttribute(name)
    return last === value
  }, timeout)
  if (!ok) assert.unreachable(`${selector} has ${name}="${last}", expected "${value}"`)
}

/** Path part of the page's URL with its query. */
export function pathOf(page: Page): string {
  const u = new URL(page.url())
  return u.pathname + u.search
}

/** Pay in the harness's card drop-in: any expiry and CVC, the given number (the harness declines some) */
export async function fillCard(page: Page, number: string) {
  await page.fill('[data-testid=dropin-cardNumber]', number)
  await page.fill('[data-testid=dropin-expiry]', '12/30')
  await page.fill('[data-testid=dropin-cvc]', '123')
  await page.click('[data-testid=dropin-pay]')
}

export { assert }

export const LIVE_ROOM = '[data-testid=live-room]'

/** A viewer opens the wall, picks the Live tab (it asks queryLiveList) and taps the first live card;
 *  resolves with the room once it plays (`live: false`: once it is there). Its chat is kept quiet. */
export async function enterLiveRoom(ctx: E2EContext, lang: 'en' | 'ar', o: { live?: boolean; viewer?: Record<string, any>; beforeLoad?: OpenOptions['beforeLoad'] } = {}): Promise<{ page: Page; hostId: number; viewer: Record<string, any> }> {
  const viewer = o.viewer ?? (await ctx.harness.viewer())
  const page = await ctx.openApp('/wall', { token: viewer.token, lang, beforeLoad: o.beforeLoad })
  await waitForSelector(page, '[data-testid=host-card]')
  const tabs = page.locator('[data-testid=wall-tab]')
  const names = await tabs.allTextContents()
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/agora/live/queryLiveList')),
    tabs.nth(names.findIndex((n) => /live|مباشر/i.test(n))).click(),
  ])
  await waitForSelector(page, '[data-testid=host-card][data-status=live]')
  await poll(async () => (await page.locator('[data-testid=host-card]').evaluateAll((els) => els.every((e) => e.getAttribute('data-status') === 'live'))) === true)
  await page.locator('[data-testid=host-card][data-status=live]').first().click()
  await waitForSelector(page, LIVE_ROOM)
  const hostId = Number(await page.locator(LIVE_ROOM).getAttribute('data-host'))
  assert.ok(hostId > 0, 'the room names its host')
  await ctx.harness.call('POST', '/live/rate', { hostId, chatPerSec: 0, eventsPerSec: 0 })
  if (o.live !== false) await waitForAttribute(page, LIVE_ROOM, 'data-status', 'live', 20_000)
  return { page, hostId, viewer }
}
