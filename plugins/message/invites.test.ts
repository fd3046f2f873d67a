import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import type { ImConversation, ImMessage } from '../../kernel/im/types.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { User } from '../../kernel/session.ts'
import { createEmitter } from '../../kernel/im/emitter.ts'
import { toUser } from '../../kernel/protocol/user.ts'
import { fakeTimers } from '../../test/fake-timers.ts'
import { waitFor } from '../../test/wait.ts'
import { ROBOT_INVITE } from '../calls/api.ts'
import { bannerAllowed } from './banner.ts'
import { previewOf } from './preview.ts'
import { talkRows } from './rows.ts'
import { createInbox, SESSION_BATCH_MS } from './state.ts'
import { inboxOf, memoryIm, ME, msg } from './testkit.ts'
import { createChat } from './chat.ts'

const ROBOT = 'host_robot'
const OTHER = 'host_only_invites'
/** a robot call invitation as the server sends it (plugins/calls/api.ts RobotInvite) */
const invite = (peer: string, n: number): ImMessage => msg(peer, n, { messageType: 100, text: undefined, attachment: { raw: JSON.stringify({ type: ROBOT_INVITE, callIndex: n, callType: 1 }) } })
const convOf = (peer: string, last: ImMessage, unreadCount: number): ImConversation => ({ conversationId: `${ME}|1|${peer}`, to: peer, lastMessage: last, unreadCount, updateTime: last.createTime })

test('IM-05 a robot invitation is no line of the chat, no preview and no banner', () => {
  const items = [msg(ROBOT, 1), ...Array.from({ length: 10 }, (_, i) => invite(ROBOT, 2 + i))]
  const rows = talkRows(items, { startKnown: true }).filter((r) => r.kind === 'message')
  assert.equal(rows.map((r) => (r.kind === 'message' ? r.m.text : '')), ['line 1'], 'ten invitations draw nothing')
  assert.not.equal(previewOf(invite(ROBOT, 2)).key, 'message.message')
  const where = { path: '/message', to: null, call: false, live: false, quiet: false }
  assert.ok(bannerAllowed(msg(ROBOT, 1), ME, where, 0, null), 'a text shows a banner')
  assert.not.ok(bannerAllowed(invite(ROBOT, 2), ME, where, 0, null), 'an invitation does not')
})

test('IM-05 the inbox reads a conversation by its shown messages: invitations are neither its last line nor unread', async () => {
  const robotHistory = [msg(ROBOT, 1), ...Array.from({ length: 10 }, (_, i) => invite(ROBOT, 2 + i))]
  const otherHistory = [invite(OTHER, 20), invite(OTHER, 21)]
  const im = memoryIm()
  const histories: Record<string, ImMessage[]> = { [ROBOT]: robotHistory, [OTHER]: otherHistory }
  im.client.history = async (to, limit = 50) => (histories[to] ?? []).slice(-limit)
  // the server counts invitations like any message: 1 text and 10 invitations unread
  im.client.conversations = async () => [convOf(ROBOT, robotHistory[10], 11), convOf(OTHER, otherHistory[1], 2)]
  const user = signal<User | null>(toUser({ userId: 1, nickname: 'me', icon: '', diamondNum: 0, yxAccid: ME, imToken: 'im-1' }))
  const kernel = { im: async () => im.client, session: { user, loggedIn: signal(true) }, api: { post: async () => [] }, events: createEmitter(), get: () => undefined } as unknown as Kernel
  const timers = fakeTimers()
  const inbox = createInbox(kernel, { timers })
  const stop = inbox.start()
  await waitFor(() => inbox.status.value === 'ready' && inbox.conversations.value.length > 0)
  assert.equal(inbox.conversations.value.map((c) => c.to), [ROBOT], 'a conversation of invitations only is not in the inbox')
  const robot = inbox.conversations.value[0]
  assert.is(robot.lastMessage?.text, 'line 1', 'the row reads the last shown message')
  assert.is(robot.unreadCount, 1)
  assert.is(inbox.unread.value, 1)

  // one more invitation arrives live: nothing changes for the reader
  robotHistory.push(invite(ROBOT, 30))
  im.events.emit('conversations-changed', [convOf(ROBOT, robotHistory[11], 12)])
  await timers.tickAsync(SESSION_BATCH_MS)
  await waitFor(() => inbox.conversations.value[0]?.unreadCount === 1)
  assert.is(inbox.conversations.value[0].lastMessage?.text, 'line 1')
  // then a text: it alone is new
  robotHistory.push(msg(ROBOT, 31))
  im.events.emit('conversations-changed', [convOf(ROBOT, robotHistory[12], 13)])
  await timers.tickAsync(SESSION_BATCH_MS)
  await waitFor(() => inbox.conversations.value[0]?.lastMessage?.text === 'line 31')
  assert.is(inbox.unread.value, 2)
  stop()
})

test('IM-05 a chat of invitations only is an empty chat; paging back steps over a page of invitations', async () => {
  const history = [msg(ROBOT, 1), ...Array.from({ length: 25 }, (_, i) => invite(ROBOT, 2 + i))]
  const im = memoryIm(history)
  const inbox = inboxOf(im.client)
  const chat = createChat({ inbox, peer: ROBOT })
  await waitFor(() => chat.loading.value === 'idle' && im.calls.some(([c]) => c === 'history'))
  assert.equal(chat.items.value, [], 'the last 20 are invitations: nothing to draw')
  await chat.loadOlder()
  await waitFor(() => chat.older.value === 'done')
  assert.equal(chat.items.value.map((m) => m.text), ['line 1'], 'the page before the invitations')
  inbox.receive(invite(ROBOT, 40))
  assert.is(chat.items.value.length, 1, 'a live invitation adds no line')
  chat.dispose()
})

test.run()
