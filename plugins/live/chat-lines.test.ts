import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createLineWriter, writeFontSamples } from './chat-lines.ts'
import type { ChatLine } from './chat.ts'

const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`
const line = (id: string, o: Partial<ChatLine> = {}): ChatLine => ({
  messageClientId: id, type: 'text', from: `u${id}`, fromNick: `nick${id}`, text: `text ${id}`,
  userLevel: 0, isVip: false, isNewUser: false, isHost: false, isSelf: false, ...o,
})
const ids = (box: HTMLElement) => [...box.children].map((c) => c.querySelector('.lv-line__text')?.textContent ?? c.textContent)

test('LIVE-06 the chat lines on the page follow the window: a batch adds only its new lines, the oldest go, a translated line is drawn again and no other', () => {
  const box = document.createElement('div')
  const write = createLineWriter(box, t)
  const a = [line('1'), line('2'), line('3')]
  write(a)
  assert.equal(ids(box), ['text 1', 'text 2', 'text 3'])
  const [n1, n2, n3] = [...box.children]
  const b = [...a, line('4'), line('5')]
  write(b)
  assert.equal(ids(box), ['text 1', 'text 2', 'text 3', 'text 4', 'text 5'])
  assert.ok(box.children[0] === n1 && box.children[1] === n2 && box.children[2] === n3, 'the lines already drawn are the same nodes')
  // the oldest go, and line 4 gets its translation in the same write
  const c = [b[2], { ...b[3], translated: 'translated 4' }, b[4], line('6')]
  write(c)
  assert.equal(ids(box), ['text 3', 'text 4', 'text 5', 'text 6'])
  assert.ok(box.children[0] === n3, 'a kept line is not drawn again')
  assert.is(box.children[1].querySelector('[data-testid=live-translation]')?.textContent, 'translated 4')
  assert.is(box.querySelectorAll('[data-testid=live-translation]').length, 1)
  write([])
  assert.is(box.children.length, 0)
})

test('LIVE-06 a line\'s badges and record types, names isolated (in a record\'s sentence too), the colon outside; what a viewer wrote stays text, never markup', () => {
  const box = document.createElement('div')
  createLineWriter(box, t)([
    line('1', { text: '<img src=x onerror=alert(1)>', fromNick: '<b>Omar</b>', userLevel: 23, isVip: true, isNewUser: true }),
    line('2', { isHost: true, userLevel: 50 }),
    line('3', { type: 'sendGiftTip', fromNick: 'Sam', giftImg: '/g.png', giftNum: 3 }),
    line('4', { isSelf: true }),
  ])
  const [viewer, host, gift, self] = [...box.children] as HTMLElement[]
  assert.is(viewer.querySelector('img'), null)
  assert.is(viewer.querySelector('.lv-line__text')!.textContent, '<img src=x onerror=alert(1)>')
  assert.is(viewer.querySelector('.lv-line__nick')!.textContent, '<b>Omar</b>:')
  assert.is(viewer.querySelector('.lv-line__nick bdi')!.textContent, '<b>Omar</b>', 'the colon outside the name\'s isolate')
  assert.equal([...viewer.querySelectorAll('.lv-badge')].map((b) => b.className), ['lv-badge lv-lvl lv-lvl--2', 'lv-badge lv-badge--vip', 'lv-badge lv-badge--new'])
  assert.is(viewer.querySelector('.lv-lvl')!.textContent, 'live.level{"n":23}')
  assert.equal([...host.querySelectorAll('.lv-badge')].map((b) => b.className), ['lv-badge lv-badge--host'], 'the host shows the host badge, not a level')
  assert.ok(host.classList.contains('lv-line--host'))
  assert.equal([gift.dataset.testid, gift.dataset.type], ['live-line', 'sendGiftTip'])
  assert.is(gift.querySelector('bdi')!.textContent, 'live.record.sendGiftTip{"name":"\u2068Sam\u2069","text":"text 3","n":3}', 'the name isolated in the sentence')
  assert.is(gift.querySelector('img')!.getAttribute('src'), '/g.png')
  assert.is(gift.querySelector('.lv-line__num')!.textContent, '×3')
  assert.ok(self.classList.contains('lv-line--self'))
})

test('LIVE-06 a new writer (the language changed) draws every line again in a box it empties first', () => {
  const box = document.createElement('div')
  const lines = [line('1', { userLevel: 5 }), line('2', { userLevel: 5 })]
  createLineWriter(box, t)(lines)
  createLineWriter(box, (k) => `ar:${k}`)(lines)
  assert.equal(ids(box), ['text 1', 'text 2'])
  assert.equal([...box.querySelectorAll('.lv-lvl')].map((b) => b.textContent), ['ar:live.level', 'ar:live.level'])
})

test('LIVE-06 the font samples hold a line of each kind the chat draws (names, every badge, a translation, a record with its count) in Latin, Arabic and emoji, none of them a chat line', () => {
  const box = document.createElement('div')
  writeFontSamples(box, t)
  for (const kind of ['lv-line__nick', 'lv-line__text', 'lv-badge--host', 'lv-lvl', 'lv-badge--vip', 'lv-badge--new', 'lv-line__translated', 'lv-line--record', 'lv-line__num']) {
    assert.ok(box.querySelector(`.${kind}`), kind)
  }
  const text = box.textContent ?? ''
  assert.match(text, /[A-Za-z]/)
  assert.match(text, /[\u0600-\u06ff]/)
  assert.match(text, /\p{Extended_Pictographic}/u)
  assert.is(box.querySelector('[data-testid]'), null, 'no sample counts as a chat line')
})

test.run()
