// Messaging bench (called by bench/run.ts), 4x CPU, the seeded test user, the harness reset first:
//   1. a chat with 1,000 messages: tapping its row in the inbox to the last message painted, then
//      scrolling it back until the first message is painted (history pages of 20 load as the top is
//      reached; the list is virtual, so only rows near the screen are in the page):
//      time, frames per second, p95 frame time, long tasks over 50 ms, list DOM nodes at the end
//   2. the inbox with 200 sessions: tapping the Messages tab on /wall to its first rows painted with
//      all 200 sessions listed (the list is virtual: aria-setsize), then scrolling it end to end to
//      the oldest session: the same figures
//   3. the baseline of both: a static page of 200 such rows, no script, dragged the same way (what
//      the browser alone gives on this machine, as the hello world is the loads' baseline)
// Both scroll as a finger drags, at a brisk 1,500 px/s: each frame the list moves by the time since
// the last one. (Before, the chat jumped to its top at once, page after page, and the inbox moved
// 80 % of a screen each frame, about 40,000 px/s: speeds no finger reaches, which drew a new screen
// of rows every frame and measured that. CDP's synthesized touch gestures do not scroll these lists
// in headless Chromium, so the drag is the page's own scrollTop, one step per frame.)
// Times are ratios to the hello world's first paint under the same slowdown.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, CDPSession, Page } from 'playwright-core'
import type { Harness } from '../harness/server.ts'
import { PHONE } from '../e2e/chromium.ts'
import { START_FRAMES, STOP_FRAMES, type FrameStats } from './frames.ts'
import { TEST_TOKEN } from '../harness/testing.ts'
import { settled } from './settled.ts'

const TEST_USER = 100001
// a host the test user follows: a stranger's messages would sit under Greetings (IM-03)
const CHAT_HOST = 200003
const CHAT_MESSAGES = 1000
const INBOX_SESSIONS = 200
const CPU = 4
/** a finger dragging a list at a brisk reading speed, px/s (a fling starts faster and slows down) */
const FINGER_SPEED = 1500
/** the longest a drag end to end may take (page time, 4x CPU) */
const FINGER_LIMIT_MS = 240_000
/** the goals (issue 27): frames per second at least, p95 frame time at most (ms), long tasks */
const GOAL_FPS = 55
const GOAL_P95 = 20
const GOAL_LONG = 0

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
  /** the baseline: a static page of as many rows, no script, dragged the same way */
  bare: FrameStats
}

async function openPage(browser: Browser, url: string): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(TEST_TOKEN)})`)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
  await page.goto(url)
  // every late plugin joined, so the tap measures the page, not the plugin's first load
  await settled(page)
  return { page, cdp }
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** the functions the most time was spent in (self time), from a CDP CPU profile */
function heaviest(profile: CpuProfile, top = 12): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame
    const where = f.url ? `${f.url.split('/').pop()}:${f.lineNumber + 1}` : ''
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim()
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`)
}

/** BENCH_PROFILE=<folder>: a CPU profile of the scroll is written there (open it in DevTools) and
 *  its heaviest functions printed, to find what a frame over budget spent its time on */
async function profiled<T>(cdp: CDPSession, name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE
  if (!dir) return run()
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.start')
  try {
    return await run()
  } finally {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
    await writeFile(join(dir, `${name}.cpuprofile`), JSON.stringify(profile))
    console.log(`\n${name}: heaviest functions while scrolling (self time, 4x CPU)\n${heaviest(profile).join('\n')}`)
  }
}

/** Scroll as a finger drags: each frame the scroller moves by FINGER_SPEED times the time since the
 *  last frame (a slow frame moves it further, as a finger does not wait for the page), until `done`
 *  holds in the page, or FINGER_LIMIT_MS passes. `scroller` finds the element that scrolls (a
 *  string: page code). Resolves with whether `done` held. */
function dragUntil(page: Page, o: { scroller: string; towards: 'top' | 'end'; done: string }): Promise<boolean> {
  return page.evaluate(`new Promise((resolve) => {
    const box = (${o.scroller})
    const sign = ${o.towards === 'top' ? -1 : 1}
    const started = performance.now()
    let last = started
    const frame = (t) => {
      const dt = Math.min(t - last, 100)
      last = t
      box.scrollTop += sign * ${FINGER_SPEED} * dt / 1000
      if (${o.done}) resolve(true)
      else if (t - started > ${FINGER_LIMIT_MS}) resolve(false)
      else requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })`) as Promise<boolean>
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
  const { page, cdp } = await openPage(browser, harness.url.replace(/\/$/, '') + '/wall')
  try {
    const row = '[data-testid^=conversation-]'
    await page.evaluate(`document.querySelector('[data-testid=tab-message]').click()`)
    await page.waitForSelector(row, { timeout: 60_000 })
    const lastPainted = `[...document.querySelectorAll('[data-testid=talk-list] li')].some((li) => li.textContent.includes('line ${CHAT_MESSAGES - 1}'))`
    const openMs = await tapUntil(page, row, lastPainted)
    await page.evaluate(START_FRAMES)
    const started = Date.now()
    // a finger drags towards the top: each time the top is near, the next page of history loads
    // above while the finger goes on
    const firstPainted = `[...document.querySelectorAll('[data-testid=talk-list] li')].some((li) => li.textContent.trim().endsWith('line 0'))`
    const reached = await profiled(cdp, 'chat-scroll', () => dragUntil(page, { scroller: `document.querySelector('[data-testid=talk-list]')`, towards: 'top', done: firstPainted }))
    if (!reached) throw new Error('the chat never reached its first message')
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
  const { page, cdp } = await openPage(browser, harness.url.replace(/\/$/, '') + '/wall')
  try {
    const tab = '[data-testid=tab-message]'
    await page.waitForSelector(tab, { timeout: 60_000 })
    // the list is virtual: the first screen of rows painted, and the rows know all the sessions
    const listed = `Number(document.querySelector('[data-testid^=conversation-bench_peer_]')?.closest('li').getAttribute('aria-setsize')) >= ${INBOX_SESSIONS}`
    const openMs = await tapUntil(page, tab, listed)
    await page.evaluate(START_FRAMES)
    const started = Date.now()
    // a finger drags down the list (the page, or the list's scroller) until its end is on screen
    const scroller = `(() => {
      let el = document.querySelector('[data-testid^=conversation-]')
      while (el && el !== document.body && !(el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY))) el = el.parentElement
      return el && el !== document.body ? el : document.scrollingElement
    })()`
    const atEnd = `!!document.querySelector('[data-testid=conversation-bench_peer_0]') && Math.ceil(box.scrollTop + box.clientHeight) >= box.scrollHeight - 1`
    const reached = await profiled(cdp, 'inbox-scroll', () => dragUntil(page, { scroller, towards: 'end', done: atEnd }))
    if (!reached) throw new Error('the inbox never reached its end')
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
  return { chat, inbox, bare: await benchBareList(input.browser) }
}

/** The scroll's baseline, as the hello world is the load's: a page of INBOX_SESSIONS static rows
 *  shaped like the inbox's (a round picture, a name and a line, a time), no script and no virtual
 *  list, dragged end to end the same way at the same slowdown. What the browser alone costs here. */
async function benchBareList(browser: Browser): Promise<FrameStats> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
    const face = (i: number) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 52 52"><circle cx="26" cy="26" r="26" fill="hsl(${(i * 47) % 360},60%,60%)"/></svg>`)}`
    const row = (i: number) =>
      `<li style="display:flex;align-items:center;gap:12px;padding:10px 16px"><img src="${face(i)}" width="52" height="52" style="border-radius:50%" alt="">` +
      `<div style="flex:1;min-width:0;display:grid;gap:3px;border-bottom:1px solid #2a2238"><div style="display:flex;justify-content:space-between"><b>Peer ${i}</b><small>12:0${i % 10}</small></div><span>hello ${i}</span></div></li>`
    await page.setContent(`<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0;background:#16111f;color:#eee;font:15px sans-serif"><ul style="list-style:none;margin:0;padding:0">${Array.from({ length: INBOX_SESSIONS }, (_, i) => row(i)).join('')}</ul></body>`)
    await page.evaluate(START_FRAMES)
    const reached = await dragUntil(page, { scroller: 'document.scrollingElement', towards: 'end', done: 'Math.ceil(box.scrollTop + box.clientHeight) >= box.scrollHeight - 1' })
    if (!reached) throw new Error('the static list never reached its end')
    return (await page.evaluate(STOP_FRAMES)) as FrameStats
  } finally {
    await context.close()
  }
}

const meetsGoal = (s: ScrollRun) => s.fps >= GOAL_FPS && s.p95 <= GOAL_P95 && s.longTasks <= GOAL_LONG

/** Rows for bench/run.ts's table: [measure, hello world, app, ratio, budget]. */
export function messageRows(r: MessageBenchResult, helloMs: number): string[][] {
  const rows = (what: string, s: ScrollRun) => [
    [`${what}: tap to painted, ${CPU}x CPU`, `${helloMs.toFixed(0)} ms`, `${s.openMs.toFixed(0)} ms`, (s.openMs / helloMs).toFixed(2), ''],
    [
      `  dragged end to end in ${(s.scrollMs / 1000).toFixed(1)} s: fps / p95 frame / long tasks`,
      '',
      `${s.fps.toFixed(1)} / ${s.p95.toFixed(1)} ms / ${s.longTasks}`,
      '',
      `>= ${GOAL_FPS} / <= ${GOAL_P95} ms / ${GOAL_LONG}: ${meetsGoal(s) ? 'PASS' : 'OVER'}`,
    ],
    ['  DOM nodes at the end', '', String(s.domNodes), '', ''],
  ]
  return [
    ...rows(`chat with ${CHAT_MESSAGES} messages`, r.chat),
    ...rows(`inbox with ${INBOX_SESSIONS} sessions`, r.inbox),
    [
      `  baseline: ${INBOX_SESSIONS} static rows, no script, dragged the same way: fps / p95 frame / long tasks`,
      '',
      `${r.bare.fps.toFixed(1)} / ${r.bare.p95.toFixed(1)} ms / ${r.bare.longTasks}`,
      '',
      'what the browser alone gives here',
    ],
  ]
}
