import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createNimIm, nimFromModule, type NimInstance, type NimMessage } from './nim.ts'
import { connectIm } from './login.ts'
import type { ImMessage } from './types.ts'
import { fakeTimers } from '../../test/fake-timers.ts'
import { settle, waitFor } from '../../test/wait.ts'

// Runtime constants as the SDK ships them (the typings' const enums do not exist at run time).
const V2NIMConst = {
  V2NIMLoginStatus: { V2NIM_LOGIN_STATUS_LOGOUT: 0, V2NIM_LOGIN_STATUS_LOGINED: 1, V2NIM_LOGIN_STATUS_LOGINING: 2 },
  V2NIMQueryDirection: { V2NIM_QUERY_DIRECTION_DESC: 0, V2NIM_QUERY_DIRECTION_ASC: 1 },
}

class Service {
  handlers = new Map<string, Array<(...a: any[]) => void>>()
  on(ev: string, fn: (...a: any[]) => void) {
    this.handlers.set(ev, [...(this.handlers.get(ev) ?? []), fn])
  }
  off(ev: string, fn: (...a: any[]) => void) {
    this.handlers.set(ev, (this.handlers.get(ev) ?? []).filter((f) => f !== fn))
  }
  get listening() {
    return [...this.handlers.values()].reduce((n, l) => n + l.length, 0)
  }
  fire(ev: string, ...args: any[]) {
    for (const fn of this.handlers.get(ev) ?? []) fn(...args)
  }
}

// A fake V2NIM instance recording the calls the adapter makes.
function fakeSdk(loginCodes: number[] = []) {
  const calls: any[] = []
  let account = ''
  let n = 0
  const msg = (conversationId: string, extra: Partial<NimMessage>): NimMessage => ({
    messageClientId: `c${++n}`,
    messageServerId: `s${n}`,
    senderId: account,
    conversationId,
    messageType: 0,
    createTime: 1000 + n,
    ...extra,
  })
  const login = Object.assign(new Service(), {
    async login(a: string, t: string, o: unknown) {
      calls.push(['login', a, t, o])
      const code = loginCodes.shift()
      if (code) throw Object.assign(new Error('login failed'), { code })
      account = a
      login.fire('onLoginStatus', 1)
    },
    async logout() {
      calls.push(['logout'])
      login.fire('onLoginStatus', 0)
    },
    async getChatroomLinkAddress(roomId: string, mini: boolean) {
      calls.push(['getChatroomLinkAddress', roomId, mini])
      return ['link.example:443']
    },
  })
  const message = Object.assign(new Service(), {
    async sendMessage(m: any, cid: string) {
      calls.push(['sendMessage', m, cid])
      return { message: msg(cid, m) }
    },
    async getMessageList(o: any) {
      calls.push(['getMessageList', o])
      return [msg(o.conversationId, { text: 'newer' }), msg(o.conversationId, { text: 'older' })]
    },
  })
  const conversation = Object.assign(new Service(), {
    async getConversationList(offset: number, limit: number) {
      calls.push(['getConversationList', offset, limit])
      return {
        offset: 0,
        finished: true,
        conversationList: [
          {
            conversationId: `${account}|1|host9`,
            unreadCount: 3,
            stickTop: true,
            updateTime: 5,
            lastMessage: {
              messageRefer: { senderId: 'host9', messageClientId: 'x', messageServerId: 'y', conversationId: `${account}|1|host9`, createTime: 4 },
              messageType: 0,
              text: 'hey',
            },
          },
        ],
      }
    },
    async clearUnreadCountByIds(ids: string[]) {
      calls.push(['clearUnreadCountByIds', ids])
      return []
    },
    async stickTopConversation(id: string, on: boolean) {
      calls.push(['stickTopConversation', id, on])
    },
  })
  const instance = {
    V2NIMLoginService: login,
    V2NIMMessageService: message,
    V2NIMConversationService: conversation,
    V2NIMMessageCreator: {
      createTextMessage: (text: string) => ({ messageType: 0, text }),
      createCustomMessage: (text: string, raw: string) => ({ messageType: 100, text, attachment: { raw } }),
      // as the SDK (seen offline in Chromium): a URL is 191001 "incorrect path"; a File gives name, size and ext
      createImageMessage: (file: string | File, name?: string, sceneName?: string, width?: number, height?: number) => {
        if (typeof file === 'string') throw Object.assign(new Error('misuse'), { code: 191001 })
        return { messageType: 1, attachment: { name, uploadState: 0, sceneName: sceneName ?? 'nim_default_im', width, height, size: file.size, ext: '.' + file.name.split('.').pop() } }
      },
    },
    V2NIMConversationIdUtil: { p2pConversationId: (a: string) => `${account}|1|${a}` },
  } as unknown as NimInstance
  const NIM = {
    getInstance(o: unknown) {
      calls.push(['getInstance', o])
      return instance
    },
  }
  return { calls, login, message, conversation, module: { default: NIM, V2NIMConst } }
}

test('HAR-02 the NIM module is found however the bundler wraps it', () => {
  const { module } = fakeSdk()
  const NIM = module.default
  for (const shape of [module, { NIM, V2NIMConst }, { default: { default: NIM, V2NIMConst } }, { default: Object.assign(NIM, { V2NIMConst }) }]) {
    const sdk = nimFromModule(shape)
    assert.is(sdk.NIM, NIM)
    assert.is(sdk.V2NIMConst, V2NIMConst)
  }
  assert.throws(() => nimFromModule({}), /V2NIMConst/)
})

test('HAR-02 NIM adapter: login, send text and custom, conversations, history, markRead', async () => {
  const fake = fakeSdk()
  const im = createNimIm({ appKey: 'app-key', sdk: nimFromModule(fake.module) })
  assert.is((await im.sendText('host9', 'x').catch((e) => e)).code, 415)
  const states: string[] = []
  im.on('connect-state', (e) => states.push(e.state))
  await im.login('me', 'tok')
  assert.equal(fake.calls[0], ['getInstance', { appkey: 'app-key', apiVersion: 'v2', debugLevel: 'off' }])
  assert.equal(fake.calls[1], ['login', 'me', 'tok', { retryCount: 1, timeout: 10_000, forceMode: false }])
  assert.equal(states, ['connected'])

  const sent = await im.sendText('host9', 'hello')
  assert.equal([sent.text, sent.conversationId, sent.senderId], ['hello', 'me|1|host9', 'me'])
  const custom = await im.sendCustom('host9', { type: 'gift' })
  assert.equal([custom.messageType, custom.attachment?.raw], [100, '{"type":"gift"}'])

  const [conv] = await im.conversations(20)
  assert.equal(fake.calls.find((c) => c[0] === 'getConversationList'), ['getConversationList', 0, 20])
  assert.equal([conv.to, conv.unreadCount, conv.isPin, conv.lastMessage?.text, conv.lastMessage?.senderId], ['host9', 3, true, 'hey', 'host9'])

  const hist = await im.history('host9', 10)
  assert.equal(fake.calls.find((c) => c[0] === 'getMessageList')[1], { conversationId: 'me|1|host9', limit: 10, direction: 0 })
  assert.equal(
    hist.map((m) => m.text),
    ['older', 'newer'],
  )
  await im.markRead('host9')
  assert.equal(fake.calls.find((c) => c[0] === 'clearUnreadCountByIds'), ['clearUnreadCountByIds', ['me|1|host9']])
  await im.logout()
  assert.equal(states, ['connected', 'idle'])
})

test('HAR-02 NIM adapter: image messages, history paging back by time, pins', async () => {
  const fake = fakeSdk()
  const im = createNimIm({ appKey: 'app-key', sdk: nimFromModule(fake.module) })
  await im.login('me', 'tok')
  const img = await im.sendImage('host9', { url: 'https://cdn/x/1.jpg', width: 960, height: 720, size: 5000, ext: 'jpg' })
  assert.equal([img.messageType, img.attachment?.url, img.attachment?.width, img.attachment?.size, img.attachment?.ext], [1, 'https://cdn/x/1.jpg', 960, 5000, '.jpg'])
  await im.history('host9', 20, 5000)
  assert.equal(fake.calls.find((c) => c[0] === 'getMessageList')[1], { conversationId: 'me|1|host9', limit: 20, direction: 0, endTime: 4999 })
  await im.pin('host9', true)
  assert.equal(fake.calls.find((c) => c[0] === 'stickTopConversation'), ['stickTopConversation', 'me|1|host9', true])
})

test('HAR-02 NIM adapter: received messages and conversation changes become events', async () => {
  const fake = fakeSdk()
  const im = createNimIm({ appKey: 'k', sdk: nimFromModule(fake.module) })
  await im.login('me', 'tok')
  const got: ImMessage[] = []
  const convs: string[] = []
  im.on('message', (m) => got.push(m))
  im.on('conversations-changed', (l) => convs.push(...l.map((c) => c.to)))
  fake.message.fire('onReceiveMessages', [
    { messageClientId: 'a', senderId: 'host9', conversationId: 'me|1|host9', messageType: 0, text: 'yo', createTime: 1 },
  ])
  fake.conversation.fire('onConversationCreated', { conversationId: 'me|1|host3', unreadCount: 1, updateTime: 1 })
  fake.conversation.fire('onConversationChanged', [{ conversationId: 'me|1|host9', unreadCount: 1, updateTime: 2 }])
  assert.equal([got[0].text, got[0].senderId], ['yo', 'host9'])
  assert.equal(convs, ['host3', 'host9'])
})

test('NET-06 NIM adapter with the keeper: -10026 at login refreshes the token; a disconnect is retried with backoff', async () => {
  const fake = fakeSdk([-10026])
  const timers = fakeTimers()
  const im = createNimIm({ appKey: 'k', sdk: nimFromModule(fake.module) })
  const p = connectIm({ load: async () => im, account: 'me', token: 'old', refreshToken: async () => 'new', timers })
  await timers.tickAsync(1000)
  const conn = await p
  assert.equal(
    fake.calls.filter((c) => c[0] === 'login').map((c) => c[2]),
    ['old', 'new'],
  )
  // the SDK reports a lost connection with a relogin code: the keeper logs in again at once
  fake.login.fire('onDisconnected', Object.assign(new Error('gone'), { code: -11024 }))
  await timers.tickAsync(0)
  assert.is(fake.calls.filter((c) => c[0] === 'login').length, 3)
  // the relogin finished within the loss's own turn: the loss, reported a turn later, is stale
  await settle()
  assert.is(conn.state(), 'connected')
  assert.is(fake.calls.filter((c) => c[0] === 'login').length, 3, 'no second reconnect for a loss already made good')
  // a plain drop waits 2 s first
  fake.login.fire('onLoginStatus', 0)
  await waitFor(() => conn.state() === 'disconnected')
  await timers.tickAsync(2000)
  assert.is(fake.calls.filter((c) => c[0] === 'login').length, 4)
  assert.is(conn.state(), 'connected')
})

test('NET-06 NIM adapter: a kick comes as LOGOUT status, disconnected, kicked (the SDK\'s order): the user is never logged back in', async () => {
  const fake = fakeSdk()
  const timers = fakeTimers()
  const im = createNimIm({ appKey: 'k', sdk: nimFromModule(fake.module) })
  const conn = await connectIm({ load: async () => im, account: 'me', token: 't', refreshToken: async () => 't', timers })
  const logins = () => fake.calls.filter((c) => c[0] === 'login').length
  fake.login.fire('onLoginStatus', 0)
  fake.login.fire('onDisconnected', Object.assign(new Error('disconnect due to kicked'), { code: 193001 }))
  fake.login.fire('onKickedOffline', { reason: 1, clientType: 16 })
  assert.is(conn.state(), 'failed')
  await new Promise((r) => setTimeout(r, 20))
  await timers.tickAsync(60_000)
  assert.is(conn.state(), 'failed')
  assert.is(logins(), 1)
})

test('NET-06 NIM adapter: a drop without a kick is retried; V2NIM\'s invalid token (102302) fetches a fresh one', async () => {
  const fake = fakeSdk([102302])
  const timers = fakeTimers()
  const im = createNimIm({ appKey: 'k', sdk: nimFromModule(fake.module) })
  const p = connectIm({ load: async () => im, account: 'me', token: 'stale', refreshToken: async () => 'fresh', timers })
  await timers.tickAsync(1000)
  const conn = await p
  assert.equal(
    fake.calls.filter((c) => c[0] === 'login').map((c) => c[2]),
    ['stale', 'fresh'],
  )
  // the SDK's order on a plain drop: LOGOUT status, then disconnected with its network code
  fake.login.fire('onLoginStatus', 0)
  fake.login.fire('onDisconnected', Object.assign(new Error('connect failed'), { code: 192001 }))
  await waitFor(() => conn.state() === 'disconnected')
  await timers.tickAsync(2000)
  assert.is(conn.state(), 'connected')
  assert.is(fake.calls.filter((c) => c[0] === 'login').length, 3)
})

test('HAR-02 NIM adapter: logout removes its listeners; chat-room addresses come from the logged-in connection', async () => {
  const fake = fakeSdk()
  const im = createNimIm({ appKey: 'k', sdk: nimFromModule(fake.module) })
  await im.login('me', 'tok')
  assert.equal(await im.chatRoomLinks!('r9'), ['link.example:443'])
  assert.equal(fake.calls.at(-1), ['getChatroomLinkAddress', 'r9', false])
  assert.ok(fake.login.listening > 0)
  await im.logout()
  assert.is(fake.login.listening + fake.message.listening + fake.conversation.listening, 0)
  assert.is((await im.chatRoomLinks!('r9').catch((e) => e)).code, 415)
})

test('LIVE-06 NIM adapter: a chat room asks its addresses once messaging is logged in, and fails at once when the login fails (not after the request bound)', async () => {
  // a room opened before the first login: waits, then asks
  const fake = fakeSdk()
  const im = createNimIm({ appKey: 'k', sdk: nimFromModule(fake.module) })
  const early = im.chatRoomLinks!('r1')
  await Promise.resolve()
  assert.not.ok(fake.calls.some((c) => c[0] === 'getChatroomLinkAddress'), 'nothing asked before the login')
  await im.login('me', 'tok')
  assert.equal(await early, ['link.example:443'])
  // offline: the SDK refuses the connection (192001, in tens of ms); the room waiting is told at once
  const offline = fakeSdk([192001])
  const im2 = createNimIm({ appKey: 'k', sdk: nimFromModule(offline.module) })
  const started = Date.now()
  const waiting = im2.chatRoomLinks!('r1').catch((e) => e)
  await im2.login('me', 'tok').catch(() => undefined)
  assert.is((await waiting).code, 415)
  assert.ok(Date.now() - started < 1000, `${Date.now() - started} ms`)
  assert.not.ok(offline.calls.some((c) => c[0] === 'getChatroomLinkAddress'), 'the SDK is not asked while logged out')
})

test.run()
