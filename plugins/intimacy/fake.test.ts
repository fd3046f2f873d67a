import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkLedger } from '../../harness/ledger.ts'
import { instantClock, loadScenarios, runScenario } from '../../harness/scenario-runner.ts'
import { chatRoomsOf } from '../../harness/im-chatroom.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { mediaOf, type UserRow } from '../../harness/types.ts'
import { Code, Msg } from '../../kernel/protocol/envelope.ts'
import { GiftPaths } from '../gift/paths.ts'
import { IntimacyLedgerReason, IntimacyPaths } from './api.ts'
import { experienceOf, UPGRADE_ATTACH } from './fake.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'live', 'gift', 'intimacy'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  await h.control('POST', '/__harness/reset')
})

const ME = 100001
const HOST = 200002
const user = (id: number) => h.ctx.userById(id) as UserRow
const info = async (lang = 'en') => (await h.api(IntimacyPaths.info, { anchorId: HOST }, { token: TEST_TOKEN, lang })).data
const setPair = (experience: number, level?: number) => h.control('POST', '/__harness/intimacy/set', { userId: ME, hostId: HOST, experience, ...(level != null && { level }) })
const setBalance = (diamondNum: number) => h.control('POST', '/__harness/users/100001/balance', { diamondNum })
const sendGift = (giftId: number, requestId: string) => h.api(IntimacyPaths.sendGift, { anchorId: HOST, giftId, giftNum: 1, requestId }, { token: TEST_TOKEN })
const intimacyRows = () => (h.ctx.db.get('ledger').value() as Array<{ reason: string; delta: number; userId: number }>).filter((r) => r.reason.startsWith('intimacy.'))
/** a day's ledger row as a past one (the daily limits are per UTC day) */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString()

test('LIVE-15 harness: a new pair is level 0 (not bound), needs 100, with the limits, today per source and privileges in the caller\'s language', async () => {
  const a = await info()
  assert.equal([a.level, a.experienceValue, a.upNeddExperienceValue, a.bindTime, a.anchorId], [0, 0, 100, 0, HOST])
  assert.equal(a.gift.giftPrice, 99)
  assert.equal(a.addExperienceConfig, { chatAdd: 1, chatLimit: 20, giftAdd: 1, giftLimit: -1, callAdd: 5, callLimit: 100, chatToday: 0, giftToday: 0, callToday: 0 })
  assert.ok(a.privilegeList.length >= 5 && a.privilegeList.every((p: any) => p.icon.startsWith('data:image/svg+xml') && p.level >= 1))
  const ar = await info('ar')
  assert.match(ar.privilegeList[0].content, /[\u0600-\u06ff]/)
  assert.equal((await h.api(IntimacyPaths.privileges, { anchorId: HOST }, { token: TEST_TOKEN })).data.privilegeList.length, a.privilegeList.length)
  assert.is((await h.api(IntimacyPaths.info, { anchorId: ME }, { token: TEST_TOKEN })).body.code, Code.refused, 'a viewer is no host')
})

test('LIVE-15 harness: experience comes from the ledger (gifts per 10 diamonds, call periods) and the IM service (chats), each capped per day', async () => {
  await setBalance(100_000)
  // gifts: 250 diamonds to her = 25; to another host nothing
  const gifts = (await h.api(GiftPaths.list, {}, { token: TEST_TOKEN })).data
  const rose = Object.values(gifts).flat().find((g: any) => g.level <= 3 && !g.tempId && g.giftTypeV2 !== 6) as { id: number; giftPrice: number }
  await h.api(GiftPaths.send, { giftId: rose.id, giftNum: 5, scene: 'LIVE', anchorId: HOST, requestId: 'g1' }, { token: TEST_TOKEN })
  await h.api(GiftPaths.send, { giftId: rose.id, giftNum: 5, scene: 'LIVE', anchorId: HOST, requestId: 'g1' }, { token: TEST_TOKEN }) // a retry: charged once, counted once
  await h.api(GiftPaths.send, { giftId: rose.id, giftNum: 3, scene: 'LIVE', anchorId: 200003, requestId: 'g2' }, { token: TEST_TOKEN })
  const giftExp = Math.floor((rose.giftPrice * 5) / 10)
  // calls: 30 billed periods with her today (5 each, limit 100), 2 yesterday
  for (let i = 0; i < 30; i++) h.ctx.move(ME, -1, 'call', { key: `ch1:${i}`, channelId: 'ch1', point: i, peerId: HOST })
  for (const i of [0, 1]) h.ctx.db.get('ledger').push({ id: 90_000 + i, userId: ME, delta: 0, reason: 'call', balanceAfter: 0, at: yesterday(), peerId: HOST }).write()
  // chats: 25 messages to her today (1 each, limit 20), her replies do not count
  const im = mediaOf(h.ctx).im()!
  for (let i = 0; i < 25; i++) im.send(user(ME).yxAccid, user(HOST).yxAccid, { text: `hi ${i}`, messageType: 0 })
  im.send(user(HOST).yxAccid, user(ME).yxAccid, { text: 'hello', messageType: 0 })
  const got = experienceOf(h.ctx, user(ME), user(HOST))
  assert.equal(got.today, { chat: 20, gift: giftExp, call: 100 })
  assert.is(got.total, 20 + giftExp + 100 + 10, 'yesterday\'s two periods count too')
  const a = await info()
  assert.equal([a.addExperienceConfig.chatToday, a.addExperienceConfig.giftToday, a.addExperienceConfig.callToday], [20, giftExp, 100])
  assert.is(a.experienceValue, 100, 'the bar shows at most what the next level needs')
})

test('LIVE-15 harness: the gift only when full; debited once per request id; the level goes up, told in her room and in the chat', async () => {
  await setBalance(1000)
  const giftId = (await info()).gift.id
  await setPair(60)
  const early = await sendGift(giftId, 'r0')
  assert.is(early.body.code, Code.refused)
  assert.match(early.body.msg, 'This gift can only be gifted when intimacy is full')
  await setPair(100)
  const posted: unknown[] = []
  const hub = chatRoomsOf(h.ctx)
  const post = hub.post
  hub.post = (roomId, m, except) => (posted.push({ roomId, ...m.custom }), post(roomId, m, except))
  try {
    assert.is((await sendGift(giftId, 'r1')).data, 'success')
    assert.is((await sendGift(giftId, 'r1')).data, 'success', 'a repeat of the same request')
  } finally {
    hub.post = post
  }
  assert.equal(intimacyRows().map((r) => [r.userId, r.reason, r.delta]), [[ME, IntimacyLedgerReason.gift, -99], [HOST, IntimacyLedgerReason.income, 49]])
  assert.is(user(ME).diamondNum, 901)
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
  const after = await info()
  assert.equal([after.level, after.experienceValue, after.upNeddExperienceValue, after.gift.id], [1, 100, 500, giftId + 1])
  assert.equal(posted, [{ roomId: `room_${HOST}`, type: 'intimacyUpgrade', text: '1', fromNick: user(ME).nickname, userLevel: 3, level: 1 }])
  const line = mediaOf(h.ctx).im()!.history(user(ME).yxAccid, user(HOST).yxAccid).at(-1)!
  assert.equal(JSON.parse(String(line.attachment?.raw)), { attachType: UPGRADE_ATTACH, level: 1, anchorId: HOST })
  assert.ok(h.sent.some((s) => s.userId === ME && s.pushType === 'user.balance' && s.data?.diamondNum === 901), 'the balance pushed')
  // the old level's gift is refused now
  assert.is((await sendGift(giftId, 'r2')).body.code, Code.refused)
})

test('LIVE-15 harness: not enough diamonds answers the string diamond.not.enough and moves nothing; the maximum level has no gift', async () => {
  await setBalance(50)
  await setPair(100)
  const giftId = (await info()).gift.id
  const r = await sendGift(giftId, 'poor')
  assert.equal([r.body.code, r.data], [Code.ok, Msg.notEnough])
  assert.equal(intimacyRows(), [])
  assert.is((await info()).level, 0)
  await setPair(10_000, 4)
  const max = await info()
  assert.equal([max.level, max.upNeddExperienceValue, max.gift, max.experienceValue], [4, null, null, 10_000])
  assert.is((await sendGift(giftId, 'max')).body.code, Code.refused)
  const listed = (await h.control('GET', '/__harness/intimacy/pairs')).body
  assert.equal(listed.map((p: any) => [p.pair, p.level]), [[`${ME}:${HOST}`, 4]])
})

test('LIVE-15 harness: the scenario live-intimacy-upgrade leaves the viewer\'s bar with Layla full at level 0, with diamonds for the gift', async () => {
  const s = (await loadScenarios()).get('live-intimacy-upgrade')
  assert.ok(s)
  const result = await runScenario(s!, h.ops, { clock: instantClock() }).done
  assert.ok(result.steps.every((x) => x.ok), JSON.stringify(result.steps))
  const a = (await h.api(IntimacyPaths.info, { anchorId: 200001 }, { token: TEST_TOKEN })).data
  assert.equal([a.level, a.experienceValue, a.upNeddExperienceValue], [0, 100, 100])
  assert.ok(user(ME).diamondNum >= a.gift.giftPrice)
  assert.is((await h.api(IntimacyPaths.sendGift, { anchorId: 200001, giftId: a.gift.id, giftNum: 1, requestId: 'scn' }, { token: TEST_TOKEN })).data, 'success')
})

test.run()
