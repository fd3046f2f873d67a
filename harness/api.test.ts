import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { decrypt, encrypt } from '../kernel/protocol/cipher.ts'
import { Code, Header } from '../kernel/protocol/envelope.ts'
import { fixture } from './seed.ts'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from './testing.ts'
import { signal } from '@preact/signals-react'
import { ApiError, createApiClient, isInsufficient, type Http } from '../kernel/api.ts'
import { createEvents } from '../kernel/events.ts'
import type { AppConfig } from '../kernel/config.ts'
import type { NativeBridge } from '../kernel/bridge.ts'
import type { Session } from '../kernel/session.ts'

let h: TestHarness
const cfg = fixture('harness-config.json')
test.before(async () => {
  h = await startTestHarness()
})
test.after(async () => {
  await h.close()
})

const raw = async (body: string) => {
  const res = await httpRequest(h.url + '/api/index/indexTag', 'POST', body, { 'content-type': 'application/json', [Header.subscription]: cfg.subscriptionKey })
  return { json: async () => JSON.parse(res.text) }
}

test('HAR-01 an encrypted request round-trips through real HTTP into an encrypted envelope', async () => {
  const r = await h.api('/api/user/getUserInfo', {}, { token: TEST_TOKEN })
  assert.is(r.status, 200)
  assert.is(r.body.code, Code.ok)
  assert.type(r.body.data, 'string')
  assert.not.match(r.body.data!, /Test Viewer/) // ciphertext, not plain JSON
  assert.is(r.data.userId, 100001)
  assert.is(r.data.nickname, 'Test Viewer')
})

/** the app's own API client, over real HTTP, with the app-config's wire switches */
function appClient(switches: Partial<AppConfig>) {
  const config = { apiBase: h.url, wsBase: '', cipherKey: cfg.cipherKey, cipherIv: cfg.cipherIv, subscriptionKey: cfg.subscriptionKey, mode: 'harness', ...switches } as AppConfig
  const session = { token: signal<string | null>(TEST_TOKEN), appId: signal('callwall'), logout: () => undefined } as unknown as Session
  const toasts: string[] = []
  const wire: Array<{ sent: unknown; answered: any }> = []
  // over node's http (the test setup's fetch is the page double's)
  const http: Http = {
    async post(url, body, { headers }) {
      const res = await httpRequest(url, 'POST', JSON.stringify(body), { 'content-type': 'application/json', ...headers })
      if (res.status < 200 || res.status > 299) throw { status: res.status }
      const data = JSON.parse(res.text)
      wire.push({ sent: (body as { data: unknown }).data, answered: JSON.parse(res.text) })
      return { status: res.status, data }
    },
  } as Http
  const api = createApiClient({ config, session, lang: () => 'en', events: createEvents(), bridge: {} as NativeBridge, toast: (text) => toasts.push(text), t: (k) => k, cipher: { encrypt, decrypt }, http })
  return { api, toasts, wire }
}

for (const wireData of ['whole', 'fields'] as const) {
  for (const numericCodes of [false, true]) {
    test(`NET-01 HAR-01 wire switches: data sealed ${wireData}, codes ${numericCodes ? 'as numbers' : 'as strings'}: the app's client and the harness understand each other, and a refusal is the server's, never a network failure`, async () => {
      h.settings.patch({ wireData, numericCodes })
      try {
        const { api, toasts, wire } = appClient({ wireData })
        const me = await api.post<{ userId: number; nickname: string }>('/api/user/getUserInfo', { userId: 100001 })
        assert.equal([me.userId, me.nickname], [100001, 'Test Viewer'])
        // what went over the wire: the payload and the result sealed as the switch says, the code as the server sends it
        const [{ sent, answered }] = wire
        assert.is(typeof sent, wireData === 'fields' ? 'object' : 'string', JSON.stringify(sent))
        if (wireData === 'fields') assert.equal(decrypt((sent as Record<string, string>).userId, { key: cfg.cipherKey, iv: cfg.cipherIv }), 100001)
        assert.is(typeof answered.data, wireData === 'fields' ? 'object' : 'string')
        assert.is(answered.code, numericCodes ? 0 : '0000')
        // a payload the harness must read: the live list's page size comes back as asked
        const tags = await api.post<unknown[]>('/api/index/indexTag', { lang: 'en' })
        assert.ok(Array.isArray(tags) && tags.length > 0, JSON.stringify(tags).slice(0, 80))
        h.settings.patch({ faults: { '/api/index/indexTag': { fail: 1, code: '1080' } } })
        const err = (await api.post('/api/index/indexTag', {}).catch((e) => e)) as ApiError
        assert.instance(err, ApiError)
        assert.ok(isInsufficient(err), `${err.kind} ${err.code}`)
        h.settings.patch({ faults: { '/api/index/indexTag': { fail: 1, code: '5000', msg: 'refused' } } })
        const refused = (await api.post('/api/index/indexTag', {}).catch((e) => e)) as ApiError
        assert.equal([refused.kind, refused.code], ['code', '5000'])
        assert.equal(toasts, ['refused'], 'the server\'s words, not the network text')
      } finally {
        h.settings.reset()
      }
    })
  }
}

test('HAR-01 an unknown path answers 4004 naming the path', async () => {
  const r = await h.api('/api/no/such/thing')
  assert.is(r.status, 200)
  assert.is(r.body.code, Code.unknownPath)
  assert.match(r.body.msg, '/api/no/such/thing')
  assert.is(r.body.data, null)
})

test('HAR-01 a body that is not JSON, not ciphertext or the wrong key answers 4000 with a clear msg', async () => {
  let res = await raw('not json')
  let body = await res.json()
  assert.is(body.code, Code.badRequest)
  assert.match(body.msg, 'not JSON')
  res = await raw(JSON.stringify({ data: 'bm90IG91ciBjaXBoZXJ0ZXh0' }))
  body = await res.json()
  assert.is(body.code, Code.badRequest)
  assert.match(body.msg, 'cannot be decrypted')
  res = await raw(JSON.stringify({ data: encrypt({ a: 1 }, { key: 'AAAAAAAAAAAAAAAA', iv: 'BBBBBBBBBBBBBBBB' }) }))
  body = await res.json()
  assert.is(body.code, Code.badRequest)
  res = await raw(JSON.stringify({ data: 42 }))
  body = await res.json()
  assert.is(body.code, Code.badRequest)
  assert.match(body.msg, 'ciphertext string')
})

test('NET-01 a request without the subscription key is refused with HTTP 401', async () => {
  const res = await httpRequest(h.url + '/api/index/indexTag', 'POST', '{}')
  assert.is(res.status, 401)
  assert.match(JSON.parse(res.text).msg, Header.subscription)
})

test('HAR-01 a path that needs login answers 4010 without a known token', async () => {
  assert.is((await h.api('/api/user/getUserInfo')).body.code, Code.needLogin)
  assert.is((await h.api('/api/user/getUserInfo', {}, { token: 'stale' })).body.code, Code.needLogin)
})

test('HAR-01 faults: a path fails n times with a code, then answers again', async () => {
  h.settings.patch({ faults: { '/api/index/v2/getBaseConfigForIntoBag': { fail: 3, code: '5000', msg: 'config down' } } })
  for (let i = 0; i < 3; i++) {
    const r = await h.api('/api/index/v2/getBaseConfigForIntoBag', { searchValue: 'callwall' })
    assert.is(r.body.code, '5000')
    assert.is(r.body.msg, 'config down')
  }
  assert.is((await h.api('/api/index/v2/getBaseConfigForIntoBag', { searchValue: 'callwall' })).body.code, Code.ok)
  assert.equal(h.settings.get().faults, {})
})

test('HAR-01 faults: an HTTP status and a slow answer', async () => {
  h.settings.patch({ faults: { '/api/index/indexTag': { fail: 1, httpStatus: 500 }, '/api/anchor/v4/anchorList': { fail: 1, delayMs: 30 } } })
  const r = await h.api('/api/index/indexTag')
  assert.is(r.status, 500)
  const slow = await h.api('/api/anchor/v4/anchorList', { currentPage: 1, pageSize: 2 })
  assert.is(slow.body.code, Code.ok) // a delay alone still answers correctly
  assert.is(slow.data.list.length, 2)
})

test.run()
