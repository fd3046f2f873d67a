import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import { httpRequest, startTestHarness } from './testing.ts'

test('HAR-01 /app-config.js points the app at the harness origin the browser used', async () => {
  const h = await startTestHarness()
  const port = new URL(h.url).port
  const res = await httpRequest(`${h.url}/app-config.js`, 'GET', undefined, { host: `localhost:${port}` })
  assert.is(res.status, 200)
  const window: any = {}
  new Function('window', res.text)(window)
  const cfg = window.__APP_CONFIG__
  assert.is(cfg.apiBase, `http://localhost:${port}`)
  assert.is(cfg.wsBase, `ws://localhost:${port}/ws`)
  assert.is(cfg.imUrl, `ws://localhost:${port}/im`)
  assert.is(cfg.rtcUrl, `ws://localhost:${port}/rtc`)
  assert.is(cfg.mode, 'harness')
  assert.is(cfg.cipherKey.length, 16)
  assert.is(cfg.defaultAppId, 'callwall')
  await h.close()
})

test('HAR-01 the built app is served with index.html for client routes, files as they are', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'harness-static-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets/main.js'), 'console.log(1)')
  const h = await startTestHarness({ staticDir: dir })
  const page = await httpRequest(`${h.url}/detail/?id=200001`, 'GET', undefined, { accept: 'text/html' })
  assert.is(page.status, 200)
  assert.match(page.text, '<title>app</title>')
  assert.is((await httpRequest(`${h.url}/assets/main.js`)).text, 'console.log(1)')
  assert.is((await httpRequest(`${h.url}/assets/missing.js`)).status, 404)
  await h.close()
})

test('HAR-01 SHELL-04 hashed files are kept a year; the page, sw.js and app-config.js are asked again and answer 304 when unchanged', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'harness-cache-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><base href="/"><script src="app-config.js"></script><title>app</title>')
  writeFileSync(join(dir, 'sw.js'), '// worker')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets/main-AB12.js'), 'console.log(1)')
  const h = await startTestHarness({ staticDir: dir })
  assert.is((await httpRequest(`${h.url}/assets/main-AB12.js`)).headers['cache-control'], 'public, max-age=31536000, immutable')
  for (const path of ['/wall', '/sw.js', '/app-config.js']) {
    const first = await httpRequest(h.url + path)
    assert.is(first.status, 200, path)
    assert.is(first.headers['cache-control'], 'no-cache', path)
    const tag = String(first.headers.etag ?? first.headers['last-modified'] ?? '')
    assert.ok(tag, `${path} names its version`)
    const again = await httpRequest(h.url + path, 'GET', undefined, first.headers.etag ? { 'if-none-match': tag } : { 'if-modified-since': tag })
    assert.is(again.status, 304, path)
    assert.is(again.text, '', path)
  }
  await h.close()
})

test('HAR-01 BLD-01 the page carries its configuration inline (no round trip for app-config.js), at the root and under a sub-path; the file stays for a static host', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'harness-inline-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><base href="/"><script src="app-config.js"></script><script>early()</script></head></html>')
  for (const basePath of ['/', '/app/']) {
    const h = await startTestHarness({ staticDir: dir, basePath, appConfig: { appVersion: '</script><b>' } })
    const port = new URL(h.url).port
    for (const path of [basePath + 'wall', basePath, basePath + 'index.html']) {
      const page = await httpRequest(h.url + path, 'GET', undefined, { host: `localhost:${port}` })
      assert.is(page.status, 200, path)
      assert.not.match(page.text, 'src="app-config.js"', `${path}: no request for the config`)
      assert.match(page.text, `<base href="${basePath}">`)
      const inline = /<script id="app-config">([\s\S]*?)<\/script>/.exec(page.text)
      assert.ok(inline, `${path}: the config is in the page`)
      assert.ok(inline!.index < page.text.indexOf('<script>early()'), 'before the early script')
      const window: any = {}
      new Function('window', inline![1])(window)
      assert.is(window.__APP_CONFIG__.apiBase, `http://localhost:${port}`)
      assert.is(window.__APP_CONFIG__.appVersion, '</script><b>', 'a value cannot close the tag')
    }
    assert.match((await httpRequest(`${h.url}${basePath}app-config.js`)).text, 'window.__APP_CONFIG__')
    await h.close()
  }
})

test('HAR-01 state lives in a file: created from fixtures, kept across restarts, a broken one refused and left as it is', async () => {
  let h = await startTestHarness()
  const dir = join(h.statePath, '..')
  const keep = join(mkdtempSync(join(tmpdir(), 'harness-keep-')), 'state.json')
  await h.control('POST', '/__harness/users/100001/balance', { diamondNum: 777 })
  // a copy taken while running: the file (written in batches) plus its journal of ledger rows
  writeFileSync(keep, readFileSync(h.statePath))
  writeFileSync(`${keep}.journal`, readFileSync(`${h.statePath}.journal`))
  await h.close()
  assert.not.ok(existsSync(dir))
  h = await startTestHarness({ statePath: keep })
  assert.is(h.ctx.userById(100001)!.diamondNum, 777)
  await h.close()
  writeFileSync(keep, '{ not json')
  const refused = await startTestHarness({ statePath: keep }).then(
    () => null,
    (err: Error) => err,
  )
  assert.match(String(refused?.message), `the state file ${keep} is not valid JSON`)
  assert.is(readFileSync(keep, 'utf8'), '{ not json')
})

test('HAR-02 WebSocket upgrades go to the service mounted at that path; others are refused', async () => {
  const seen: string[] = []
  const h = await startTestHarness({
    services: {
      rtc: () => ({ path: '/rtc', handleUpgrade: (req: any, socket: any) => (seen.push(req.url), socket.destroy()), close() {} }) as any,
    },
  })
  const upgrade = (path: string) =>
    new Promise<string>((resolve) => {
      const { port } = new URL(h.url)
      const s = connect(Number(port), '127.0.0.1', () =>
        s.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`),
      )
      let text = ''
      s.on('data', (d) => (text += d))
      s.on('close', () => resolve(text))
    })
  assert.is(await upgrade('/rtc?channel=live_1'), '')
  assert.equal(seen, ['/rtc?channel=live_1'])
  assert.match(await upgrade('/nowhere'), '404')
  await h.close()
})

test.run()
