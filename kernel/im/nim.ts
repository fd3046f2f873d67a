// ImClient over the NetEase IM SDK (nim-web-sdk-ng, V2 API). The SDK module is handed in
// by kernel/im/index.ts, which loads it with a dynamic import so it never enters the first
// bundle; tests hand in a fake. Its enums are `const enum`s in the typings, so numbers are
// read from the runtime V2NIMConst object, never from the type declarations.
import { createEmitter } from './emitter.ts'
import { codeOf, ImCode, ImError, REFRESH_TOKEN_CODES, RELOGIN_CODES } from './errors.ts'
import { peerOf } from './protocol.ts'
import type { ImClient, ImConversation, ImEvents, ImMessage } from './types.ts'

type Listener = (...args: any[]) => void
interface Evented {
  on(ev: string, fn: Listener): void
  off?(ev: string, fn: Listener): void
}

/** The slice of a V2NIM instance this adapter uses. */
export interface NimInstance {
  V2NIMLoginService: Evented & {
    login(account: string, token: string, option?: Record<string, unknown>): Promise<void>
    logout(): Promise<void>
  }
  V2NIMMessageService: Evented & {
    sendMessage(message: unknown, conversationId: string, params?: unknown): Promise<{ message: NimMessage }>
    getMessageList(option: { conversationId: string; limit?: number; direction?: number; endTime?: number }): Promise<NimMessage[]>
  }
  V2NIMMessageCreator: {
    createTextMessage(text: string): unknown
    createCustomMessage(text: string, rawAttachment: string): unknown
    createImageMessage(imageObj: string, name?: string, sceneName?: string, width?: number, height?: number): unknown
  }
  V2NIMConversationService: Evented & {
    getConversationList(offset: number, limit: number): Promise<{ conversationList: NimConversation[] }>
    clearUnreadCountByIds(ids: string[]): Promise<unknown>
    stickTopConversation(conversationId: string, stickTop: boolean): Promise<void>
  }
  V2NIMConversationIdUtil: { p2pConversationId(account: string): string }
}

export interface NimMessage {
  messageClientId: string
  messageServerId?: string
  senderId: string
  conversationId: string
  messageType: number
  text?: string
  attachment?: { raw?: string; [k: string]: unknown }
  serverExtension?: string
  createTime: number
}

interface NimConversation {
  conversationId: string
  unreadCount: number
  stickTop?: boolean
  updateTime: number
  lastMessage?: {
    messageRefer: { senderId: string; messageClientId: string; messageServerId?: string; conversationId: string; createTime: number }
    messageType?: number
    text?: string
    attachment?: { raw?: string; [k: string]: unknown }
    serverExtension?: string
  }
}

export interface NimSdk {
  NIM: { getInstance(options: Record<string, unknown>, other?: Record<string, unknown>): NimInstance }
  V2NIMConst: {
    V2NIMLoginStatus: { V2NIM_LOGIN_STATUS_LOGOUT: number; V2NIM_LOGIN_STATUS_LOGINED: number; V2NIM_LOGIN_STATUS_LOGINING: number }
    V2NIMQueryDirection: { V2NIM_QUERY_DIRECTION_DESC: number }
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

const toMessage = (m: NimMessage): ImMessage => ({
  messageClientId: m.messageClientId,
  ...(m.messageServerId && { messageServerId: m.messageServerId }),
  senderId: m.senderId,
  conversationId: m.conversationId,
  messageType: m.messageType,
  ...(m.text !== undefined && { text: m.text }),
  ...(m.attachment && { attachment: m.attachment }),
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
        ...(last.attachment && { attachment: last.attachment }),
        ...(last.serverExtension !== undefined && { serverExtension: last.serverExtension }),
        createTime: last.messageRefer.createTime,
      },
    }),
    unreadCount: c.unreadCount ?? 0,
    isPin: !!c.stickTop,
    updateTime: c.updateTime,
  }
}

export function createNimIm(opts: { appKey: string; sdk: NimSdk; debug?: boolean }): ImClient {
  if (!opts.appKey) throw new Error('nimAppKey is missing from the app config')
  const { NIM, V2NIMConst } = opts.sdk
  const Status = V2NIMConst.V2NIMLoginStatus
  const events = createEmitter<ImEvents>()
  let nim: NimInstance | null = null
  let wanted = false // between our login() and logout(): a LOGOUT status then means a loss

  const instance = () => {
    if (nim) return nim
    nim = NIM.getInstance({ appkey: opts.appKey, apiVersion: 'v2', debugLevel: opts.debug ? 'debug' : 'off' })
    const login = nim.V2NIMLoginService
    login.on('onLoginStatus', (status: number) => {
      if (status === Status.V2NIM_LOGIN_STATUS_LOGINED) events.emit('connect-state', { state: 'connected' })
      else if (status === Status.V2NIM_LOGIN_STATUS_LOGINING) events.emit('connect-state', { state: 'connecting' })
      else if (status === Status.V2NIM_LOGIN_STATUS_LOGOUT && wanted) events.emit('connect-state', { state: 'disconnected' })
    })
    const fault = (err: unknown, state: 'disconnected' | null) => {
      const code = codeOf(err)
      // codes with a policy (d1 §8) go out as errors first, so the keeper acts on them
      if (code !== undefined && (REFRESH_TOKEN_CODES.includes(code) || RELOGIN_CODES.includes(code))) events.emit('error', { code })
      if (state && wanted) events.emit('connect-state', { state, code })
    }
    login.on('onDisconnected', (err: unknown) => fault(err, 'disconnected'))
    login.on('onLoginFailed', (err: unknown) => fault(err, null))
    login.on('onKickedOffline', (detail: { reason?: number }) => {
      if (wanted) events.emit('connect-state', { state: 'failed', code: detail?.reason })
    })
    nim.V2NIMMessageService.on('onReceiveMessages', (list: NimMessage[]) => {
      for (const m of list ?? []) events.emit('message', toMessage(m))
    })
    const changed = (list: NimConversation[]) => events.emit('conversations-changed', list.map(toConversation))
    nim.V2NIMConversationService.on('onConversationChanged', (list: NimConversation[]) => changed(list ?? []))
    nim.V2NIMConversationService.on('onConversationCreated', (c: NimConversation) => changed([c]))
    return nim
  }

  const loggedIn = () => {
    if (!nim || !wanted) throw new ImError(ImCode.disconnected, 'im not logged in')
    return nim
  }
  const send = async (to: string, message: unknown) => {
    const n = loggedIn()
    if (!to) throw new ImError(ImCode.badRequest, 'no recipient')
    const res = await n.V2NIMMessageService.sendMessage(message, n.V2NIMConversationIdUtil.p2pConversationId(to))
    return toMessage(res.message)
  }

  return {
    async login(account, token) {
      const n = instance()
      wanted = true
      try {
        // one SDK attempt per call: the retry policy lives in kernel/im/login.ts
        await n.V2NIMLoginService.login(account, token, { retryCount: 1, forceMode: false })
      } catch (err) {
        wanted = false
        throw err
      }
    },
    async logout() {
      wanted = false
      if (nim) await nim.V2NIMLoginService.logout()
      events.emit('connect-state', { state: 'idle' })
    },
    sendText: async (to, text) => send(to, loggedIn().V2NIMMessageCreator.createTextMessage(text)),
    sendCustom: async (to, raw) => send(to, loggedIn().V2NIMMessageCreator.createCustomMessage('', JSON.stringify(raw))),
    sendImage: async (to, image) =>
      send(to, loggedIn().V2NIMMessageCreator.createImageMessage(image.url, image.url.split('/').pop(), undefined, image.width, image.height)),
    async conversations(limit = 100) {
      const res = await loggedIn().V2NIMConversationService.getConversationList(0, limit)
      return (res?.conversationList ?? []).map(toConversation)
    },
    async history(to, limit = 50, before) {
      const n = loggedIn()
      const list = await n.V2NIMMessageService.getMessageList({
        conversationId: n.V2NIMConversationIdUtil.p2pConversationId(to),
        limit,
        // the SDK's end time is inclusive: one millisecond earlier leaves the anchor message out
        ...(before !== undefined && { endTime: before - 1 }),
        direction: V2NIMConst.V2NIMQueryDirection.V2NIM_QUERY_DIRECTION_DESC,
      })
      // newest first from the SDK; oldest first for us, as the harness answers
      return list.map(toMessage).reverse()
    },
    async markRead(to) {
      const n = loggedIn()
      await n.V2NIMConversationService.clearUnreadCountByIds([n.V2NIMConversationIdUtil.p2pConversationId(to)])
    },
    async pin(to, on) {
      const n = loggedIn()
      await n.V2NIMConversationService.stickTopConversation(n.V2NIMConversationIdUtil.p2pConversationId(to), on)
    },
    on: (ev, fn) => events.on(ev, fn),
  }
}
