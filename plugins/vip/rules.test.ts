import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { daysLeft, dayKey, isVipActive, VIP_DURATIONS, vipPrice, vipReminderDue } from './rules.ts'

const NOW = Date.parse('2026-03-10T12:00:00Z')
const inDays = (d: number) => new Date(NOW + d * 86_400_000).toISOString()

test('PAY-08 VIP durations 7 trialpass, 30 month, 180 halfyear', () => {
  assert.equal(VIP_DURATIONS, { 7: 'trialpass', 30: 'month', 180: 'halfyear' })
})

test('PAY-08 the expiry reminder comes within 3 days of expiry, once a day, never after expiry', () => {
  assert.is(vipReminderDue({ isVip: true, expireTime: inDays(4) }, NOW, null), false)
  assert.is(vipReminderDue({ isVip: true, expireTime: inDays(3) }, NOW, null), true)
  assert.is(vipReminderDue({ isVip: true, expireTime: inDays(0.5) }, NOW, null), true)
  assert.is(vipReminderDue({ isVip: true, expireTime: inDays(2) }, NOW, dayKey(NOW)), false, 'already reminded today')
  assert.is(vipReminderDue({ isVip: true, expireTime: inDays(2) }, NOW, dayKey(NOW - 86_400_000)), true)
  assert.is(vipReminderDue({ isVip: true, expireTime: inDays(-1) }, NOW, null), false)
  assert.is(vipReminderDue({ isVip: false, expireTime: inDays(1) }, NOW, null), false)
  assert.is(vipReminderDue({ isVip: true, expireTime: null }, NOW, null), false)
  assert.is(daysLeft({ isVip: true, expireTime: inDays(2.2) }, NOW), 3)
  assert.is(isVipActive({ isVip: true, expireTime: inDays(-0.1) }, NOW), false)
})

test('PAY-08 the VIP call price is floor(price x discount / 100)', () => {
  assert.is(vipPrice(110, 90), 99)
  assert.is(vipPrice(65, 90), 58)
})

test.run()
