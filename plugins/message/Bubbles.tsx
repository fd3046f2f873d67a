// The parts of a chat list shared by /talk and the customer chat: a bubble per message kind,
// the time line, and the send state of one's own messages. Text is rendered as text, always.
import { useRef, type ReactNode } from 'react'
import { formatDate, type FormatLocale } from '../../kernel/format.ts'
import { useT } from '../../kernel/hooks.ts'
import type { ImMessage } from '../../kernel/im/types.ts'
import { kindOf } from './kinds.ts'
import type { SendState } from './chat.ts'
import type { VirtualItem } from '@tanstack/react-virtual'

/** what a virtual list puts on a row's element: the measuring ref, the row's index, its place */
export interface RowAttrs {
  ref?: (el: HTMLLIElement | null) => void
  'data-index'?: number
  'aria-posinset'?: number
  'aria-setsize'?: number
}

/** from..to, both included: the rows a virtual list draws */
export const indexes = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k)

/** a virtual list's drawn window: the first and last row drawn and the space left above and below
 *  them (px), for rows whose offsets count from `margin` */
export function drawnWindow(v: { getVirtualItems(): VirtualItem[]; getTotalSize(): number }, margin: number) {
  const shown = v.getVirtualItems()
  const first = shown[0]
  const last = shown[shown.length - 1]
  return {
    before: first ? first.start - margin : 0,
    after: last ? v.getTotalSize() - (last.end - margin) : 0,
    from: first?.index ?? 0,
    to: last?.index ?? -1,
  }
}

interface KeptRow {
  inputs: readonly unknown[]
  el: ReactNode
}

/** A virtual list's drawn rows, each element kept while its inputs stay the same. React skips an
 *  element it drew before, so a scroll renders only the rows that come into view, not every row
 *  on screen each time the window moves. `renderers` are what every row depends on (a change
 *  draws them all again). Call `begin()` once per render, then `row()` for each row drawn: only
 *  the rows drawn last time are kept. */
export function useKeptRows(renderers: readonly unknown[]) {
  const kept = useRef<{ renderers: readonly unknown[]; rows: Map<string, KeptRow> } | null>(null)
  return {
    begin() {
      const before = kept.current
      const same = !!before && before.renderers.length === renderers.length && before.renderers.every((r, i) => r === renderers[i])
      const last = same ? before.rows : new Map<string, KeptRow>()
      const rows = new Map<string, KeptRow>()
      kept.current = { renderers, rows }
      return (key: string, inputs: readonly unknown[], draw: () => ReactNode): ReactNode => {
        const had = last.get(key)
        const el = had && had.inputs.length === inputs.length && had.inputs.every((x, i) => x === inputs[i]) ? had.el : draw()
        rows.set(key, { inputs, el })
        return el
      }
    },
  }
}

export function TimeLine({ at, locale, row }: { at: number; locale: FormatLocale; row?: RowAttrs }) {
  const today = new Date().toDateString() === new Date(at).toDateString()
  const text = formatDate(at, locale, today ? 'time' : 'short')
  return (
    <li className="ch-time" data-testid="chat-time" {...row}>
      <span>{text}</span>
    </li>
  )
}

export interface BubbleProps {
  m: ImMessage
  mine: boolean
  avatar?: ReactNode
  sendState?: SendState
  onRetry?: () => void
  onCallBack?: () => void
  row?: RowAttrs
}

export function Bubble({ m, mine, avatar, sendState, onRetry, onCallBack, row }: BubbleProps) {
  const t = useT()
  const k = kindOf(m)
  if (k.kind === 'invite') return null
  if (k.kind === 'tip') {
    return (
      <li className="ch-tip" data-testid="chat-tip" {...row}>
        {/* a system line is text from data: its own direction, isolated from the page's */}
        <span dir="auto">{k.text}</span>
      </li>
    )
  }
  if (k.kind === 'intimacy') {
    return (
      <li className="ch-tip ch-tip--intimacy" data-testid="chat-intimacy" {...row}>
        <span>{t('message.intimacyUpgrade', { n: k.level })}</span>
      </li>
    )
  }
  if (k.kind === 'paid') {
    return (
      <li className="ch-paid" data-testid="chat-paid" {...row}>
        <span className="ch-paid__icon" aria-hidden="true">✓</span>
        <span className="ch-paid__main">
          <strong>{t('message.paidTitle')}</strong>
          {k.diamondNum ? <span>{t('message.paidDiamonds', { n: k.diamondNum })}</span> : <span dir="auto">{k.text ?? ''}</span>}
        </span>
      </li>
    )
  }
  let body: ReactNode
  let cls = 'ch-bubble'
  if (k.kind === 'text') body = <span className="ch-text" dir="auto">{k.text}</span>
  else if (k.kind === 'image') {
    cls += ' ch-bubble--image'
    body = // the picture's own size, when the message gives it, holds its box before it loads: no jump
    body = <img className="ch-img" src={k.url} width={k.width} height={k.height} alt={t('message.image')} loading="lazy" decoding="async" data-testid="chat-image" />
  } else if (k.kind === 'gift') {
    cls += ' ch-bubble--gift'
    body = (
      <span className="ch-gift" data-testid="chat-gift">
        {k.giftImg ? <img src={k.giftImg} alt="" width={44} height={44} /> : <span className="ch-gift__icon" aria-hidden="true">🎁</span>}
        <span>
          <strong>{mine ? t('message.giftSent') : t('message.giftReceived')}</strong>
          <span className="ch-sub">
            {k.giftName ? <bdi>{k.giftName}</bdi> : t('message.gift')} × {k.giftNum}
          </span>
        </span>
      </span>
    )
  } else if (k.kind === 'missed-call') {
    cls += ' ch-bubble--call'
    body = (
      <span className="ch-call" data-testid="chat-missed-call">
        <span className="ch-call__icon" aria-hidden="true">📞</span>
        <span>
          <strong>{t('message.missedCall')}</strong>
          {onCallBack && (
            <button type="button" className="ch-link" onClick={onCallBack} data-testid="chat-call-back">
              {t('message.callBack')}
            </button>
          )}
        </span>
      </span>
    )
  } else {
    cls += ' ch-bubble--unknown'
    body = <span className="ch-sub" data-testid="chat-unknown">{t('message.unsupported')}</span>
  }
  return (
    <li className={`ch-row${mine ? ' ch-row--mine' : ''}`} data-testid="chat-message" data-mine={mine || undefined} data-state={sendState} {...row}>
      {!mine && avatar}
      <div className={cls}>{body}</div>
      {sendState === 'sending' && <span className="ch-state ch-state--sending" aria-label={t('message.sending')} />}
      {sendState === 'queued' && (
        <span className="ch-state ch-state--queued" title={t('message.queued')} data-testid="chat-queued">
          ⏱
        </span>
      )}
      {sendState === 'failed' && (
        <button type="button" className="ch-state ch-state--failed" aria-label={t('message.retrySend')} onClick={onRetry} data-testid="chat-retry">
          !
        </button>
      )}
    </li>
  )
}
