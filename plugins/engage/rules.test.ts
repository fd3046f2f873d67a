import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { badgeTier, nameBarStyle, stageOf, EXP_PER_DOLLAR } from './level-rules.ts'
import { cleanActivities, cleanDays, cycleTotal, dayState, forceReviewDue, levelAllowsClaim, linkStateOf, normalizeCode, Priority, rateUsDue, rewardOf, CODE_MAX } from './rules.ts'

const day = (o: object = {}) => ({ signInCycle: 1, awardNum: 50, awardType: 1, awardUserType: 0, canReceiveFlag: 0, countdown: 0, currentFlag: 0, magnification: 1, payUserMagnification: 2, ...o })

test('ENG-09 the six badge tiers: 1-19, 20-34, 35-44, 45-49, 50-59, 60-99; none at 0', () => {
  const at = (lvs: number[]) => lvs.map(badgeTier)
  assert.equal(at([0, 1, 19, 20, 34, 35, 44, 45, 49, 50, 59, 60, 99]), [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])
  assert.is(badgeTier(Number.NaN), 0)
})

test('ENG-09 name bars: colours for 1, 2-10, 11-20, 21-30, 31-40, 41-45; borders for 46-50, 51-55, 56-60, 61-65, 66-999', () => {
  const colour = (lv: number) => nameBarStyle(lv)?.color
  assert.is(nameBarStyle(0), null)
  const colours = [1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 45].map(colour)
  assert.is(new Set(colours).size, 6)
  assert.is(colour(2), colour(10))
  assert.is.not(colour(1), colour(2))
  assert.is.not(colour(40), colour(41))
  assert.equal([46, 50, 51, 55, 56, 60, 61, 65, 66, 999].map((lv) => nameBarStyle(lv)?.border), ['b1', 'b1', 'b2', 'b2', 'b3', 'b3', 'b4', 'b4', 'b5', 'b5'])
  assert.equal([0, 9, 10, 79, 200].map(stageOf), [0, 0, 1, 7, 7])
  assert.is(EXP_PER_DOLLAR, 100)
})

test('ENG-02 day states: claimable only with canReceiveFlag 1 and the countdown passed; Checked; the paid multiplier; level above 0', () => {
  assert.is(dayState(day({ canReceiveFlag: 1 }), 0), 'claimable')
  assert.is(dayState(day({ canReceiveFlag: 1, countdown: 5 }), 5), 'waiting')
  assert.is(dayState(day({ receiveFlag: 1 }), 0), 'checked')
  assert.is(dayState(day({ countdown: 30 }), 30), 'waiting')
  assert.is(dayState(day(), 0), 'later')
  assert.is(rewardOf(day(), true), 100)
  assert.is(rewardOf(day(), false), 50)
  assert.is(rewardOf(day({ payUserMagnification: 0 }), true), 50)
  assert.equal([levelAllowsClaim(0), levelAllowsClaim(null), levelAllowsClaim(1)], [false, false, true])
  assert.equal(cleanDays([day(), null, { awardNum: 'x' }, 'bad']).length, 1)
  assert.equal(cleanDays(undefined), [])
})

test('ENG-03 codes lose every kind of space and stop at 64 characters; link states 1, 2, 4 only', () => {
  assert.is(normalizeCode('  tr 15\u00a010\t\n'), 'tr1510')
  assert.is(normalizeCode('\u200bTR1510\ufeff'), 'TR1510')
  assert.is(normalizeCode('😀 code'), '😀code')
  assert.is(normalizeCode('A'.repeat(1000)).length, CODE_MAX)
  assert.is(normalizeCode(null), '')
  assert.equal([1, 2, 4, 0, 3, '2', null].map(linkStateOf), [1, 2, 4, null, null, 2, null])
})

test('ENG-05 the forced review needs force 1 and no record; rate-us needs can 1 and no guide step', () => {
  assert.ok(forceReviewDue({ force: 1, myForceEvaluationRecord: null }))
  assert.not.ok(forceReviewDue({ force: 1, myForceEvaluationRecord: { appId: 'x' } }))
  assert.not.ok(forceReviewDue({ force: 0 }))
  assert.not.ok(forceReviewDue(null))
  assert.ok(rateUsDue({ can: 1 }, false))
  assert.not.ok(rateUsDue({ can: 1 }, true))
  assert.not.ok(rateUsDue({ can: 0 }, false))
})

test('SHELL-17 queue order and popup config: missing fields dropped, hostile images refused', () => {
  const order = Object.entries(Priority).sort((a, b) => a[1] - b[1]).map(([k]) => k)
  assert.equal(order, ['derivation', 'forceComment', 'activity', 'discount', 'autoCall', 'checkin'])
  const list = cleanActivities([{ id: 'b', title: 'B', frontPriority: 2 }, { title: 'no id' }, { id: 'a', imgUrl: '/x.svg', frontPriority: 1 }, { id: 'c' }, null, 7])
  assert.equal(list.map((p) => p.id), ['a', 'b'])
  assert.equal(cleanActivities({ not: 'a list' }), [])
})

test('ENG-02 the check-in header is what the days under it add to: 1,510 at x1, 3,020 for a paid user at x2', () => {
  const week = [100, 150, 200, 200, 260, 300, 300].map((awardNum) => day({ awardNum, magnification: 1, payUserMagnification: 2 }))
  assert.is(cycleTotal(week, false), 1510)
  assert.is(cycleTotal(week, true), 3020)
  assert.is(cycleTotal(week, true), week.reduce((n, d) => n + rewardOf(d, true), 0))
})

test.run()
