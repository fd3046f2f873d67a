import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import { createRealtime, MAX_RETRIES, type SocketLike } from './realtime.ts'
import { createPushBus } from './push.ts'
import { decrypt, encrypt } from './protocol/cipher.ts'
import type { AppConfig } from './config.ts'
import type { Kernel } from './types.ts'
import { fakeTimers } from '../test/fake-timers.ts'
import { createSession } from './session.ts'
import { memoryStorage } from './storage.ts'
import { waitFor } from '../test/wait.ts'

const config: AppConfig = {
  apiBase: 'http://h',
  wsBase: 'ws://h/ws',
  cipherKey: 'k123456789abcdef',
  cipherIv: 'i123456789abcdef',
  subscriptionKey: 's',
  mode: 'harness',
}

// A WebSocket double: records what is sent; the test opens, closes and feeds it.
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = []
  readyState = 0
  sent: any[] = []
  closed = false
  onopen: ((ev: any) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null
  onclose: ((ev: any) => void) | null = null
  onerror: ((ev: any) => void) | null = null
  constructor(public url: string) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.closed = true
    this.readyState = 3
  }
  // test side
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  fail() {
    this.readyState = 3
    this.onerror?.({})
    this.onclose?.({ code: 1006 })
  }
  receive(data: unknown) {
    this.onmessage?.({ data })
  }
}
const last = () => FakeSocket.all[FakeSocket.all.length - 1]

function setup(token: string | null = 'tok-1') {
  FakeSocket.all = []
  const timers = fakeTimers()
  const tokenSig = signal<string | null>(token)
  const received: any[] = []
  const push = createPushBus({ kernel: () => ({}) as Kernel })
  push.on('host.status', (d) => received.push(d))
  let gaveUp = 0
  const rt = createRealtime({
    config,
    token: tokenSig,
    push,
    onGiveUp: () => gaveUp++,
    WebSocket: FakeSocket,
    timers,
    // synchronous crypto-js, so a test sees the socket at once (the default WebCrypto one is tested below)
    encryptToken: (t) => encrypt(t, { key: config.cipherKey, iv: config.cipherIv }),
  })
  return { rt, timers, tokenSig, received, gaveUp: () => gaveUp }
}

test('NET-05 by default the token is encrypted with WebCrypto: the same URL, once it is ready', async () => {
  FakeSocket.all = []
  const rt = createRealtime({ config, token: signal('secret token/+='), push: createPushBus({ kernel: () => ({}) as Kernel }), onGiveUp: () => {}, WebSocket: FakeSocket, timers: fakeTimers() })
  rt.connect()
  assert.is(rt.state.value, 'connecting')
  await waitFor(() => FakeSocket.all.length > 0)
  assert.is(FakeSocket.all.length, 1)
  const enc = new URL(last().url).searchParams.get('token')!
  assert.is(enc, encrypt('secret token/+=', { key: config.cipherKey, iv: config.cipherIv }))
  rt.dispose()
})

test('NET-05 app-config wsToken: encrypted (the default, above) or plain: the login token as it is, URL-escaped', async () => {
  FakeSocket.all = []
  const rt = createRealtime({ config: { ...config, wsToken: 'plain' }, token: signal('secret token/+='), push: createPushBus({ kernel: () => ({}) as Kernel }), onGiveUp: () => {}, WebSocket: FakeSocket, timers: fakeTimers() })
  rt.connect()
  await waitFor(() => FakeSocket.all.length > 0)
  assert.is(new URL(last().url).searchParams.get('token'), 'secret token/+=')
  assert.match(last().url, 'token=secret%20token%2F%2B%3D')
  rt.dispose()
})

test('NET-05 a token still being encrypted when the user logs out or disconnects opens nothing', async () => {
  FakeSocket.all = []
  const pending: Array<(v: string) => void> = []
  const token = signal<string | null>('tok-1')
  const rt = createRealtime({
    config,
    token,
    push: createPushBus({ kernel: () => ({}) as Kernel }),
    onGiveUp: () => {},
    WebSocket: FakeSocket,
    timers: fakeTimers(),
    encryptToken: () => new Promise<string>((r) => pending.push(r)),
  })
  rt.connect()
  token.value = 'tok-2' // re-open with the new token: the first attempt is stale
  pending[0]('enc-1')
  await Promise.resolve()
  assert.is(FakeSocket.all.length, 0, 'the stale token opens nothing')
  pending[1]('enc-2')
  await Promise.resolve()
  assert.is(FakeSocket.all.length, 1)
  assert.match(last().url, /token=enc-2$/)
  last().fail()
  rt.disconnect()
  assert.is(rt.state.value, 'idle')
  rt.connect()
  rt.disconnect()
  pending[2]('enc-3')
  await Promise.resolve()
  assert.is(FakeSocket.all.length, 1, 'disconnected while encrypting: nothing opens')
  rt.dispose()
})

test('NET-05 the URL carries the encrypted token, which decrypts back', () => {
  const { rt } = setup('secret token/+=')
  rt.connect()
  const url = new URL(last().url)
  assert.is(url.origin + url.pathname, 'ws://h/ws')
  const enc = url.searchParams.get('token')!
  assert.is.not(enc, 'secret token/+=')
  assert.is(decrypt(enc, { key: config.cipherKey, iv: config.cipherIv }), 'secret token/+=')
  // encodeURIComponent: base64's + / = never appear raw in the query
  assert.not.match(last().url.split('?token=')[1], /[+/=]/)
})

test('NET-05 guests do not connect', () => {
  const { rt } = setup(null)
  rt.connect()
  assert.is(FakeSocket.all.length, 0)
  assert.is(rt.state.value, 'idle')
})

test('NET-05 status 1 on open, then a heartbeat every 20 s with the channel id', () => {
  const { rt, timers } = setup()
  rt.connect()
  assert.is(rt.state.value, 'connecting')
  last().open()
  assert.is(rt.state.value, 'open')
  assert.equal(last().sent, [{ messageType: 2, onlineStatus: 1 }])
  timers.tick(19_999)
  assert.is(last().sent.length, 1)
  timers.tick(1)
  assert.equal(last().sent[1], { messageType: 3, channelId: '' })
  rt.setCallChannel('ch-9')
  timers.tick(20_000)
  timers.tick(20_000)
  const beats = last().sent.filter((f) => f.messageType === 3)
  assert.equal(beats, [
    { messageType: 3, channelId: '' },
    { messageType: 3, channelId: 'ch-9' },
    { messageType: 3, channelId: 'ch-9' },
  ])
})

test('NET-05 status 10000 while a call channel is set, 1 after it clears', () => {
  const { rt } = setup()
  rt.connect()
  last().open()
  rt.setCallChannel('ch-1')
  rt.setCallChannel(null)
  const statuses = last().sent.filter((f) => f.messageType === 2).map((f) => f.onlineStatus)
  assert.equal(statuses, [1, 10000, 1])
})

test('NET-05 a reconnect inside a call reports 10000 at once', () => {
  const { rt, timers } = setup()
  rt.connect()
  last().open()
  rt.setCallChannel('ch-2')
  last().fail()
  timers.tick(5000)
  last().open()
  assert.equal(last().sent[0], { messageType: 2, onlineStatus: 10000 })
})

test('NET-05 a lost connection is retried every 5 s and an open resets the count', () => {
  const { rt, timers } = setup()
  rt.connect()
  last().open()
  last().fail()
  assert.is(rt.state.value, 'retrying')
  assert.is(FakeSocket.all.length, 1)
  timers.tick(4999)
  assert.is(FakeSocket.all.length, 1)
  timers.tick(1)
  assert.is(FakeSocket.all.length, 2)
  // the heartbeat of the dead socket stopped
  assert.is(FakeSocket.all[0].sent.length, 1)
  for (let i = 0; i < MAX_RETRIES - 1; i++) {
    last().fail()
    timers.tick(5000)
  }
  last().open() // success on the 720th retry resets the count
  assert.is(rt.state.value, 'open')
  for (let i = 0; i < MAX_RETRIES; i++) {
    last().fail()
    timers.tick(5000)
  }
  assert.is(rt.state.value, 'retrying')
})

test('NET-05 gives up after 720 retries, calling onGiveUp exactly once', () => {
  const { rt, timers, gaveUp } = setup()
  rt.connect()
  last().fail() // the first attempt never opened
  for (let i = 0; i < MAX_RETRIES; i++) {
    timers.tick(5000)
    last().fail()
  }
  assert.is(FakeSocket.all.length, 1 + MAX_RETRIES)
  assert.is(rt.state.value, 'failed')
  assert.is(gaveUp(), 1)
  timers.tick(60_000)
  assert.is(FakeSocket.all.length, 1 + MAX_RETRIES)
  assert.is(gaveUp(), 1)
  assert.is(timers.pending(), 0)
})

test('NET-05 disconnect stops retrying and closes quietly', () => {
  const { rt, timers } = setup()
  rt.connect()
  last().open()
  rt.disconnect()
  assert.ok(last().closed)
  assert.is(rt.state.value, 'idle')
  timers.tick(60_000)
  assert.is(FakeSocket.all.length, 1)
  assert.is(timers.pending(), 0)
})

test('NET-05 logout closes, a new login reconnects with the new token', () => {
  const { rt, tokenSig } = setup()
  rt.connect()
  last().open()
  tokenSig.value = null
  assert.ok(last().closed)
  assert.is(rt.state.value, 'idle')
  tokenSig.value = 'tok-2'
  assert.is(FakeSocket.all.length, 2)
  const enc = new URL(last().url).searchParams.get('token')!
  assert.is(decrypt(enc, { key: config.cipherKey, iv: config.cipherIv }), 'tok-2')
})

test('NET-07 malformed frames are ignored and good ones still arrive', () => {
  const { rt, received } = setup()
  rt.connect()
  last().open()
  last().receive('not json')
  last().receive('{"msgId":1}')
  last().receive(new ArrayBuffer(4))
  last().receive(JSON.stringify({ msgId: 'a', pushType: 'host.status', data: [] }))
  last().receive(JSON.stringify({ msgId: 'b', pushType: 'host.status', data: { userId: 7 } }))
  assert.equal(received, [{ userId: 7 }])
  assert.is(rt.state.value, 'open')
})

test('NET-05 a user\'s socket opens only once the first screen is shown, with the call channel asked meanwhile', async () => {
  FakeSocket.all = []
  let paint!: () => void
  const painted = new Promise<void>((r) => (paint = r))
  const rt = createRealtime({ config, token: signal('tok'), push: createPushBus({ kernel: () => ({}) as Kernel }), onGiveUp: () => {}, WebSocket: FakeSocket, timers: fakeTimers(), encryptToken: (t) => `enc(${t})`, after: painted })
  rt.connect()
  rt.setCallChannel('ch1')
  await Promise.resolve()
  assert.is(FakeSocket.all.length, 0, 'nothing opens before the first screen')
  assert.is(rt.state.value, 'idle')
  paint()
  await waitFor(() => FakeSocket.all.length)
  last().open()
  assert.equal(last().sent[0], { messageType: 2, onlineStatus: 10000 }, 'in a call: status 10000')
  rt.dispose()
})

test('NET-05 a socket disposed before the first screen is shown opens nothing; a guest\'s opens at login', async () => {
  FakeSocket.all = []
  let paint!: () => void
  const painted = new Promise<void>((r) => (paint = r))
  const make = (token: string | null) => ({ token: signal<string | null>(token), rt: null as unknown as ReturnType<typeof createRealtime> })
  const gone = make('tok')
  const guest = make(null)
  for (const s of [gone, guest]) {
    s.rt = createRealtime({ config, token: s.token, push: createPushBus({ kernel: () => ({}) as Kernel }), onGiveUp: () => {}, WebSocket: FakeSocket, timers: fakeTimers(), encryptToken: (t) => `enc(${t})`, after: painted })
    s.rt.connect()
  }
  gone.rt.dispose()
  paint()
  await painted
  assert.is(FakeSocket.all.length, 0, 'the disposed one and the guest open nothing')
  guest.token.value = 'g1'
  assert.is(FakeSocket.all.length, 1, 'the login opens')
  assert.is(last().url, 'ws://h/ws?token=enc(g1)')
  guest.rt.dispose()
})

test('SHELL-09 a logout in another tab ends this tab\'s session; another login there switches it; other keys change nothing', () => {
  const storage = memoryStorage({ token: 't1' })
  const heard: Array<(e: StorageEvent) => void> = []
  const events = { addEventListener: (_: string, fn: (e: StorageEvent) => void) => heard.push(fn), removeEventListener: () => {} } as unknown as Window
  const tab = createSession({ storage, appId: 'a' })
  const rt = createRealtime({ config, token: tab.token, push: createPushBus({ kernel: () => ({}) as Kernel }), onGiveUp: () => {}, WebSocket: FakeSocket, timers: fakeTimers(), follow: { storage, events, session: tab } })
  const tell = (key: string | null, newValue: string | null) => heard.forEach((fn) => fn({ key, newValue, storageArea: storage } as StorageEvent))
  tell('appId', 'x')
  assert.is(tab.token.value, 't1', 'another key')
  storage.removeItem('token')
  tell('token', null)
  assert.equal([tab.token.value, tab.loggedIn.value], [null, false])
  storage.setItem('token', 't2')
  tell('token', 't2')
  assert.is(tab.token.value, 't2')
  tell(null, null)
  assert.is(tab.token.value, null, 'storage cleared')
  rt.dispose()
})

test('SHELL-09 a guest\'s tab follows other tabs only from its own first token (a guest has no session to follow)', () => {
  const storage = memoryStorage({})
  const heard: Array<(e: StorageEvent) => void> = []
  const events = { addEventListener: (_: string, fn: (e: StorageEvent) => void) => heard.push(fn), removeEventListener: () => {} } as unknown as Window
  const tab = createSession({ storage, appId: 'a' })
  const rt = createRealtime({ config, token: tab.token, push: createPushBus({ kernel: () => ({}) as Kernel }), onGiveUp: () => {}, WebSocket: FakeSocket, timers: fakeTimers(), follow: { storage, events, session: tab } })
  assert.is(heard.length, 0, 'a guest listens to no other tab')
  tab.login({ token: 'mine' })
  assert.is(heard.length, 1, 'its first token starts the following')
  storage.removeItem('token')
  heard.forEach((fn) => fn({ key: 'token', newValue: null, storageArea: storage } as StorageEvent))
  assert.is(tab.token.value, null, 'another tab\'s logout ends this session')
  rt.dispose()
})

test.run()
