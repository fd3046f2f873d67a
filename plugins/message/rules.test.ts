import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import type { ImConversation } from '../../kernel/im/types.ts'
import type { Kernel } from '../../kernel/types.ts'
import { bannerAllowed, createBanner } from './banner.ts'
import { BANNER_ID } from './ids.ts'
import { toUser } from '../../kernel/protocol/user.ts'
import { disturbs, silenced } from '../../kernel/protocol/disturb.ts'
import { BANNER_DEBOUNCE_MS, canPin, greetingsOf, GREETING_CAP, MAX_PINS, needsTimeLine, TIME_GAP_MS } from './rules.ts'
import { createSocial } from './social.ts'
import { ME, msg } from './testkit.ts'

const conv = (to: string, o: Partial<ImConversation> = {}): ImConversation => ({
  conversationId: `${ME}|1|${to}`,
  to,
  unreadCount: 1,
  updateTime: 1,
  lastMessage: msg(to, 1),
  ...o,
})

test('IM-03 greetings: hosts never answered, not followed, never called; system accounts never; newest 99', () => {
  const list = [
    conv('host_1', { isReply: false, updateTime: 5 }),
    conv('host_2', { isReply: true }),
    conv('host_3', { isReply: false }),
    conv('host_4', { isReply: false }),
    conv('system', { isReply: false }),
    conv('customer_service', { isReply: false }),
    conv('recharge_notify', { isReply: false }),
    // no isReply from the adapter: the last message tells
    conv('host_5', { lastMessage: msg('host_5', 1, { senderId: ME }) }),
    conv('host_6', { updateTime: 9 }),
  ]
  const got = greetingsOf(list, { me: ME, followed: new Set(['host_3']), called: new Set(['host_4']) })
  assert.equal(got.map((c) => c.to), ['host_6', 'host_1'])
  const many = Array.from({ length: 150 }, (_, i) => conv(`host_${i}`, { isReply: false, updateTime: i }))
  const capped = greetingsOf(many, { me: ME, followed: new Set(), called: new Set() })
  assert.is(capped.length, GREETING_CAP)
  assert.is(capped[0].to, 'host_149', 'the newest kept, the oldest removed')
})

test('IM-04 pins: VIP only, at most 5; unpinning always allowed', () => {
  const pinned = Array.from({ length: MAX_PINS }, (_, i) => conv(`host_${i}`, { isPin: true }))
  assert.is(canPin([conv('a')], 'a', false), 'vip-only')
  assert.is(canPin([conv('a')], 'a', true), 'ok')
  assert.is(canPin([...pinned, conv('a')], 'a', true), 'limit')
  assert.is(canPin(pinned, 'host_0', false), 'ok', 'unpin')
})

test('IM-04 do-not-disturb flags: bit 1 calls, bit 2 messages', () => {
  assert.ok(disturbs(2, 'messages'))
  assert.not.ok(disturbs(1, 'messages'))
  assert.ok(disturbs(3, 'calls'))
  assert.not.ok(disturbs(undefined, 'calls'))
})

test('IM-04 do-not-disturb silences only a VIP (expiry included): the banner and the calls plugin ask silenced()', () => {
  const now = Date.parse('2026-06-01T00:00:00Z')
  const vip = (expireTime: string | null, disturb: number) => toUser({ disturb, vipInfo: { isVip: 1, expireTime } })
  assert.ok(silenced(vip(null, 2), 'messages', now))
  assert.not.ok(silenced(vip(null, 2), 'calls', now))
  assert.ok(silenced(vip('2026-07-01T00:00:00Z', 3), 'calls', now))
  assert.not.ok(silenced(vip('2026-05-01T00:00:00Z', 3), 'calls', now), 'an expired VIP')
  assert.not.ok(silenced(toUser({ disturb: 3 }), 'messages', now), 'not VIP')
  assert.not.ok(silenced(null, 'calls', now))
})

test('IM-04 the banner: not for my own messages, the open chat, calls, live rooms or do-not-disturb; at most one per 10 s', () => {
  const where = { path: '/wall', to: null, call: false, live: false, quiet: false }
  const m = msg('host_1', 1)
  assert.ok(bannerAllowed(m, ME, where, 0, null))
  assert.not.ok(bannerAllowed(msg('host_1', 1, { senderId: ME }), ME, where, 0, null))
  assert.not.ok(bannerAllowed(m, ME, { ...where, path: '/talk', to: 'host_1' }, 0, null))
  assert.ok(bannerAllowed(m, ME, { ...where, path: '/talk', to: 'host_2' }, 0, null))
  assert.not.ok(bannerAllowed(m, ME, { ...where, call: true }, 0, null))
  assert.not.ok(bannerAllowed(m, ME, { ...where, live: true }, 0, null))
  assert.not.ok(bannerAllowed(m, ME, { ...where, quiet: true }, 0, null), 'do-not-disturb for messages')
  assert.not.ok(bannerAllowed(msg('host_1', 1, { messageType: 100, attachment: { raw: '{"type":"robot.call.invite"}' } }), ME, where, 0, null), 'robot invitations')
  assert.not.ok(bannerAllowed(m, ME, where, BANNER_DEBOUNCE_MS - 1, 0))
  assert.ok(bannerAllowed(m, ME, where, BANNER_DEBOUNCE_MS, 0))
})

test('IM-04 the banner opens the overlay once per 10 s window', () => {
  let now = 0
  const opened: string[] = []
  const kernel = {
    scene: signal({ call: false, live: false, game: false }),
    router: { path: signal('/wall'), search: signal(new URLSearchParams()) },
    session: { user: signal(toUser({ disturb: 0 })) },
    overlays: { close: () => undefined, open: async (id: string) => void opened.push(id) },
  } as unknown as Kernel
  const show = createBanner(kernel, () => now)
  show(msg('host_1', 1), ME)
  now = 3000
  show(msg('host_2', 2), ME)
  now = 10_000
  show(msg('host_2', 3), ME)
  assert.equal(opened, [BANNER_ID, BANNER_ID])
})

test('IM-06 a time line after a gap of more than 5 minutes', () => {
  const times = [0, 60_000, 60_000 + TIME_GAP_MS + 1, 60_000 + TIME_GAP_MS + 2]
  assert.equal(times.map((_, i) => needsTimeLine(times, i)), [true, false, true, false])
})

test('IM-03 IM-04 the tab badge: unread without greetings unless unReadMsgNum is 1; greetings follow the config', async () => {
  const conversations = signal<ImConversation[]>([conv('host_1', { unreadCount: 2, isReply: true }), conv('host_2', { unreadCount: 3, isReply: false })])
  const answers: Record<string, unknown> = { '/api/hiMessage/getConfig': { isEnable: 1, unReadMsgNum: 0 }, '/api/chat/getCallRecordByAnchorYxids': [] }
  const kernel = { api: { post: async (p: string) => answers[p] }, session: { user: signal(null) } } as unknown as Kernel
  const inbox = {
    conversations,
    unread: signal(5),
    status: signal('ready'),
    profiles: signal(new Map()),
    me: () => ME,
  }
  const social = createSocial(kernel, inbox as never)
  assert.equal(social.greetings.value, [], 'no config yet: no greeting entry')
  await social.refresh()
  assert.equal(social.greetings.value.map((c) => c.to), ['host_2'])
  assert.is(social.unread.value, 2, 'greetings stay out of the badge')
  answers['/api/hiMessage/getConfig'] = { isEnable: 1, unReadMsgNum: 1 }
  await social.refresh()
  assert.is(social.unread.value, 5)
  social.markFollowed('host_2')
  assert.equal(social.greetings.value, [], 'a follow moves the stranger out')
  answers['/api/hiMessage/getConfig'] = { isEnable: 0, unReadMsgNum: 0 }
  await social.refresh()
  assert.equal(social.greetings.value, [])
})

test('IM-03 a call record moves a stranger out of the greetings', async () => {
  const conversations = signal<ImConversation[]>([conv('host_7', { isReply: false })])
  const answers: Record<string, unknown> = { '/api/hiMessage/getConfig': { isEnable: 1 }, '/api/chat/getCallRecordByAnchorYxids': [] }
  const kernel = { api: { post: async (p: string) => answers[p] }, session: { user: signal(null) } } as unknown as Kernel
  const social = createSocial(kernel, { conversations, unread: signal(1), status: signal('ready'), profiles: signal(new Map()), me: () => ME } as never)
  await social.refresh()
  assert.is(social.greetings.value.length, 1)
  answers['/api/chat/getCallRecordByAnchorYxids'] = [{ yxAccid: 'host_7' }]
  await social.refresh()
  assert.is(social.greetings.value.length, 0)
})

test('IM-04 do-not-disturb is reset for a user who is not VIP', async () => {
  const posts: Array<[string, unknown]> = []
  const user = signal<ReturnType<typeof toUser> | null>(toUser({ disturb: 3, isVip: 1 }))
  const kernel = { api: { post: async (p: string, b: unknown) => (posts.push([p, b]), {}) }, session: { user } } as unknown as Kernel
  const social = createSocial(kernel, { conversations: signal([]), unread: signal(0), status: signal('idle'), profiles: signal(new Map()), me: () => ME } as never)
  const stop = social.start()
  assert.equal(posts, [], 'a VIP keeps the flags')
  user.value = toUser({ disturb: 3, isVip: 0 })
  assert.equal(posts, [['/api/user/userDisturb', { disturb: 0 }]])
  stop()
})

test.run()
