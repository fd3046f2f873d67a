import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkLedger } from '../../harness/ledger.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { chatRoomsOf } from '../../harness/im-chatroom.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { waitFor } from '../../test/wait.ts'
import { GiftPaths } from '../gift/paths.ts'
import { LivePaths } from '../live/paths.ts'
import { defaultGoals } from './fake.ts'
import { WISH_UPDATE, WishPaths } from './paths.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'live', 'gift', 'wish'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  await h.control('POST', '/__harness/reset')
})

const HOST = 200001
let seq = 0
const send = (giftId: number, giftNum: number, scene = 'LIVE', hostId = HOST) => h.api(GiftPaths.send, { giftId, giftNum, scene, anchorId: hostId, requestId: `wish-test-${++seq}` }, { token: TEST_TOKEN })
const enter = async (lang: 'en' | 'ar' = 'en') => (await h.api(LivePaths.enter, { anchorId: HOST, type: 1 }, { token: TEST_TOKEN, lang })).data
const counts = (list: any[]) => list.map((w) => [w.giftId, w.compelteGiftNum, w.giftNum])
const setWishes = (wishes: Array<{ giftId: number; giftNum: number }>) => h.control('POST', '/__harness/wish/set', { hostId: HOST, wishes })

test('LIVE-09 harness: the room carries liveWishList (gift, goal, count) and clickAgreement; the counts come from the ledger\'s gift rows in that room only, capped at the goal', async () => {
  const room = await enter()
  assert.equal(counts(room.liveWishList), defaultGoals(HOST).map((g) => [g.giftId, 0, g.giftNum]), 'the default wishes, nothing sent yet')
  assert.ok(room.liveWishList.every((w: any) => typeof w.giftName === 'string' && w.giftName && w.giftSmallImg && w.giftPrice > 0))
  assert.is(room.clickAgreement, 0)
  await setWishes([{ giftId: 1003, giftNum: 3 }, { giftId: 1005, giftNum: 2 }])
  assert.is((await send(1003, 2)).body.code, '0000')
  await send(1003, 5) // past the goal: capped
  await send(1005, 1, 'CALL') // another scene: not in her room
  await send(1005, 1, 'LIVE', 200002) // another host's room
  await send(1001, 1) // no wish of hers
  assert.equal(counts((await enter()).liveWishList), [[1003, 3, 3], [1005, 0, 2]])
  assert.equal([(await enter()).liveWishList[0].giftName, (await enter('ar')).liveWishList[0].giftName], ['Kiss', 'قبلة'], 'named in the caller\'s language')
  assert.ok(checkLedger(h.ctx.db.getState()).ok, 'the ledger holds')
})

test('LIVE-09 harness: wishes set again count from then on; gifts sent before do not count', async () => {
  await setWishes([{ giftId: 1004, giftNum: 4 }])
  await send(1004, 3)
  assert.equal(counts((await enter()).liveWishList), [[1004, 3, 4]])
  const t0 = Date.now()
  await waitFor(() => Date.now() > t0, { what: 'the next millisecond (the ledger\'s clock)' })
  await setWishes([{ giftId: 1004, giftNum: 4 }])
  assert.equal(counts((await enter()).liveWishList), [[1004, 0, 4]], 'a new wish starts at 0')
  await send(1004, 1)
  assert.equal(counts((await enter()).liveWishList), [[1004, 1, 4]])
  // junk goals are dropped
  const junk = (await h.control('POST', '/__harness/wish/set', { hostId: HOST, wishes: [{ giftId: 99999, giftNum: 1 }, { giftId: 1003, giftNum: 0 }, null, { giftId: 1003, giftNum: 2 }] })).body
  assert.equal(counts(junk.liveWishList), [[1003, 0, 2]])
})

test('LIVE-09 harness: a gift that moves a wish posts room message 80 with the new list (no names); other gifts post none', async () => {
  const hub = chatRoomsOf(h.ctx)
  const posted: any[] = []
  const post = hub.post
  hub.post = (roomId, m, except) => {
    if (m.custom?.type === WISH_UPDATE) posted.push({ roomId, ...m.custom })
    return post(roomId, m, except)
  }
  try {
    await setWishes([{ giftId: 1003, giftNum: 3 }])
    assert.equal(posted.map((p) => [p.roomId, counts(p.liveWishList)]), [[`room_${HOST}`, [[1003, 0, 3]]]], 'setting wishes tells the room')
    await send(1001, 1)
    await send(1003, 2)
    await waitFor(() => posted.length === 2, { what: 'the room message after the gift' })
    assert.equal(posted[1].anchorId, HOST)
    assert.equal(counts(posted[1].liveWishList), [[1003, 2, 3]])
    assert.ok(posted[1].liveWishList.every((w: any) => !('giftName' in w)))
    // a rose and a chat gift post nothing: the next message is the next wish gift's, which completes it
    await send(1001, 1)
    await send(1003, 1, 'IM')
    await send(1003, 1)
    await waitFor(() => posted.length >= 3 && posted[posted.length - 1].liveWishList[0].compelteGiftNum === 3, { what: 'the message after the next wish gift' })
    assert.is(posted.length, 3, 'one message per wish gift in the room, none for the rose or the chat gift')
    assert.equal(counts(posted[2].liveWishList), [[1003, 3, 3]], 'completed')
  } finally {
    hub.post = post
  }
})

test('LIVE-09 harness: clickAgreement records the viewer\'s agreement (idempotent); the room then says 1; the control entry clears it', async () => {
  assert.equal((await h.api(WishPaths.agreement, { anchorId: HOST, clickAgreement: 1 }, { token: TEST_TOKEN })).data, { clickAgreement: 1 })
  assert.equal((await h.api(WishPaths.agreement, { anchorId: HOST, clickAgreement: 1 }, { token: TEST_TOKEN })).data, { clickAgreement: 1 })
  assert.is((await enter()).clickAgreement, 1)
  assert.is((await h.api(WishPaths.agreement, {})).body.code, Code.needLogin, 'a guest cannot')
  await h.control('POST', '/__harness/wish/agreement', { userId: 100001, agreed: false })
  assert.is((await enter()).clickAgreement, 0)
})

test.run()
