import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import harness from '../fixtures/harness-config.json'
import en from '../locales/en/kernel.json'
import { fakeTimers } from '../test/fake-timers.ts'
import { waitFor } from '../test/wait.ts'
import { hostile, rng } from '../test/fuzz.ts'
import { ApiError, createApiClient, isInsufficient, wireHeaders, type Cipher, type Http } from './api.ts'
import { EARLY_TTL_MS, sendEarly } from './early.ts'
import { createEvents } from './events.ts'
import { decrypt, encrypt } from './protocol/cipher.ts'
import { Header } from './protocol/envelope.ts'
import type { AppConfig } from './config.ts'
import type { Session } from './session.ts'
import type { NativeBridge } from './bridge.ts'

const keys = { key: harness.cipherKey, iv: harness.cipherIv }
const config: AppConfig = {
  apiBase: 'http://api.test/',
  wsBase: 'ws://api.test/ws',
  cipherKey: harness.cipherKey,
  cipherIv: harness.cipherIv,
  subscriptionKey: harness.subscriptionKey,
  mode: 'harness',
}

interface Sent {
  url: string
  body: { data: string }
  headers: Record<string, string>
  signal?: AbortSignal
}

/** answer: what the fake server does with one request */
type Answer = (req: Sent) => Promise<{ status: number; data: unknown }>
const ok = (result: unknown, code = '0000', msg = 'success'): Answer => async () => ({
  status: 200,
  data: { code, msg, data: result === null ? null : encrypt(result, keys) },
})
const code = (c: string, msg = ''): Answer => async () => ({ status: 200, data: { code: c, msg, data: null } })
const http = (status: number): Answer => () => Promise.reject({ status, data: 'x' })

function setup(answer: Answer, o: { token?: string | null; locale?: 'en' | 'ar'; cipher?: Cipher } = {}) {
  const sent: Sent[] = []
  const toasts: Array<[string, unknown]> = []
  const emitted: Array<[string, unknown]> = []
  const bridgeCalls: string[] = []
  const timers = fakeTimers()
  const events = createEvents()
  events.on('insufficient-balance', (e) => emitted.push(['insufficient-balance', e]))
  const fake: Http = {
    post: ((url: string, body: any, cfg: any) => {
      const req = { url, body, headers: cfg.headers, signal: cfg.signal }
      sent.push(req)
      return answer(req)
    }) as any,
  }
  const token = signal(o.token === undefined ? 'tok-1' : o.token)
  const logouts: string[] = []
  const session = { token, appId: signal('app-9'), logout: () => void (logouts.push(String(token.peek())), (token.value = null)) } as unknown as Session
  const bridge = { closeWebview: () => bridgeCalls.push('close') } as unknown as NativeBridge
  const api = createApiClient({
    config,
    session,
    lang: () => o.locale ?? 'en',
    events,
    bridge,
    toast: (text, opt) => toasts.push([text, opt?.type]),
    t: (key) => (en as Record<string, string>)[key.replace('kernel.', '')] ?? key,
    http: fake,
    timers,
    cipher: o.cipher,
  })
  return { api, sent, toasts, emitted, bridgeCalls, timers, token, logouts }
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p
  } catch (e) {
    assert.instance(e, ApiError)
    return e as ApiError
  }
  throw new Error('expected a rejection')
}

test('NET-01 POST to the API base with the encrypted payload and the four headers', async () => {
  const { api, sent } = setup(ok({ list: [1, 2] }), { locale: 'ar' })
  const result = await api.post('/api/user/getUserInfo', { userId: 7 })
  assert.equal(result, { list: [1, 2] })
  assert.is(sent.length, 1)
  assert.is(sent[0].url, 'http://api.test/api/user/getUserInfo')
  assert.equal(decrypt(sent[0].body.data, keys), { userId: 7 })
  assert.equal(sent[0].headers, {
    loginToken: 'tok-1',
    appid: 'app-9',
    'Accept-Language': 'ar',
    'Ocp-Apim-Subscription-Key': harness.subscriptionKey,
  })
})

test('NET-01 a guest sends an empty loginToken and an empty object when there is no payload', async () => {
  const { api, sent } = setup(ok(null), { token: null })
  assert.is(await api.post('/api/index/getCountryList'), null)
  assert.is(sent[0].headers.loginToken, '')
  assert.equal(decrypt(sent[0].body.data, keys), {})
})

test('NET-01 encryption round trip with the harness key: the result field is decrypted', async () => {
  const payload = { text: 'مرحبا', n: 1.5, nested: { a: [true, null] } }
  const { api } = setup(async (req) => ({ status: 200, data: { code: '0000', msg: '', data: encrypt(decrypt(req.body.data, keys), keys) } }))
  assert.equal(await api.post('/echo', payload), payload)
})

test('NET-01 a numeric code reads as the same answer as its string, never as a network failure', async () => {
  const numeric = (c: number, result: unknown = null): Answer => async () => ({ status: 200, data: { code: c, msg: '', data: result === null ? null : encrypt(result, keys) } })
  assert.equal(await setup(numeric(0, { a: 1 })).api.post('/x', {}), { a: 1 }, '0 is success')
  const poor = await rejection(setup(numeric(1080)).api.post('/x', {}))
  assert.equal([poor.kind, poor.code], ['code', '1080'], 'a business code, not a network failure')
  const refused = await rejection(setup(numeric(5000)).api.post('/x', {}))
  assert.is.not(refused.kind, 'network')
})

test('NET-01 time-out after 30 s by default: kind timeout, the fetch is aborted, network text toasted', async () => {
  const { api, toasts, timers, sent } = setup(() => new Promise(() => {}))
  const p = rejection(api.post('/slow'))
  // the payload is encrypted (WebCrypto, asynchronous) before it is sent
  await waitFor(() => sent.length)
  assert.is(sent.length, 1)
  timers.tick(29_999)
  assert.is(timers.pending(), 1, 'the time-out is still waiting')
  assert.is(toasts.length, 0)
  timers.tick(1)
  const err = await p
  assert.is(err.kind, 'timeout')
  assert.is(err.message, 'Network Connection Failure')
  assert.is(sent[0].signal?.aborted, true)
  assert.equal(toasts, [['Network Connection Failure', 'warning']])
})

test('NET-01 host and live lists pass a 6 s time-out; a silent call does not toast it', async () => {
  const { api, toasts, timers } = setup(() => new Promise(() => {}))
  const p = rejection(api.post('/api/anchor/list', {}, { timeout: 6_000, silent: true }))
  timers.tick(6_000)
  assert.is((await p).kind, 'timeout')
  assert.is(toasts.length, 0)
})

test('NET-01 the time-out counts from the call: a request still being encrypted is never sent', async () => {
  // crypto-js seals in the same number of steps every time, so requests are sealed in the order they were made
  const { api, timers, sent } = setup(ok({ a: 1 }), { cipher: { encrypt, decrypt } })
  const p = rejection(api.post('/slow-to-seal', {}, { timeout: 5 }))
  timers.tick(5)
  assert.is((await p).kind, 'timeout')
  // the positive sign: a later request is sealed and sent, so the first one's sealing has finished
  assert.equal(await api.post('/after'), { a: 1 })
  assert.equal(sent.map((s) => s.url), ['http://api.test/after'])
})

test('NET-01 a payload that cannot be encrypted rejects with its own error, not a network toast', async () => {
  const { api, toasts, sent } = setup(ok({ a: 1 }))
  const cyclic: Record<string, unknown> = {}
  cyclic.self = cyclic
  await api.post('/x', cyclic).then(
    () => assert.unreachable(),
    (err: Error) => assert.instance(err, TypeError),
  )
  assert.is(sent.length, 0)
  assert.is(toasts.length, 0)
})

test('NET-01 an answer before the time-out clears the timer', async () => {
  const { api, timers } = setup(ok({ a: 1 }))
  await api.post('/fast')
  assert.is(timers.pending(), 0)
})

test('NET-02 code 1080 emits insufficient-balance and rejects with the flag, no toast', async () => {
  const { api, toasts, emitted } = setup(code('1080', 'whatever'))
  const err = await rejection(api.post('/api/call/record/v2/createCall'))
  assert.is(err.kind, 'code')
  assert.is(err.code, '1080')
  assert.ok(isInsufficient(err))
  assert.is(err.message, 'Insufficient balance')
  assert.equal(emitted, [['insufficient-balance', { path: '/api/call/record/v2/createCall' }]])
  assert.is(toasts.length, 0)
})

test('NET-02 msg diamond.not.enough with another code means the same', async () => {
  const { api, emitted } = setup(code('5000', 'diamond.not.enough'))
  const err = await rejection(api.post('/gift'))
  assert.ok(isInsufficient(err))
  assert.is(emitted.length, 1)
})

test('NET-02 a caller that handles insufficient balance itself gets it as a value', async () => {
  const { api, emitted } = setup(code('1080', 'diamond.not.enough'))
  assert.equal(await api.post('/gift', {}, { passCodes: ['1080'] }), { passedCode: '1080', msg: 'diamond.not.enough' })
  assert.is(emitted.length, 0)
})

test('NET-02 code 1004 toasts the update text and closes the webview after 2 s', async () => {
  const { api, toasts, bridgeCalls, timers } = setup(code('1004', 'old'))
  const err = await rejection(api.post('/x', {}, { silent: true }))
  assert.is(err.code, '1004')
  assert.equal(toasts, [["Oops! We've updated something new. Re-enter and try our new feature!", 'warning']])
  timers.tick(1_999)
  assert.equal(bridgeCalls, [])
  timers.tick(1)
  assert.equal(bridgeCalls, ['close'])
})

test('NET-02 msg no.match.user is rejected without a toast', async () => {
  const { api, toasts } = setup(code('5000', 'no.match.user'))
  const err = await rejection(api.post('/api/match'))
  assert.is(err.message, 'no.match.user')
  assert.is(err.kind, 'code')
  assert.is(toasts.length, 0)
})

test('NET-02 code 1111 in passCodes comes back as a value', async () => {
  const { api, toasts } = setup(code('1111', 'invalid invitation code'))
  assert.equal(await api.post('/api/invite', { code: 'X' }, { passCodes: ['1111'] }), {
    passedCode: '1111',
    msg: 'invalid invitation code',
  })
  assert.is(toasts.length, 0)
})

test('NET-02 other codes toast the server message as a warning, unless silent', async () => {
  const a = setup(code('5000', 'Host is offline'))
  const err = await rejection(a.api.post('/x'))
  assert.is(err.message, 'Host is offline')
  assert.is(err.code, '5000')
  assert.equal(a.toasts, [['Host is offline', 'warning']])

  const b = setup(code('1111', 'bad code'))
  await rejection(b.api.post('/x', {}, { silent: true }))
  assert.is(b.toasts.length, 0)
})

test('NET-02 a 0000 answer whose data cannot be decrypted rejects with kind decrypt', async () => {
  const { api } = setup(async () => ({ status: 200, data: { code: '0000', msg: '', data: 'not-our-cipher' } }))
  assert.is((await rejection(api.post('/x'))).kind, 'decrypt')
})

test('NET-02 a 200 that is not an envelope (an HTML page) is a network failure', async () => {
  const { api, toasts } = setup(async () => ({ status: 200, data: '<html>' }))
  const err = await rejection(api.post('/x'))
  assert.is(err.kind, 'network')
  assert.equal(toasts, [['Network Connection Failure', 'warning']])
})

for (const [status, text] of [
  [401, 'Token invalid, please log in again'],
  [403, 'No Access'],
  [404, 'Request Address Error'],
  [500, 'Server Failure'],
  [502, 'Network Connection Failure'],
] as const) {
  test(`NET-03 HTTP ${status} rejects and toasts '${text}'`, async () => {
    const { api, toasts, emitted } = setup(http(status))
    const err = await rejection(api.post('/api/x'))
    assert.is(err.kind, 'http')
    assert.is(err.status, status)
    assert.is(err.message, text)
    assert.equal(toasts, [[text, 'warning']])
    assert.equal(emitted, [])
  })
}

test('NET-03 a dead token (HTTP 401 or code 4010) ends the session once, with one message; requests in flight say nothing of their own', async () => {
  let release: () => void = () => {}
  const gate = new Promise<void>((r) => (release = r))
  // the first two die with the token; the third, sent under it too, fails later with a server error
  const answers: Record<string, Answer> = { a: http(401), b: code('4010', 'login required'), c: async () => (await gate, Promise.reject({ status: 500, data: 'x' })) }
  const a = setup((req) => answers[req.url.slice(-1)](req))
  const inFlight = rejection(a.api.post('/api/c'))
  const ends = await Promise.all([rejection(a.api.post('/api/a')), rejection(a.api.post('/api/b'))])
  assert.equal(ends.map((e) => [e.kind, e.message]), [['http', 'Token invalid, please log in again'], ['code', 'Token invalid, please log in again']])
  release()
  assert.is((await inFlight).status, 500)
  assert.equal(a.logouts, ['tok-1'], 'the session ended once')
  assert.equal(a.toasts, [['Token invalid, please log in again', 'warning']], 'one message in all')
  assert.is(a.token.peek(), null)
  // a silent request still ends a dead session (and the message is still said, once)
  const b = setup(code('4010'))
  await rejection(b.api.post('/x', {}, { silent: true }))
  assert.equal([b.logouts, b.toasts.length], [['tok-1'], 1])
  // a guest's request that needs login is no dead token: nothing to end, the server's words are toasted
  const c = setup(code('4010', 'login required'), { token: null })
  await rejection(c.api.post('/x'))
  assert.equal([c.logouts, c.toasts], [[], [['login required', 'warning']]])
  // after a new login, a late failure of the old session's request is silent, the new session stays
  const d = setup(http(401))
  const late = d.api.post('/x')
  d.token.value = 'tok-2'
  await rejection(late)
  assert.equal([d.logouts, d.toasts, d.token.peek()], [[], [], 'tok-2'])
})

test('NET-03 no response at all is a network failure; silent suppresses the toast', async () => {
  const a = setup(() => Promise.reject(new TypeError('Failed to fetch')))
  const err = await rejection(a.api.post('/x'))
  assert.is(err.kind, 'network')
  assert.is(err.status, undefined)
  assert.is(err.message, 'Network Connection Failure')
  assert.is(a.toasts.length, 1)

  const b = setup(http(500))
  await rejection(b.api.post('/x', {}, { silent: true }))
  assert.is(b.toasts.length, 0)
})

test('NET-03 Arabic texts exist for every error the client shows', async () => {
  const ar = (await import('../locales/ar/kernel.json')).default as Record<string, string>
  for (const key of ['unauthorized', 'noAccess', 'badAddress', 'serverFailure', 'network', 'updated', 'insufficient', 'wsFailed']) {
    assert.ok(ar[key] && ar[key] !== (en as Record<string, string>)[key], key)
  }
})

test('NET-01 over the real fetch: JSON body and headers, abort signal handed to fetch, non-2xx status and non-JSON answers mapped', async () => {
  const realFetch = globalThis.fetch
  const calls: Array<{ url: string; init: RequestInit }> = []
  let status = 200
  let text: string | null = null
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const body = { code: '0000', msg: '', data: encrypt({ ok: true }, keys) }
    return new Response(text ?? JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  try {
    const api = createApiClient({
      config,
      session: { token: signal('t'), appId: signal('a') } as unknown as Session,
      lang: () => 'en',
      events: createEvents(),
      bridge: {} as NativeBridge,
      toast: () => {},
      t: (k) => k,
    })
    assert.equal(await api.post('/p', { x: 1 }), { ok: true })
    assert.is(calls[0].url, 'http://api.test/p')
    assert.is(calls[0].init.method, 'POST')
    const headers = calls[0].init.headers as Record<string, string>
    assert.is(headers['content-type'], 'application/json')
    assert.is(headers[Header.token], 't')
    assert.ok(calls[0].init.signal instanceof AbortSignal)
    assert.equal(decrypt(JSON.parse(String(calls[0].init.body)).data, keys), { x: 1 })
    status = 404
    const err = await rejection(api.post('/p', {}, { silent: true }))
    assert.is(err.kind, 'http')
    assert.is(err.status, 404)
    assert.is(err.message, 'kernel.badAddress')
    // a proxy's HTML page with a 200: nothing the app can read
    status = 200
    text = '<html>gateway</html>'
    const html = await rejection(api.post('/p', {}, { silent: true }))
    assert.is(html.kind, 'network')
    assert.is(html.message, 'kernel.network')
  } finally {
    globalThis.fetch = realFetch
  }
})

test('NET-01 an answer the page\'s first script got for this very request is taken once, not asked again; any other request, or one kept too long, is sent', async () => {
  const { api, sent } = setup(ok('asked now'))
  const url = 'http://api.test/api/index/indexTag'
  const headers = (token: string) => wireHeaders(token, 'app-9', 'en', harness.subscriptionKey)
  const early = async () => ({ status: 200, data: { code: '0000', msg: '', data: encrypt('asked early', keys) } })
  try {
    const followed: string[] = []
    sendEarly(url, headers('tok-1'), {}, early, () => void followed.push('next ran'))
    assert.is(await api.post('/api/index/indexTag', {}), 'asked early')
    assert.equal(followed, ['next ran'], 'what follows from the answer ran before the client got it')
    assert.is(sent.length, 0, 'not asked again')
    assert.is(await api.post('/api/index/indexTag', {}), 'asked now', 'taken once: the next call asks')
    // a guess that differs (another token, another payload) is not taken
    sendEarly(url, headers(''), {}, early)
    sendEarly(url, headers('tok-1'), { tagId: 1 }, early)
    assert.is(await api.post('/api/index/indexTag', {}), 'asked now')
    assert.is(sent.length, 2)
    // an answer kept too long is not taken
    sendEarly(url, headers('tok-1'), {}, early)
    for (const kept of Object.values(window.__EARLY__!)) kept.at -= EARLY_TTL_MS
    assert.is(await api.post('/api/index/indexTag', {}), 'asked now')
    assert.is(sent.length, 3)
    // an early failure goes through the same error catalogue
    sendEarly(url, headers('tok-1'), {}, () => Promise.reject({ status: 500, data: 'x' }))
    const err = await rejection(api.post('/api/index/indexTag', {}))
    assert.equal([err.kind, err.status, sent.length], ['http', 500, 3])
    // a fresh request (a forced reload) never takes it
    sendEarly(url, headers('tok-1'), {}, early)
    assert.is(await api.post('/api/index/indexTag', {}, { fresh: true }), 'asked now')
    assert.is(sent.length, 4)
  } finally {
    delete window.__EARLY__
  }
})

test('hostile answers: 1,200 garbled envelopes and HTTP answers: every call settles, with a result or an ApiError; toasts are text', async () => {
  const r = rng(Number(process.env.FUZZ_SEED) || 1717)
  const garbage = () => {
    switch (r.int(8)) {
      case 0:
        return { status: 200, data: hostile(r) }
      case 1:
        return { status: 200, data: { code: hostile(r), msg: hostile(r), data: hostile(r) } }
      case 2:
        return { status: 200, data: { code: '0000', msg: 'success', data: encrypt(hostile(r), keys) } }
      case 3:
        return { status: 200, data: { code: r.pick(['0000', '1080', '1111', '5000', '4010', 'diamond.not.enough']), msg: hostile(r), data: r.pick(['not base64!', 'AAAA', '', 42, null]) } }
      case 4:
        return { status: 200, data: JSON.parse('{"__proto__":{"polluted":1},"code":"0000","data":null}') }
      case 5:
        return Promise.reject({ status: r.pick([0, 301, 401, 403, 404, 413, 500, 502, 999]), data: hostile(r) })
      case 6:
        return Promise.reject(hostile(r))
      default:
        return { status: r.pick([200, 204, 500]), data: r.pick(['<html>502 Bad Gateway</html>', '', 'null']) }
    }
  }
  const { api, toasts } = setup(async () => garbage())
  const outcomes = { resolved: 0, rejected: 0 }
  for (let i = 0; i < 1200; i++) {
    await api.post('/api/x', { i }).then(
      () => outcomes.resolved++,
      (e) => {
        assert.instance(e, ApiError)
        outcomes.rejected++
      },
    )
  }
  assert.is(outcomes.resolved + outcomes.rejected, 1200)
  for (const [text] of toasts) assert.ok(typeof text === 'string' && text !== '[object Object]', String(text).slice(0, 80))
  assert.is(({} as Record<string, unknown>).polluted, undefined)
  console.log(`  envelopes: 1200 tried, ${outcomes.resolved} answered, ${outcomes.rejected} refused with an ApiError, ${toasts.length} toasts`)
})

test.run()
