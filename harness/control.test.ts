import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, type TestHarness } from './testing.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness()
})
test.after(async () => {
  await h.close()
})
test.before.each(() => {
  h.sent.length = 0
})

test('HAR-05 GET /__harness/users lists the documented test users with tokens and balances', async () => {
  const { status, body } = await h.control('GET', '/__harness/users')
  assert.is(status, 200)
  const viewer = body.find((u: any) => u.userId === 100001)
  assert.equal(viewer, { userId: 100001, nickname: 'Test Viewer', token: 'test-token-100001', diamondNum: 5000, email: 'viewer@example.com', userType: 1 })
  assert.ok(body.some((u: any) => u.userId === 100003 && u.diamondNum === 0))
})

test('HAR-06 POST /__harness/users/:id/balance moves the difference through the ledger and pushes the balance', async () => {
  const { body } = await h.control('POST', '/__harness/users/100001/balance', { diamondNum: 4200 })
  assert.is(body.diamondNum, 4200)
  assert.is(body.entry.delta, -800)
  assert.is(body.entry.reason, 'harness.adjust')
  assert.equal(h.sent.at(-1), { userId: 100001, pushType: 'user.balance', data: { diamondNum: 4200, reason: 'harness.adjust' } })
  const ledger = await h.control('GET', '/__harness/ledger?userId=100001')
  assert.is(ledger.body.entries.length, 1)
  assert.ok(ledger.body.check.ok)
  const bad = await h.control('POST', '/__harness/users/100001/balance', { diamondNum: -5 })
  assert.is(bad.status, 400)
  assert.match(bad.body.error, 'diamondNum')
})

test('NET-08 POST /__harness/hosts/:id/status saves the status and pushes host.status with the pushed codes', async () => {
  const cases: Array<[string | number, number, boolean, string]> = [
    ['busy', 10000, false, 'busy'],
    ['live', 1, true, 'live'],
    [3, 3, false, 'offline'],
    ['online', 1, false, 'online'],
  ]
  for (const [status, code, live, word] of cases) {
    const { body } = await h.control('POST', '/__harness/hosts/200002/status', { status })
    assert.is(body.status, word)
    assert.equal(h.sent.at(-1), { userId: 'all', pushType: 'host.status', data: { userId: 200002, yxAccid: 'host_200002', onlineStatus: code, live } })
  }
  const hosts = (await h.control('GET', '/__harness/hosts')).body
  assert.ok(hosts.length >= 64)
  assert.equal(hosts.find((x: any) => x.userId === 200002), { userId: 200002, yxAccid: 'host_200002', nickname: 'Sofia', status: 'online', onlineStatus: 1 })
  assert.is((await h.control('POST', '/__harness/hosts/200002/status', { status: 'asleep' })).status, 400)
  assert.is((await h.control('POST', '/__harness/hosts/100001/status', { status: 'online' })).status, 400)
})

test('NET-07 POST /__harness/push sends a push, a broadcast, or a raw malformed frame', async () => {
  await h.control('POST', '/__harness/push', { userId: 100001, message: { pushType: 'notice', data: { attachType: 66 } } })
  await h.control('POST', '/__harness/push', { userId: 'all', message: { pushType: 'notice', data: {} } })
  await h.control('POST', '/__harness/push', { userId: 100001, message: { raw: '{"broken"' } })
  assert.equal(h.sent, [
    { userId: 100001, pushType: 'notice', data: { attachType: 66 } },
    { userId: 'all', pushType: 'notice', data: {} },
    { userId: 100001, raw: '{"broken"' },
  ])
  assert.is((await h.control('POST', '/__harness/push', { message: { pushType: 'x' } })).status, 400)
  assert.is((await h.control('POST', '/__harness/push', { userId: 1, message: {} })).status, 400)
})

test('HAR-05 settings read and change; faults merge per path and null removes one', async () => {
  let { body } = await h.control('GET', '/__harness/settings')
  assert.is(body.billingPeriodSec, 60)
  body = (await h.control('POST', '/__harness/settings', { billingPeriodSec: 5, faults: { '/api/a': { fail: 1 } } })).body
  assert.is(body.billingPeriodSec, 5)
  body = (await h.control('POST', '/__harness/settings', { faults: { '/api/b': { fail: 2 }, '/api/a': null } })).body
  assert.equal(body.faults, { '/api/b': { fail: 2 } })
  assert.is((await h.control('POST', '/__harness/settings', [1])).status, 400)
})

test('HAR-05 scenarios are listed and run through the control API', async () => {
  const list = (await h.control('GET', '/__harness/scenarios')).body
  assert.ok(list.some((s: any) => s.name === 'evening-rush'))
  assert.ok(list.some((s: any) => s.name === 'quiet-night'))
  const run = await h.control('POST', '/__harness/scenarios/quiet-night', { wait: true })
  assert.is(run.body.status, 'done')
  const hosts = (await h.control('GET', '/__harness/hosts')).body
  assert.ok(hosts.every((x: any) => x.status === 'offline'))
  assert.is((await h.control('POST', '/__harness/scenarios/no-such', {})).status, 404)
})

test('HAR-03 POST /__harness/hosts/tick changes a few hosts and pushes each change', async () => {
  await h.control('POST', '/__harness/reset')
  const { body } = await h.control('POST', '/__harness/hosts/tick')
  assert.is(h.sent.length, body.changes.length)
})

test('HAR-01 POST /__harness/reset restores the fixtures and the raw state is readable', async () => {
  await h.control('POST', '/__harness/users/100001/balance', { diamondNum: 1 })
  await h.control('POST', '/__harness/reset')
  assert.is((await h.control('GET', '/__harness/users')).body.find((u: any) => u.userId === 100001).diamondNum, 5000)
  assert.is((await h.control('GET', '/__harness/ledger')).body.entries.length, 0)
  const tags = await h.control('GET', '/__harness/db/tags')
  assert.is(tags.body.length, 6)
})

test('HAR-01 a reset also forgets what the fakes and the messaging server keep in memory: lucky odds, queued wins, messages', async () => {
  const g = await startTestHarness({ plugins: ['shell', 'wall', 'gift'] })
  try {
    const fixture = (await g.control('POST', '/__harness/gift/odds', {})).body
    await g.control('POST', '/__harness/gift/odds', { tempId: 'L1', pool: [{ id: 9, multiple: 9, weight: 1 }] })
    assert.is((await g.control('POST', '/__harness/gift/lucky-force', { times: 3 })).body.forced, 3)
    g.im.send('host_200001', 'user_100001', { text: 'hello' })
    assert.is(g.im.history('user_100001', 'host_200001').length, 1)
    await g.control('POST', '/__harness/reset')
    assert.equal((await g.control('POST', '/__harness/gift/odds', {})).body, fixture)
    assert.is((await g.control('POST', '/__harness/gift/lucky-force', { times: 1 })).body.forced, 1, 'the queued wins are gone')
    assert.equal(g.im.history('user_100001', 'host_200001'), [])
  } finally {
    await g.close()
  }
})

test('HAR-01 unknown control paths answer 404 JSON, the index lists the routes', async () => {
  const r = await h.control('GET', '/__harness/nope')
  assert.is(r.status, 404)
  assert.match(r.body.error, '/__harness/nope')
  assert.ok((await h.control('GET', '/__harness/')).body.routes.includes('POST /__harness/hosts/:id/status'))
})

test('HAR-01 avatars are illustrated faces (DiceBear Lorelei), the same for the same host, drawn here with nothing fetched', async () => {
  const r = await h.control('GET', '/__harness/avatar/200001.svg')
  assert.is(r.status, 200)
  assert.match(r.body, '<svg')
  assert.match(r.body, 'Lorelei', 'the illustrated style, not a letter on a gradient')
  assert.not.match(r.body, /<text/, 'no initials')
  assert.not.match(r.body, /<image|href="http/, 'nothing to fetch from the internet')
  assert.is((await h.control('GET', '/__harness/avatar/200001.svg')).body, r.body, 'deterministic per host')
  assert.is.not((await h.control('GET', '/__harness/avatar/200002.svg')).body, r.body, 'each host her own face')
})

test.run()
