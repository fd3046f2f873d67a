// The virtual lists draw a row again only when it changed: a scroll renders the rows that come
// into view, not every row on screen each time the drawn window moves (what made a long chat and
// a long inbox drop frames on a slow phone).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { createTestKernel } from '../../kernel/testing.tsx'
import type { ImConversation } from '../../kernel/im/types.ts'
import { giveSizes } from '../../test/layout.ts'
import { waitFor } from '../../test/wait.ts'
import type { RowAttrs } from './Bubbles.tsx'
import type { ChatItem } from './chat.ts'
import { ConversationList } from './ConversationList.tsx'
import { TalkList } from './TalkList.tsx'
import { ME, msg } from './testkit.ts'

const HOST = 'host_5'
const ROW = 39
const MESSAGES = 200
/** the chat list's height as the virtual list lays it out: its head, paddings, rows and gaps (TalkList.tsx) */
const CHAT_HEIGHT = 28 + 12 + MESSAGES * ROW + (MESSAGES - 1) * 10 + 16

/** how many times each row was drawn, by key, and a draw function that counts */
function counted<T>(keyOf: (x: T) => string, text: (x: T) => string) {
  const draws = new Map<string, number>()
  const draw = (x: T, row: RowAttrs) => {
    draws.set(keyOf(x), (draws.get(keyOf(x)) ?? 0) + 1)
    return (
      <li {...row} data-testid="row" data-key={keyOf(x)}>
        {text(x)}
      </li>
    )
  }
  return { draws, draw }
}

const drawnKeys = () => [...document.querySelectorAll('[data-testid=row]')].map((li) => li.getAttribute('data-key')!)

/** after a scroll: more than `minStayed` rows stayed on screen, none of them drawn again, and the
 *  rows that came into view drawn once */
function assertOnlyNewRowsDrawn(before: string[], draws: Map<string, number>, minStayed: number) {
  const stayed = drawnKeys().filter((k) => before.includes(k))
  assert.ok(stayed.length > minStayed, `most rows stay on screen (${stayed.length})`)
  assert.equal(
    stayed.filter((k) => draws.has(k)),
    [],
    'rows that stayed are not drawn again',
  )
  assert.ok(
    drawnKeys().some((k) => !before.includes(k) && draws.get(k) === 1),
    'the rows that came into view are drawn once',
  )
}

test('IM-02 a chat scrolled by a few rows draws only the rows that came into view; the rows still on screen are not drawn again', async () => {
  const restore = giveSizes({ '[data-testid=talk-list]': { width: 390, height: 640, scrollHeight: CHAT_HEIGHT }, '[data-testid=talk-list] [data-index]': { width: 366, height: ROW } })
  try {
    const t = createTestKernel({ plugins: [], path: '/', api: () => null })
    const items: ChatItem[] = Array.from({ length: MESSAGES }, (_, i) => msg(HOST, i + 1))
    const rows = counted<ChatItem>(
      (m) => m.messageClientId,
      (m) => m.text ?? '',
    )
    await t.render(<TalkList items={items} older="idle" locale="en" loadOlder={() => undefined} isMine={() => false} renderMessage={rows.draw} />)
    const list = await waitFor(() => document.querySelector<HTMLElement>('[data-testid=talk-list]'), { what: 'the list' })
    await waitFor(() => drawnKeys().includes('m200'), { what: 'the last message drawn' })
    const before = drawnKeys()
    rows.draws.clear()
    // four rows up: four rows come into view above, as many leave below
    await act(async () => void (list.scrollTop -= 4 * (ROW + 10)))
    await waitFor(() => drawnKeys()[0] !== before[0], { what: 'the window moved' })
    assertOnlyNewRowsDrawn(before, rows.draws, 10)
    t.dispose()
  } finally {
    restore()
  }
})

test('IM-01 an inbox scrolled by a few rows draws only the rows that came into view; the rows still on screen are not drawn again', async () => {
  const restoreSizes = giveSizes({ '[data-testid=message-list] > li': { width: 390, height: 72 } })
  // as in a browser, the list's box moves up as the page scrolls (happy-dom's stays put, and the
  // list, reading its place once a scroll ends, would think it starts far down the page)
  const measure = HTMLElement.prototype.getBoundingClientRect
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const r = measure.call(this)
    return this.matches('[data-testid=message-list]') ? DOMRect.fromRect({ x: r.x, y: r.y - window.scrollY, width: r.width, height: r.height }) : r
  }
  const restore = () => {
    HTMLElement.prototype.getBoundingClientRect = measure
    restoreSizes()
  }
  try {
    const t = createTestKernel({ plugins: [], path: '/', api: () => null })
    const list: ImConversation[] = Array.from({ length: 200 }, (_, i) => ({
      conversationId: `${ME}|1|peer_${i}`,
      to: `peer_${i}`,
      unreadCount: 0,
      updateTime: 1_000_000 - i,
      lastMessage: msg(`peer_${i}`, i + 1),
    }))
    const rows = counted<ImConversation>(
      (c) => c.to,
      (c) => c.to,
    )
    await t.render(<ConversationList list={list} renderRow={rows.draw} />)
    await waitFor(() => drawnKeys().includes('peer_0'), { what: 'the first rows drawn' })
    // well down the list first, so rows leave above as rows come in below
    const scrollTo = (y: number) =>
      act(async () => {
        window.scrollTo(0, y)
        window.dispatchEvent(new Event('scroll'))
      })
    await scrollTo(40 * 72)
    await waitFor(() => drawnKeys().includes('peer_40'), { what: 'row 40 drawn' })
    const before = drawnKeys()
    rows.draws.clear()
    await scrollTo(44 * 72)
    await waitFor(() => drawnKeys().at(-1) !== before.at(-1), { what: 'the window moved' })
    assertOnlyNewRowsDrawn(before, rows.draws, 5)
    t.dispose()
  } finally {
    restore()
    window.scrollTo(0, 0)
  }
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
