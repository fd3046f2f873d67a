import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { checkLedger } from '../../harness/ledger.ts'
import { LivePaths } from '../live/paths.ts'
import { LIVE_LIST_PATH } from '../wall/api.ts'
import { CallGameType, CallPath, LiveCall } from '../calls/api.ts'
import { RankPath } from './api.ts'
import { periodOf, weekStart } from './fake-ranks.ts'
import { instantClock, loadScenarios, runScenario } from '../../harness/scenario-runner.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'live', 'calls', 'rank'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  await h.control('POST', '/__harness/reset')
})

const HOST = 200001
const gifts = (hostId: number, sends: Array<{ userId: number; diamonds: number; giftId?: number; count?: number }>) =>
  h.control('POST', '/__harness/rank/gifts', { hostId, sends })
const viewers = async () => (await h.control('GET', '/__harness/db/users')).body.filter((u: any) => u.userType === 1) as Array<{ userId: number; token: string }>

test('LIVE-11 the fans rank comes from the ledger: per host and period, most first, the caller last (rank 0 without spend)', async () => {
  const [a, b] = await viewers()
  await gifts(HOST, [
    { userId: a.userId, diamonds: 300 },
    { userId: b.userId, diamonds: 1200 },
    { userId: a.userId, diamonds: 100 },
  ])
  await gifts(200002, [{ userId: a.userId, diamonds: 5000 }])
  for (const rankType of ['now', 'today', 'week']) {
    const list = (await h.api(RankPath.send, { rankType, anchorUserId: HOST, dbId: HOST }, { token: TEST_TOKEN })).data
    assert.equal(
      list.map((e: any) => [e.userId, e.rank, e.costNum]),
      [
        [b.userId, 1, 1200],
        [a.userId, 2, 400],
        [100001, a.userId === 100001 ? 2 : b.userId === 100001 ? 1 : 0, a.userId === 100001 ? 400 : b.userId === 100001 ? 1200 : 0],
      ],
      rankType,
    )
    assert.ok(list.every((e: any) => typeof e.nickname === 'string' && 'userLevel' in e && 'vipFlag' in e && 'countryId' in e))
  }
  // a host with no gifts: only the caller's own entry
  assert.equal((await h.api(RankPath.send, { rankType: 'week', anchorUserId: 200003 }, { token: TEST_TOKEN })).data.map((e: any) => [e.rank, e.costNum]), [[0, 0]])
  assert.is((await h.api(RankPath.send, { rankType: 'year', anchorUserId: HOST }, { token: TEST_TOKEN })).body.code, '5000')
  assert.ok(checkLedger(h.ctx.db.getState()).ok, 'the ledger holds')
})

test('LIVE-12 the host rank: this week and last week from the ledger, the host amount and rank (null without gifts)', async () => {
  const [a, b] = await viewers()
  await gifts(HOST, [{ userId: a.userId, diamonds: 700 }])
  await gifts(200002, [{ userId: b.userId, diamonds: 2000 }])
  const week = (await h.api(RankPath.receive, { rankType: 'week', anchorUserId: HOST }, { token: TEST_TOKEN })).data
  assert.equal(week.anchorReceiveRankList.map((e: any) => [e.userId, e.costNum]), [[200002, 2000], [HOST, 700]])
  assert.equal([week.costNum, week.currentAnchorRank], [700, 2])
  const last = (await h.api(RankPath.receiveHistory, { rankType: 'lastWeek', anchorUserId: HOST }, { token: TEST_TOKEN })).data
  assert.equal(last, { anchorReceiveRankList: [], costNum: 0, currentAnchorRank: null })
  // the room answers the same rank and task, and its top spender is the 'now' leader
  const room = (await h.api(LivePaths.enter, { anchorId: HOST, type: 1 }, { token: TEST_TOKEN })).data
  assert.is(room.currentAnchorRank, 2)
  assert.equal(room.expandMap.tasks[0], { taskValue: 700, taskCondition: 1000, finished: 0 })
  assert.is(room.bigBrotherList[0].userId, a.userId)
  assert.ok(room.pendantList.length > 0 && room.pendantList[0].picUrl.startsWith('data:image/svg+xml'))
  assert.ok((await h.api(LivePaths.activities, {}, { token: TEST_TOKEN })).data.length > 0)
})

test('LIVE-12 the weekly task and its gift history follow the gifts the host received this week', async () => {
  const [a] = await viewers()
  await gifts(HOST, [{ userId: a.userId, diamonds: 1500, giftId: 7, count: 3 }])
  const task = (await h.api(RankPath.task, { anchorUserId: HOST }, { token: TEST_TOKEN })).data
  assert.equal(task.taskList.map((t: any) => [t.taskValue, t.taskCondition, t.finished]), [[1500, 1000, 1], [1500, 5000, 0], [1500, 20000, 0]])
  assert.is(task.giftHistory.length, 1)
  assert.equal([task.giftHistory[0].giftNum, typeof task.giftHistory[0].formattedTime], [3, 'string'])
})

test('LIVE-13 SHELL-12 the user card\'s gift wall names the catalogue\'s gifts in the request\'s language (never a placeholder such as #1003)', async () => {
  const [a] = await viewers()
  await gifts(HOST, [{ userId: a.userId, diamonds: 100, giftId: 1001, count: 20 }])
  const wall = async (lang: string) => (await h.api(RankPath.card, { searchValue: HOST }, { token: TEST_TOKEN, lang })).data.giftWalls
  assert.equal((await wall('ar')).map((g: any) => [g.giftId, g.giftName, g.giftCount]), [[1001, 'وردة', 20]])
  assert.equal((await wall('en')).map((g: any) => [g.giftName, g.giftImg]), [['Rose', '/__harness/gift/img?id=1001']])
})

test('the periods: today from midnight UTC, the week from Monday, last week the seven days before', () => {
  const wed = Date.UTC(2026, 10, 25, 15, 30) // a Wednesday
  assert.is(new Date(weekStart(wed)).toISOString(), '2026-11-23T00:00:00.000Z')
  assert.is(new Date(periodOf('today', wed)[0]).toISOString(), '2026-11-25T00:00:00.000Z')
  assert.equal(periodOf('lastWeek', wed).map((t) => new Date(t).toISOString()), ['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'])
  assert.is(new Date(weekStart(Date.UTC(2026, 10, 29, 23))).toISOString(), '2026-11-23T00:00:00.000Z', 'Sunday belongs to the week before it')
})

test('LIVE-13 the user card: host fields, follow counts, gift wall received; a viewer sent; an unknown id is refused', async () => {
  const [a] = await viewers()
  await gifts(HOST, [{ userId: a.userId, diamonds: 100, giftId: 3, count: 2 }, { userId: a.userId, diamonds: 100, giftId: 3, count: 1 }])
  const card = (await h.api(RankPath.card, { searchValue: HOST }, { token: TEST_TOKEN })).data
  assert.equal([card.userId, card.userType, card.levelName, typeof card.fans, typeof card.isFollow], [HOST, 2, 'A', 'number', 'boolean'])
  assert.ok(card.country && card.yxAccid)
  assert.equal(card.giftWalls.map((g: any) => [g.giftId, g.giftCount]), [[3, 3]])
  await h.api('/api/user/followUser', { followType: 1, followUserId: HOST }, { token: TEST_TOKEN })
  assert.is((await h.api(RankPath.card, { searchValue: HOST }, { token: TEST_TOKEN })).data.isFollow, true)
  const viewer = (await h.api(RankPath.card, { searchValue: a.userId }, { token: TEST_TOKEN })).data
  assert.equal([viewer.giftWalls.length, viewer.liveWelcome], [1, ''])
  assert.is((await h.api(RankPath.card, { searchValue: 999 }, { token: TEST_TOKEN })).body.code, '5000')
  const ar = (await h.api(RankPath.card, { searchValue: HOST }, { token: TEST_TOKEN, lang: 'ar' })).data
  assert.is(ar.country, 'السعودية')
})

test('LIVE-11 the viewers list: the people in the room, simulated up to the audience', async () => {
  const list = (await h.api(RankPath.viewers, { anchorUserId: HOST }, { token: TEST_TOKEN })).data
  assert.ok(list.length > 0 && list.length <= 50)
  assert.ok(list.every((v: any) => 'icon' in v && v.nickname && 'userLevelName' in v && 'vipFlag' in v && 'countryId' in v))
})

test('LIVE-14 a private call from live: the live host answers, the entry giftPrice is charged at begin, then nothing until the free minutes pass, then unitPrice', async () => {
  await h.control('POST', '/__harness/settings', { liveCallFreeSec: 1, billingPeriodSec: 1 })
  await h.control('POST', '/__harness/calls/behaviour', { hostId: HOST, answer: 'accept', afterSec: 0 })
  const live = (await h.api(LIVE_LIST_PATH, { currentPage: 1, pageSize: 50 })).data.list.map((r: any) => r.userId)
  assert.ok(live.includes(HOST), 'the host is live')
  const direct = await h.api(CallPath.create, { beCallUserId: HOST, callType: CallGameType.DIRECT }, { token: TEST_TOKEN })
  assert.is(direct.body.msg, 'anchor.busy', 'a direct call refuses a live host')
  const before = (await h.control('GET', '/__harness/db/users?userId=100001')).body[0].diamondNum
  const created = (await h.api(CallPath.create, { beCallUserId: HOST, callType: CallGameType.LIVE, webSource: 'live' }, { token: TEST_TOKEN })).data
  assert.ok(created.channelId)
  // the viewer's app is in the call's video channel (billing starts only once both sides are)
  h.rtc.hostJoin(created.channelId, '100001')
  let began: any = null
  for (let i = 0; i < 50 && !began?.diamond; i++) {
    const r = await h.api(CallPath.begin, { channelId: created.channelId }, { token: TEST_TOKEN })
    if (r.body.code === '0000') began = r.data
    else await new Promise((ok) => setTimeout(ok, 50))
  }
  assert.is(began.diamond, before - LiveCall.entry, 'the entry is charged once')
  assert.is(began.nextPoint, 1, 'the next charge waits for the free time')
  await new Promise((ok) => setTimeout(ok, 700))
  const due = (await h.api(CallPath.deduct, { searchValue: created.channelId }, { token: TEST_TOKEN })).data
  const host = (await h.control('GET', `/__harness/db/users?userId=${HOST}`)).body[0]
  assert.is(due.diamond, before - LiveCall.entry - host.videoPrice, 'then unitPrice a minute')
  await h.api(CallPath.over, { channelId: created.channelId }, { token: TEST_TOKEN })
  await h.control('POST', '/__harness/settings', { liveCallFreeSec: null, billingPeriodSec: 60 })
  const ledger = h.ctx.db.getState()
  assert.ok(checkLedger(ledger).ok)
  assert.equal(ledger.ledger.filter((r: any) => r.reason === 'call' && r.channelId === created.channelId).map((r: any) => r.delta), [-LiveCall.entry, -host.videoPrice])
})

test('LIVE-11 the live-rankings scenario moves the ranking while you watch; its keys make a second run charge nothing', async () => {
  const s = (await loadScenarios()).get('live-rankings')!
  assert.match(s.description, /Open/)
  for (let run = 0; run < 2; run++) {
    const result = await runScenario(s, h.ops, { clock: instantClock() }).done
    assert.ok(result.steps.every((x) => x.ok), JSON.stringify(result.steps))
  }
  const week = (await h.control('POST', '/__harness/rank/fans', { hostId: HOST, rankType: 'week' })).body
  assert.equal(week.map((e: any) => [e.userId, e.costNum]), [[100002, 4500], [100004, 900]])
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
})

test.run()
