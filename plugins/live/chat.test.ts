import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CHAT_FLUSH_MS, CHAT_FLUSH_SLOWEST_MS, chatPace, createChatWindow, MAX_LINES, RECORD_TYPES, TRIM_STEP, roomSignalOf, toLine, type ChatLine } from './chat.ts'
import { manualFrames } from './testkit.ts'

const msg = (o: Record<string, unknown>) => ({ messageClientId: `m${Math.random()}`, from: 'v1', fromNick: 'Omar', time: 0, ...o })

test('LIVE-06 every record type of d2 §3 becomes a line; unknown types and empty text are ignored; HTML stays text', () => {
  for (const type of RECORD_TYPES) {
    const l = toLine(msg({ custom: { type, text: 'x', giftNum: 3, giftImg: '/g.png', totalReward: 50 } }), 'me', 'host1')
    assert.ok(l, type)
    assert.is(l!.type, type)
  }
  assert.is(toLine(msg({ custom: { type: 'rocketShow' } }), 'me', 'host1'), null, 'unknown record type')
  assert.is(toLine(msg({ text: '   ' }), 'me', 'host1'), null, 'blank text')
  assert.is(toLine(msg({ custom: { type: 'sendGiftTip', giftImg: 'javascript:alert(1)' } }), 'me', 'host1')!.giftImg, undefined, 'no script URL as a picture')
  const html = toLine(msg({ text: '<img src=x onerror=alert(1)>' }), 'me', 'host1')!
  assert.is(html.text, '<img src=x onerror=alert(1)>', 'kept as text; the view renders it as a text node')
  const badges = toLine(msg({ text: 'hi', ext: { userLevel: 23, isVip: 1, isNewUser: true } }), 'me', 'host1')!
  assert.equal([badges.userLevel, badges.isVip, badges.isNewUser, badges.isHost], [23, true, true, false])
  assert.ok(toLine(msg({ text: 'hey', from: 'host1' }), 'me', 'host1')!.isHost)
  assert.ok(toLine(msg({ text: 'mine', from: 'me' }), 'me', 'host1')!.isSelf)
  // malformed lines
  assert.is(toLine(null as any, 'me', 'host1'), null)
  assert.is(toLine({ from: 'x' } as any, 'me', 'host1'), null)
})

test('LIVE-02 custom room lines: -1 the host is away in a call, -2 back, liveRoomState ended', () => {
  const host = (o: Record<string, unknown>) => msg({ ...o, from: 'host1' })
  assert.equal(roomSignalOf(host({ custom: { type: -1 } }), 'host1'), { kind: 'calling' })
  assert.equal(roomSignalOf(host({ custom: { type: -2 } }), 'host1'), { kind: 'back' })
  assert.equal(roomSignalOf(host({ custom: { type: 'liveRoomState', liveRoomState: 'ended' } }), 'host1'), { kind: 'ended' })
  assert.is(roomSignalOf(host({ text: 'hi' }), 'host1'), null)
})

test('LIVE-06 LIVE-02 a viewer cannot speak as the host: its own isHost badge and the host\'s name do not make a host line, nor can it end the room', () => {
  const forged = toLine(msg({ from: 'v1', fromNick: 'Host Lina', text: 'send me diamonds', ext: { isHost: true, userLevel: 99 } }), 'me', 'host1')!
  assert.is(forged.isHost, false)
  assert.ok(toLine(msg({ from: 'host1', text: 'hello' }), 'me', 'host1')!.isHost, 'the line from the room\'s host account is')
  assert.is(toLine(msg({ from: 'host1', text: 'x' }), 'me', '')!.isHost, false, 'no room info yet: nobody is the host')
  assert.is(roomSignalOf(msg({ from: 'v1', custom: { type: 'liveRoomState', liveRoomState: 'ended' } }), 'host1'), null)
  assert.is(roomSignalOf(msg({ from: 'v1', custom: { type: -1 } }), 'host1'), null)
})

test('LIVE-06 the chat window flushes once per tick and keeps at most the last 100 lines, letting the oldest go 40 at a time', () => {
  const frames = manualFrames()
  const w = createChatWindow(frames.schedule)
  let renders = 0
  const off = w.lines.subscribe(() => renders++)
  renders = 0
  // the host's lines: none is thinned
  const line = (i: number): ChatLine => ({ ...toLine(msg({ from: 'host1', text: `l${i}` }), 'me', 'host1')!, messageClientId: `id${i}` })
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
  // one line over the cap: the oldest go in one step
  w.add(line(250))
  frames.flushFrames()
  assert.is(w.lines.value.length, MAX_LINES - TRIM_STEP)
  assert.equal([w.lines.value[0].text, w.lines.value.at(-1)!.text], ['l191', 'l250'])
  // under the cap, a tick only adds: the lines already shown stay where they were
  const shown = w.lines.value.slice()
  for (let i = 251; i < 251 + TRIM_STEP; i++) w.add(line(i))
  frames.flushFrames()
  assert.is(w.lines.value.length, MAX_LINES)
  assert.ok(shown.every((l, i) => w.lines.value[i] === l), 'the shown lines kept, in place')
  off()
  w.dispose()
})

test('LIVE-06 a tick shows at most 8 other viewers\' lines, the newest, in order; the viewer\'s own, the host\'s and records always show', () => {
  const frames = manualFrames()
  const w = createChatWindow(frames.schedule)
  const crowd = (i: number) => toLine(msg({ from: `v${i}`, text: `c${i}` }), 'me', 'host1')!
  const own = toLine(msg({ from: 'me', text: 'mine' }), 'me', 'host1')!
  const host = toLine(msg({ from: 'host1', text: 'hello all' }), 'me', 'host1')!
  const record = toLine(msg({ custom: { type: 'followTip', fromNick: 'Omar' } }), 'me', 'host1')!
  w.add(own)
  w.add(host)
  w.add(record)
  for (let i = 0; i < 20; i++) w.add(crowd(i))
  frames.flushFrames()
  const texts = w.lines.value.map((l) => l.text || l.type)
  assert.equal(texts, ['mine', 'hello all', 'followTip', ...Array.from({ length: 8 }, (_, i) => `c${12 + i}`)])
  // a quiet tick shows every line
  for (let i = 0; i < 3; i++) w.add(crowd(100 + i))
  frames.flushFrames()
  assert.equal(w.lines.value.slice(-3).map((l) => l.text), ['c100', 'c101', 'c102'])
  w.dispose()
})

test('LIVE-06 the chat takes in lines less often where a batch costs the phone more: every 100 ms at the fastest, 400 at the slowest, and back once batches are cheap', () => {
  assert.is(chatPace(CHAT_FLUSH_MS, 2), CHAT_FLUSH_MS, 'a cheap batch keeps the fastest pace')
  assert.is(chatPace(CHAT_FLUSH_MS, 60), 200, 'one slow batch moves the pace a third of the way')
  const waits: number[] = []
  let queued: (() => void) | null = null
  const schedule = (fn: () => void, afterMs?: number) => {
    waits.push(afterMs!)
    queued = fn
    return () => void (queued = null)
  }
  let clock = 0
  let cost = 30
  const w = createChatWindow(schedule, () => clock)
  // the view: writing and laying out a batch takes `cost` ms of the page's time
  const off = w.lines.subscribe(() => (clock += cost))
  const tick = (i: number) => {
    w.add(toLine(msg({ from: 'host1', text: `l${i}` }), 'me', 'host1')!)
    const run = queued!
    queued = null
    run()
  }
  for (let i = 0; i < 20; i++) tick(i)
  assert.is(waits[0], CHAT_FLUSH_MS, 'the first batch waits the shortest time')
  assert.ok(waits.every((wait, i) => i === 0 || wait >= waits[i - 1]), `slower step by step: ${waits}`)
  assert.is(waits.at(-1), CHAT_FLUSH_SLOWEST_MS, 'and never slower than 400 ms')
  cost = 1
  for (let i = 20; i < 40; i++) tick(i)
  assert.is(waits.at(-1), CHAT_FLUSH_MS, 'cheap batches bring the fastest pace back')
  assert.is(w.lines.value.at(-1)!.text, 'l39', 'every line shown')
  off()
  w.dispose()
})

test.run()
