// The control API's perimeter: every spelling of a /__harness path meets the guard, a Host that is
// not the harness's own is refused (DNS rebinding), and the raw state router is off unless asked for.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { request } from 'node:http'
import { startTestHarness, type TestHarness } from './testing.ts'
import { canonicalPath } from './guard.ts'

let h: TestHarness
let port = 0
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell'] })
  port = Number(new URL(h.url).port)
})
test.after(() => h.close())

/** a request with the path sent exactly as written (a URL object would normalise dot segments) */
function raw(path: string, opts: { method?: string; host?: string; origin?: string; body?: string; to?: number } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: opts.host ?? `127.0.0.1:${opts.to ?? port}`, 'content-type': 'application/json' }
    if (opts.origin) headers.origin = opts.origin
    const req = request({ host: '127.0.0.1', port: opts.to ?? port, path, method: opts.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}

const SPELLINGS = [
  '/__harness/db/users',
  '/__HARNESS/db/users',
  '/__Harness/DB/users',
  '/__harness%2Fdb/users',
  '/__harness%252Fdb/users',
  '/%5F%5Fharness/db/users',
  '//__harness/db/users',
  '/__harness//db/users',
  '/__harness./db/users',
  '/__harness/db./users',
  '/__harness\\db/users',
  '/__harness/avatar/..%2Fdb/users',
  '/__harness/avatar/../db/users',
  '/x/../__HARNESS/db/users',
  '/__HARNESS/users',
  '/__HARNESS/settings',
]

test('HAR-01 perimeter: every spelling of a control path is guarded (case, escapes, double slashes, trailing dots)', async () => {
  const seen = (await raw('/__HARNESS/db/users')).text
  assert.match(seen, 'test-token-100001', 'from this machine the upper-case spelling reaches the state (the code ran)')
  for (const path of SPELLINGS) {
    for (const who of [{ origin: 'https://evil.example' }, { host: 'rebind.evil.example' }]) {
      const r = await raw(path, who)
      assert.is(r.status, 403, `${path} ${JSON.stringify(who)} answered ${r.status}: ${r.text.slice(0, 120)}`)
      assert.not.match(r.text, 'test-token', path)
    }
  }
  const forged = await raw('/__HARNESS/db/ledger', { method: 'POST', origin: 'https://evil.example', body: JSON.stringify({ userId: 100001, delta: 1_000_000 }) })
  assert.is(forged.status, 403)
  const settings = await raw('/__HARNESS/settings', { method: 'POST', host: 'rebind.evil.example', body: '{"latencyMs":9999}' })
  assert.is(settings.status, 403)
  assert.is(h.settings.get().latencyMs, 0)
  assert.is(canonicalPath('/%5F%5FHARNESS%252fDB./users'), '/__harness/db/users')
})

test('HAR-01 perimeter: a Host that is not the harness\'s own is refused (DNS rebinding), an open team server included', async () => {
  for (const host of ['rebind.evil.example', `rebind.evil.example:${port}`, `localhost.evil.example:${port}`, '127.0.0.1.nip.io']) {
    assert.is((await raw('/__harness/users', { host })).status, 403, host)
  }
  assert.is((await raw('/__harness/users', { host: `localhost:${port}` })).status, 200, 'its own loopback name')
  assert.is((await raw('/__harness/users', { host: `LOCALHOST.:${port}` })).status, 200, 'the same name spelled otherwise')
  const open = await startTestHarness({ plugins: ['shell'], openControl: true, hostNames: ['harness.team.lan'] })
  try {
    const to = Number(new URL(open.url).port)
    assert.is((await raw('/__harness/users', { to, host: 'harness.team.lan' })).status, 200, 'a name it was given')
    assert.is((await raw('/__harness/users', { to, host: `192.168.1.20:${to}` })).status, 200, 'an address')
    const rebound = await raw('/__HARNESS/users', { to, host: `rebind.evil.example:${to}` })
    assert.is(rebound.status, 403)
    assert.match(rebound.text, 'HARNESS_HOSTS')
  } finally {
    await open.close()
  }
})

test('HAR-01 perimeter: the raw state router is off unless rawState (HARNESS_RAW_STATE=1) turns it on', async () => {
  const off = await startTestHarness({ plugins: ['shell'], rawState: false })
  try {
    const to = Number(new URL(off.url).port)
    assert.is((await raw('/__harness/users', { to })).status, 200, 'the control API answers (the code ran)')
    for (const path of ['/__harness/db/users', '/__HARNESS/DB/users', '/__harness/db']) {
      const r = await raw(path, { to })
      assert.is(r.status, 404, path)
      assert.match(r.text, 'HARNESS_RAW_STATE')
      assert.not.match(r.text, 'test-token')
    }
    const write = await raw('/__harness/db/users/100001', { to, method: 'PATCH', body: '{"diamondNum":999999}' })
    assert.is(write.status, 404)
    assert.is(off.ctx.userById(100001)!.diamondNum, 5000)
    const records = await raw('/__harness/users/records', { to })
    assert.is(records.status, 200, 'the control page reads the accounts through its own entry')
    assert.not.match(records.text, 'password123')
  } finally {
    await off.close()
  }
})

test.run()
