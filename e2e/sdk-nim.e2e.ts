// The real NIM SDK (nim-web-sdk-ng), through the app's own loaders (kernel/im/load.ts and
// chatroom.ts, bundled the way the build bundles them), in Chromium with every outside address
// cut off. What no fake can tell: how the bundled modules export their clients, that the clients
// construct, that every message the app builds is accepted by the SDK's creators, and that login
// and chat-room enter end with the SDK's own network error within our bounds, leaving nothing behind.
import { createServer, type Server } from 'node:http'
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import * as esbuild from 'esbuild'
import { chromium, type Browser, type Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { CHROMIUM, CHROMIUM_ARGS, CUT_NETWORK_ARGS } from './chromium.ts'
import { ENTER_TIMEOUT_S } from '../kernel/im/chatroom-nim.ts'
import { LOGIN_TIMEOUT_MS } from '../kernel/im/nim.ts'

const t = suite('sdk-nim')
/** V2NIM_ERROR_CODE_CONNECT_FAILED: the SDK's own "connect failed" (a parameter error would be 191xxx / 414) */
const NIM_CONNECT_FAILED = 192001
/** our bounds, with room for a loaded machine */
const LOGIN_BOUND_MS = LOGIN_TIMEOUT_MS + 2000
const ENTER_BOUND_MS = (ENTER_TIMEOUT_S + 2) * 1000

let dir = ''
let http: Server
let silent: TcpServer
const sockets: Socket[] = []
let browser: Browser
let page: Page

t.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sdk-nim-'))
  await esbuild.build({
    entryPoints: { probe: resolve('e2e/sdk/nim-probe.ts') },
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: dir,
    logLevel: 'error',
  })
  http = createServer(async (req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script type="module" src="/probe.js"></script>')
    const body = await readFile(join(dir, (req.url ?? '').replace(/[^\w.-]/g, ''))).catch(() => null)
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/javascript' }).end(body ?? '')
  })
  // a chat-room server that takes the connection and never answers: packets dropped
  silent = createTcpServer((s) => sockets.push(s.on('error', () => undefined)))
  await Promise.all([new Promise<void>((r) => http.listen(0, '127.0.0.1', r)), new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))])
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...CUT_NETWORK_ARGS] })
  page = await browser.newPage()
  await page.goto(`http://127.0.0.1:${(http.address() as { port: number }).port}/`)
  await page.waitForFunction(() => 'nimProbe' in window, undefined, { timeout: 10_000 })
})

t.after(async () => {
  await browser?.close()
  sockets.forEach((s) => s.destroy())
  await new Promise((r) => silent?.close(r))
  await new Promise((r) => http?.close(r))
  await rm(dir, { recursive: true, force: true })
})

t('HAR-02 NIM offline: the SDK loads through the app\'s loader and constructs; text, custom and image messages build (the image from the store\'s URL)', async () => {
  const r = await page.evaluate(() => window.nimProbe.im())
  assert.equal(r.built.text, { messageType: 0, attachment: null })
  assert.equal(r.built.custom, { messageType: 100, attachment: { raw: '{"type":1}' } })
  const image = r.built.image as { messageType: number; attachment: Record<string, unknown> }
  assert.is(image.messageType, 1, JSON.stringify(r.built.image))
  assert.equal([image.attachment.url, image.attachment.width, image.attachment.height, image.attachment.size, image.attachment.ext], ['https://cdn.example.com/a/b.jpg', 40, 30, 1234, '.jpg'])
  // the numbers the adapter reads at run time
  assert.equal([r.const.LoginStatus.V2NIM_LOGIN_STATUS_LOGOUT, r.const.LoginStatus.V2NIM_LOGIN_STATUS_LOGINED, r.const.LoginStatus.V2NIM_LOGIN_STATUS_LOGINING], [0, 1, 2])
})

t('NET-06 NIM offline: login fails with the SDK\'s network error within the bound, and logout cleans up', async () => {
  const r = await page.evaluate(() => window.nimProbe.im())
  assert.not.ok(r.login.ok)
  assert.is(r.login.error?.code, NIM_CONNECT_FAILED, JSON.stringify(r.login))
  assert.ok(r.login.ms < LOGIN_BOUND_MS, `login took ${r.login.ms} ms`)
  assert.ok(r.logout.ok, JSON.stringify(r.logout))
  assert.equal(r.states.at(-1), { state: 'idle' })
})

t('LIVE-06 NIM offline: the chat-room module loads and its client constructs; enter fails with the SDK\'s network error within the bound and leaves no instance; 4 is entering, 5 entered, 6 exited', async () => {
  const r = await page.evaluate(() => window.nimProbe.room(['chatlink.example.com:443']))
  assert.equal(r.text, { messageType: 0 })
  assert.equal(r.asked, ['1234'], 'the link addresses asked are those of the room entered')
  assert.not.ok(r.enter.ok)
  assert.is(r.enter.error?.code, NIM_CONNECT_FAILED, JSON.stringify(r.enter))
  assert.ok(r.enter.ms < ENTER_BOUND_MS, `enter took ${r.enter.ms} ms`)
  assert.equal([r.before, r.after], [0, 0])
  assert.equal([r.status.V2NIM_CHATROOM_STATUS_ENTERING, r.status.V2NIM_CHATROOM_STATUS_ENTERED, r.status.V2NIM_CHATROOM_STATUS_EXITED], [4, 5, 6])
})

t('LIVE-06 NIM offline: a chat-room server that never answers ends the enter within the bound (not the SDK\'s 60 s)', async () => {
  const port = (silent.address() as { port: number }).port
  const r = await page.evaluate((links) => window.nimProbe.room(links), [`127.0.0.1:${port}`])
  assert.not.ok(r.enter.ok)
  assert.ok(typeof r.enter.error?.code === 'number', JSON.stringify(r.enter))
  assert.ok(r.enter.ms < ENTER_BOUND_MS, `enter took ${r.enter.ms} ms`)
  assert.equal([r.before, r.after], [0, 0])
})

t.run()
