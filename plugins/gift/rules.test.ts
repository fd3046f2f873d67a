import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readCatalogue, visibleTabs, type Gift } from './catalogue.ts'
import { checkSend, quantityOf, quantityText, rechargeSource, winMultiple, winTier } from './rules.ts'

const gift = (o: Partial<Gift> = {}): Gift => ({ id: 1, name: 'Rose', img: '', price: 10, type: 1, tab: 'Popular', level: 0, unlocked: true, ...o })

test('LIVE-07 quantity: digits only, 1-99, whatever is typed or pasted (0, 100, 1e3, -5, text, empty)', () => {
  assert.is(quantityOf('0'), 1)
  assert.is(quantityOf('100'), 99)
  assert.is(quantityOf('1e3'), 13, 'the digits of 1e3')
  assert.is(quantityOf('-5'), 5)
  assert.is(quantityOf('abc'), 1)
  assert.is(quantityOf(''), 1)
  assert.is(quantityOf('٩٩'), 1, 'only ASCII digits count')
  assert.is(quantityOf('12 roses, please'), 12)
  assert.is(quantityOf(50), 50)
  assert.is(quantityText('1e3'), '13')
  assert.is(quantityText('-5'), '5')
  assert.is(quantityText('pasted 4567 text'), '45', 'at most two digits stay in the field')
  assert.is(quantityText('hello'), '')
})

test('LIVE-07 checks before a send: an exclusive gift above the level, then diamonds >= price x quantity; the recharge source luckygift or giftclickout', () => {
  assert.is(checkSend(gift({ tab: 'Exclusive', level: 20 }), 1, 10_000, 19), 'level')
  assert.is(checkSend(gift({ tab: 'Exclusive', level: 20 }), 1, 10_000, 20), 'ok')
  assert.is(checkSend(gift({ tab: 'Popular', level: 20 }), 1, 10_000, 0), 'ok', 'only exclusive gifts check the level')
  assert.is(checkSend(gift({ price: 10 }), 10, 99, 0), 'recharge')
  assert.is(checkSend(gift({ price: 10 }), 10, 100, 0), 'ok')
  assert.is(rechargeSource(gift({ tab: 'Lucky Gift', tempId: 'L1' })), 'luckygift')
  assert.is(rechargeSource(gift()), 'giftclickout')
})

test('LIVE-07 a bad gift list: unknown categories and types left out, missing or unsafe pictures become placeholders, duplicates and junk dropped', () => {
  const c = readCatalogue({
    Popular: [
      { id: 1, giftName: 'Rose', giftPrice: 1, giftTypeV2: 1, giftSmallImg: '/img/1.svg' },
      { id: 2, giftName: 'Odd', giftPrice: 5, giftTypeV2: 42 },
      { id: 3, giftName: 'No picture', giftPrice: 5 },
      { id: 4, giftName: 'Script', giftPrice: 5, giftSmallImg: 'javascript:alert(1)', giftImg: '//evil/x.png' },
      { id: 1, giftName: 'Rose again', giftPrice: 1 },
      null,
      'junk',
      { giftName: 'no id', giftPrice: 1 },
      { id: 5, giftName: 'no price' },
    ],
    Exclusive: { not: 'a list' },
    Mystery: [{ id: 9, giftPrice: 1 }],
    'Lucky Gift': [{ id: 7, giftName: 'Clover', giftPrice: 10, giftTypeV2: 2, tempId: 'L1', unlock: 1 }],
  })
  assert.equal(c.Popular.map((g) => g.id), [1, 3, 4])
  assert.equal(c.Popular.map((g) => g.img), ['/img/1.svg', '', ''])
  assert.equal(c.Exclusive, [])
  assert.is(c['Lucky Gift'][0].tempId, 'L1')
  assert.equal(readCatalogue(null), { Popular: [], Exclusive: [], 'Lucky Gift': [] })
  assert.equal(readCatalogue([{ category: 'Popular', list: [{ id: 8, giftPrice: 2 }] }]).Popular.map((g) => g.id), [8], 'a list of groups reads too')
})

test('LIVE-07 tabs: Lucky Gifts only when lucky gifts exist and not in half-message mode', () => {
  const withLucky = readCatalogue({ Popular: [], 'Lucky Gift': [{ id: 7, giftPrice: 10, giftTypeV2: 2, tempId: 'L1' }] })
  assert.equal(visibleTabs(withLucky), ['Popular', 'Exclusive', 'Lucky Gift'])
  assert.equal(visibleTabs(withLucky, true), ['Popular', 'Exclusive'])
  assert.equal(visibleTabs(readCatalogue({ Popular: [] })), ['Popular', 'Exclusive'])
})

test('LIVE-08 a lucky win\'s moment scales with its multiple of what the send cost: 2x a small card, 5x big, 20x huge, 100x and up (500x) a jackpot', () => {
  const spent = 10 * 3
  assert.equal([2, 4.9, 5, 19, 20, 99, 100, 500].map((x) => winTier(x * spent, spent)), ['small', 'small', 'big', 'big', 'huge', 'huge', 'jackpot', 'jackpot'])
  assert.is(winMultiple(15_000, 30), 500)
  assert.is(winTier(5000, 0), 'small', 'an unknown cost is never a jackpot')
  assert.is(winTier(-5000, 30), 'small')
})

test.run()
