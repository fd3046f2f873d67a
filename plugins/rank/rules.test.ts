import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { hostRankLabel } from './api.ts'
import { abbreviate, crownOf, isHostType, podiumOf, splitRankAnswer, taskProgress, toHostRank, viewerRows } from './rules.ts'
import { userCardAnswer } from './api.ts'

const entry = (userId: number, costNum: number) => ({ userId, nickname: `u${userId}`, icon: '', userLevel: 3, userLevelName: '3', vipFlag: 0, countryId: 1, rank: 0, costNum })

test('LIVE-11 diamonds: plain under 1000, k under a million, m above, one decimal, never rounded up', () => {
  assert.equal([0, 7, 999, 1000, 1049, 1999, 12_345, 999_999, 1_000_000, 2_560_000].map(abbreviate), ['0', '7', '999', '1k', '1k', '1.9k', '12.3k', '999.9k', '1m', '2.5m'])
  assert.equal([-5, NaN, 'abc', null, undefined, '1500'].map(abbreviate), ['0', '0', '0', '0', '0', '1.5k'])
})

test('LIVE-11 a rank answer: the last item is the caller; the list is capped at 100; missing fields are empty; bad rows dropped', () => {
  const big = [...Array.from({ length: 130 }, (_, i) => entry(i + 1, 5000 - i)), entry(999, 0)]
  const { rows, me } = splitRankAnswer(big)
  assert.is(rows.length, 100)
  assert.equal([rows[0].rank, rows[99].rank], [1, 100])
  assert.equal([me?.userId, me?.rank], [999, 0])
  assert.equal(splitRankAnswer([]), { rows: [], me: null })
  assert.equal(splitRankAnswer(null), { rows: [], me: null })
  assert.equal(splitRankAnswer([entry(5, 10)]).rows, [], 'only the caller: an empty list')
  const odd = splitRankAnswer([{ userId: 1 }, 'x', null, { nickname: 'no id' }, { userId: 2, costNum: '30', nickName: 'Sam' }, entry(9, 0)])
  assert.equal(
    odd.rows.map((e) => [e.userId, e.nickname, e.costNum, e.rank, e.vipFlag]),
    [
      [1, '', 0, 1, 0],
      [2, 'Sam', 30, 2, 0],
    ],
  )
})

test('LIVE-11 the Week podium shows 2nd, 1st, 3rd, then 97 rows; fewer than 3 still stand', () => {
  const rows = Array.from({ length: 100 }, (_, i) => ({ ...entry(i + 1, 100 - i), rank: i + 1 }))
  const { podium, rest } = podiumOf(rows)
  assert.equal(podium.map((p) => [p.place, p.entry.userId]), [[2, 2], [1, 1], [3, 3]])
  assert.is(rest.length, 97)
  assert.equal(podiumOf(rows.slice(0, 2)).podium.map((p) => p.place), [2, 1])
  assert.equal(podiumOf(rows.slice(0, 1)).podium.map((p) => p.place), [1])
  assert.equal(podiumOf([]), { podium: [], rest: [] })
  assert.equal([crownOf(1, 10), crownOf(3, 10), crownOf(4, 10), crownOf(1, 0)], [1, 3, null, null], 'crowns for 1-3 with spend')
})

test("LIVE-12 the host's rank: '--' when unknown, '100+' above 100; a host rank answer made safe", () => {
  assert.equal([null, undefined, '', 0, -1, 'x', 1, 100, 101, 250].map(hostRankLabel), ['--', '--', '--', '--', '--', '--', '1', '100', '100+', '100+'])
  const safe = toHostRank({ anchorReceiveRankList: [...Array.from({ length: 120 }, (_, i) => ({ userId: i, costNum: 10 })), null, 'x'], costNum: '70' })
  assert.equal([safe.anchorReceiveRankList.length, safe.costNum, safe.currentAnchorRank], [100, 70, null])
  assert.equal(toHostRank(null), { anchorReceiveRankList: [], costNum: 0, currentAnchorRank: null })
})

test('LIVE-12 the task bar: the first unfinished task by goal, its percent; all done: the last at 100 %', () => {
  const tasks = [
    { taskValue: 1500, taskCondition: 5000, finished: 0 },
    { taskValue: 1500, taskCondition: 1000, finished: 1 },
    { taskValue: 1500, taskCondition: 20000, finished: 0 },
  ]
  assert.equal(taskProgress(tasks), { task: { taskValue: 1500, taskCondition: 5000, finished: 0 }, percent: 30 })
  assert.equal(taskProgress(tasks.map((t) => ({ ...t, finished: 1 })))?.percent, 100)
  assert.is(taskProgress(tasks.map((t) => ({ ...t, finished: 1 })))?.task.taskCondition, 20000)
  assert.is(taskProgress([]), null)
  assert.is(taskProgress([{ taskValue: 5, taskCondition: 0 }, 'x']), null)
})

test('LIVE-11 LIVE-13 NET-07 rank rows and the user card pass their guards: an object name is a blank, a row without its id is left out, a gift wall of junk is empty', () => {
  const { rows } = splitRankAnswer([{ userId: 1, nickname: { a: 1 }, userLevelName: 7, costNum: { n: 1 } }, { userId: { a: 1 } }, entry(9, 0)])
  assert.equal(rows.map((e) => [e.userId, e.nickname, e.userLevelName, e.costNum]), [[1, '', '0', 0]])
  assert.is(userCardAnswer({ nickname: 'no id' }), undefined)
  const card = userCardAnswer({ userId: 5, nickname: ['x'], age: { a: 1 }, fans: '12', isFollow: 'yes', giftWalls: { length: 1e9 } })!
  assert.equal([card.nickname, card.age, card.fans, card.isFollow, card.giftWalls], ['', null, 12, false, []])
  assert.equal(viewerRows([null, { userId: 3, nickname: 'Ana', vipFlag: 1 }, 'x']).map((v) => [v.userId, v.nickname, v.vipFlag]), [[3, 'Ana', 1]])
})

test('LIVE-13 follow, message and profile apply to host cards only (userType 2 or 3)', () => {
  assert.equal([1, 2, 3, 4, '2', null].map(isHostType), [false, true, true, false, true, false])
})

test.run()
