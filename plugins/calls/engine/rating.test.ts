import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isLongCall, ratingPayload, skipPayload, toggleTag } from './rating.ts'
import { chatVerdict } from '../rules.ts'

test('CALL-14 a positive tag is refused at 3; removing one frees a slot', () => {
  assert.equal(toggleTag([1, 2], 3), [1, 2, 3])
  assert.equal(toggleTag([1, 2, 3], 4), [1, 2, 3])
  assert.equal(toggleTag([1, 2, 3], 2), [1, 3])
})

test('CALL-14 60 s is a long call; like sends score 0 with positive tags, dislike -1 with the bad tag, skip 0', () => {
  assert.is(isLongCall(59), false)
  assert.is(isLongCall(60), true)
  const problem = { dictValue: '2', dictLabel: 'She did not talk' }
  assert.equal(ratingPayload({ channelId: 'c', choice: 'like', positive: [4, 5], problem }), { channelId: 'c', score: 0, badTags: '', feedbackType: null, positiveTags: '4,5', anchorComments: '' })
  assert.equal(ratingPayload({ channelId: 'c', choice: 'dislike', positive: [4], problem }), { channelId: 'c', score: -1, badTags: 'She did not talk', feedbackType: '2', positiveTags: '', anchorComments: 'She did not talk' })
  assert.is(skipPayload('c').score, 0)
})

test('CALL-10 call chat: blank after trim is ignored; messenger names and phone numbers are prohibited', () => {
  assert.is(chatVerdict(''), 'blank')
  assert.is(chatVerdict(' \n\t '), 'blank')
  assert.is(chatVerdict('Add me on Telegram'), 'prohibited')
  assert.is(chatVerdict('كلمني واتساب'), 'prohibited')
  assert.is(chatVerdict('call 555-123-4567'), 'prohibited')
  assert.is(chatVerdict('رقمي ٠٥٥٥١٢٣٤٥٦'), 'prohibited')
  assert.is(chatVerdict('you look lovely today'), 'ok')
  assert.is(chatVerdict('I am 25'), 'ok')
})

test.run()
