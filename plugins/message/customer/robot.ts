// IM-06: the customer-service robot beside the chat with the service account. Its bubbles live
// on this device: the auto-reply placeholder (added on entry, removed on exit), the questions the
// user picked and their answers. They merge with the account's messages by time.
import { signal } from '@preact/signals-react'
import type { FaqQuestion } from './faq.ts'

export type RobotItem =
  | { id: string; time: number; kind: 'auto'; text: string; isCustomerAutoReplyMsg: true }
  | { id: string; time: number; kind: 'ask'; text: string }
  | { id: string; time: number; kind: 'answer'; question: FaqQuestion }

let seq = 0
const nextId = () => `robot-${++seq}`

export function createRobot(now: () => number = Date.now) {
  const items = signal<RobotItem[]>([])
  const add = (item: RobotItem) => (items.value = [...items.peek(), item])
  return {
    items,
    /** entering the chat: the auto-reply placeholder first */
    enter(text: string) {
      items.value = [{ id: nextId(), time: now(), kind: 'auto', text, isCustomerAutoReplyMsg: true }, ...items.peek().filter((i) => i.kind !== 'auto')]
    },
    /** leaving: the placeholder goes (the rest of the visit goes with the page) */
    exit() {
      items.value = items.peek().filter((i) => i.kind !== 'auto')
    },
    /** a chip or a sub-question: the question as the user's bubble, then the robot's answer */
    ask(q: FaqQuestion) {
      const t = now()
      add({ id: nextId(), time: t, kind: 'ask', text: q.problemName })
      add({ id: nextId(), time: t + 1, kind: 'answer', question: q })
    },
  }
}
