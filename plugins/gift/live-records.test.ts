import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fake } from '../../kernel/testing.tsx'
import { liveKernel, ROOM } from '../live/testkit.ts'
import { giftRef, type GiftPlay } from './api.ts'

test("LIVE-07 another viewer's gift record in the room chat plays through giftRef (one's own and records without a gift id do not)", async () => {
  const played: GiftPlay[] = []
  const k = liveKernel({ fakes: [fake(giftRef, { play: (g) => void played.push(g) })] })
  k.live.api.open({ userId: ROOM.userId, nickname: 'Layla' })
  await k.t.settle()
  k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' })
  await k.t.settle()
  k.chat.line({ messageClientId: 'g1', from: 'user_300001', fromNick: 'Sultan', custom: { type: 'sendGiftTip', giftId: 1008, giftNum: 3, giftImg: '/g/1008.svg', fromNick: 'Sultan' } })
  k.chat.line({ messageClientId: 'g2', from: 'viewer_1', fromNick: 'Viewer', custom: { type: 'sendGiftTip', giftId: 1001, giftNum: 1 } })
  k.chat.line({ messageClientId: 'g3', from: 'user_300002', fromNick: 'Faisal', custom: { type: 'sendGiftTip', giftNum: 1 } })
  k.chat.line({ messageClientId: 'g4', from: 'user_300002', fromNick: 'Faisal', custom: { type: 'luckyGift', giftId: 1020, totalReward: 500 } })
  k.frames.flushFrames()
  await k.t.settle()
  assert.equal(played, [{ senderId: 'user_300001', senderNick: 'Sultan', giftId: 1008, num: 3, img: '/g/1008.svg' }])
  assert.is(k.room.lines.value.filter((l) => l.type === 'sendGiftTip').length, 3, 'every record still lands in the chat')
  k.t.dispose()
})

test.run()
