// Messaging bench (called by bench/run.ts), 4x CPU, the seeded test user, the harness reset first:
//   1. a chat with 1,000 messages: tapping its row in the inbox to the last message painted, then
//      scrolling it back until the first message is painted (history pages of 20 load as the top is
//      reached; the list is virtual, so only rows near the screen are in the page):
//      time, frames per second, p95 frame time, long tasks over 50 ms, list DOM nodes at the end
//   2. the inbox with 200 sessions: tapping the Messages tab on /wall to its first rows painted with
//      all 200 sessions listed (the list is virtual: aria-setsize), then scrolling it end to end to
//      the oldest session: the same figures
// Times are ratios to the hello world's first paint under the same slowdown.
import type { Browser, Page } from 'playwright-core'
import type { Harness } from '../harness/server.ts'
import { PHONE } from '../e2e/chromium.ts'
import { START_FRAMES, STOP_FRAMES, type FrameStats } from './frames.ts'
import { TEST_TOKEN } from '../harness/testing.ts'

const TEST_USER = 100001
// a host the test user follows: a stranger's messages would sit under Greetings (IM-03)
const CHAT_HOST = 200003
const CHAT_MESSAGES = 1000
const INBOX_SESSIONS = 200
const CPU = 4

export interface ScrollRun {
  openMs: number
  scrollMs: number
  fps: number
  p95: number
  longTasks: number
  domNodes: number
}
export interface MessageBenchResult {
  chat: ScrollRun
  inbox: ScrollRun
}

async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(TEST_TOKEN)})`)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
  await page.goto(url)
  // every late plugin joined, so the tap measures the page, not the plugin's first load
  await page.waitForLoadState('networkidle', { timeout: 60_000 })
  return page
}

// a string, not a function: tsx would wrap a function with helpers the page does not have
const nodesIn = (page: Page, selector: string) => page.evaluate(`document.querySelector(${JSON.stringify(selector)}).querySelectorAll('*').length`) as Promise<number>

/** tap a selector and wait for a condition, both timed in the page's clock */
async function tapUntil(page: Page, tap: string, done: string): Promise<number> {
  // a click in the page, not a pointer: a popup the app queued on the wall must not swallow it
  await page.evaluate(`window.__tapAt = performance.now(); document.querySelector(${JSON.stringify(tap)}).click()`)
  await page.waitForFunction(done, null, { timeout: 60_000, polling: 'raf' })
  return (await page.evaluate('performance.now() - window.__tapAt')) as number
}

async function benchChat(browser: Browser, harness: Harness): Promise<ScrollRun> {
  for (let i = 0; i < CHAT_MESSAGES; i++) await harness.ops.control('im/send', { from: CHAT_HOST, to: TEST_USER, text: `line ${i}` })
  const page = await openPage(browser, harness.url.replace(/\/$/, '') + '/wall')
  try {
    const row = '[data-testid^=conversation-]'
    await page.evaluate(`document.querySelector('[data-testid=tab-message]').click()`)
    await page.waitForSelector(row, { timeout: 60_000 })
    const lastPainted = `[...document.querySelectorAll('[data-testid=talk-list] li')].some((li) => li.textContent.includes('line ${CHAT_MESSAGES - 1}'))`
    const openMs = await tapUntil(page, row, lastPainted)
    await page.evaluate(START_FRAMES)
    const started = Date.now()
    // reach the top again and again: each time the next page of history loads above
    const firstPainted = `[...document.querySelectorAll('[data-testid=talk-list] li')].some((li) => li.textContent.trim().endsWith('line 0'))`
    while (!(await page.evaluate(firstPainted))) {
      if (Date.now() - started > 180_000) throw new Error('the chat never reached its first message')
      await page.evaluate(`document.querySelector('[data-testid=talk-list]').scrollTop = 0`)
      await page.waitForFunction(`!document.querySelector('[data-testid=talk-older-loading]')`, null, { timeout: 30_000, polling: 'raf' })
      await page.waitForTimeout(50) // let a scroll event fire between pages: the measured scrolling itself
    }
    const scrollMs = Date.now() - started
    const r = { ...((await page.evaluate(STOP_FRAMES)) as FrameStats), domNodes: await nodesIn(page, '[data-testid=talk-list]') }
    return { openMs, scrollMs, ...r }
  } finally {
    await page.context().close()
  }
}

async function benchInbox(browser: Browser, harness: Harness): Promise<ScrollRun> {
  // the user wrote first: chats, not a stranger's greetings (IM-03)
  for (let i = 0; i < INBOX_SESSIONS; i++) {
    await harness.ops.control('im/send', { from: TEST_USER, to: `bench_peer_${i}`, text: 'hi' })
    await harness.ops.control('im/send', { from: `bench_peer_${i}`, to: TEST_USER, text: `hello ${i}` })
  }
  const page = await openPage(browser, harness.url.replace(/\/$/, '') + '/wall')
  try {
    const tab = '[data-testid=tab-message]'
    await page.waitForSelector(tab, { timeout: 60_000 })
    // the list is virtual: the first screen of rows painted, and the rows know all the sessions
    const listed = `Number(document.querySelector('[data-testid^=conversation-bench_peer_]')?.closest('li').getAttribute('aria-setsize')) >= ${INBOX_SESSIONS}`
    const openMs = await tapUntil(page, tab, listed)
    await page.evaluate(START_FRAMES)
    const started = Date.now()
    // scroll the page (or the list's scroller) to the end in screen-sized steps
    await page.evaluate(`new Promise((done) => {
      const row = document.querySelector('[data-testid^=conversation-]')
      let el = row; while (el && el !== document.body && !(el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY))) el = el.parentElement
      const box = el && el !== document.body ? el : document.scrollingElement
      const step = () => { const before = box.scrollTop; box.scrollTop += box.clientHeight * 0.8; if (box.scrollTop === before) done(); else requestAnimationFrame(step) }
      step()
    })`)
    const scrollMs = Date.now() - started
    // the oldest session is the last row: the list really reached its end
    if (!(await page.$('[data-testid=conversation-bench_peer_0]'))) throw new Error('the inbox never reached its last session')
    const r = { ...((await page.evaluate(STOP_FRAMES)) as FrameStats), domNodes: await nodesIn(page, '[data-testid=message]') }
    return { openMs, scrollMs, ...r }
  } finally {
    await page.context().close()
  }
}

export async function benchMessage(input: { browser: Browser; harness: Harness }): Promise<MessageBenchResult> {
  input.harness.reset()
  const chat = await benchChat(input.browser, input.harness)
  input.harness.reset()
  const inbox = await benchInbox(input.browser, input.harness)
  input.harness.reset()
  return { chat, inbox }
}

/** Rows for bench/run.ts's table: [measure, hello world, app, ratio, budget]. */
export function messageRows(r: MessageBenchResult, helloMs: number): string[][] {
  const rows = (what: string, s: ScrollRun) => [
    [`${what}: tap to painted, ${CPU}x CPU`, `${helloMs.toFixed(0)} ms`, `${s.openMs.toFixed(0)} ms`, (s.openMs / helloMs).toFixed(2), ''],
    [`  scrolled end to end in ${(s.scrollMs / 1000).toFixed(1)} s: fps / p95 frame / long tasks`, '', `${s.fps.toFixed(1)} / ${s.p95.toFixed(1)} ms / ${s.longTasks}`, '', ''],
    ['  DOM nodes at the end', '', String(s.domNodes), '', ''],
  ]
  return [...rows(`chat with ${CHAT_MESSAGES} messages`, r.chat), ...rows(`inbox with ${INBOX_SESSIONS} sessions`, r.inbox)]
}
