// Live room bench (called by bench/run.ts; bench/soak.ts enters its room the same way):
//   1. a room under load: 200 chat lines a second and 20 entrances a second for BENCH_LIVE_MS
//      (default 60 s), at 1x and 4x CPU: frames per second, p95 frame time, long tasks over 50 ms,
//      and the room's DOM nodes at the end (the chat keeps a capped window)
//   2. tapping a live card on /wall to the room's first video frame, 4x CPU (median), as a ratio
//      to the hello world's first paint
import type { Browser, Page } from 'playwright-core'
import type { Harness } from '../harness/server.ts'
import { PHONE } from '../e2e/chromium.ts'
import { START_FRAMES, STOP_FRAMES, type FrameStats } from './frames.ts'
import { TEST_TOKEN } from '../harness/testing.ts'

const ROOM = '[data-testid=live-room]'
const LIVE_CARD = '[data-testid=host-card][data-status=live]'

export interface LiveLoad {
  cpu: number
  fps: number
  p95: number
  longTasks: number
  domNodes: number
  chatLines: number
}
export interface LiveBenchResult {
  load: LiveLoad[]
  tapMs: number[]
  tapMedian: number
  tapRatio: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export async function openWall(browser: Browser, base: string, cpu: number): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(TEST_TOKEN)})`)
  const page = await context.newPage()
  // the first frame, in the page's own clock (a string: tsx would wrap a function)
  await page.addInitScript(`
    new MutationObserver(() => {
      const room = document.querySelector(${JSON.stringify(ROOM)})
      if (window.__tapAt !== undefined && window.__liveAt === undefined && room && room.getAttribute('data-status') === 'live') window.__liveAt = performance.now()
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] })`)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
  await page.goto(base + '/wall')
  await page.waitForSelector(LIVE_CARD, { timeout: 60_000 })
  // the live plugin is late: a card tapped before it joined opens the profile instead
  await page.waitForLoadState('networkidle', { timeout: 60_000 })
  return page
}

/** tap the first live card; ms until the room shows the host's first frame */
export async function tapToFirstFrame(page: Page): Promise<{ ms: number; hostId: number }> {
  await page.evaluate(`(() => { window.__tapAt = performance.now(); document.querySelector(${JSON.stringify(LIVE_CARD)}).click() })()`)
  await page.waitForFunction('window.__liveAt !== undefined', null, { timeout: 60_000 }).catch(async (err) => {
    throw new Error(`no live room after the tap: at ${page.url()}, room ${await page.locator(ROOM).getAttribute('data-status', { timeout: 1000 }).catch(() => 'absent')}: ${err}`)
  })
  const ms = (await page.evaluate('window.__liveAt - window.__tapAt')) as number
  const hostId = Number(await page.locator(ROOM).getAttribute('data-host'))
  return { ms, hostId }
}

async function underLoad(browser: Browser, harness: Harness, cpu: number, durationMs: number): Promise<LiveLoad> {
  const base = harness.url.replace(/\/$/, '')
  const page = await openWall(browser, base, cpu)
  try {
    const { hostId } = await tapToFirstFrame(page)
    await harness.ops.control('live/rate', { hostId, audience: 1800, chatPerSec: 200, eventsPerSec: 20 })
    await page.evaluate(START_FRAMES)
    await page.waitForTimeout(durationMs) // the measured window itself, not a wait for a condition
    await harness.ops.control('live/rate', { hostId, chatPerSec: 0, eventsPerSec: 0 })
    const frames = (await page.evaluate(STOP_FRAMES)) as FrameStats
    const counts = (await page.evaluate(`({ domNodes: document.querySelector(${JSON.stringify(ROOM)}).querySelectorAll('*').length,
      chatLines: document.querySelectorAll('[data-testid=live-line]').length })`)) as Pick<LiveLoad, 'domNodes' | 'chatLines'>
    const r = { ...frames, ...counts }
    return { cpu, ...r }
  } finally {
    await page.context().close()
  }
}

export async function benchLive(input: { browser: Browser; harness: Harness; helloMs: number; runs?: number; durationMs?: number }): Promise<LiveBenchResult> {
  const runs = Math.max(1, input.runs ?? Number(process.env.BENCH_RUNS || 5))
  const durationMs = input.durationMs ?? Number(process.env.BENCH_LIVE_MS || 60_000)
  const base = input.harness.url.replace(/\/$/, '')
  const tapMs: number[] = []
  for (let i = 0; i < runs; i++) {
    input.harness.reset()
    const page = await openWall(input.browser, base, 4)
    try {
      tapMs.push((await tapToFirstFrame(page)).ms)
    } finally {
      await page.context().close()
    }
  }
  const load: LiveLoad[] = []
  for (const cpu of [1, 4]) {
    input.harness.reset()
    load.push(await underLoad(input.browser, input.harness, cpu, durationMs))
  }
  input.harness.reset()
  const tapMedian = median(tapMs)
  return { load, tapMs, tapMedian, tapRatio: tapMedian / input.helloMs }
}

/** Rows for bench/run.ts's table: [measure, hello world, app, ratio, budget]. */
export function liveRows(r: LiveBenchResult, helloMs: number): string[][] {
  const secs = Math.round(Number(process.env.BENCH_LIVE_MS || 60_000) / 1000)
  return [
    ...r.load.flatMap((l) => [
      [`live room, 200 lines/s + 20 events/s for ${secs} s, ${l.cpu}x CPU: fps`, '', l.fps.toFixed(1), '', l.cpu === 1 ? `>= 55 ${l.fps >= 55 ? 'PASS' : 'MISS'}` : ''],
      ['  p95 frame time', '', `${l.p95.toFixed(1)} ms`, '', l.cpu === 1 ? `<= 20 ${l.p95 <= 20 ? 'PASS' : 'MISS'}` : ''],
      ['  long tasks over 50 ms', '', String(l.longTasks), '', l.cpu === 1 ? `0 ${l.longTasks === 0 ? 'PASS' : 'MISS'}` : ''],
      ['  room DOM nodes / chat lines at the end', '', `${l.domNodes} / ${l.chatLines}`, '', ''],
    ]),
    ['tap live card to first video frame, 4x CPU (median)', `${helloMs.toFixed(0)} ms`, `${r.tapMedian.toFixed(0)} ms`, r.tapRatio.toFixed(2), ''],
    ['  runs (ms)', '', r.tapMs.map((x) => x.toFixed(0)).join(' '), '', ''],
  ]
}
