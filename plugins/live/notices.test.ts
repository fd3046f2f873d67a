import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeTimers } from '../../test/fake-timers.ts'
import { TEMPLATES } from '../../harness/ui/push-templates.ts'
import { ANIM_MS, createNoticeQueue, EXPIRY_MS, noticeAllowed, parseNotice, SPACING_MS, SWEEP_MS } from './notices.ts'

const gift = (o: Record<string, unknown> = {}) => ({ attachType: 66, sendUserNickName: 'Khalid', receiveUserNickName: 'Layla', userId: 200001, giftNum: 3, pushTime: 1_000_000, ...o })

test('LIVE-17 notices by attachType: app pushes and system notifications; malformed, unknown and stale ones are ignored', () => {
  const now = 1_000_000
  assert.is(parseNotice(gift(), now)!.attachType, 66)
  assert.is(parseNotice(gift({ attachType: 49 }), now)!.system, false)
  assert.is(parseNotice({ attachType: -1, text: 'Maintenance at 3 am', pushTime: now }, now)!.system, true)
  assert.is(parseNotice({ attachType: 5, pushTime: now }, now), null, 'a system notification with nothing to say')
  assert.is(parseNotice(gift({ attachType: 7 }), now), null, 'unknown type')
  for (const bad of [null, 'x', [], { attachType: 'abc' }, gift({ sendUserNickName: 5, receiveUserNickName: {} })]) assert.is(parseNotice(bad, now), null)
  assert.is(parseNotice(gift({ pushTime: now - EXPIRY_MS - 1 }), now), null, 'older than 10 minutes')
  assert.is(parseNotice(gift({ sendUserIcon: 'javascript:x' }), now)!.senderIcon, '', 'no script URL as a picture')
  // show times: 2 s default, showTime seconds, 5 s for a lucky win
  assert.is(parseNotice(gift(), now)!.showMs, 2000)
  assert.is(parseNotice(gift({ showTime: 4 }), now)!.showMs, 4000)
  assert.is(parseNotice(gift({ attachType: 88, showTime: 1 }), now)!.showMs, 5000)
})

test("LIVE-17 level gating: game wins, gift flies, lucky wins and batch gifts only for the game list's userLevels", () => {
  const n = parseNotice(gift(), 1_000_000)!
  assert.ok(noticeAllowed(n, 3, null), 'no list: everyone')
  assert.ok(noticeAllowed(n, 3, [1, 2, 3]))
  assert.not.ok(noticeAllowed(n, 9, [1, 2, 3]))
  assert.ok(noticeAllowed(parseNotice(gift({ attachType: 49 }), 1_000_000)!, 9, [1]), 'other types are not gated')
})

test('LIVE-17 one at a time: 1 s in, the show time, 1 s out, the next 10 s after the previous began; a sweep drops stale ones', () => {
  const timers = fakeTimers()
  timers.tick(1_000_000)
  const q = createNoticeQueue({ timers })
  const a = parseNotice(gift(), timers.now())!
  const b = parseNotice(gift({ sendUserNickName: 'Omar' }), timers.now())!
  q.add(a)
  q.add(b)
  timers.tick(0)
  assert.equal([q.current.value?.notice.sender, q.current.value?.phase], ['Khalid', 'in'])
  timers.tick(ANIM_MS)
  assert.is(q.current.value?.phase, 'shown')
  timers.tick(2000)
  assert.is(q.current.value?.phase, 'out')
  timers.tick(ANIM_MS)
  assert.is(q.current.value, null)
  timers.tick(SPACING_MS - 4000 - 1)
  assert.is(q.current.value, null, 'not before 10 s')
  timers.tick(1)
  assert.is(q.current.value?.notice.sender, 'Omar')
  timers.tick(SPACING_MS)
  // a notice queued behind a paused room waits, and is dropped by the sweep once 10 minutes old
  let paused = true
  const q2 = createNoticeQueue({ timers, paused: () => paused })
  q2.add(parseNotice(gift(), timers.now())!)
  timers.tick(SWEEP_MS + 1)
  paused = false
  timers.tick(2000)
  assert.is(q2.current.value, null, 'stale notice dropped')
  q.dispose()
  q2.dispose()
  assert.is(timers.pending(), 0, 'nothing left running')
})

test('LIVE-17 a notice the app does not show says why (the default template of before named nobody)', () => {
  const reasons: string[] = []
  assert.is(parseNotice({ attachType: 66, content: 'A full-server notice' }, Date.now(), (w) => reasons.push(w)), null)
  assert.match(reasons[0], 'names nobody')
  assert.is(parseNotice({ attachType: 7, sendUserNickName: 'x' }, Date.now(), (w) => reasons.push(w)), null)
  assert.match(reasons[1], 'attachType 7')
})

test('HAR-02 LIVE-17 the control page\'s notice template is a notice the app shows (none dropped)', () => {
  let why = ''
  const n = parseNotice(TEMPLATES.notice, Date.now(), (w) => (why = w))
  assert.ok(n, why)
  assert.ok(noticeAllowed(n!, 0, null), 'not allowed for level 0 without a game list')
})

test.run()
