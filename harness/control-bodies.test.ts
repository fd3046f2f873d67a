// What the control API and the API are given is checked before it is kept: a bad field answers 400
// naming it, a deep or huge body is refused, and what a client stores is bounded (lengths, counts).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { statSync } from 'node:fs'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from './testing.ts'
import { Code } from '../kernel/protocol/envelope.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'social', 'gift'] })
})
test.after(() => h.close())

const post = (path: string, body: string) => httpRequest(`${h.url}${path}`, 'POST', body, { 'content-type': 'application/json' })
const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)

test('HAR-05 control bodies: settings refuse a bad field with 400 naming it, and keep what they had', async () => {
  const before = JSON.stringify((await h.control('GET', '/__harness/settings')).body)
  const bad: Array<[unknown, string]> = [
    [{ billingPeriodSec: 'x' }, 'billingPeriodSec'],
    [{ billingPeriodSec: -5 }, 'billingPeriodSec'],
    [{ hostTickMs: 1e12 }, 'hostTickMs'],
    [{ latencyMs: '10' }, 'latencyMs'],
    [{ faults: 'notobj' }, 'faults'],
    [{ faults: { '/api/a': 'x' } }, 'faults["/api/a"]'],
    [{ faults: { '/api/a': { fail: -1 } } }, 'faults["/api/a"].fail'],
    [{ faults: { '/api/a': { httpStatus: 42 } } }, 'httpStatus'],
    [{ faults: { '/api/a': { evil: 1 } } }, 'evil'],
    [{ faults: { 'not a path': {} } }, 'not a path'],
    [{ appOrigins: ['null'] }, 'appOrigins'],
    [{ appOrigins: ['*'] }, 'appOrigins'],
    [{ appOrigins: 'http://a.example' }, 'appOrigins'],
    [{ appOrigins: ['http://a.example/path'] }, 'appOrigins'],
    [{ imReplyMs: 'soon' }, 'imReplyMs'],
    [{ someSetting: { nested: true } }, 'someSetting'],
    [{ someSetting: 'x'.repeat(300) }, 'someSetting'],
  ]
  for (const [body, field] of bad) {
    const r = await h.control('POST', '/__harness/settings', body)
    assert.is(r.status, 400, JSON.stringify(body))
    assert.match(r.body.error, field, JSON.stringify(body))
  }
  assert.is(JSON.stringify((await h.control('GET', '/__harness/settings')).body), before, 'nothing of a refused change was kept')
  const ok = await h.control('POST', '/__harness/settings', { billingPeriodSec: 5, appOrigins: ['http://localhost:8000'], faults: { '/api/a': { fail: 1, code: '5000' } }, liveCallFreeSec: null, wallOffers: true })
  assert.is(ok.status, 200, 'good values still pass')
  h.settings.reset()
})

test('HAR-05 control bodies: a 20,000-deep body answers 400 and the harness goes on answering', async () => {
  for (const path of ['/__harness/settings', '/__harness/push', '/__harness/db/users']) {
    const r = await post(path, deep(20_000))
    assert.is(r.status, 400, path)
    assert.match(JSON.parse(r.text).error, 'deeper than', path)
  }
  const settings = await h.control('GET', '/__harness/settings')
  assert.is(settings.status, 200, 'the settings still answer')
  assert.is(settings.body.billingPeriodSec, 60)
  const api = await h.api('/api/user/getUserInfo', JSON.parse(deep(500)), { token: TEST_TOKEN })
  assert.is(api.body.code, Code.badRequest, 'a deep API payload is refused with the error envelope')
  assert.is((await post('/__harness/settings', JSON.stringify({ x: 'y'.repeat(1_100_000) }))).status, 413, 'control bodies are 1 MB at most')
})

test('ENG-06 ENG-11 harness: what a client stores is bounded: a 300 KB report field, a 300 KB e-mail and a 100 KB ledger key are refused, the state file stays small', async () => {
  const before = statSync(h.statePath).size
  const report = await h.api('/api/feedback/save', { feedbackType: 2, suggestion: 'spam', hostId: '200001', hostLvl: 'L'.repeat(300_000) }, { token: TEST_TOKEN })
  assert.is(report.body.code, Code.refused)
  assert.match(report.body.msg, 'hostLvl')
  assert.is((await h.api('/api/feedback/save', { feedbackType: 2, email: 'e'.repeat(300_000) }, { token: TEST_TOKEN })).body.code, Code.refused)
  assert.is((await h.api('/api/feedback/save', { feedbackType: 2, suggestion: 'ok', hostId: '200001', hostLvl: 'LV12' }, { token: TEST_TOKEN })).body.code, Code.ok, 'a plausible report is kept')
  const signup = await h.api('/api/login/v2/email', { email: `${'a'.repeat(300_000)}@example.com`, password: 'password123', register: 1 })
  assert.is(signup.body.code, Code.refused)
  for (const [path, payload] of [['/api/gift/v2/sendGift', { giftId: 1, giftNum: 1, anchorId: 200001, requestId: 'k'.repeat(100_000) }], ['/api/luckybox/claim', { num: 1, requestId: 'k'.repeat(100_000) }]] as const) {
    assert.is((await h.api(path, payload, { token: TEST_TOKEN })).body.code, Code.refused, `${path}: a key kept in the ledger is an id, not a body`)
  }
  h.ctx.db.write()
  assert.ok(statSync(h.statePath).size - before < 10_000, `the state file grew by ${statSync(h.statePath).size - before} bytes`)
})

test.run()
