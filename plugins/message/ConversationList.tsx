// IM-01 the inbox's list, virtual: the page scrolls as usual, and only the rows near the screen
// are in it, so 200 sessions open and scroll like 10. Each row is measured as it is drawn; the
// greeting entry, when there is one, is the first row.
import { Fragment, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import type { ImConversation } from '../../kernel/im/types.ts'
import { drawnWindow, indexes, useKeptRows, type RowAttrs } from './Bubbles.tsx'

/** a row's height before it is measured: a 52 px face and 10 px above and below, px */
const ROW_ESTIMATE = 72
const OVERSCAN = 8
const GREETING_KEY = 'greetings'
const rowEstimate = () => ROW_ESTIMATE

export interface ConversationListProps {
  list: ImConversation[]
  greeting?: (row: RowAttrs) => ReactNode
  renderRow: (c: ImConversation, row: RowAttrs) => ReactNode
}

export function ConversationList({ list, greeting, renderRow }: ConversationListProps) {
  const listRef = useRef<HTMLUListElement>(null)
  // where the list starts in the page: the window scrolls, the rows are placed from there
  const [margin, setMargin] = useState(0)
  const first = greeting ? 1 : 0
  // the same key function while the list is the same: a new one makes the virtual list place every
  // row again, on every scroll event
  const getItemKey = useCallback((i: number) => (i < first ? GREETING_KEY : list[i - first].conversationId), [first, list])
  const v = useWindowVirtualizer({
    count: list.length + first,
    estimateSize: rowEstimate,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: margin,
  })
  // read again after each render but not while scrolling: what is above the list does not move
  // then, and a read there would force a layout every frame
  const scrolling = v.isScrolling
  useLayoutEffect(() => {
    const el = listRef.current
    if (!el || scrolling) return
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY)
    if (top !== margin) setMargin(top)
  })
  const { before, after, from, to } = drawnWindow(v, margin)
  // a scroll that keeps the same rows re-renders none of them: only the paddings move; a scroll
  // that brings rows in renders those rows alone
  const keep = useKeptRows([greeting, renderRow, v.measureElement])
  const drawn = useMemo(() => {
    const kept = keep.begin()
    return indexes(from, to).map((i) => {
      const row: RowAttrs = { ref: v.measureElement, 'data-index': i }
      if (i < first) return kept(GREETING_KEY, [i], () => <Fragment key={GREETING_KEY}>{greeting?.(row)}</Fragment>)
      const c = list[i - first]
      return kept(c.conversationId, [c, i, list.length], () => (
        <Fragment key={c.conversationId}>{renderRow(c, { ...row, 'aria-posinset': i - first + 1, 'aria-setsize': list.length })}</Fragment>
      ))
    })
  }, [from, to, first, list, greeting, renderRow, v.measureElement])
  return (
    <ul className="ms-list" ref={listRef} style={{ paddingBlockStart: before, paddingBlockEnd: after }} data-testid="message-list">
      {drawn}
    </ul>
  )
}
