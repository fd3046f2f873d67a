import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { createTestKernel, fake } from '../../kernel/testing.tsx'
import type { ImClient, ImConversation, ImEvents } from '../../kernel/im/types.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { User } from '../../kernel/session.ts'
import { toUser } from '../../kernel/protocol/user.ts'
import { byId } from '../shell/testkit.tsx'
import { giveSizes } from '../../test/layout.ts'
import { waitFor } from '../../test/wait.ts'
import { unreadRef } from '../shell/api.ts'
import message from './index.ts'
import { type InboxStatus } from './api.ts'
import { inboxControllerRef } from './refs.ts'
import { fakeInbox } from './testkit.ts'
import { fakeTimers } from '../../test/fake-timers.ts'
import { createEmitter } from '../../kernel/im/emitter.ts'
import { createInbox, mergeConversations, SESSION_BATCH_MS, sortConversations } from './state.ts'

const conv = (to: string, unreadCount: number, updateTime: number, extra: Partial<ImConversation> = {}): ImConversation => ({
  conversationId: `me|1|${to}`,
  to,
  unreadCount,
  updateTime,
  lastMessage: { messageClientId: `m-${to}`, senderId: to, conversationId: `me|1|${to}`, messageType: 0, text: `hi from ${to}`, createTime: updateTime, fromNick: `Nick ${to}` },
  ...extra,
})

/** an ImClient answering from a list, whose events the test fires */
function fakeIm(list: ImConversation[]) {
  const handlers: { [K in keyof ImEvents]?: Array<(e: ImEvents[K]) => void> } = {}
  const logins: string[] = []
  const client: ImClient = {
    login: async (account) => void logins.push(account),
    logout: async () => undefined,
    sendText: async () => { throw new Error('unused') },
    sendCustom: async () => { throw new Error('unused') },
    sendImage: async () => { throw new Error('unused') },
    pin: async () => undefined,
    conversations: async (limit) => list.slice(0, limit),
    history: async () => [],
    markRead: async () => undefined,
    on(ev, fn) {
      ;((handlers[ev] ??= []) as Array<typeof fn>).push(fn)
      return () => undefined
    },
  }
  const fire = <K extends keyof ImEvents>(ev: K, e: ImEvents[K]) => (handlers[ev] as Array<(e: ImEvents[K]) => void> | undefined)?.forEach((f) => f(e))
  return { client, logins, fire }
}

test('IM-01 conversations: pinned first, then the most recent; changes merge by id', () => {
  const a = conv('a', 0, 10)
  const b = conv('b', 1, 30)
  const c = conv('c', 0, 5, { isPin: true })
  assert.equal(sortConversations([a, b, c]).map((x) => x.to), ['c', 'b', 'a'])
  assert.equal(mergeConversations([a, b, c], [conv('a', 2, 50)]).map((x) => [x.to, x.unreadCount]), [['c', 0], ['a', 2], ['b', 1]])
})

test('IM-01 the inbox logs in with the user’s messaging account, loads 200 sessions, totals the unread and applies changes in 2 s batches', async () => {
  const im = fakeIm([conv('a', 2, 10), conv('b', 3, 20)])
  let limit = 0
  const conversations = im.client.conversations
  im.client.conversations = (n) => ((limit = n ?? 0), conversations(n))
  const user = signal<User | null>(null)
  const loggedIn = signal(true)
  const kernel = { get: () => undefined, im: async () => im.client, session: { user, loggedIn }, api: { post: async () => ({}) }, events: createEmitter() } as unknown as Kernel
  const timers = fakeTimers()
  const inbox = createInbox(kernel, { timers })
  const stop = inbox.start()
  assert.is(inbox.status.value, 'idle', 'waits for the user info')
  user.value = toUser({ userId: 1, nickname: 'me', icon: '', diamondNum: 0, yxAccid: 'user_1', imToken: 'im-1' })
  // the messaging login module loads on this first login (a dynamic import)
  await waitFor(() => inbox.status.value === 'ready')
  assert.equal(im.logins, ['user_1'])
  assert.is(limit, 200)
  assert.is(inbox.status.value, 'ready')
  assert.is(inbox.unread.value, 5)
  im.fire('conversations-changed', [conv('a', 1, 40)])
  timers.tick(SESSION_BATCH_MS - 1)
  im.fire('conversations-changed', [conv('a', 0, 41)])
  assert.is(inbox.unread.value, 5, 'changes wait for their batch')
  timers.tick(1)
  assert.is(inbox.unread.value, 3, 'one batch, the latest change of each conversation: a read one drops out of the total')
  user.value = { ...user.value!, diamondNum: 99 }
  // the inbox decides at once: logging in again would have left 'ready' already
  assert.is(inbox.status.value, 'ready')
  assert.equal(im.logins, ['user_1'], 'a user info refresh does not log in again')
  loggedIn.value = false
  assert.is(inbox.status.value, 'idle')
  assert.is(inbox.unread.value, 0, 'logout clears the inbox')
  stop()
})

test('IM-01 the inbox is ready only with its first list in: connecting until then, offline when the list fails', async () => {
  const im = fakeIm([conv('a', 2, 10)])
  let release = () => {}
  const held = new Promise<void>((done) => (release = done))
  let asks = 0
  const conversations = im.client.conversations
  im.client.conversations = async (n) => {
    asks++
    if (asks === 2) throw new Error('sessions failed')
    await held
    return conversations(n)
  }
  const user = signal<User | null>(toUser({ userId: 1, nickname: 'me', icon: '', diamondNum: 0, yxAccid: 'user_1', imToken: 'im-1' }))
  const kernel = { get: () => undefined, im: async () => im.client, session: { user, loggedIn: signal(true) }, api: { post: async () => ({}) }, events: createEmitter() } as unknown as Kernel
  const inbox = createInbox(kernel, { timers: fakeTimers() })
  const stop = inbox.start()
  await waitFor(() => asks === 1, { what: 'the list asked for' })
  assert.is(inbox.status.value, 'connecting', 'logged in, the list still on its way')
  assert.is(inbox.client(), null)
  release()
  await waitFor(() => inbox.status.value === 'ready', { what: 'ready with the list' })
  assert.is(inbox.conversations.value.length, 1)
  await inbox.reconnect()
  assert.is(inbox.status.value, 'offline', 'a list that did not load')
  assert.is(inbox.client(), null)
  stop()
})

test('IM-01 a messaging login that fails leaves the inbox offline', async () => {
  const im = fakeIm([])
  let attempts = 0
  im.client.login = async () => {
    attempts++
    throw Object.assign(new Error('refused'), { code: 302 })
  }
  const user = signal<User | null>(toUser({ userId: 1, nickname: 'me', icon: '', diamondNum: 0, yxAccid: 'user_1', imToken: 'im-1' }))
  const kernel = { get: () => undefined, im: async () => im.client, session: { user, loggedIn: signal(true) }, api: { post: async () => ({}) }, events: createEmitter() } as unknown as Kernel
  const timers = fakeTimers()
  const inbox = createInbox(kernel, { timers })
  const stop = inbox.start()
  // the messaging login module loads on this first login (a dynamic import)
  await waitFor(() => attempts)
  for (let i = 0; i < 3; i++) await timers.tickAsync(1000)
  await waitFor(() => inbox.status.value === 'offline')
  assert.is(attempts, 4)
  assert.is(inbox.conversations.value.length, 0)
  stop()
})

test('NET-06 a first messaging login that failed is tried again on its own schedule (2 s, 4 s, ... at most 5 times) and at once on resync, then connects', async () => {
  const im = fakeIm([])
  const login = im.client.login
  let attempts = 0
  let refuse = true
  im.client.login = async (account, token) => {
    attempts++
    if (refuse) throw Object.assign(new Error('connect failed'), { code: 192001 })
    return login(account, token)
  }
  const user = signal<User | null>(toUser({ userId: 1, nickname: 'me', icon: '', diamondNum: 0, yxAccid: 'user_1', imToken: 'im-1' }))
  const events = createEmitter<{ resync: { reason: string } }>()
  const kernel = { get: () => undefined, im: async () => im.client, session: { user, loggedIn: signal(true) }, api: { post: async () => ({}) }, events } as unknown as Kernel
  const timers = fakeTimers()
  const inbox = createInbox(kernel, { timers })
  const stop = inbox.start()
  await waitFor(() => attempts === 1)
  // the login's own 3 retries, 1 s apart
  for (let i = 0; i < 3; i++) await timers.tickAsync(1000)
  await waitFor(() => inbox.status.value === 'offline')
  assert.is(attempts, 4)
  // NET-06's reconnect schedule: the first retry 2 s later, without a tap
  await timers.tickAsync(2000)
  await waitFor(() => attempts === 5)
  for (let i = 0; i < 3; i++) await timers.tickAsync(1000)
  await waitFor(() => inbox.status.value === 'offline')
  // the app's connection came back: at once, and this time the service answers
  refuse = false
  events.emit('resync', { reason: 'reconnect' })
  await waitFor(() => inbox.status.value === 'ready')
  assert.is(attempts, 9)
  stop()
})

function pageWith(status: InboxStatus, list: ImConversation[], token: string | null = 'tok') {
  const unread = signal(0)
  const inbox = fakeInbox({ conversations: signal(list), status: signal(status), unread })
  const t = createTestKernel({ plugins: [message], path: '/message', token, fakes: [fake(inboxControllerRef, inbox)], api: () => undefined })
  return { t, fake: { unread } }
}

test('IM-01 the inbox page lists conversations with names, last message and unread counts', async () => {
  const { t } = pageWith('ready', [conv('host_1', 3, Date.now()), conv('host_2', 0, Date.now() - 1000)])
  await t.render()
  await waitFor(() => byId('message-list'), { what: 'message-list' })
  const row = byId('conversation-host_1')!
  assert.match(row.textContent ?? '', 'Nick host_1')
  assert.match(row.textContent ?? '', 'hi from host_1')
  assert.match(row.textContent ?? '', '3')
  await act(async () => row.click())
  assert.is(t.location.path(), '/talk')
  assert.is(t.location.search().get('to'), 'host_1')
  t.dispose()
})

test('IM-01 an inbox of 200 sessions is a virtual list: the first rows are drawn, the rows know the count, the rest waits below', async () => {
  // the window is the scroller (844 px high in test/setup.ts); a row is 72 px
  const restore = giveSizes({ '[data-testid=message-list] > li': { width: 390, height: 72 } })
  try {
    const now = Date.now()
    const { t } = pageWith('ready', Array.from({ length: 200 }, (_, i) => conv(`host_${i}`, 0, now - i * 1000)))
    await t.render()
    const first = await waitFor(() => byId('conversation-host_0'), { what: 'the newest session' })
    assert.is(first.closest('li')!.getAttribute('aria-setsize'), '200')
    const drawn = byId('message-list')!.querySelectorAll('[data-testid^=conversation-]').length
    assert.ok(drawn > 10 && drawn < 30, `a screen of rows and a few more (${drawn} of 200)`)
    assert.is(byId('conversation-host_199'), null)
    t.dispose()
  } finally {
    restore()
  }
})

test('IM-01 the inbox page shows the empty and offline states', async () => {
  const a = pageWith('ready', [])
  await a.t.render()
  assert.ok(await waitFor(() => byId('message-empty'), { what: 'message-empty' }))
  a.t.dispose()
  document.body.innerHTML = ''
  const b = pageWith('offline', [])
  await b.t.render()
  assert.ok(await waitFor(() => byId('message-offline'), { what: 'message-offline' }))
  b.t.dispose()
})

test('IM-01 the message plugin offers its unread total to the tab badge', () => {
  const { t, fake } = pageWith('ready', [])
  fake.unread.value = 4
  assert.is(t.kernel.get(unreadRef)?.unread.value, 4)
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
