// The ledger's invariant covers what the rows paid for, as each slice declares it (FakeSlice.paidFor).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, type TestHarness } from './testing.ts'
import type { UserRow } from './types.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'live', 'gift', 'intimacy', 'engage', 'recharge'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(() => h.reset())

const problems = () => h.ops.ledger().check.problems

test('HAR-06 a clean ledger with paid state checks ok', () => {
  assert.equal(problems(), [])
})

test('HAR-06 ENG-03 the invariant catches a transfer code paid to two users, and a code used without its payment', () => {
  h.ctx.move(100001, 1510, 'transfer.code', { key: 'transfer:TR1510' })
  h.ctx.db.get('transferCodes').find({ code: 'TR1510' }).assign({ usedBy: 100001 }).write()
  assert.equal(problems(), [])
  h.ctx.move(100002, 1510, 'transfer.code', { key: 'transfer:TR1510' })
  h.ctx.db.get('transferCodes').find({ code: 'TR0850' }).assign({ usedBy: 100003 }).write()
  const found = problems().join('\n')
  assert.match(found, 'transfer code TR1510 paid 2 times')
  assert.match(found, 'transfer code TR0850 used by user 100003 without its payment')
})

test('HAR-06 LIVE-08 the invariant catches boxes held that were never bought and boxes bought that vanished', () => {
  h.ctx.move(100001, -300, 'gift.send', { key: 'gift:b1', boxes: 3 })
  ;(h.ctx.userById(100001) as UserRow).luckyBoxCount = 3
  assert.equal(problems(), [])
  ;(h.ctx.userById(100001) as UserRow).luckyBoxCount = 0
  ;(h.ctx.userById(100002) as UserRow).luckyBoxCount = 5
  const found = problems().join('\n')
  assert.match(found, 'user 100001: lucky boxes bought 3 + granted 0 != opened 0 + held 0')
  assert.match(found, 'user 100002: lucky boxes bought 0 + granted 0 != opened 0 + held 5')
})

test('HAR-06 LIVE-15 the invariant catches an intimacy level paid twice and a level-up paid but not recorded', () => {
  h.ctx.move(100001, -100, 'intimacy.gift', { key: 'intimacy:r1', hostId: 200002, level: 2 })
  h.ctx.db.get('intimacySends').push({ userId: 100001, hostId: 200002, requestId: 'r1', level: 2 }).write()
  assert.equal(problems(), [])
  h.ctx.move(100001, -100, 'intimacy.gift', { key: 'intimacy:r2', hostId: 200002, level: 2 })
  const found = problems().join('\n')
  assert.match(found, 'intimacy level 2 of user 100001 with host 200002 paid twice')
  assert.match(found, 'paid a level-up that is not recorded')
})

test('HAR-06 PAY-04 the invariant catches an order credited twice, credited unpaid, or paid without its credit', () => {
  h.ctx.db.get('payOrders').push({ orderCode: 'O1', userId: 100001, state: 'paid', credited: 500 }, { orderCode: 'O2', userId: 100001, state: 'pending' }, { orderCode: 'O3', userId: 100001, state: 'paid', credited: 90 }).write()
  h.ctx.move(100001, 500, 'recharge', { key: 'O1', orderCode: 'O1' })
  h.ctx.move(100001, 90, 'recharge', { key: 'O3', orderCode: 'O3' })
  assert.equal(problems(), [])
  h.ctx.move(100001, 500, 'recharge', { key: 'O1-again', orderCode: 'O1' })
  h.ctx.move(100001, 70, 'recharge', { key: 'O2', orderCode: 'O2' })
  const found = problems().join('\n')
  assert.match(found, 'order O1 credited twice')
  assert.match(found, 'order O2 credited (row')
})

test.run()
