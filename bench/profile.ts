// Where the first host card's main-thread time goes at 4x CPU (called by bench/run.ts; alone:
// `node --import tsx bench/profile.ts`). A CPU profile of the logged-in first load on /wall, from the
// navigation to the first card, of an unminified build (the same code; its module comments name each
// function's file), summed per source module and per phase. The times are the profile's samples, so
// they add up to the main thread's busy time before the card, not to the card's time (which also
// waits on the network and idles).
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { buildApp } from '../build.mjs'
import { startHarness } from '../harness/server.ts'
import { CHROMIUM, CHROMIUM_ARGS, PHONE } from '../e2e/chromium.ts'
import { TEST_TOKEN } from '../harness/testing.ts'

const CARD = '[data-testid=host-card]'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export interface FirstLoadProfile {
  /** ms of samples per source module (node_modules packages as one), largest first */
  modules: Array<[string, number]>
  /** ms of samples per kind: the app's code, libraries, the browser's own work (parse, GC, style, layout) */
  kinds: Array<[string, number]>
  /** the card's time in that run (ms from navigation start) */
  cardMs: number
}

/** a built file's line -> the source module esbuild wrote above it (`// path/to/module.ts`) */
async function moduleMap(dir: string, url: string) {
  const path = join(dir, new URL(url).pathname)
  const lines = (await readFile(path, 'utf8').catch(() => '')).split('\n')
  const at: string[] = []
  let current = '(bundle)'
  for (const line of lines) {
    const m = /^\s*\/\/ ((?:node_modules|plugins|kernel|apps|locales)\/[^\s]+)$/.exec(line)
    if (m) current = m[1].startsWith('node_modules/') ? m[1].split('/').slice(0, m[1].split('/')[1].startsWith('@') ? 3 : 2).join('/') : m[1]
    at.push(current)
  }
  return at
}

/** profile one logged-in first load at `cpu` slowdown */
export async function profileFirstLoad(browser: Browser, url: string, dir: string, cpu = 4): Promise<FirstLoadProfile> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(TEST_TOKEN)})`)
  await context.addInitScript(`
    window.__first = new Promise((seen) => new MutationObserver(() => {
      if (window.__firstAt === undefined && document.querySelector(${JSON.stringify(CARD)})) seen(window.__firstAt = performance.now())
    }).observe(document, { childList: true, subtree: true, attributes: true }))`)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.goto(url, { waitUntil: 'commit' })
  const cardMs = (await cdp.send('Runtime.evaluate', { expression: 'window.__first', awaitPromise: true, returnByValue: true })).result.value as number
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  await context.close()
  return summarise(profile, dir, cardMs)
}

async function summarise(profile: CpuProfile, dir: string, cardMs: number): Promise<FirstLoadProfile> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const maps = new Map<string, string[]>()
  for (const n of profile.nodes) {
    const url = n.callFrame.url
    if (url.includes('/assets/') && !maps.has(url)) maps.set(url, await moduleMap(dir, url))
  }
  const modules = new Map<string, number>()
  const kinds = new Map<string, number>()
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms)
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    if (functionName === '(idle)' || functionName === '(program)' && !url) {
      add(kinds, functionName === '(idle)' ? '(idle)' : 'browser and engine, not in a function: HTML, compile, style, layout, paint', ms)
      return
    }
    if (functionName === '(garbage collector)') return add(kinds, 'browser: garbage collection', ms)
    const map = maps.get(url)
    const module = map ? (map[lineNumber] ?? '(bundle)') : url ? `inline or other: ${new URL(url).pathname}` : functionName
    add(modules, module, ms)
    add(kinds, module.startsWith('node_modules/') ? `libraries (${module.split('/').slice(1).join('/')})` : module.startsWith('(') || module.startsWith('inline') ? 'other' : 'app code', ms)
  })
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1])
  return { modules: sorted(modules), kinds: sorted(kinds), cardMs }
}

export function profileLines(p: FirstLoadProfile, top = 25): string {
  const fmt = ([name, ms]: [string, number]) => `    ${ms.toFixed(0).padStart(6)} ms  ${name}`
  return [
    `  where the main thread's time goes before the first host card, logged in, 4x CPU (one CPU profile, unminified build; card at ${p.cardMs.toFixed(0)} ms):`,
    ...p.kinds.map(fmt),
    `  by source module (top ${top}):`,
    ...p.modules.slice(0, top).map(fmt),
  ].join('\n')
}

/** build unminified, serve it, profile `runs` loads and describe the median one */
export async function profileFirstScreen(browser: Browser, runs = 3): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'bench-profile-'))
  const app = await buildApp({ mode: 'harness', outdir: join(work, 'app'), quiet: true, minify: false })
  const h = await startHarness({ port: 0, statePath: join(work, 'state.json'), staticDir: app.outdir, quiet: true, settings: { hostTickMs: 0 } })
  try {
    const url = h.url.replace(/\/$/, '') + '/wall'
    await profileFirstLoad(browser, url, app.outdir) // warm-up
    const profiles: FirstLoadProfile[] = []
    for (let i = 0; i < runs; i++) {
      h.reset()
      profiles.push(await profileFirstLoad(browser, url, app.outdir))
    }
    return profileLines([...profiles].sort((a, b) => a.cardMs - b.cardMs)[Math.floor(runs / 2)], Number(process.env.PROFILE_TOP || 25))
  } finally {
    await h.close()
    await rm(work, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  try {
    console.log(await profileFirstScreen(browser, Math.max(1, Number(process.env.BENCH_RUNS || 3))))
  } finally {
    await browser.close()
  }
}
