import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createChatWindow, MAX_LINES, RECORD_TYPES, roomSignalOf, toLine, type ChatLine } from './chat.ts'
import { manualFrames } from './testkit.ts'

const msg = (o: Record<string, unknown>) => ({ messageClientId: `m${Math.random()}`, from: 'v1', fromNick: 'Omar', time: 0, ...o })

test('LIVE-06 every record type of d2 §3 becomes a line; unknown types and empty text are ignored; HTML stays text', () => {
  for (const type of RECORD_TYPES) {
    const l = toLine(msg({ custom: { type, text: 'x', giftNum: 3, giftImg: '/g.png', totalReward: 50 } }), 'me')
    assert.ok(l, type)
    assert.is(l!.type, type)
  }
  assert.is(toLine(msg({ custom: { type: 'rocketShow' } }), 'me'), null, 'unknown record type')
  assert.is(toLine(msg({ text: '   ' }), 'me'), null, 'blank text')
  assert.is(toLine(msg({ custom: { type: 'sendGiftTip', giftImg: 'javascript:alert(1)' } }), 'me')!.giftImg, undefined, 'no script URL as a picture')
  const html = toLine(msg({ text: '<img src=x onerror=alert(1)>' }), 'me')!
  assert.is(html.text, '<img src=x onerror=alert(1)>', 'kept as text; the view renders it as a text node')
  const badges = toLine(msg({ text: 'hi', ext: { userLevel: 23, isVip: 1, isNewUser: true } }), 'me')!
  assert.equal([badges.userLevel, badges.isVip, badges.isNewUser, badges.isHost], [23, true, true, false])
  assert.ok(toLine(msg({ text: 'hey', ext: { isHost: true } }), 'me')!.isHost)
  assert.ok(toLine(msg({ text: 'mine', from: 'me' }), 'me')!.isSelf)
  // malformed lines
  assert.is(toLine(null as any, 'me'), null)
  assert.is(toLine({ from: 'x' } as any, 'me'), null)
})

test('LIVE-02 custom room lines: -1 the host is away in a call, -2 back, liveRoomState ended', () => {
  assert.equal(roomSignalOf(msg({ custom: { type: -1 } })), { kind: 'calling' })
  assert.equal(roomSignalOf(msg({ custom: { type: -2 } })), { kind: 'back' })
  assert.equal(roomSignalOf(msg({ custom: { type: 'liveRoomState', liveRoomState: 'ended' } })), { kind: 'ended' })
  assert.is(roomSignalOf(msg({ text: 'hi' })), null)
})

test('LIVE-06 the chat window flushes once per tick and keeps only the last 100 lines', () => {
  const frames = manualFrames()
  const w = createChatWindow(frames.schedule)
  let renders = 0
  const off = w.lines.subscribe(() => renders++)
  renders = 0
  const line = (i: number): ChatLine => ({ ...toLine(msg({ text: `l${i}` }), 'me')!, messageClientId: `id${i}` })
  for (let i = 0; i < 250; i++) w.add(line(i))
  assert.is(w.lines.value.length, 0, 'nothing before the frame')
  frames.flushFrames()
  assert.is(renders, 1, 'one update for 250 lines')
  assert.is(w.lines.value.length, MAX_LINES)
  assert.is(w.lines.value[0].text, 'l150')
  assert.is(w.lines.value.at(-1)!.text, 'l249')
  w.translate(new Map([['id249', 'translated']]))
  assert.is(w.lines.value.at(-1)!.translated, 'translated')
  assert.ok(w.has('id150'), 'a shown line')
  assert.not.ok(w.has('id149'), 'a line let go')
  off()
  w.dispose()
})

test.run()
