// Room chat (LIVE-06): the record types of d2 §3 read from a chat-room line, and the window of
// lines the room shows. Lines arrive at hundreds a second under load, so they are buffered and
// flushed into the signal on an animation frame, as often as the phone affords (chatPace), at most
// CROWD_PER_TICK other viewers' lines a tick, and at most the last MAX_LINES are kept
// (ARCHITECTURE.md, real-time rooms under load).
import { signal, type ReadonlySignal } from '@preact/signals-react'
import type { ChatRoomMessage } from '../../kernel/im/chatroom.ts'

export const MAX_LINES = 100
/** the lines let go at once when the window is full: a tick that only adds lines moves none of those
 *  on screen, so the page draws just the new ones; one that drops the oldest moves every line and
 *  draws them all again, so that happens once in several ticks rather than on each */
export const TRIM_STEP = 40

/** d2 §3 chat record types; a plain text line has type 'text' */
export const RECORD_TYPES = ['wheelRes', 'sendGiftTip', 'followTip', 'luckyGift', 'intimacyAdd', 'intimacyUpgrade', 'intimacyUpcomingUpgrade', 'enterRoom'] as const
export type RecordType = 'text' | (typeof RECORD_TYPES)[number]

export interface ChatLine {
  messageClientId: string
  type: RecordType
  from: string
  fromNick: string
  /** always shown as text, never as markup */
  text: string
  userLevel: number
  isVip: boolean
  isNewUser: boolean
  isHost: boolean
  isSelf: boolean
  giftImg?: string
  giftNum?: number
  totalReward?: number
  /** the host line's translation, once it arrives */
  translated?: string
}

const str = (v: unknown, max = 500) => (typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : '')
const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0)
const flag = (v: unknown) => v === true || v === 1 || v === '1'

/** What a custom line (not a record type) means for the room itself. */
export type RoomSignal = { kind: 'calling' } | { kind: 'back' } | { kind: 'ended' }

/** a room signal counts only from the room's host account (its info): a viewer cannot end the room for others */
export function roomSignalOf(m: ChatRoomMessage, host: string): RoomSignal | null {
  const c = m.custom
  if (!c || !host || m.from !== host) return null
  if (Number(c.type) === -1) return { kind: 'calling' }
  if (Number(c.type) === -2) return { kind: 'back' }
  if (c.liveRoomState === 'ended' || c.liveRoomState === 3) return { kind: 'ended' }
  return null
}

/** A line of the chat, or null for what the room does not show (unknown record types, empty text).
 *  `host` is the room's host account (the room's info): only a line from it is the host's, whatever
 *  badges or name a line carries. */
export function toLine(m: ChatRoomMessage, me: string, host: string): ChatLine | null {
  if (!m || typeof m !== 'object' || typeof m.messageClientId !== 'string') return null
  const ext = (m.ext && typeof m.ext === 'object' ? m.ext : {}) as Record<string, unknown>
  const c = m.custom && typeof m.custom === 'object' ? m.custom : null
  const type = c ? (RECORD_TYPES as readonly string[]).includes(String(c.type)) ? (String(c.type) as RecordType) : null : 'text'
  if (!type) return null
  const text = c ? str(c.text ?? c.nickName ?? '') : str(m.text)
  if (type === 'text' && !text.trim()) return null
  const src = c ?? ext
  return {
    messageClientId: m.messageClientId,
    type,
    from: str(m.from, 64),
    fromNick: str(c?.fromNick ?? c?.nickName ?? m.fromNick, 40) || str(m.from, 40),
    text,
    userLevel: num(src.userLevel ?? ext.userLevel),
    isVip: flag(src.isVip ?? ext.isVip),
    isNewUser: flag(src.isNewUser ?? ext.isNewUser),
    isHost: !!host && m.from === host,
    isSelf: m.from === me,
    ...(c && typeof c.giftImg === 'string' && /^(https?:|\/|data:image\/)/.test(c.giftImg) && { giftImg: c.giftImg }),
    ...(c && c.giftNum != null && { giftNum: num(c.giftNum) }),
    ...(c && c.totalReward != null && { totalReward: num(c.totalReward) }),
  }
}

export interface ChatWindow {
  lines: ReadonlySignal<ChatLine[]>
  /** queue a line; it shows with the next tick of the scheduler */
  add(line: ChatLine): void
  /** whether a line is still in the window (shown, or queued to show) */
  has(id: string): boolean
  /** set host lines' translations, by line id */
  translate(texts: ReadonlyMap<string, string>): void
  clear(): void
  dispose(): void
}

/** runs `fn` once, on an animation frame, `afterMs` from now where the scheduler waits at all */
export type FrameScheduler = (fn: () => void, afterMs?: number) => () => void

/** requestAnimationFrame where there is one, else a 100 ms timer */
export const nextFrame: FrameScheduler = (fn) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => fn())
    return () => cancelAnimationFrame(id)
  }
  const id = setTimeout(fn, 100)
  return () => clearTimeout(id)
}

/** how often the chat takes in what arrived, at most: a reader sees no difference between 60 and 10
 *  updates a second; the page does, as each one lays the window out again */
export const CHAT_FLUSH_MS = 100
/** and at least, on a phone where each batch costs much: still several lines a second */
export const CHAT_FLUSH_SLOWEST_MS = 400
/** a batch waits this many times what the one before cost the page (its lines written and laid out,
 *  a part of its frame), so the chat keeps to a small share of a phone's main thread */
const WAIT_PER_COST = 20

/** The wait before the next batch, from the wait before and what the last batch cost (ms): a phone
 *  that takes longer to draw one gets fewer, larger batches, so a busy room's frames keep their
 *  budget there too (issue 27: a 100 ms tick cost a mid-range phone a slow frame ten times a
 *  second). It moves a third of the way each batch, so one slow batch (the first use of the chat's
 *  fonts) does not hold the chat back. */
export function chatPace(wait: number, cost: number): number {
  const wanted = Math.min(CHAT_FLUSH_SLOWEST_MS, Math.max(CHAT_FLUSH_MS, cost * WAIT_PER_COST))
  const step = (wanted - wait) / 3
  return Math.abs(step) < 1 ? wanted : Math.round(wait + step)
}

/** the first animation frame `afterMs` from now */
export const chatTick: FrameScheduler = (fn, afterMs = CHAT_FLUSH_MS) => {
  let cancelFrame = () => {}
  const id = setTimeout(() => (cancelFrame = nextFrame(fn)), afterMs)
  return () => {
    clearTimeout(id)
    cancelFrame()
  }
}

/** other viewers' plain lines shown per tick at most (80 a second at the fastest pace, 20 at the
 *  slowest, more than anyone reads): each line drawn costs a phone its layout, so in a busier room
 *  the oldest of a tick's crowd lines are let go, as the window's oldest are. The viewer's own
 *  lines, the host's and records always show. */
const CROWD_PER_TICK = 8

const isCrowd = (l: ChatLine) => l.type === 'text' && !l.isHost && !l.isSelf

/** a tick's lines with at most `keep` crowd lines, the newest, in their order */
function thinned(batch: ChatLine[], keep = CROWD_PER_TICK): ChatLine[] {
  let over = batch.filter(isCrowd).length - keep
  return over <= 0 ? batch : batch.filter((l) => !(isCrowd(l) && over-- > 0))
}

/** `now` is a fine clock (ms): a batch's cost is a few ms */
export function createChatWindow(schedule: FrameScheduler = chatTick, now = () => performance.now()): ChatWindow {
  const max = MAX_LINES
  const lines = signal<ChatLine[]>([])
  let buffer: ChatLine[] = []
  let cancel: (() => void) | null = null
  let wait = CHAT_FLUSH_MS
  const flush = () => {
    cancel = null
    if (!buffer.length) return
    const next = lines.peek().concat(thinned(buffer.length > max ? buffer.slice(-max) : buffer))
    buffer = []
    const started = now()
    // the view writes the lines and follows the newest within this assignment (its effect)
    lines.value = next.length > max ? next.slice(-(max - TRIM_STEP)) : next
    wait = chatPace(wait, now() - started)
  }
  return {
    lines,
    add(line) {
      buffer.push(line)
      if (buffer.length > max) buffer = buffer.slice(-max)
      cancel ??= schedule(flush, wait)
    },
    has: (id) => lines.peek().some((l) => l.messageClientId === id) || buffer.some((l) => l.messageClientId === id),
    translate(texts) {
      const withText = (l: ChatLine) => (texts.has(l.messageClientId) ? { ...l, translated: texts.get(l.messageClientId) } : l)
      lines.value = lines.peek().map(withText)
      buffer = buffer.map(withText)
    },
    clear() {
      buffer = []
      lines.value = []
    },
    dispose() {
      cancel?.()
      cancel = null
      buffer = []
    },
  }
}
