// The real Agora SDK through the app's real loader, in Chromium with every outside address cut off:
// the module loads, the client constructs, tracks come from the fake devices and fail cleanly
// without them, a join fails with NETWORK_ERROR within the adapter's bound, and leave leaves no
// listener behind. What the unit fakes (kernel/rtc/agora-testkit.ts) replay is what this sees.
import { createServer, type Server } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { build } from 'esbuild'
import { chromium, type Browser, type Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { CHROMIUM, CHROMIUM_ARGS, CUT_NETWORK_ARGS } from './chromium.ts'
import { JOIN_TIMEOUT_MS } from '../kernel/rtc/agora.ts'

const t = suite('sdk-agora')
const FAKE_DEVICES = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']
let dir = ''
let server: Server
let base = ''
const browsers: Browser[] = []

t.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sdk-agora-'))
  await build({ entryPoints: [resolve('e2e/sdk-agora-page.ts')], bundle: true, format: 'esm', splitting: true, outdir: dir, logLevel: 'error', target: ['es2020', 'chrome90'] })
  server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script type="module" src="/sdk-agora-page.js"></script>')
    try {
      const body = await readFile(join(dir, path.replace(/\.\./g, '')))
      res.writeHead(200, { 'content-type': extname(path) === '.js' ? 'text/javascript' : 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
})
t.after(async () => {
  await Promise.all(browsers.map((b) => b.close()))
  await new Promise((r) => server?.close(r))
  await rm(dir, { recursive: true, force: true })
})

/** a page of the probe in a Chromium with the network cut, with fake devices or none */
async function open(devices: boolean): Promise<Page> {
  const args = [...CHROMIUM_ARGS.filter((a) => !FAKE_DEVICES.includes(a)), ...(devices ? FAKE_DEVICES : []), ...CUT_NETWORK_ARGS]
  const b = await chromium.launch({ executablePath: CHROMIUM, headless: true, args })
  browsers.push(b)
  const page = await b.newPage()
  await page.goto(base)
  await page.waitForFunction(() => 'probe' in window, null, { timeout: 20_000 })
  return page
}

t('BLD-01 CALL-09 real Agora SDK, network cut: loads, constructs, join fails NETWORK_ERROR within the bound, leave leaves no listener', async () => {
  const page = await open(true)
  const r = await page.evaluate(() => (window as any).probe.join())
  assert.equal(r.error?.code, 'NETWORK_ERROR', JSON.stringify(r))
  // the bound, plus the SDK's own leave (a few ms); never the SDK's own minutes
  assert.ok(r.ms >= JOIN_TIMEOUT_MS - 50 && r.ms < JOIN_TIMEOUT_MS + 3000, `join ended after ${r.ms} ms`)
  assert.equal(r.states.slice(0, 3), ['connecting', 'disconnecting', 'disconnected'], 'the SDK\'s own states, in its order')
  assert.ok(r.clients.length >= 1, 'the SDK made a client')
  for (const c of r.clients) {
    assert.is(c.state, 'DISCONNECTED')
    assert.is(c.listeners, 0, 'no listener left on an old client')
  }
})

t('BLD-01 CALL-09 real Agora SDK: named ESM exports; tracks from the fake devices; DEVICE_NOT_FOUND without them', async () => {
  const withDevices = await (await open(true)).evaluate(() => (window as any).probe.devices())
  assert.equal(withDevices, { named: true, hasDefault: false, mic: 'ok', camera: 'ok' })
  const without = await (await open(false)).evaluate(() => (window as any).probe.devices())
  assert.equal(without, { named: true, hasDefault: false, mic: 'DEVICE_NOT_FOUND', camera: 'DEVICE_NOT_FOUND' })
})

t.run()
