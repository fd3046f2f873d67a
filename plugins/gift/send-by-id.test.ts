import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { definePlugin } from '../../kernel/plugin.ts'
import { createTestKernel, type TestKernel } from '../../kernel/testing.tsx'
import { giftRef } from './api.ts'
import { createGiftPlugin } from './index.ts'
import { GiftPaths } from './paths.ts'

let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
})

test('LIVE-09 giftRef.send: a catalogue gift by id, loaded first, under the panel\'s send rules (the balance from the answer); an unknown id fails without a post', async () => {
  const sends: any[] = []
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'shell' }), createGiftPlugin({ reducedMotion: () => true, preload: false })],
    token: 'tok',
    api: (p, payload) => {
      if (p === GiftPaths.list) return { Popular: [{ id: 1003, giftName: 'Kiss', giftPrice: 10, giftTypeV2: 1 }] }
      if (p === GiftPaths.send) return (sends.push(payload), { diamondNum: 990 })
      return null
    },
  })
  current = t
  t.kernel.session.setUser({ userId: 7, nickname: 'Mia', icon: '', yxAccid: 'u7', diamondNum: 1000, userLevel: 3 } as any)
  await t.kernel.i18n.ready()
  const gift = t.kernel.need(giftRef)
  assert.is(await gift.send(1003, 1, { scene: 'LIVE', hostId: 200001, path: 'wish' }), 'sent')
  assert.is(sends.length, 1)
  assert.equal([sends[0].giftId, sends[0].giftNum, sends[0].scene, sends[0].anchorId, sends[0].path], [1003, 1, 'LIVE', 200001, 'wish'])
  assert.match(sends[0].requestId, /\S{8,}/)
  assert.is(t.kernel.session.user.peek()!.diamondNum, 990, 'the balance from the answer')
  assert.is(await gift.send(1003, 1, { scene: 'LIVE', hostId: 200001 }), 'debounced', 'within 1 s of the last send')
  assert.is(await gift.send(4242, 1, { scene: 'LIVE', hostId: 200001 }), 'failed')
  assert.is(sends.length, 1)
})

test.run()
