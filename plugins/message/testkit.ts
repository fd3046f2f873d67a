// Test helpers: an in-memory ImClient with a peer's history, whose sends the test can fail, and
// an inbox around it whose connection the test drops and restores.
import { computed, signal } from '@preact/signals-react'
import type { ImClient, ImConversation, ImEvents, ImMessage } from '../../kernel/im/types.ts'
import { createEmitter } from '../../kernel/im/emitter.ts'
import type { InboxStatus } from './api.ts'
import type { Social } from './social.ts'
import type { InboxController } from './state.ts'

export const ME = 'user_1'

export function msg(peer: string, n: number, extra: Partial<ImMessage> = {}): ImMessage {
  return { messageClientId: `m${n}`, senderId: peer, conversationId: `${ME}|1|${peer}`, messageType: 0, text: `line ${n}`, createTime: n * 1000, ...extra }
}

export function memoryIm(history: ImMessage[] = []) {
  const events = createEmitter<ImEvents>()
  const sent: ImMessage[] = []
  let failNext = 0
  let n = 100_000
  const calls: Array<[string, unknown[]]> = []
  const out = (to: string, m: Partial<ImMessage>): ImMessage => {
    const made = { messageClientId: `s${++n}`, senderId: ME, conversationId: `${ME}|1|${to}`, messageType: 0, createTime: n * 1000, ...m }
    sent.push(made)
    return made
  }
  const client: ImClient = {
    login: async () => undefined,
    logout: async () => undefined,
    async sendText(to, text) {
      calls.push(['sendText', [to, text]])
      if (failNext > 0 && failNext--) throw Object.assign(new Error('send failed'), { code: 500 })
      return out(to, { text })
    },
    sendCustom: async (to, raw) => out(to, { messageType: 100, attachment: { raw: JSON.stringify(raw) } }),
    async sendImage(to, image) {
      calls.push(['sendImage', [to, image]])
      return out(to, { messageType: 1, attachment: { ...image } })
    },
    conversations: async () => [],
    async history(to, limit = 50, before) {
      calls.push(['history', [to, limit, before]])
      return history.filter((m) => before === undefined || m.createTime < before).slice(-limit)
    },
    markRead: async (to) => void calls.push(['markRead', [to]]),
    pin: async () => undefined,
    on: (ev, fn) => events.on(ev, fn),
  }
  return { client, events, sent, calls, failSends: (k: number) => (failNext = k) }
}

/** the inbox slice a chat uses, online or not as the test says */
export function inboxOf(client: ImClient, online = true) {
  const status = signal<InboxStatus>(online ? 'ready' : 'offline')
  const listeners = new Set<(m: ImMessage) => void>()
  return {
    status,
    conversations: signal<ImConversation[]>([]),
    client: () => (status.peek() === 'ready' ? client : null),
    me: () => ME,
    onMessage(fn: (m: ImMessage) => void) {
      listeners.add(fn)
      return () => void listeners.delete(fn)
    },
    receive: (m: ImMessage) => listeners.forEach((fn) => fn(m)),
  }
}

/** a whole inbox for page tests: quiet defaults, the test's parts over them */
export function fakeInbox(over: Partial<InboxController> = {}): InboxController {
  return {
    conversations: signal([]),
    unread: signal(0),
    status: signal<InboxStatus>('ready'),
    profiles: signal(new Map()),
    reconnect: async () => undefined,
    start: () => () => undefined,
    client: () => null,
    me: () => ME,
    onMessage: () => () => undefined,
    loadProfiles: async () => undefined,
    patch: () => undefined,
    ...over,
  }
}

/** greetings, badge and do-not-disturb for page tests: nothing to show unless the test says */
export function fakeSocial(over: Partial<Social> = {}): Social {
  return {
    config: signal({ isEnable: false, unReadMsgNum: 0 }),
    known: signal(true),
    greetings: computed(() => []),
    greetingUnread: computed(() => 0),
    notChats: computed(() => ({ strangers: new Set<string>(), service: new Set<string>() })),
    serviceUnread: computed(() => 0),
    unread: computed(() => 0),
    refresh: async () => undefined,
    start: () => () => undefined,
    markFollowed: () => undefined,
    ...over,
  }
}
