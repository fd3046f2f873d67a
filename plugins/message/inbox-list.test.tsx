import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { createTestKernel, fake } from '../../kernel/testing.tsx'
import type { ImConversation } from '../../kernel/im/types.ts'
import { byId } from '../shell/testkit.tsx'
import { giveSizes } from '../../test/layout.ts'
import { waitFor } from '../../test/wait.ts'
import { unreadRef } from '../shell/api.ts'
import message from './index.ts'
import { GREETING_PATH, MessagePath } from './api.ts'
import { inboxControllerRef } from './refs.ts'
import { GREETING_CAP } from './rules.ts'
import { fakeInbox, ME, msg } from './testkit.ts'
import type { InboxController } from './state.ts'
import type { InboxStatus } from './api.ts'

const conv = (to: string, unreadCount: number, updateTime: number, o: Partial<ImConversation> = {}): ImConversation => ({
  conversationId: `${ME}|1|${to}`,
  to,
  unreadCount,
  updateTime,
  lastMessage: msg(to, updateTime, { fromNick: `Nick ${to}` }),
  ...o,
})

/** the inbox page over these conversations, with the real greetings (config on, answered after configMs) */
function inboxPage(list: ImConversation[], { path = '/message', configMs = 0, isEnable = 1, inbox: over = {} as Partial<InboxController> } = {}) {
  const total = list.reduce((n, c) => n + c.unreadCount, 0)
  const inbox = fakeInbox({ conversations: signal(list), unread: signal(total), ...over })
  const api = (path: string) => {
    if (path === MessagePath.greetingConfig) return new Promise((done) => setTimeout(() => done({ isEnable, unReadMsgNum: 1 }), configMs))
    if (path === MessagePath.recordsByAccids) return []
    if (path === '/api/im/getCustomerServiceList') return [{ yxAccid: 'customer_service' }]
    return null
  }
  return createTestKernel({ plugins: [message], path, token: 'tok', fakes: [fake(inboxControllerRef, inbox)], api })
}

test('IM-03 210 strangers: the newest 99 behind the greeting entry, the rest removed (none spills into Chats); the entry, its page and the badge agree', async () => {
  const restore = giveSizes({ '[data-testid=message-list] > li': { width: 390, height: 72 }, '[data-testid=greeting-list] > li': { width: 390, height: 72 } })
  try {
    const now = Date.now()
    const strangers = Array.from({ length: 210 }, (_, i) => conv(`host_${i}`, 1, now - 10_000 - i * 1000, { isReply: false }))
    const friend = conv('host_friend', 2, now, { isReply: true })
    const t = inboxPage([friend, ...strangers])
    await t.render()
    const entry = await waitFor(() => byId('greeting-entry'), { what: 'the greeting entry' })
    assert.is(byId('message-list')!.querySelector('li:not(:has([data-testid=greeting-entry]))')?.getAttribute('aria-setsize'), '1', 'Chats holds only the answered chat')
    assert.ok(byId('conversation-host_friend'))
    assert.is(byId('conversation-host_120'), null)
    assert.match(entry.textContent ?? '', String(GREETING_CAP))
    assert.match(entry.querySelector('.ms-count')?.textContent ?? '', String(GREETING_CAP), 'the entry counts the unread of the 99 it leads to')
    assert.is(t.kernel.get(unreadRef)?.unread.value, 2 + GREETING_CAP, 'removed greetings are not in the badge')
    await act(async () => entry.click())
    assert.is(t.location.path(), GREETING_PATH)
    const page = await waitFor(() => byId('greeting-list'), { what: 'the greetings page' })
    await waitFor(() => page.querySelectorAll('[data-testid^=conversation-]').length === GREETING_CAP, { what: '99 greetings' })
    assert.ok(byId('conversation-host_98'))
    assert.is(byId('conversation-host_99'), null, 'the 100th newest is removed')
    t.dispose()
  } finally {
    restore()
  }
})

test('IM-03 a reload on the greetings page keeps it while the greeting config is on its way; with none to read it leads to the inbox', async () => {
  const strangers = [conv('host_1', 1, Date.now() - 1000, { isReply: false })]
  const t = inboxPage(strangers, { path: GREETING_PATH, configMs: 80 })
  await t.render()
  await waitFor(() => byId('greeting-list')?.querySelector('[data-testid=conversation-host_1]'), { what: 'the greeting, once the config came' })
  assert.is(t.location.path(), GREETING_PATH)
  t.dispose()
  document.body.innerHTML = ''

  const off = inboxPage(strangers, { path: GREETING_PATH, configMs: 80, isEnable: 0 })
  await off.render()
  await waitFor(() => off.location.path() === '/message', { what: 'the inbox, once the config said greetings are off' })
  off.dispose()
})

test('IM-03 the greetings page with the messaging connection down: nothing kept says so and tries again on Retry; greetings kept stay, under an offline banner', async () => {
  let retries = 0
  const status = signal<InboxStatus>('offline')
  const t = inboxPage([], { path: GREETING_PATH, inbox: { status, reconnect: async () => void retries++ } })
  await t.render()
  const error = await waitFor(() => byId('greetings-offline'), { what: 'the offline state, not a spinner' })
  assert.is(document.querySelector('[data-testid=greetings] .k-spinner, [data-testid=greetings] [role=progressbar]'), null)
  act(() => (error.querySelector('button') as HTMLButtonElement).click())
  assert.is(retries, 1, 'Retry asks the inbox to connect again')
  assert.is(t.location.path(), GREETING_PATH, 'the page stays while offline')
  t.dispose()
  document.body.innerHTML = ''

  const kept = inboxPage([conv('host_1', 1, Date.now() - 1000, { isReply: false })], { path: GREETING_PATH, inbox: { status: signal<InboxStatus>('offline') } })
  await kept.render()
  await waitFor(() => byId('greeting-list')?.querySelector('[data-testid=conversation-host_1]'), { what: 'the kept greeting' })
  assert.ok(byId('greetings-offline-banner'), 'the offline banner above it')
  assert.is(byId('greetings-offline'), null)
  kept.dispose()
})

test('IM-06 IM-01 the customer-service chat is one entry, not a raw row beside it; its unread shows on the entry', async () => {
  const now = Date.now()
  const t = inboxPage([conv('customer_service', 2, now, { isReply: true }), conv('host_1', 1, now - 1000, { isReply: true })])
  await t.render()
  await waitFor(() => byId('conversation-host_1'), { what: 'a chat row' })
  assert.is(byId('conversation-customer_service'), null)
  assert.is(byId('customer-unread')?.textContent, '2')
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
