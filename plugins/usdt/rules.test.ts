import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { kept, missing, suspendLeft, usdtBadge, usdtStep, USDT_COUNTDOWN_S, USDT_KEEP_MS, USDT_RECHECK_S, type UsdtState } from './rules.ts'

const T0 = 1_700_000_000_000
const start = () => usdtStep(null, { type: 'start', orderCode: 'A', now: T0 }).state!

test('PAY-06 the countdown starts at 5 minutes, ticks each second, and queries the status once at 0', () => {
  const s = start()
  assert.is(s.status, 2)
  assert.is(suspendLeft(s, T0), USDT_COUNTDOWN_S)
  assert.is(suspendLeft(s, T0 + 1000), 299)
  assert.equal(usdtStep(s, { type: 'tick', now: T0 + 299_000 }).effects, [])
  assert.equal(usdtStep(s, { type: 'tick', now: T0 + 300_000 }).effects, ['query'])
  assert.equal(usdtStep(s, { type: 'tick', now: T0 + 301_000 }).effects, [], 'only once')
})

test('PAY-06 the query at 0: paid sets status 1, refreshes the user and shows the result; unpaid goes back', () => {
  const s = start()
  const paid = usdtStep(s, { type: 'queried', orderCode: 'A', status: 1, now: T0 + 300_000 })
  assert.equal([paid.state!.status, paid.effects], [1, ['refreshUser', 'showResult']])
  const failed = usdtStep(s, { type: 'queried', orderCode: 'A', status: 0, now: T0 + 300_000 })
  assert.equal([failed.state!.status, failed.effects], [0, ['back']])
  const pending = usdtStep(s, { type: 'queried', orderCode: 'A', status: 2, now: T0 + 300_000 })
  assert.equal([pending.state!.status, pending.effects], [2, ['back']])
  assert.equal(usdtStep(s, { type: 'queried', orderCode: 'B', status: 1, now: T0 }).effects, [], 'an answer for another order changes nothing')
})

test('PAY-06 pushes: true with the matching order marks paid and moves to the result; true with another only refreshes; false asks why', () => {
  const s = start()
  const match = usdtStep(s, { type: 'push', data: { status: true, orderCode: 'A' }, now: T0 + 5000 })
  assert.equal([match.state!.status, match.effects], [1, ['refreshUser', 'showResult']])
  assert.equal(usdtStep(match.state, { type: 'push', data: { status: true, orderCode: 'A' }, now: T0 + 6000 }).effects, [], 'a repeated push does nothing more')
  const other = usdtStep(s, { type: 'push', data: { status: true, orderCode: 'B' }, now: T0 + 5000 })
  assert.equal([other.state, other.effects], [s, ['refreshUser']])
  // false: the order is asked why before anything is cleared (an underpaid one is explained)
  assert.equal(usdtStep(s, { type: 'push', data: { status: false, orderCode: 'A' }, now: T0 }), { state: { ...s, closing: true }, effects: ['query'] })
  assert.equal(usdtStep(null, { type: 'push', data: { status: false, orderCode: 'A' }, now: T0 }), { state: null, effects: [] }, 'nothing pending: nothing to say')
  assert.equal(usdtStep(null, { type: 'push', data: { status: true, orderCode: 'A' }, now: T0 }).effects, ['refreshUser'])
  for (const bad of [null, 'x', { status: 'true' }, {}]) assert.equal(usdtStep(s, { type: 'push', data: bad, now: T0 }), { state: s, effects: [] })
})

test('PAY-06 a failure pushed for another order (or for none) leaves the pending order intact; its own later success still shows the result', () => {
  const s = start()
  for (const data of [{ status: false, orderCode: 'B' }, { status: false }, { status: false, orderCode: 7 }, { status: false, orderCode: '' }]) {
    assert.equal(usdtStep(s, { type: 'push', data, now: T0 + 1000 }), { state: s, effects: [] }, JSON.stringify(data))
  }
  const paid = usdtStep(usdtStep(s, { type: 'push', data: { status: false, orderCode: 'B' }, now: T0 + 1000 }).state, { type: 'push', data: { status: true, orderCode: 'A' }, now: T0 + 2000 })
  assert.equal([paid.state!.status, paid.effects], [1, ['refreshUser', 'showResult']])
  const done: UsdtState = { ...s, status: 1 }
  assert.equal(usdtStep(done, { type: 'push', data: { status: false, orderCode: 'B' }, now: T0 }).state, done, 'a paid result is not cleared by another order either')
})

test('PAY-06 an underpaid order (false pushed, some USDT arrived) is kept as failed with what arrived and what is missing, and shown; an expired one (nothing arrived) is cleared with a word', () => {
  const closing = usdtStep(start(), { type: 'push', data: { status: false, orderCode: 'A' }, now: T0 + 1000 }).state
  const shortfall = { received: '8.99', amount: '9.99' }
  const under = usdtStep(closing, { type: 'queried', orderCode: 'A', status: 0, shortfall, now: T0 + 2000 })
  assert.equal([under.state!.status, under.state!.shortfall, under.effects], [0, shortfall, ['showResult']])
  assert.is(missing(shortfall), '1.00')
  assert.equal(usdtStep(closing, { type: 'queried', orderCode: 'A', status: 0, now: T0 + 2000 }), { state: null, effects: ['notPaid'] })
  // an unknown answer (the query failed) leaves it pending, never failed
  assert.is(usdtStep(closing, { type: 'queried', orderCode: 'A', status: 2, now: T0 + 2000 }).state!.status, 2)
})

test('PAY-06 SHELL-15 after the countdown a still pending order is asked about every 30 s, and its badge says it is being confirmed, not 00:00', () => {
  const s = start()
  const end = T0 + USDT_COUNTDOWN_S * 1000
  assert.equal(usdtBadge(s, end), { kind: 'confirming' })
  assert.equal(usdtBadge(s, end - 1000), { kind: 'countdown', left: 1 })
  assert.equal(usdtStep(s, { type: 'tick', now: end + 1000 }).effects, [])
  assert.equal(usdtStep(s, { type: 'tick', now: end + USDT_RECHECK_S * 1000 }).effects, ['query'])
  assert.equal(usdtStep(s, { type: 'tick', now: end + USDT_RECHECK_S * 2000 }).effects, ['query'])
  assert.equal(usdtBadge({ ...s, status: 0 }, end), { kind: 'failed' })
})

test('PAY-06 the result is kept 1 hour, then dropped; unreadable saved data is dropped', () => {
  const paid: UsdtState = { orderCode: 'A', status: 1, startedAt: T0, savedAt: T0 }
  assert.equal(kept(paid, T0 + USDT_KEEP_MS - 1), paid)
  assert.is(kept(paid, T0 + USDT_KEEP_MS), null)
  assert.is(kept({ orderCode: 'A', status: 7, startedAt: T0, savedAt: T0 }, T0), null)
  assert.is(kept('junk', T0), null)
  assert.is(usdtStep(paid, { type: 'tick', now: T0 + USDT_KEEP_MS }).state, null)
})

test('SHELL-15 the crypto badge shows success, failed or the countdown', () => {
  const s = start()
  assert.equal(usdtBadge(s, T0 + 61_000), { kind: 'countdown', left: 239 })
  assert.equal(usdtBadge({ ...s, status: 1 }, T0), { kind: 'success' })
  assert.equal(usdtBadge({ ...s, status: 0 }, T0), { kind: 'failed' })
  assert.is(usdtBadge(null, T0), null)
  assert.is(usdtBadge({ ...s, status: 1 }, T0 + USDT_KEEP_MS), null)
})

test.run()
