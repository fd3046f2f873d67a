import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeTimers } from '../../../test/fake-timers.ts'
import { scrollToBottom, SCROLL_RETRY_MS, SCROLL_TRIES } from '../scroll.ts'
import { copyText, parseChips, parseQuestions } from './faq.ts'
import { createRobot } from './robot.ts'

test('IM-06 the auto-reply placeholder is added on entry (once) and removed on exit', () => {
  const robot = createRobot(() => 1)
  robot.enter('Hi')
  robot.enter('Hello from the server')
  assert.equal(robot.items.value.map((i) => [i.kind, 'text' in i ? i.text : '']), [['auto', 'Hello from the server']])
  assert.ok(robot.items.value[0].kind === 'auto' && robot.items.value[0].isCustomerAutoReplyMsg)
  robot.exit()
  assert.equal(robot.items.value, [])
})

test('IM-06 a chip asks its question: the question bubble, then the answer with its sub-questions; a sub-question answers', () => {
  const faq = parseQuestions([
    { id: 1, problemTitle: 'Recharge', problemName: 'No diamonds', childrenQuestion: [{ problemName: 'Card', problemReply: 'Within a minute' }, { nope: 1 }] },
    { id: 3, problemName: 'Email?', problemReply: 'Write to us', operation: 'copy', operationContent: 'a@b.c' },
    { problemReply: 'no name' },
    null,
  ])
  assert.is(faq.length, 2, 'questions without a name are dropped')
  assert.is(faq[0].type, 'childrenQuestion')
  assert.equal(faq[0].childrenQuestion!.map((c) => c.problemName), ['Card'])
  const robot = createRobot(() => 10)
  robot.ask(faq[0])
  robot.ask(faq[0].childrenQuestion![0])
  assert.equal(robot.items.value.map((i) => i.kind), ['ask', 'answer', 'ask', 'answer'])
  const last = robot.items.value[3]
  assert.ok(last.kind === 'answer' && last.question.problemReply === 'Within a minute')
  assert.equal(parseChips([{ dictLabel: 'Recharge', dictValue: 1 }, { dictLabel: 2 }]), [{ dictLabel: 'Recharge', dictValue: '1' }])
})

test('IM-06 copy operations: success, and failure when the clipboard refuses or is missing', async () => {
  const copied: string[] = []
  assert.ok(await copyText('a@b.c', { writeText: async (t: string) => void copied.push(t) }))
  assert.equal(copied, ['a@b.c'])
  assert.not.ok(await copyText('x', { writeText: async () => Promise.reject(new Error('denied')) }))
  assert.not.ok(await copyText('x', null))
})

test('IM-06 scroll to the bottom tries 5 times, 200 ms apart', () => {
  const timers = fakeTimers()
  let height = 1000
  const el = { scrollTop: 0, clientHeight: 500, get scrollHeight() { return height } } as unknown as HTMLElement
  const sets: number[] = []
  Object.defineProperty(el, 'scrollTop', { get: () => sets.at(-1) ?? 0, set: (v: number) => void sets.push(v) })
  scrollToBottom(el, { setTimeout: (fn, ms) => timers.setTimeout(fn, ms) })
  assert.equal(sets, [1000])
  height = 1400 // an image loaded
  timers.tick(SCROLL_RETRY_MS)
  assert.equal(sets, [1000, 1400])
  timers.tick(SCROLL_RETRY_MS * 10)
  assert.is(sets.length, SCROLL_TRIES)
})

test.run()
