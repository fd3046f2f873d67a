import { request } from 'node:http'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Stamped } from './events.ts'
import { isLoopbackAddress } from './guard.ts'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from './testing.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'calls', 'recharge', 'usdt', 'vip'] })
})
test.after(async () => {
  await h.close()
})

/** Follow GET /__harness/events until `until` is satisfied (bounded in time). */
function follow(until: (seen: Stamped[]) => boolean, timeoutMs = 10_000): { ready: Promise<void>; done: Promise<Stamped[]> } {
  const seen: Stamped[] = []
  let ready!: () => void
  const readyP = new Promise<void>((r) => (ready = r))
  const done = new Promise<Stamped[]>((resolve, reject) => {
    const req = request(h.url + '/__harness/events', (res) => {
      ready()
      let buf = ''
      res.on('data', (d) => {
        buf += d
        for (;;) {
          const at = buf.indexOf('\n\n')
          if (at < 0) break
          const chunk = buf.slice(0, at)
          buf = buf.slice(at + 2)
          const data = chunk.split('\n').find((l) => l.startsWith('data: '))
          if (data) seen.push(JSON.parse(data.slice(6)))
        }
        if (until(seen)) {
          clearTimeout(timer)
          req.destroy()
          resolve(seen)
        }
      })
    })
    const timer = setTimeout(() => {
      req.destroy()
      reject(new Error(`events seen: ${JSON.stringify(seen.map((e) => e.kind))}`))
    }, timeoutMs)
    req.end()
  })
  return { ready: readyP, done }
}

test('HAR-05 GET /__harness/controls lists every plugin control entry with how the page offers it', async () => {
  const { status, body } = await h.control('GET', '/__harness/controls')
  assert.is(status, 200)
  assert.is(body.open, false)
  const byName = new Map(body.entries.map((e: any) => [e.name, e]))
  const behaviour: any = byName.get('calls/behaviour')
  assert.is(behaviour.plugin, 'calls')
  assert.is(behaviour.rowOf.kind, 'host')
  assert.equal(behaviour.rowOf.actions.map((a: any) => a.label), ['accept', 'reject', 'busy', 'never'])
  assert.is((byName.get('pay/usdt/pending') as any).tab, 'money')
  assert.ok((byName.get('pay/page') as any).public)
  // an entry without info still appears, under its own name
  assert.ok(body.entries.every((e: any) => typeof e.title === 'string' && e.plugin))
  assert.ok(body.apiPaths.includes('/api/anchor/v4/anchorList'))
})

test('HAR-05 the event stream tells what the app asked and what was pushed', async () => {
  const stream = follow((seen) => seen.some((e) => e.kind === 'api') && seen.some((e) => e.kind === 'push' && e.pushType === 'notice'))
  await stream.ready
  await h.api('/api/user/getUserInfo', {}, { token: TEST_TOKEN })
  await h.control('POST', '/__harness/push', { userId: 100001, message: { pushType: 'notice', data: { attachType: 66 } } })
  const seen = await stream.done
  const api = seen.find((e) => e.kind === 'api') as Extract<Stamped, { kind: 'api' }>
  assert.is(api.path, '/api/user/getUserInfo')
  assert.is(api.code, '0000')
  assert.is(api.userId, 100001)
  const recent = await h.control('GET', '/__harness/events/recent')
  assert.ok(recent.body.some((e: any) => e.kind === 'push' && e.pushType === 'notice'))
})

test('HAR-05 a scenario run reports its steps and outcome', async () => {
  const before = await h.control('GET', '/__harness/scenarios')
  const quiet = before.body.find((s: any) => s.name === 'quiet-night')
  assert.ok(quiet.plan.length >= 1)
  const run = await h.control('POST', '/__harness/scenarios/quiet-night', { wait: true })
  assert.is(run.body.status, 'done')
  const after = await h.control('GET', '/__harness/scenarios')
  const last = after.body.find((s: any) => s.name === 'quiet-night').lastRun
  assert.is(last.status, 'done')
  assert.is(last.steps.length, quiet.plan.length)
  assert.ok(last.steps.every((s: any) => s.ok))
})

test('HAR-06 POST /__harness/ledger/move moves diamonds through the ledger; a debit past the balance moves nothing', async () => {
  const ok = await h.control('POST', '/__harness/ledger/move', { userId: 100001, delta: -7, reason: 'gift', key: 'g1' })
  assert.is(ok.status, 200)
  assert.is(ok.body.reason, 'gift')
  const again = await h.control('POST', '/__harness/ledger/move', { userId: 100001, delta: -7, reason: 'gift', key: 'g1' })
  assert.is(again.body.id, ok.body.id, 'a repeated key moves nothing')
  const tooMuch = await h.control('POST', '/__harness/ledger/move', { userId: 100003, delta: -1 })
  assert.is(tooMuch.status, 400)
  assert.ok((await h.control('GET', '/__harness/ledger')).body.check.ok)
})

test('HAR-05 a viewer is made new (never paid) or paying again', async () => {
  const made = await h.control('POST', '/__harness/users/100001/paid', { paid: false })
  assert.is(made.body.forcePayFinished, false)
  const config = await h.api('/api/index/v2/getBaseConfigForIntoBag', { searchValue: 'callwall' }, { token: TEST_TOKEN })
  assert.is(config.data.forcePayConfig.isFinished, false)
  await h.control('POST', '/__harness/users/100001/paid', { paid: true })
  assert.is((await h.control('POST', '/__harness/users/100001/paid', { paid: 'yes' })).status, 400)
})

test('HAR-05 a garbled-body fault answers JSON cut off mid-way, once', async () => {
  await h.control('POST', '/__harness/settings', { faults: { '/api/index/getServerTime': { fail: 1, garble: true } } })
  const res = await httpRequest(h.url + '/api/index/getServerTime', 'POST', '{}', {})
  assert.is(res.status, 200)
  assert.throws(() => JSON.parse(res.text))
  const next = await h.api('/api/index/getServerTime')
  assert.is(next.body.code, '0000')
})

test('HAR-05 the control API answers this machine and its own pages only', async () => {
  const foreignHost = await httpRequest(h.url + '/__harness/users', 'GET', undefined, { host: 'harness.example.com' })
  assert.is(foreignHost.status, 403)
  assert.match(foreignHost.text, 'HARNESS_OPEN_CONTROL')
  const foreignPage = await httpRequest(h.url + '/__harness/users', 'GET', undefined, { origin: 'http://evil.example' })
  assert.is(foreignPage.status, 403)
  const ownPage = await httpRequest(h.url + '/__harness/users', 'GET', undefined, { origin: h.url })
  assert.is(ownPage.status, 200)
  // what the app loads on any device stays open: avatars and the provider's pages
  assert.is((await httpRequest(h.url + '/__harness/avatar/200001.svg', 'GET', undefined, { host: 'phone.lan' })).status, 200)
  assert.is((await httpRequest(h.url + '/__harness/db/users', 'GET', undefined, { host: 'phone.lan' })).status, 403)
  assert.ok(isLoopbackAddress('127.0.0.1') && isLoopbackAddress('::1') && isLoopbackAddress('::ffff:127.0.0.1'))
  assert.not.ok(isLoopbackAddress('192.168.1.20') || isLoopbackAddress(undefined))
})

test('HAR-05 HARNESS_OPEN_CONTROL opens the control API to other addresses, not to other sites', async () => {
  const open = await startTestHarness({ plugins: ['shell'], openControl: true, hostNames: ['harness.team.lan'] })
  try {
    assert.is((await httpRequest(open.url + '/__harness/users', 'GET', undefined, { host: 'harness.team.lan' })).status, 200)
    assert.is((await httpRequest(open.url + '/__harness/users', 'GET', undefined, { host: 'harness.team.lan', origin: 'http://evil.example' })).status, 403)
    assert.is((await open.control('GET', '/__harness/controls')).body.open, true)
  } finally {
    await open.close()
  }
})

test('HAR-05 the control page is served at /__harness/ui with its own bundle', async () => {
  const page = await httpRequest(h.url + '/__harness/ui')
  assert.is(page.status, 200)
  assert.match(page.text, '/__harness/ui/app.js')
  const script = await httpRequest(h.url + '/__harness/ui/app.js')
  assert.is(script.status, 200)
  assert.match(String(script.headers['content-type']), 'javascript')
  assert.match(script.text, 'Callwall harness')
})

test.run()
