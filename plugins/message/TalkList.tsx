// IM-02 the chat's message list, virtual: only the rows near the screen are in the page, so a chat
// of a thousand messages scrolls like one of ten. It opens at the last message; reaching the top
// asks for the page before, and the list keeps the reader's place by the key of the row they
// were on (the virtualizer's anchorTo 'end'); new messages follow the end only while the reader
// is at the end, one's own always; a row that changes height (a late image) moves nothing on
// screen. Rows sit in the flow between two paddings, so the list's flex gap and alignment hold.
import { Fragment, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useT } from '../../kernel/hooks.ts'
import type { FormatLocale } from '../../kernel/format.ts'
import { drawnWindow, indexes, TimeLine, useKeptRows, type RowAttrs } from './Bubbles.tsx'
import type { ChatItem } from './chat.ts'
import { estimateRow, talkRows } from './rows.ts'

/** the head above the rows (loading older, start of chat, retry): one height in every state, so
 *  the rows below never move when it changes, px */
const HEAD = 28
/** the list's paddings and gap (talk.css .tk-rows), which the virtualizer adds between rows */
const PAD_START = 12
const PAD_END = 16
const GAP = 10
/** how near the top a scroll asks for older messages, px */
const OLDER_AT = 40
/** within this of the end, the reader is at the end: new messages follow, px */
const AT_END = 48
/** rows drawn beyond each edge of the screen */
const OVERSCAN = 6

export interface TalkListProps {
  items: ChatItem[]
  older: 'idle' | 'loading' | 'done' | 'failed'
  locale: FormatLocale
  /** the page before the oldest message */
  loadOlder: () => void
  /** this device's user's own message (followed to the end when added) */
  isMine: (m: ChatItem) => boolean
  renderMessage: (m: ChatItem, row: RowAttrs) => ReactNode
}

export function TalkList({ items, older, locale, loadOlder, isMine, renderMessage }: TalkListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const startKnown = older === 'done'
  const rows = useMemo(() => talkRows(items, { startKnown }), [items, startKnown])
  // the same functions while the rows are the same: a new key function makes the virtual list
  // place every row again (a guess for each of a thousand), on every scroll event
  const estimateSize = useCallback((i: number) => estimateRow(rows[i]), [rows])
  const getItemKey = useCallback((i: number) => rows[i].key, [rows])
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    // the rows start below the head
    scrollMargin: HEAD,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    paddingStart: PAD_START,
    paddingEnd: PAD_END,
    gap: GAP,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END,
  })

  // the first rows land at the end; later, one's own new message brings the end into view
  const lastKey = useRef<string | null>(null)
  useLayoutEffect(() => {
    const last = rows[rows.length - 1]
    if (last?.kind !== 'message' || last.key === lastKey.current) return
    const first = lastKey.current === null
    lastKey.current = last.key
    if (first || isMine(last.m)) v.scrollToIndex(rows.length - 1, { align: 'end' })
  }, [rows, v, isMine])

  const onScroll = () => {
    const el = scrollRef.current
    if (el && el.scrollTop <= OLDER_AT && older === 'idle') loadOlder()
  }

  const { before, after, from, to } = drawnWindow(v, HEAD)
  // a scroll that keeps the same rows re-renders none of them: only the paddings move; a scroll
  // that brings rows in renders those rows alone
  const keep = useKeptRows([renderMessage, locale, v.measureElement])
  const drawn = useMemo(() => {
    const kept = keep.begin()
    return indexes(from, to).map((i) => {
      const row = rows[i]
      const attrs: RowAttrs = { ref: v.measureElement, 'data-index': i }
      if (row.kind === 'time') return kept(row.key, [row.at, i], () => <TimeLine key={row.key} at={row.at} locale={locale} row={attrs} />)
      return kept(row.key, [row.m, i, row.pos, items.length], () => (
        <Fragment key={row.key}>{renderMessage(row.m, { ...attrs, 'aria-posinset': row.pos, 'aria-setsize': items.length })}</Fragment>
      ))
    })
  }, [from, to, rows, locale, items.length, renderMessage, v.measureElement])
  return (
    <div className="tk-scroll" ref={scrollRef} onScroll={onScroll} data-testid="talk-list">
      <Head older={older} onRetry={loadOlder} />
      <ul className="tk-rows" style={{ paddingBlockStart: before, paddingBlockEnd: after }}>
        {drawn}
      </ul>
    </div>
  )
}

/** above the rows: older messages loading, the start of the chat, or a retry when a page failed */
function Head({ older, onRetry }: { older: TalkListProps['older']; onRetry: () => void }) {
  const t = useT()
  return (
    <div className="tk-more" style={{ blockSize: HEAD }} data-testid={older === 'loading' ? 'talk-older-loading' : undefined}>
      {older === 'loading' && t('message.loadingOlder')}
      {older === 'done' && t('message.startOfChat')}
      {older === 'failed' && (
        <button type="button" className="ch-link" onClick={onRetry}>
          {t('message.retry')}
        </button>
      )}
    </div>
  )
}
