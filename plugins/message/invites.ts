// IM-05 in the inbox: robot call invitations (d2 §4.9) are signals for the calls feature, never
// chat lines, so a conversation reads as its last shown message and counts only shown messages as
// unread. The messaging server counts an invitation like any message (its unread and last message):
// when a conversation's last message is an invitation, its recent history says what the reader
// would see. A conversation with nothing but invitations is not in the inbox at all.
import type { ImClient, ImConversation, ImMessage } from '../../kernel/im/types.ts'
import { isInvitation } from './kinds.ts'

/** how far back a conversation is read to find its last shown message */
const INVITE_LOOKBACK = 50
/** read-backs at once: an inbox of robots' chats asks the server a few at a time, not 200 together */
const READ_AT_ONCE = 4

/** fn(0..n-1), at most `width` running at once; the answers in order */
async function inTurns<R>(n: number, width: number, fn: (i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(n)
  let next = 0
  const lane = async () => {
    while (next < n) {
      const i = next++
      out[i] = await fn(i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, n) }, lane))
  return out
}

/** a conversation as shown; null when it has nothing to show */
function shownConversation(c: ImConversation, recent: ImMessage[]): ImConversation | null {
  const shown = recent.filter((m) => !isInvitation(m))
  const last = shown[shown.length - 1]
  if (!last) return null
  return { ...c, lastMessage: last, updateTime: last.createTime, unreadCount: Math.max(0, c.unreadCount - invitesAmongUnread(c, recent)) }
}

/** how many of the conversation's unread messages (the peer's latest `unreadCount`) are invitations */
function invitesAmongUnread(c: ImConversation, recent: ImMessage[]): number {
  const theirs = recent.filter((m) => m.senderId === c.to)
  return theirs.slice(Math.max(0, theirs.length - c.unreadCount)).filter(isInvitation).length
}

interface Shown {
  shown: ImConversation[]
  /** conversation ids with nothing to show */
  hidden: string[]
}

/**
 * Conversations as the inbox shows them. One whose last message is an invitation is read back
 * (history) and kept as `shownConversation` says; the invitations found among its unread are
 * remembered, so a later message does not count them again. `hidden` are the ids to drop.
 */
export function createInvitationFilter() {
  /** invitations among a conversation's unread, until it is read */
  const unreadInvites = new Map<string, number>()
  /** the latest change asked for, per conversation: an older answer arriving late is dropped */
  const latest = new Map<string, number>()
  let seq = 0

  /** a conversation whose last message is shown: its unread less the invitations known among them */
  function plain(c: ImConversation): ImConversation {
    if (c.unreadCount <= 0) unreadInvites.delete(c.conversationId)
    const known = unreadInvites.get(c.conversationId) ?? 0
    return known ? { ...c, unreadCount: Math.max(0, c.unreadCount - known) } : c
  }

  /** a conversation whose last message is an invitation: read back */
  async function readBack(c: ImConversation, client: ImClient, mine: number): Promise<ImConversation | null | 'stale'> {
    let recent: ImMessage[]
    try {
      recent = await client.history(c.to, INVITE_LOOKBACK)
    } catch {
      // not known now: the row stays, without the invitation's line
      return latest.get(c.conversationId) === mine ? { ...c, lastMessage: undefined } : 'stale'
    }
    if (latest.get(c.conversationId) !== mine) return 'stale'
    unreadInvites.set(c.conversationId, invitesAmongUnread(c, recent))
    return shownConversation(c, recent)
  }

  async function readAll(list: ImConversation[], client: ImClient, asked: number[]): Promise<Shown> {
    const answers = await inTurns(list.length, READ_AT_ONCE, (i) => readBack(list[i], client, asked[i]))
    const out: Shown = { shown: [], hidden: [] }
    answers.forEach((a, i) => {
      if (a === 'stale') return
      if (a) out.shown.push(a)
      else out.hidden.push(list[i].conversationId)
    })
    return out
  }

  return {
    /** what can be shown now, and (`later`) what a read of history decides, when any */
    apply(list: ImConversation[], client: ImClient): { shown: ImConversation[]; later: Promise<Shown> | null } {
      for (const c of list) latest.set(c.conversationId, ++seq)
      const invited = list.filter((c) => isInvitation(c.lastMessage))
      const shown = list.filter((c) => !isInvitation(c.lastMessage)).map(plain)
      const later = invited.length ? readAll(invited, client, invited.map((c) => latest.get(c.conversationId)!)) : null
      return { shown, later }
    },
    reset() {
      unreadInvites.clear()
      latest.clear()
    },
  }
}
