import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addDiscountPage, DISCOUNT_PAGE_SIZE, firstDiscountPage, hms, offerLeft, showDiscountEntry, showOfferIcon, shownKey, specialPopupAllowed } from './rules.ts'

const NOW = new Date(2026, 2, 10, 12, 0, 0).getTime()

test('PAY-09 the special-offer popup shows once a day, keyed by month plus date', () => {
  assert.is(shownKey(NOW), '3-10')
  assert.is(specialPopupAllowed(null, NOW), true)
  assert.is(specialPopupAllowed('3-10', NOW), false)
  assert.is(specialPopupAllowed('3-10', NOW + 86_400_000), true)
})

test('PAY-09 the countdown of specialOffDuration seconds, and the icon while time remains', () => {
  assert.is(offerLeft(NOW, 3600, NOW), 3600)
  assert.is(offerLeft(NOW, 3600, NOW + 1500), 3599)
  assert.is(offerLeft(NOW, 3600, NOW + 3_600_000), 0)
  assert.is(offerLeft(NOW, 0, NOW), 0)
  assert.is(showOfferIcon(1), true)
  assert.is(showOfferIcon(0), false)
  assert.is(hms(3599), '00:59:59')
  assert.is(hms(3723), '01:02:03')
})

test('PAY-10 the discount list pages by 15 and finishes on the last or a short page; the entry is for discount users', () => {
  const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ userId: from + i }))
  let p = firstDiscountPage<{ userId: number }>()
  p = addDiscountPage(p, { anchorList: rows(1, DISCOUNT_PAGE_SIZE), isLastPage: false })
  assert.equal([p.list.length, p.pageNum, p.finished], [15, 2, false])
  p = addDiscountPage(p, { anchorList: rows(15, 7), isLastPage: false })
  assert.equal([p.list.length, p.pageNum, p.finished], [21, 3, true], 'a short page ends it; the repeated host is not added twice')
  assert.is(addDiscountPage(firstDiscountPage<{ userId: number }>(), { anchorList: rows(1, 15), isLastPage: true }).finished, true)
  assert.is(addDiscountPage(firstDiscountPage<{ userId: number }>(), {}).finished, true)
  assert.is(showDiscountEntry({ discountUser: true }), true)
  assert.is(showDiscountEntry({ isDisCountUser: true }), true)
  assert.is(showDiscountEntry({ discountUser: true, showEntry: false }), false)
  assert.is(showDiscountEntry({ discountUser: false }), false)
  assert.is(showDiscountEntry(null), false)
})

test.run()
