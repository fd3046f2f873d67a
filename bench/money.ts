// Money bench, called by bench/run.ts with what it already built and measured in the same run:
//   1. the money chunks (gzip): every output the recharge, usdt, vip and offers plugins' import()s
//      reach (pages, overlays, services, strings) that is not in the first bundle, vs the hello
//      world's JS; and what the money plugins put in the first bundle (their static part)
//   2. tapping the header balance on /wall to a usable recharge page (the items listed and the
//      Recharge button in the DOM), 4x CPU (median of runs), vs the hello world's first paint
// The wall is opened as the seeded test user; the harness is reset before every run.
import type { Browser } from 'playwright-core'
import type { BuildResult } from '../build.mjs'
import type { Harness } from '../harness/server.ts'
import { PHONE } from '../e2e/chromium.ts'
import { TEST_TOKEN } from '../harness/testing.ts'

export const MONEY_PLUGINS = ['recharge', 'usdt', 'vip', 'offers'] as const
const BALANCE = '[data-testid=header-balance]'
const USABLE = '[data-testid=recharge-items] .rc-item'
const PAY = '[data-testid=recharge-pay]'
const CPU_SLOWDOWN = 4

export interface MoneyBenchInput {
  browser: Browser
  /** the harness-mode build bench/run.ts made */
  app: BuildResult
  /** a harness serving that build */
  harness: Harness
  /** gzip bytes of the hello world's JS */
  helloBytes: number
  /** median first paint of the hello world, 4x CPU, ms */
  helloMs: number
  runs?: number
}

export interface MoneyBenchResult {
  /** lazily loaded money outputs and their gzip bytes */
  chunks: Array<{ file: string; gzip: number }>
  chunkBytes: number
  chunkRatio: number
  /** bytes of the money plugins' modules inside the first bundle (minified, before gzip) */
  firstBundleBytes: number
  firstBundleModules: string[]
  tapMs: number[]
  tapMedian: number
  tapRatio: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const isMoneyInput = (path: string) =>
  MONEY_PLUGINS.some((id) => path.startsWith(`plugins/${id}/`) || new RegExp(`^locales/[^/]+/${id}\\.json$`).test(path))

/** Outputs the money plugins' dynamic imports reach through static imports, outside the first bundle. */
export function moneyChunks(app: BuildResult): Array<{ file: string; gzip: number }> {
  const outputs = app.metafile.outputs
  const rel = (key: string) => app.report.find((r) => key.endsWith('/' + r.file) || key === r.file)
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imp of outputs[key]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) walk(imp.path)
  }
  for (const [key, out] of Object.entries(outputs)) if (out.entryPoint && isMoneyInput(out.entryPoint)) walk(key)
  return [...seen]
    .map(rel)
    .filter((r): r is NonNullable<typeof r> => !!r && r.file.endsWith('.js') && !app.entryFiles.includes(r.file))
    .map((r) => ({ file: r.file, gzip: r.gzip }))
}

/** The money plugins' modules in the first bundle (what their index files import statically). */
export function moneyInFirstBundle(app: BuildResult): { bytes: number; modules: string[] } {
  let bytes = 0
  const modules: string[] = []
  for (const [key, out] of Object.entries(app.metafile.outputs)) {
    if (!app.entryFiles.some((f) => key.endsWith('/' + f) || key === f)) continue
    for (const [input, v] of Object.entries(out.inputs)) {
      if (!isMoneyInput(input) || !v.bytesInOutput) continue
      bytes += v.bytesInOutput
      modules.push(input)
    }
  }
  return { bytes, modules: modules.sort() }
}

/** Open /wall as the test user; time a tap on the header balance until the recharge items and button are in the DOM. */
export async function measureBalanceTap(browser: Browser, wallUrl: string): Promise<number> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(TEST_TOKEN)})`)
  const page = await context.newPage()
  // the moment it becomes usable, in the page's own clock (a string: tsx would wrap a function)
  await page.addInitScript(`
    new MutationObserver(() => {
      if (window.__tapAt !== undefined && window.__usableAt === undefined && document.querySelector(${JSON.stringify(USABLE)}) && document.querySelector(${JSON.stringify(PAY)})) window.__usableAt = performance.now()
    }).observe(document, { childList: true, subtree: true })`)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  try {
    await page.goto(wallUrl)
    // the balance the server answered (not the '…' placeholder)
    await page.waitForFunction(`/\\d/.test(document.querySelector(${JSON.stringify(BALANCE)})?.textContent ?? '')`, null, { timeout: 60_000 })
    await page.evaluate(`(() => { window.__tapAt = performance.now(); document.querySelector(${JSON.stringify(BALANCE)}).closest('button').click() })()`)
    await page.waitForSelector(USABLE, { state: 'attached', timeout: 60_000 })
    await page.waitForFunction('window.__usableAt !== undefined', null, { timeout: 60_000 })
    return (await page.evaluate('window.__usableAt - window.__tapAt')) as number
  } finally {
    await context.close()
  }
}

export async function benchMoney(input: MoneyBenchInput): Promise<MoneyBenchResult> {
  const runs = Math.max(1, input.runs ?? Number(process.env.BENCH_RUNS || 5))
  const chunks = moneyChunks(input.app)
  const chunkBytes = chunks.reduce((s, c) => s + c.gzip, 0)
  const first = moneyInFirstBundle(input.app)
  const wallUrl = input.harness.url.replace(/\/$/, '') + '/wall'
  const tapMs: number[] = []
  for (let i = 0; i < runs; i++) {
    input.harness.reset()
    tapMs.push(await measureBalanceTap(input.browser, wallUrl))
  }
  input.harness.reset()
  const tapMedian = median(tapMs)
  return {
    chunks,
    chunkBytes,
    chunkRatio: chunkBytes / input.helloBytes,
    firstBundleBytes: first.bytes,
    firstBundleModules: first.modules,
    tapMs,
    tapMedian,
    tapRatio: tapMedian / input.helloMs,
  }
}

/** Rows for bench/run.ts's table: [measure, hello world, app, ratio, budget]. */
export function moneyRows(r: MoneyBenchResult, helloBytes: number, helloMs: number): string[][] {
  return [
    ['money chunks (lazy, gzip)', kb(helloBytes), kb(r.chunkBytes), r.chunkRatio.toFixed(2), ''],
    ['  files', '', String(r.chunks.length), '', ''],
    ['  money code in the first bundle (minified)', '', kb(r.firstBundleBytes), '', ''],
    [`tap balance to usable recharge page, ${CPU_SLOWDOWN}x CPU (median)`, `${helloMs.toFixed(0)} ms`, `${r.tapMedian.toFixed(0)} ms`, r.tapRatio.toFixed(2), ''],
    ['  runs (ms)', '', r.tapMs.map((x) => x.toFixed(0)).join(' '), '', ''],
  ]
}
