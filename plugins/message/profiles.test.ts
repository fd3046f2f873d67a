import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import type { User } from '../../kernel/session.ts'
import { createEmitter } from '../../kernel/im/emitter.ts'
import { toUser } from '../../kernel/protocol/user.ts'
import { waitFor } from '../../test/wait.ts'
import { MessagePath } from './api.ts'
import { createInbox } from './state.ts'
import { memoryIm, ME } from './testkit.ts'

test('IM-02 a chat opened by its link before messaging is ready keeps its peer’s name after the inbox loads (the cache clear asks again)', async () => {
  const im = memoryIm()
  let release = () => {}
  const conversationsAsked = new Promise<void>((r) => (release = r))
  im.client.conversations = async () => (await conversationsAsked, [])
  const asked: string[][] = []
  const post = async (path: string, body: { yxAccids: string[] }) => {
    if (path !== MessagePath.profiles) return null
    asked.push(body.yxAccids)
    return body.yxAccids.map((a) => ({ userId: 7, yxAccid: a, nickname: `Name of ${a}`, icon: '', userType: 2 }))
  }
  const user = signal<User | null>(toUser({ userId: 1, nickname: 'me', icon: '', diamondNum: 0, yxAccid: ME, imToken: 'im-1' }))
  const kernel = { im: async () => im.client, session: { user, loggedIn: signal(true) }, api: { post }, events: createEmitter() } as unknown as Kernel
  const inbox = createInbox(kernel)
  const stop = inbox.start()
  // the chat page asks for its peer at once
  await inbox.loadProfiles(['host_9'])
  assert.is(inbox.profiles.value.get('host_9')?.nickname, 'Name of host_9')
  release()
  await waitFor(() => asked.length === 2)
  await waitFor(() => inbox.profiles.value.get('host_9')?.nickname === 'Name of host_9', { what: 'the name again after the clear' })
  stop()
})

test.run()
