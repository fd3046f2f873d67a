import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatCompact, formatDate, formatMoney, formatNumber, formatPercent, formatRelative, formatSigned, formatStamp, pluralForm } from './format.ts'

test('SHELL-12 numbers: one Intl.NumberFormat per locale, Latin digits in Arabic', () => {
  assert.is(formatNumber(5000, 'en'), '5,000')
  assert.is(formatNumber(5000, 'ar'), '5,000')
  assert.is(formatSigned(590, 'en'), '+590')
  assert.is(formatSigned(-120, 'en'), '-120')
  assert.is(formatSigned(0, 'en'), '0')
  assert.is(formatCompact(999, 'en'), '999')
  assert.is(formatCompact(1999, 'en'), '1.9K')
})

test('PAY-02 prices with 2 decimals, added in cents', () => {
  assert.is(formatMoney(4.99, 'en'), '$4.99')
  assert.is(formatMoney([0.1, 0.2], 'en'), '$0.30')
  assert.is(formatMoney([4.99, 4.99, 4.99], 'en'), '$14.97')
  assert.is(formatMoney(10, 'ar'), '$10.00')
})

test('SHELL-12 percentages keep their sign in front, in Arabic too (isolated by marks, never "30%-")', () => {
  assert.is(formatPercent(30, 'en'), '30%')
  assert.is(formatPercent(-30, 'en', true), '-30%')
  const ar = formatPercent(-30, 'ar', true)
  const bare = ar.replace(/[\u200e\u200f\u061c]/g, '')
  assert.is(bare, '-30%')
  assert.ok(/^[\u200e]/.test(ar), 'a left-to-right mark keeps the sign first in right-to-left text')
})

test('SHELL-12 plurals, relative times and dates through Intl', () => {
  assert.equal([0, 1, 2, 4, 11, 100].map((n) => pluralForm(n, 'ar')), ['zero', 'one', 'two', 'few', 'many', 'other'])
  assert.is(formatRelative(0, 4 * 60_000, 'ar'), 'قبل 4 دقائق')
  assert.is(formatRelative(0, 4 * 60_000, 'en'), '4 minutes ago')
  const at = new Date(2026, 0, 2, 3, 4, 5).getTime()
  assert.is(formatStamp(at, 'ar'), '2026-01-02 03:04:05')
  assert.match(formatDate(at, 'en', 'day'), 'Jan')
  assert.match(formatDate(at, 'ar', 'day'), 'يناير')
  assert.is(formatDate('not a date', 'en'), '')
})

test.run()
