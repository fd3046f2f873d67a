import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { afterBlock, afterUnblock, blockMessageKey, levelTier, swipePasses, toLiveCard } from './rules.ts'
import { audienceLabel } from './api.ts'

test("the top bar's audience count (room furniture, not yet all of it) shows Nk+ above 999", () => {
  assert.is(audienceLabel(0), '0')
  assert.is(audienceLabel(999), '999')
  assert.is(audienceLabel(1000), '1k+')
  assert.is(audienceLabel(12_345), '12k+')
  assert.is(audienceLabel(NaN), '0')
})

test('LIVE-05 whoBlock rules: blocked (4), unblocked (5), and which message a blocked sender gets', () => {
  assert.equal(afterBlock(0), { whoBlock: 2, isBlockUser: 1 })
  assert.equal(afterBlock(1), { whoBlock: 3, isBlockUser: 1 })
  assert.equal(afterUnblock(3), { whoBlock: 1, isBlockUser: 1 }, '3 becomes 1 and stays blocked')
  assert.equal(afterUnblock(2), { whoBlock: 0, isBlockUser: 0 }, '2 becomes 0, unblocked')
  assert.equal(afterUnblock(1), { whoBlock: 1, isBlockUser: 1 }, '1 stays 1')
  assert.is(blockMessageKey(0, 2), null)
  assert.is(blockMessageKey(1, 1), 'live.youBlocked')
  assert.is(blockMessageKey(1, 3), 'live.youBlocked')
  assert.is(blockMessageKey(1, 2), 'live.beenBlocked')
})

test('LIVE-04 a swipe passes at 30 % of the height or a velocity above 0.4, else snaps back', () => {
  assert.ok(swipePasses(-260, 844, 0.1))
  assert.ok(swipePasses(80, 844, 0.6))
  assert.not.ok(swipePasses(-200, 844, 0.3))
})

test('LIVE-06 level badge tiers of d2 §5: 1-19, 20-34, 35-44, 45-49, 50-59, 60-99', () => {
  assert.equal([1, 19, 20, 34, 35, 44, 45, 49, 50, 59, 60, 99].map(levelTier), [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])
})

test('LIVE-01 a live list row becomes a card: the host and the audience; a row without a host id is skipped', () => {
  assert.equal(toLiveCard({ userId: 7, nickname: 'Nadia', icon: 'https://x/a.png', yxAccid: 'host_7', agoraLiveSimpleVO: { joinNum: 1200 } }), [
    { userId: 7, nickname: 'Nadia', icon: 'https://x/a.png', yxAccid: 'host_7', audience: 1200 },
  ])
  assert.equal(toLiveCard({ userId: 8, nickname: 5, agoraLiveSimpleVO: { joinNum: -3 } }), [{ userId: 8, nickname: '', icon: '', yxAccid: '', audience: 0 }])
  assert.equal(toLiveCard({ nickname: 'no id' }), [])
  assert.equal(toLiveCard(null), [])
})

test.run()
