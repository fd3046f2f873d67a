import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { createTestKernel, fake } from '../../kernel/testing.tsx'
import { byId, click, type } from '../shell/testkit.tsx'
import { giveSizes } from '../../test/layout.ts'
import { waitFor } from '../../test/wait.ts'
import message from './index.ts'
import { inboxControllerRef, socialRef } from './refs.ts'
import { fakeInbox, fakeSocial, inboxOf, memoryIm, msg } from './testkit.ts'

const HOST = 'host_5'

function talkKernel(online: boolean, api: (path: string, payload: any) => unknown, history = [msg(HOST, 1, { text: '<script>alert(1)</script>' })]) {
  const im = memoryIm(history)
  const slice = inboxOf(im.client, online)
  const inbox = fakeInbox({
    ...slice,
    conversations: signal([]),
    unread: signal(0),
    profiles: signal(new Map([[HOST, { userId: 5, yxAccid: HOST, nickname: 'Nadia', icon: '', userType: 2, status: 'online' as const }]])),
  })
  const t = createTestKernel({ plugins: [message], path: `/talk?to=${HOST}&taPath=host_card`, token: 'tok', fakes: [fake(inboxControllerRef, inbox), fake(socialRef, fakeSocial())], api })
  return { t, im, inbox: slice }
}

// a phone's chat area, and rows of a bubble's height: the virtual list draws what fits
let restoreLayout = () => {}
test.before.each(() => {
  restoreLayout = giveSizes({ '[data-testid=talk-list]': { width: 390, height: 640, scrollHeight: 100_000 }, '[data-testid=talk-list] [data-index]': { width: 366, height: 41 } })
})

const toasts = (t: ReturnType<typeof createTestKernel>) => t.kernel.overlays.toasts.value.map((x) => x.text)

test('IM-02 the chat page: HTML arrives as text; prohibited terms are refused with messageProhibited and the text stays', async () => {
  const { t, im } = talkKernel(true, (path, p) => (path === '/api/im/checkText' ? { result: /whatsapp/i.test(p.text) ? 1 : 0 } : undefined))
  await t.kernel.overlays.load()
  await t.render()
  await waitFor(() => byId('talk-list')?.querySelector('[data-testid=chat-message]'), { what: 'the message' })
  assert.is(byId('talk-list')!.querySelector('script'), null)
  assert.match(byId('talk-list')!.textContent ?? '', '<script>alert(1)</script>')
  assert.is(byId('talk-name')!.textContent, 'Nadia')
  await type('composer-input', 'my WhatsApp is 123')
  await click('composer-send')
  await waitFor(() => toasts(t).length > 0)
  assert.equal(toasts(t), ['Prohibited terms. Edit and resubmit'])
  assert.is((byId('composer-input') as HTMLInputElement).value, 'my WhatsApp is 123')
  assert.is(im.sent.length, 0)
  await type('composer-input', 'hello')
  await click('composer-send')
  await waitFor(() => im.sent.length === 1)
  assert.is(im.sent[0].text, 'hello')
  t.dispose()
})

test('IM-02 sent while messaging is disconnected: the warning, the message kept as waiting', async () => {
  const { t, im, inbox } = talkKernel(false, () => ({ result: 0 }))
  await t.kernel.overlays.load()
  await t.render()
  await waitFor(() => byId('talk-offline'), { what: 'talk-offline' })
  await type('composer-input', 'still there?')
  await click('composer-send')
  await waitFor(() => !!byId('chat-queued'))
  assert.match(toasts(t).join(), 'Messaging is disconnected')
  act(() => void (inbox.status.value = 'ready'))
  await waitFor(() => im.sent.length === 1 && !byId('chat-queued'))
  assert.is(im.sent[0].text, 'still there?')
  t.dispose()
})

test('IM-02 a chat of 1,000 messages is a virtual list: it opens at the last message, pages of history keep the row being read in the page, and only rows near the screen are drawn; bad input draws', async () => {
  const odd = [
    msg(HOST, 1000, { text: 'x'.repeat(10_000) }),
    msg(HOST, 1001, { text: '<img src=x onerror=alert(1)>' }),
    msg(HOST, 1002, { messageType: 77 }),
    msg(HOST, 1003, { messageType: 1, attachment: {} }),
    msg(HOST, 1004, { text: 'the last' }),
  ]
  const history = [...Array.from({ length: 995 }, (_, i) => msg(HOST, i + 5)), ...odd]
  const { t } = talkKernel(true, () => ({ result: 0 }), history)
  await t.render()
  const list = await waitFor(() => byId('talk-list'), { what: 'talk-list' })
  const shown = () => [...list.querySelectorAll('[data-testid=chat-message]')]
  const loaded = () => Number(shown()[0]?.getAttribute('aria-setsize'))
  const has = (text: string) => shown().some((li) => li.textContent?.endsWith(text))
  await waitFor(() => has('the last'), { what: 'the last message' })
  assert.ok(shown().some((li) => li.querySelector('[data-testid=chat-unknown]')), 'unknown types and an image without url: a placeholder')
  assert.is(list.querySelector('img[src=x]'), null, 'HTML is text')
  assert.ok(has('x'.repeat(10_000)), '10,000 characters drawn as they are')
  // to the top three times: a page of 20 each time, the view stays on the row being read
  for (const n of [40, 60, 80]) {
    list.scrollTop = 0
    await waitFor(() => loaded() === n, { what: `${n} messages loaded` })
    await waitFor(() => has(`line ${1005 - n + 20}`), { what: 'the row read before the page' })
  }
  assert.ok(shown().length < 40, `only rows near the screen are drawn (${shown().length} of 80)`)
  assert.not.ok(has('the last'), 'the end is far below and not drawn')
  t.dispose()
})

test.after.each(() => {
  restoreLayout()
  document.body.innerHTML = ''
})

test.run()
