import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { estimateRow, talkRows } from './rows.ts'
import { msg } from './testkit.ts'

const MIN = 60_000
const at = (n: number, minutes: number) => msg('host_1', n, { createTime: minutes * MIN })

test('IM-02 chat rows: a time line after a 5-minute gap, and before the first message only once it is the chat’s first', () => {
  const items = [at(1, 0), at(2, 1), at(3, 10)]
  const kinds = (startKnown: boolean) => talkRows(items, { startKnown }).map((r) => (r.kind === 'message' ? r.m.text : r.kind))
  assert.equal(kinds(false), ['line 1', 'line 2', 'time', 'line 3'])
  assert.equal(kinds(true), ['time', 'line 1', 'line 2', 'time', 'line 3'])
  const rows = talkRows(items, { startKnown: false })
  assert.equal(rows.filter((r) => r.kind === 'message').map((r) => (r.kind === 'message' ? r.pos : 0)), [1, 2, 3])
})

test('IM-02 chat rows: a page of history above keeps every row’s key (the list anchors on them)', () => {
  const page = [at(21, 30), at(22, 31), at(23, 40)]
  const before = talkRows(page, { startKnown: false }).map((r) => r.key)
  const after = talkRows([at(19, 29), at(20, 29.5), ...page], { startKnown: false }).map((r) => r.key)
  assert.equal(after.slice(after.length - before.length), before)
})

test('IM-02 chat rows: first height guesses by kind; bad input (10,000 characters, an image without size) still guesses', () => {
  const [text] = talkRows([msg('h', 1)], { startKnown: false })
  const [long] = talkRows([msg('h', 1, { text: 'x'.repeat(10_000) })], { startKnown: false })
  const [image] = talkRows([msg('h', 1, { messageType: 1, attachment: { url: 'https://cdn.example.com/a.jpg', width: 400, height: 200 } })], { startKnown: false })
  const [bare] = talkRows([msg('h', 1, { messageType: 1, attachment: { url: 'https://cdn.example.com/a.jpg' } })], { startKnown: false })
  const [noUrl] = talkRows([msg('h', 1, { messageType: 1, attachment: {} })], { startKnown: false })
  assert.is(estimateRow(text), 39, 'a line of text: 21 px and 18 px of padding (talk.css)')
  assert.ok(estimateRow(long) > 5000)
  assert.is(estimateRow(image), 106)
  assert.is(estimateRow(bare), 206)
  assert.is(estimateRow(noUrl), 41, 'an attachment without a url is a neutral placeholder')
})

test('IM-02 a message is read once, however often the chat list guesses, filters and draws it (a long chat asked again for every row on every scroll)', () => {
  let reads = 0
  const m = msg('host_1', 1)
  Object.defineProperty(m, 'messageType', { enumerable: true, get: () => (reads++, 0) })
  const [row] = talkRows([m], { startKnown: false })
  const first = reads
  assert.ok(first > 0, 'the message was read')
  for (let i = 0; i < 5; i++) {
    estimateRow(row)
    talkRows([m], { startKnown: false })
  }
  assert.is(reads, first, 'read again')
})

test.run()
