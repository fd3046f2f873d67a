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

function talkKernel(online: boolean, api: (path: string, payload: any) => unknown) {
  const im = memoryIm([msg(HOST, 1, { text: '<script>alert(1)</script>' })])
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
  restoreLayout = giveSizes({ '[data-testid=talk-list]': { width: 390, height: 640 }, '[data-testid=talk-list] [data-index]': { width: 366, height: 41 } })
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

test.after.each(() => {
  restoreLayout()
  document.body.innerHTML = ''
})

test.run()
