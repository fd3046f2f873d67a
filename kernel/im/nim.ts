// ImClient over the NetEase IM SDK (nim-web-sdk-ng, V2 API). The SDK module is handed in
// by kernel/im/load.ts, which loads it with a dynamic import so it never enters the first
// bundle; tests hand in a fake. The slices below are Pick<>s of the SDK's own types, so a call,
// an argument or an event the installed SDK does not have fails the type check. Its enums are
// `const enum`s in the typings, so numbers are read from the runtime V2NIMConst object.
import type V2NIM from 'nim-web-sdk-ng/dist/esm/nim/src/index'
import type { V2NIMConst as V2NIMConstModule } from 'nim-web-sdk-ng/dist/esm/nim.js'
import type { V2NIMConversation, V2NIMConversationIdUtil, V2NIMConversationService } from 'nim-web-sdk-ng/dist/esm/nim/src/V2NIMConversationService'
import type { V2NIMLoginService } from 'nim-web-sdk-ng/dist/esm/nim/src/V2NIMLoginService'
import type { V2NIMMessage, V2NIMMessageCreator, V2NIMMessageService } from 'nim-web-sdk-ng/dist/esm/nim/src/V2NIMMessageService'
import { withDeadline } from './deadline.ts'
import { createEmitter, type Emitter } from './emitter.ts'
import { codeOf, ImCode, ImError, REFRESH_TOKEN_CODES, RELOGIN_CODES } from './errors.ts'
import { peerOf } from './protocol.ts'
import type { ImClient, ImConversation, ImEvents, ImImage, ImMessage } from './types.ts'

/** one login attempt: the SDK's own time-out (its default is 60 s), in ms */
export const LOGIN_TIMEOUT_MS = 10_000
/** ours on top, in case the SDK never settles */
const LOGIN_DEADLINE_MS = LOGIN_TIMEOUT_MS + 2000
/** any other request to the messaging service */
const REQUEST_DEADLINE_MS = 10_000
/** a chat room waits at most this long for the messaging connection its link addresses come from
 *  (a room opened by a deep link, before the app's first login has ended) */
const LINKS_WAIT_MS = 8000

/** The slice of a V2NIM instance this adapter uses. */
export interface NimInstance {
  V2NIMLoginService: Pick<V2NIMLoginService, 'login' | 'logout' | 'on' | 'off' | 'getChatroomLinkAddress'>
  V2NIMMessageService: Pick<V2NIMMessageService, 'sendMessage' | 'getMessageList' | 'on' | 'off'>
  V2NIMMessageCreator: Pick<V2NIMMessageCreator, 'createTextMessage' | 'createCustomMessage' | 'createImageMessage'>
  V2NIMConversationService: Pick<V2NIMConversationService, 'getConversationList' | 'clearUnreadCountByIds' | 'stickTopConversation' | 'on' | 'off'>
  V2NIMConversationIdUtil: Pick<V2NIMConversationIdUtil, 'p2pConversationId'>
}

export type NimMessage = Pick<V2NIMMessage, 'messageClientId' | 'messageServerId' | 'senderId' | 'conversationId' | 'messageType' | 'text' | 'attachment' | 'serverExtension' | 'createTime'>
type NimConversation = Pick<V2NIMConversation, 'conversationId' | 'unreadCount' | 'stickTop' | 'updateTime' | 'lastMessage'>

type LoginStatus = typeof V2NIMConstModule.V2NIMLoginStatus
export interface NimSdk {
  NIM: { getInstance(...a: Parameters<typeof V2NIM.getInstance>): NimInstance }
  V2NIMConst: {
    V2NIMLoginStatus: Pick<LoginStatus, 'V2NIM_LOGIN_STATUS_LOGOUT' | 'V2NIM_LOGIN_STATUS_LOGINED' | 'V2NIM_LOGIN_STATUS_LOGINING'>
    V2NIMQueryDirection: Pick<typeof V2NIMConstModule.V2NIMQueryDirection, 'V2NIM_QUERY_DIRECTION_DESC'>
  }
}

/** The SDK module however the bundler wrapped it: the ESM build exports { NIM, V2NIMConst },
 *  the UMD build a default export (sometimes nested once more) next to V2NIMConst. */
export function nimFromModule(mod: unknown): NimSdk {
  const layers = [mod, (mod as any)?.default, (mod as any)?.default?.default].filter(Boolean) as any[]
  const NIM =
    layers.map((l) => l.NIM).find((n) => typeof n?.getInstance === 'function') ??
    layers.find((l) => typeof l.getInstance === 'function')
  const V2NIMConst = layers.map((l) => l.V2NIMConst).find(Boolean) ?? NIM?.V2NIMConst
  if (!NIM || !V2NIMConst) throw new Error('nim-web-sdk-ng: NIM or V2NIMConst not found in the module')
  return { NIM, V2NIMConst }
}

const attachmentOf = (a: NimMessage['attachment']) => a as ImMessage['attachment']

const toMessage = (m: NimMessage): ImMessage => ({
  messageClientId: m.messageClientId,
  ...(m.messageServerId && { messageServerId: m.messageServerId }),
  senderId: m.senderId,
  conversationId: m.conversationId,
  messageType: m.messageType,
  ...(m.text !== undefined && { text: m.text }),
  ...(m.attachment && { attachment: attachmentOf(m.attachment) }),
  ...(m.serverExtension !== undefined && { serverExtension: m.serverExtension }),
  createTime: m.createTime,
})

const toConversation = (c: NimConversation): ImConversation => {
  const last = c.lastMessage
  return {
    conversationId: c.conversationId,
    to: peerOf(c.conversationId),
    ...(last && {
      lastMessage: {
        messageClientId: last.messageRefer.messageClientId,
        ...(last.messageRefer.messageServerId && { messageServerId: last.messageRefer.messageServerId }),
        senderId: last.messageRefer.senderId,
        conversationId: last.messageRefer.conversationId,
        messageType: last.messageType ?? 0,
        ...(last.text !== undefined && { text: last.text }),
        ...(last.attachment && { attachment: attachmentOf(last.attachment) }),
        ...(last.serverExtension !== undefined && { serverExtension: last.serverExtension }),
        createTime: last.messageRefer.createTime,
      },
    }),
    unreadCount: c.unreadCount ?? 0,
    isPin: !!c.stickTop,
    updateTime: c.updateTime,
  }
}

/** Where the login stands, from the SDK's login events: connected, lost (reported a turn late so a
 *  kick can win), kicked or logged out for good; and the chat rooms waiting for a login. */
function createLoginState(events: Emitter<ImEvents>, Status: NimSdk['V2NIMConst']['V2NIMLoginStatus']) {
  let wanted = false // between our login() and logout(): a LOGOUT status then means a loss
  let lostTimer: ReturnType<typeof setTimeout> | undefined
  let lostCode: number | undefined
  // logged in now; and the chat rooms waiting for that, told when a login succeeds or fails
  let online = false
  let gaveUp = false // logged out, or kicked: nobody will log in until the app says so
  const waiting = new Set<(up: boolean) => void>()
  const tellWaiting = (up: boolean) => [...waiting].forEach((w) => w(up))

  // A kick arrives as LOGOUT status, then onDisconnected, then onKickedOffline, all in one turn
  // (the SDK's kick handler; the offline SDK test replays it): a loss is reported a turn later,
  // unless a kick came meanwhile, or a login already made it good (a relogin the loss's own error
  // code started can finish before the turn ends).
  const reportLoss = (code?: number) => {
    lostCode ??= code
    if (lostTimer !== undefined) return
    lostTimer = setTimeout(() => {
      lostTimer = undefined
      const c = lostCode
      lostCode = undefined
      if (wanted && !online) events.emit('connect-state', { state: 'disconnected', ...(c !== undefined && { code: c }) })
    }, 0)
  }
  const cancelLoss = () => {
    clearTimeout(lostTimer)
    lostTimer = undefined
    lostCode = undefined
  }
  const policyCode = (err: unknown) => {
    const code = codeOf(err)
    // codes with a policy (d1 §8, and V2NIM's own) go out as errors first, so the keeper acts on them
    if (code !== undefined && (REFRESH_TOKEN_CODES.includes(code) || RELOGIN_CODES.includes(code))) events.emit('error', { code })
    return code
  }
  const sdkEvents = {
    onLoginStatus(status: number) {
      online = status === Status.V2NIM_LOGIN_STATUS_LOGINED
      if (status === Status.V2NIM_LOGIN_STATUS_LOGINED) {
        tellWaiting(true)
        cancelLoss()
        events.emit('connect-state', { state: 'connected' })
      } else if (status === Status.V2NIM_LOGIN_STATUS_LOGINING) events.emit('connect-state', { state: 'connecting' })
      else if (status === Status.V2NIM_LOGIN_STATUS_LOGOUT && wanted) reportLoss()
    },
    onDisconnected(err: unknown) {
      online = false // before the error goes out: the relogin it may start is what makes it true again
      const code = policyCode(err)
      if (wanted) reportLoss(code)
    },
    onLoginFailed: (err: unknown) => void policyCode(err),
    onKicked(detail: { reason?: number }) {
      cancelLoss()
      // signed in elsewhere or put out by the server: never logged back in on our own
      const was = wanted
      wanted = false
      online = false
      gaveUp = true
      tellWaiting(false)
      if (was) events.emit('connect-state', { state: 'failed', code: detail?.reason })
    },
  }
  return {
    sdkEvents,
    wanted: () => wanted,
    /** our login() starts */
    loggingIn() {
      wanted = true
      gaveUp = false
    },
    /** our login() failed */
    loginFailed() {
      wanted = false
      online = false
      tellWaiting(false)
    },
    /** our logout(): nobody logs in again until the app says so */
    loggedOut() {
      wanted = false
      online = false
      gaveUp = true
      tellWaiting(false)
      cancelLoss()
    },
    /** resolves once logged in; rejects when a login fails, after a logout or a kick, or after LINKS_WAIT_MS */
    whenOnline: () =>
      online && wanted
        ? Promise.resolve()
        : gaveUp
          ? Promise.reject(new ImError(ImCode.disconnected, 'im not logged in'))
          : new Promise<void>((resolve, reject) => {
              const done = (up: boolean) => {
                clearTimeout(timer)
                waiting.delete(done)
                if (up) resolve()
                else reject(new ImError(ImCode.disconnected, 'im not logged in'))
              }
              const timer = setTimeout(() => done(false), LINKS_WAIT_MS)
              waiting.add(done)
            }),
  }
}
type LoginState = ReturnType<typeof createLoginState>

/** One list of the SDK events this adapter follows, added ('on') and removed ('off') alike. */
function sdkListeners(events: Emitter<ImEvents>, login: LoginState['sdkEvents']) {
  const onMessages = (list: NimMessage[]) => {
    for (const m of list ?? []) events.emit('message', toMessage(m))
  }
  const changed = (list: NimConversation[]) => events.emit('conversations-changed', list.map(toConversation))
  const onChanged = (list: NimConversation[]) => changed(list ?? [])
  const onCreated = (c: NimConversation) => changed([c])
  return (n: NimInstance, how: 'on' | 'off') => {
    n.V2NIMLoginService[how]('onLoginStatus', login.onLoginStatus)
    n.V2NIMLoginService[how]('onDisconnected', login.onDisconnected)
    n.V2NIMLoginService[how]('onLoginFailed', login.onLoginFailed)
    n.V2NIMLoginService[how]('onKickedOffline', login.onKicked)
    n.V2NIMMessageService[how]('onReceiveMessages', onMessages)
    n.V2NIMConversationService[how]('onConversationChanged', onChanged)
    n.V2NIMConversationService[how]('onConversationCreated', onCreated)
  }
}

/** The requests of a logged-in client: each bounded by REQUEST_DEADLINE_MS, answered in our types. */
function nimRequests(loggedIn: () => NimInstance, whenOnline: () => Promise<void>, V2NIMConst: NimSdk['V2NIMConst']) {
  const ask = <T>(p: Promise<T>, what: string) => withDeadline(p, REQUEST_DEADLINE_MS, what)
  const send = async (to: string, message: V2NIMMessage) => {
    const n = loggedIn()
    if (!to) throw new ImError(ImCode.badRequest, 'no recipient')
    const res = await ask(n.V2NIMMessageService.sendMessage(message, n.V2NIMConversationIdUtil.p2pConversationId(to)), 'send')
    return toMessage(res.message)
  }
  return {
    ask,
    requests: {
      sendText: async (to, text) => send(to, loggedIn().V2NIMMessageCreator.createTextMessage(text)),
      sendCustom: async (to, raw) => send(to, loggedIn().V2NIMMessageCreator.createCustomMessage('', JSON.stringify(raw))),
      sendImage: async (to, image) => send(to, imageMessage(loggedIn(), image)),
      async conversations(limit = 100) {
        const res = await ask(loggedIn().V2NIMConversationService.getConversationList(0, limit), 'conversations')
        return (res?.conversationList ?? []).map(toConversation)
      },
      async history(to, limit = 50, before) {
        const n = loggedIn()
        const list = await ask(
          n.V2NIMMessageService.getMessageList({
            conversationId: n.V2NIMConversationIdUtil.p2pConversationId(to),
            limit,
            // the SDK's end time is inclusive: one millisecond earlier leaves the anchor message out
            ...(before !== undefined && { endTime: before - 1 }),
            direction: V2NIMConst.V2NIMQueryDirection.V2NIM_QUERY_DIRECTION_DESC,
          }),
          'history',
        )
        // newest first from the SDK; oldest first for us, as the harness answers
        return list.map(toMessage).reverse()
      },
      async markRead(to) {
        const n = loggedIn()
        await ask(n.V2NIMConversationService.clearUnreadCountByIds([n.V2NIMConversationIdUtil.p2pConversationId(to)]), 'mark read')
      },
      async pin(to, on) {
        const n = loggedIn()
        await ask(n.V2NIMConversationService.stickTopConversation(n.V2NIMConversationIdUtil.p2pConversationId(to), on), 'pin')
      },
      // asked only once logged in: the SDK, asked before, waits for a connection that may never come
      chatRoomLinks: async (roomId) => {
        await whenOnline()
        return ask(loggedIn().V2NIMLoginService.getChatroomLinkAddress(roomId, false), 'chat-room links')
      },
    } satisfies Omit<ImClient, 'login' | 'logout' | 'on'>,
  }
}

export function createNimIm(opts: { appKey: string; sdk: NimSdk; debug?: boolean }): ImClient {
  if (!opts.appKey) throw new Error('nimAppKey is missing from the app config')
  const { NIM, V2NIMConst } = opts.sdk
  const events = createEmitter<ImEvents>()
  const state = createLoginState(events, V2NIMConst.V2NIMLoginStatus)
  const listen = sdkListeners(events, state.sdkEvents)
  let nim: NimInstance | null = null

  const instance = () => {
    if (nim) return nim
    nim = NIM.getInstance({ appkey: opts.appKey, apiVersion: 'v2', debugLevel: opts.debug ? 'debug' : 'off' })
    listen(nim, 'on')
    return nim
  }
  const loggedIn = () => {
    if (!nim || !state.wanted()) throw new ImError(ImCode.disconnected, 'im not logged in')
    return nim
  }
  const { ask, requests } = nimRequests(loggedIn, state.whenOnline, V2NIMConst)

  return {
    async login(account, token) {
      const n = instance()
      state.loggingIn()
      try {
        // one SDK attempt per call, bounded: the retry policy lives in kernel/im/login.ts
        await withDeadline(n.V2NIMLoginService.login(account, token, { retryCount: 1, timeout: LOGIN_TIMEOUT_MS, forceMode: false }), LOGIN_DEADLINE_MS, 'login')
      } catch (err) {
        state.loginFailed()
        // a login our deadline gave up on must not complete later behind the keeper's back
        if (codeOf(err) === ImCode.timeout) void n.V2NIMLoginService.logout().catch(() => undefined)
        throw err
      }
    },
    async logout() {
      state.loggedOut()
      const n = nim
      nim = null
      if (n) {
        listen(n, 'off')
        await ask(n.V2NIMLoginService.logout(), 'logout').catch(() => undefined)
      }
      events.emit('connect-state', { state: 'idle' })
    },
    ...requests,
    on: (ev, fn) => events.on(ev, fn),
  }
}

/** An image already uploaded to the app's store (kernel/upload.ts). The SDK builds image messages
 *  only for its own upload: it wants V2NIMStorageService registered (else 191001 "V2NIMStorageService
 *  not exist") and a File (a URL is 191001 "incorrect path"). So it gets an empty File named like
 *  the image, and the attachment gets the store's URL: its sendMessage uploads only attachments
 *  without a url, so this one goes as it is. */
export function imageMessage(n: Pick<NimInstance, 'V2NIMMessageCreator'>, image: ImImage): V2NIMMessage {
  const name = image.url.split('/').pop()?.split('?')[0] || 'image'
  const ext = (image.ext ?? name.split('.').pop() ?? 'jpg').replace(/^\./, '')
  const placeholder = new File([], name, { type: `image/${ext === 'jpg' ? 'jpeg' : ext}` })
  const msg = n.V2NIMMessageCreator.createImageMessage(placeholder, name, undefined, image.width, image.height)
  Object.assign(msg.attachment ?? {}, { url: image.url, ext: `.${ext}`, ...(image.size !== undefined && { size: image.size }) })
  return msg
}
