import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import { createTestKernel, fake } from '../../kernel/testing.tsx'
import type { ImMessage } from '../../kernel/im/types.ts'
import { byId } from '../shell/testkit.tsx'
import { giveSizes } from '../../test/layout.ts'
import { waitFor } from '../../test/wait.ts'
import message from './index.ts'
import { inboxControllerRef, socialRef } from './refs.ts'
import { fakeInbox, fakeSocial, inboxOf, memoryIm, msg } from './testkit.ts'

const HOST = 'host_5'

function talk(locale: 'en' | 'ar', nickname: string, history: ImMessage[]) {
  const im = memoryIm(history)
  const inbox = fakeInbox({
    ...inboxOf(im.client),
    conversations: signal([]),
    profiles: signal(new Map([[HOST, { userId: 5, yxAccid: HOST, nickname, icon: '', userType: 2, status: 'online' as const }]])),
  })
  return createTestKernel({ plugins: [message], locale, path: `/talk?to=${HOST}&taPath=host_card`, token: 'tok', fakes: [fake(inboxControllerRef, inbox), fake(socialRef, fakeSocial())], api: () => ({ result: 0 }) })
}

let restore = () => {}
test.before.each(() => {
  restore = giveSizes({ '[data-testid=talk-list]': { width: 390, height: 640, scrollHeight: 100_000 }, '[data-testid=talk-list] [data-index]': { width: 366, height: 41 } })
})
test.after.each(() => {
  restore()
  document.body.innerHTML = ''
})

for (const [locale, nickname] of [['en', 'ناصر'], ['ar', 'Nadia']] as const) {
  test(`IM-02 a name inside a chat's sentence is isolated (${locale}, ${nickname})`, async () => {
    const t = talk(locale, nickname, [])
    await t.render()
    const empty = await waitFor(() => byId('talk-empty'), { what: 'the empty chat' })
    const bdi = empty.querySelector('p bdi')
    assert.ok(bdi, 'the name sits in a <bdi>')
    assert.is(bdi!.textContent, nickname)
    assert.not.match(empty.querySelector('p')!.textContent ?? '', '{{')
    t.dispose()
  })

  test(`IM-02 a system line and a payment notice from data keep their own direction (${locale})`, async () => {
    const official = JSON.stringify({ serverSent: 1 })
    const t = talk(locale, nickname, [
      msg(HOST, 1, { messageType: 10, text: 'ناصر followed you', serverExtension: official }),
      msg(HOST, 2, { messageType: 0, text: 'Payment for ناصر', serverExtension: JSON.stringify({ serverSent: 1, viewFlag: 4 }) }),
    ])
    await t.render()
    const tip = await waitFor(() => byId('talk-list')?.querySelector('[data-testid=chat-tip] span'), { what: 'the system line' })
    assert.is(tip.getAttribute('dir'), 'auto')
    const paid = await waitFor(() => byId('talk-list')?.querySelector('[data-testid=chat-paid] .ch-paid__main > span'), { what: 'the payment notice' })
    assert.is(paid.getAttribute('dir'), 'auto')
    t.dispose()
  })
}

test.run()
