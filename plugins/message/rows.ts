// The chat list as the virtual list sees it: one row per thing drawn, in order; a time line is a
// row of its own before a message that follows a 5-minute gap, and before the first message once
// it is the chat's first (before that, the gap above it is not known yet). So a row never loses
// its key when a page of history arrives above, and the list keeps the reader's place by key.
import type { ChatItem } from './chat.ts'
import { isInvitation, kindOf } from './kinds.ts'
import { needsTimeLine } from './rules.ts'

export type TalkRow =
  | { kind: 'time'; key: string; at: number }
  /** pos: the message's place among all loaded messages, from 1 */
  | { kind: 'message'; key: string; m: ChatItem; pos: number }

export function talkRows(all: ChatItem[], { startKnown }: { startKnown: boolean }): TalkRow[] {
  // IM-05: robot invitations are signals for the calls feature, never a line of the chat
  const items = all.filter((m) => !isInvitation(m))
  const times = items.map((m) => m.createTime)
  const rows: TalkRow[] = []
  items.forEach((m, i) => {
    if ((i > 0 || startKnown) && needsTimeLine(times, i)) rows.push({ kind: 'time', key: `time-${m.messageClientId}`, at: m.createTime })
    rows.push({ kind: 'message', key: m.messageClientId, m, pos: i + 1 })
  })
  return rows
}

/** a first guess of a row's height in px, before it is drawn and measured: close guesses keep
 *  the scrollbar steady */
export function estimateRow(row: TalkRow): number {
  if (row.kind === 'time') return 22
  const k = kindOf(row.m)
  if (k.kind === 'image') return k.width && k.height ? Math.min(266, Math.round((200 * k.height) / k.width) + 6) : 206
  if (k.kind === 'gift' || k.kind === 'missed-call' || k.kind === 'paid') return 68
  // a line of text is 21 px (15 px at line-height 1.4) inside 9 px of padding above and below
  // (talk.css .ch-bubble): a guess off by 2 px moved the list on every row that came into view above
  if (k.kind === 'text') return 39 + 21 * Math.floor(k.text.length / 30)
  // the placeholder's dashed border adds 2 px
  return 41
}
