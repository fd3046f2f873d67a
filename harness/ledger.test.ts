import { test } from 'uvu'
import * as assert from 'uvu/assert'
import jsonServer from 'json-server'
import { checkLedger, createMover } from './ledger.ts'
import { EndpointError } from './types.ts'

function memoryDb() {
  const db = jsonServer.router({
    users: [
      { userId: 1, diamondNum: 100 },
      { userId: 2, diamondNum: 0 },
    ],
    ledger: [],
    ledgerOpening: [{ userId: 1, balance: 100 }],
  }).db
  let t = 0
  return { db, move: createMover(db, () => new Date(Date.UTC(2025, 0, 1, 0, 0, t++))) }
}

test('HAR-06 every move changes the balance and appends one ledger row', () => {
  const { db, move } = memoryDb()
  const e = move(1, -30, 'call.deduction')
  assert.is(e.balanceAfter, 70)
  assert.is(db.get('users').find({ userId: 1 }).value().diamondNum, 70)
  move(2, 50, 'recharge')
  assert.is(db.get('ledger').size().value(), 2)
  assert.equal(checkLedger(db.getState()), { ok: true, problems: [] })
})

test('HAR-06 a repeated idempotency key moves nothing and returns the earlier row', () => {
  const { db, move } = memoryDb()
  const first = move(1, -10, 'call.deduction', { key: 'ch1:60' })
  const again = move(1, -10, 'call.deduction', { key: 'ch1:60' })
  assert.is(again.id, first.id)
  assert.is(db.get('users').find({ userId: 1 }).value().diamondNum, 90)
  // the same key for another user is that user's own movement
  move(2, 10, 'host.earning', { key: 'ch1:60' })
  assert.is(db.get('ledger').size().value(), 2)
})

test('HAR-06 a debit never takes a balance below zero: 1080 diamond.not.enough, nothing recorded', () => {
  const { db, move } = memoryDb()
  try {
    move(1, -101, 'gift')
    assert.unreachable('should throw')
  } catch (err) {
    assert.instance(err, EndpointError)
    assert.is((err as EndpointError).code, '1080')
    assert.is((err as Error).message, 'diamond.not.enough')
  }
  assert.is(db.get('users').find({ userId: 1 }).value().diamondNum, 100)
  assert.is(db.get('ledger').size().value(), 0)
  assert.is(move(1, -100, 'gift').balanceAfter, 0) // exactly to zero is fine
})

test('HAR-06 bad moves are refused: fractions and unknown users', () => {
  const { move } = memoryDb()
  assert.throws(() => move(1, 1.5, 'x'), /whole number/)
  assert.throws(() => move(99, 1, 'x'), /no user 99/)
})

test('HAR-06 the invariant checker finds a balance changed behind the ledger and a broken row', () => {
  const { db, move } = memoryDb()
  move(1, -20, 'gift')
  db.get('users').find({ userId: 1 }).assign({ diamondNum: 1000 }).value()
  let check = checkLedger(db.getState())
  assert.not.ok(check.ok)
  assert.match(check.problems[0], 'user 1: opening + deltas = 80, diamondNum = 1000')
  check = checkLedger({ users: [], ledger: [{ id: 1, userId: 3, delta: -5, reason: 'x', balanceAfter: -5, at: '' }], ledgerOpening: [] })
  assert.match(check.problems.join('\n'), 'leaves the balance at -5')
})

test.run()
