import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isVip } from '../../kernel/protocol/user.ts'
import { daysLeft, dayKey, VIP_DURATIONS, vipReminderDue } from './rules.ts'

const NOW = Date.parse('2026-03-10T12:00:00Z')
const inDays = (d: number) => new Date(NOW + d * 86_400_000).toISOString()
const vip = (isVip: boolean, expireTime: string | null) => ({ vipInfo: { isVip, expireTime, '72Hour': false } })

test('PAY-08 VIP durations 7 trialpass, 30 month, 180 halfyear', () => {
  assert.equal(VIP_DURATIONS, { 7: 'trialpass', 30: 'month', 180: 'halfyear' })
})

test('PAY-08 the expiry reminder comes within 3 days of expiry, once a day, never after expiry', () => {
  assert.is(vipReminderDue(vip(true, inDays(4)), NOW, null), false)
  assert.is(vipReminderDue(vip(true, inDays(3)), NOW, null), true)
  assert.is(vipReminderDue(vip(true, inDays(0.5)), NOW, null), true)
  assert.is(vipReminderDue(vip(true, inDays(2)), NOW, dayKey(NOW)), false, 'already reminded today')
  assert.is(vipReminderDue(vip(true, inDays(2)), NOW, dayKey(NOW - 86_400_000)), true)
  assert.is(vipReminderDue(vip(true, inDays(-1)), NOW, null), false)
  assert.is(vipReminderDue(vip(false, inDays(1)), NOW, null), false)
  assert.is(vipReminderDue(vip(true, null), NOW, null), false)
  assert.is(daysLeft(vip(true, inDays(2.2)), NOW), 3)
  assert.is(isVip(vip(true, inDays(-0.1)), NOW), false)
})

test.run()
