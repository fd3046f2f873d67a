// The harness as a server refuses what a real server refuses: foreign pages, huge bodies,
// hostile stored payloads, and it never answers with a stack trace.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { statSync } from 'node:fs'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from './testing.ts'
import { bounded } from './bounds.ts'
import { fixture } from './seed.ts'
import { Header } from '../kernel/protocol/envelope.ts'

const key = { [Header.subscription]: fixture<{ subscriptionKey: string }>('harness-config.json').subscriptionKey }

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'calls', 'engage'], settings: { appOrigins: ['http://app.example'] } })
})
test.after(() => h.close())

const noStack = (text: string) => !/\bat [\w.<>]+ \(|node:internal|\.ts:\d+:\d+/.test(text)
const api = (origin: string, method = 'POST') => httpRequest(`${h.url}/api/user/getUserInfo`, method, method === 'POST' ? '{}' : undefined, { ...key, origin, 'content-type': 'application/json', 'access-control-request-method': 'POST' })

test('HAR-01 trust: the control API answers no foreign page and never reflects its Origin', async () => {
  const foreign = ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'http://localhost:1', 'file://', 'not a url']
  for (const origin of foreign) {
    for (const [method, path, body] of [['GET', '/__harness/users', undefined], ['POST', '/__harness/users/100001/balance', '{"diamondNum":1}'], ['OPTIONS', '/__harness/reset', undefined]] as const) {
      const r = await httpRequest(`${h.url}${path}`, method, body, { origin, 'content-type': 'application/json' })
      assert.is(r.status, 403, `${origin} ${method} ${path}`)
      assert.is(r.headers['access-control-allow-origin'], undefined)
      assert.is(r.headers['access-control-allow-credentials'], undefined)
    }
  }
  assert.is(h.ctx.userById(100001)!.diamondNum, 5000, 'no foreign page moved money')
  const same = await httpRequest(`${h.url}/__harness/users`, 'GET', undefined, { origin: h.url })
  assert.is(same.status, 200, 'a page of its own origin (the control page) still works')
})

test('HAR-01 trust: /api allows only the configured app origins, without credentials', async () => {
  const ok = await api('http://app.example')
  assert.is(ok.status, 200)
  assert.is(ok.headers['access-control-allow-origin'], 'http://app.example')
  assert.is(ok.headers['access-control-allow-credentials'], undefined)
  const pre = await api('http://app.example', 'OPTIONS')
  assert.is(pre.status, 204)
  assert.match(String(pre.headers['access-control-allow-headers']), 'loginToken')
  for (const origin of ['https://evil.example', 'null', 'http://app.example.evil.example', 'http://app.example:8080']) {
    for (const method of ['POST', 'OPTIONS']) {
      const r = await api(origin, method)
      assert.is(r.status, 403, `${origin} ${method}`)
      assert.is(r.headers['access-control-allow-origin'], undefined)
      assert.is(JSON.parse(r.text).data, null, 'the error envelope')
    }
  }
  assert.is((await httpRequest(`${h.url}/api/user/getUserInfo`, 'POST', '{}', { origin: h.url })).status, 401, 'the same origin passes CORS (and then meets the key check)')
  assert.is((await httpRequest(`${h.url}/api/user/getUserInfo`, 'POST', '{}', { ...key, origin: h.url.replace('127.0.0.1', 'localhost') })).status, 403, 'another host name is another origin')
  // public files (avatars, uploads) read from anywhere, as from a CDN; the public entries that write do not
  for (const method of ['GET', 'OPTIONS']) {
    const file = await httpRequest(`${h.url}/__harness/avatar/100001.svg`, method, undefined, { origin: 'https://evil.example', 'access-control-request-method': 'GET' })
    assert.equal([file.status < 300, file.headers['access-control-allow-origin'], file.headers['access-control-allow-credentials']], [true, '*', undefined], method)
  }
  h.settings.patch({ appOrigins: [] })
  assert.is((await api('http://app.example')).status, 403, 'the setting changes at run time')
  h.settings.patch({ appOrigins: ['http://app.example'] })
})

test('HAR-01 trust: a body over 5 MB answers 413 with the error envelope, no reset, no stack trace', async () => {
  const huge = JSON.stringify({ data: 'x'.repeat(6 * 1024 * 1024) })
  const r = await api('http://app.example').then(() => httpRequest(`${h.url}/api/chat/callRate`, 'POST', huge, { ...key, 'content-type': 'application/json' }))
  assert.is(r.status, 413)
  assert.equal(JSON.parse(r.text), { code: '413', msg: 'request body larger than 5 MB', data: null })
  for (const [path, limit] of [['/__harness/push', '1 MB'], ['/__harness/db/users', '5 MB']]) {
    const c = await httpRequest(`${h.url}${path}`, 'POST', huge, { 'content-type': 'application/json' })
    assert.is(c.status, 413, path)
    assert.match(JSON.parse(c.text).error, limit)
  }
  assert.is((await httpRequest(`${h.url}/__harness/users`)).status, 200, 'the server goes on')
})

test('HAR-01 trust: stored payloads are bounded (callRate keeps short fields, no prototype keys)', async () => {
  const before = statSync(h.statePath).size
  for (let i = 0; i < 2; i++) {
    const r = await h.api('/api/chat/callRate', { channelId: 'c'.repeat(1_000_000), note: { deep: { deeper: { deepest: { x: 1 } } } }, list: Array.from({ length: 5000 }, (_, n) => n), ['__proto__']: { polluted: 1 } }, { token: TEST_TOKEN })
    assert.is(r.body.code, '0000')
  }
  h.ctx.db.write()
  const rows = h.ctx.db.get('callRates').value() as Array<Record<string, any>>
  const last = rows[rows.length - 1]
  assert.is(last.channelId.length, 2000)
  assert.is(last.list.length, 40)
  assert.is(last.note.deep.deeper.deepest, null, 'depth bounded')
  assert.is(({} as any).polluted, undefined)
  assert.ok(statSync(h.statePath).size - before < 100_000, `state file grew by ${statSync(h.statePath).size - before} bytes`)
  assert.equal(bounded({ a: Infinity, b: () => 1, c: undefined, constructor: 1, prototype: 2 }), { a: null, b: null, c: null })
})

test('HAR-01 trust: POST /__harness/db and the avatar generator answer clear errors, never a stack trace', async () => {
  const bad: Array<[string, string, string | undefined]> = [
    ['POST', '/__harness/db/users', '{ not json'],
    ['POST', '/__harness/db/users', '[1,2]'],
    ['POST', '/__harness/db/users', '"text"'],
    ['POST', '/__harness/db/users', 'null'],
    ['PATCH', '/__harness/db/users/100001', '{"userId":'],
    ['POST', '/__harness/db/ledgerOpening/7', '{"a":1}'],
    ['POST', '/__harness/db/follows', '{"id":1}'],
    ['PUT', '/__harness/db/nothing/1', '{"a":1}'],
    ['GET', '/__harness/avatar/%E0%A4%A.svg', undefined],
    ['GET', '/__harness/avatar/%.svg', undefined],
    ['POST', '/__harness/push', '{"userId":"x"}'],
    ['POST', '/__harness/users/abc/balance', '{"diamondNum":1}'],
  ]
  for (const [method, path, body] of bad) {
    const r = await httpRequest(`${h.url}${path}`, method, body, { 'content-type': 'application/json' })
    assert.ok(r.status >= 400 && r.status < 500, `${method} ${path} answered ${r.status}: ${r.text.slice(0, 200)}`)
    assert.ok(noStack(r.text), `${method} ${path}: ${r.text.slice(0, 300)}`)
    assert.type(JSON.parse(r.text).error, 'string', `${method} ${path}: ${r.text.slice(0, 200)}`)
  }
  // an odd nickname stored through the raw state still draws an avatar
  await httpRequest(`${h.url}/__harness/db/users/100001`, 'PATCH', '{"nickname":{"x":1}}', { 'content-type': 'application/json' })
  const avatar = await httpRequest(`${h.url}/__harness/avatar/100001.svg`)
  assert.is(avatar.status, 200)
  assert.match(avatar.text, '<svg')
  assert.is((await httpRequest(`${h.url}/__harness/avatar/${'z'.repeat(5000)}.svg`)).status, 200, 'a long id is cut, not a crash')
})

test('NET-03 trust: POST /__harness/users/:id/revoke kills every login token of the user; the API then answers 4010', async () => {
  assert.is((await h.api('/api/user/getUserInfo', {}, { token: TEST_TOKEN })).body.code, '0000')
  const r = await h.control('POST', '/__harness/users/100001/revoke')
  assert.equal(r.body, { userId: 100001, revoked: true })
  const dead = await h.api('/api/user/getUserInfo', {}, { token: TEST_TOKEN })
  assert.is(dead.body.code, '4010')
  assert.is((await h.control('POST', '/__harness/users/999/revoke')).body.error, 'no user 999')
  h.reset()
  assert.is((await h.api('/api/user/getUserInfo', {}, { token: TEST_TOKEN })).body.code, '0000', 'a reset brings the fixture token back')
})

test.run()
