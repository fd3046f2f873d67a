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

test('SHELL-12 whole numbers are written as Intl writes them in both languages, without asking Intl', () => {
  const values = [0, 1, 7, 99, 100, 999, 1000, 1001, 5000, 12345, 99999, 100000, 999999, 1000000, 1234567, 2 ** 31, Number.MAX_SAFE_INTEGER]
  for (let i = 0; i < 200; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 15))))
  for (const locale of ['en', 'ar'] as const) {
    const intl = new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en')
    for (const n of values) assert.is(formatNumber(n, locale), intl.format(n), `${n} in ${locale}`)
  }
  // what is not a whole number of 0 or more still goes to Intl
  assert.is(formatNumber(-1200, 'en'), '-1,200')
  assert.is(formatNumber(1234.5, 'en'), '1,234.5')
  assert.is(formatNumber(Number('x'), 'en'), '0')
  // and a whole number of 0 or more never asks Intl (its first formatter is what the first screen saves)
  const format = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!
  let made = 0
  Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
    configurable: true,
    get() {
      made++
      return format.get!.call(this)
    },
  })
  try {
    formatNumber(5000, 'en')
    formatNumber(170, 'ar')
  } finally {
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', format)
  }
  assert.is(made, 0)
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
