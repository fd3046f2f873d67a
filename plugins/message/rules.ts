// The inbox's business rules (d2 §4.9, §6, §9), one answer each.
import type { ImConversation } from '../../kernel/im/types.ts'
import { isHostAccount } from './api.ts'

/** IM-04: pinned chats, VIP only */
export const MAX_PINS = 5
/** IM-03: greeting history kept */
export const GREETING_CAP = 99
/** IM-04: the top message banner shows this long, and at most once in this window */
export const BANNER_SHOW_MS = 5000
export const BANNER_DEBOUNCE_MS = 10_000
/** d2 §5: quick messages debounced */
export const QUICK_DEBOUNCE_MS = 300
/** IM-06 customer chat: a time line above a message after this gap */
export const TIME_GAP_MS = 5 * 60_000

export type PinCheck = 'ok' | 'vip-only' | 'limit'
/** may this conversation be pinned now? Unpinning is always fine. */
export function canPin(list: ImConversation[], to: string, vip: boolean): PinCheck {
  if (list.find((c) => c.to === to)?.isPin) return 'ok'
  if (!vip) return 'vip-only'
  return list.filter((c) => c.isPin).length >= MAX_PINS ? 'limit' : 'ok'
}

export interface GreetingConfig {
  isEnable: boolean
  /** 1: greetings' unread counts in the message tab badge; 0: only on the greeting entry */
  unReadMsgNum: number
}

/**
 * IM-03: a stranger's greeting is a conversation a host started that this user never answered,
 * with no follow and no call record between them. All of them, newest first: `greetingsOf` keeps
 * the newest 99 and the rest are removed (d2 §4.9 "History is capped at 99 (more removed)").
 */
export function strangersOf(list: ImConversation[], o: { me: string | null; followed: ReadonlySet<string>; called: ReadonlySet<string> }): ImConversation[] {
  return list
    .filter((c) => isHostAccount(c.to) && !o.followed.has(c.to) && !o.called.has(c.to))
    .filter((c) => !(c.isReply ?? (c.lastMessage ? c.lastMessage.senderId === o.me : false)))
    .sort((a, b) => b.updateTime - a.updateTime)
}

/** IM-03: the greetings shown, the newest 99 strangers' */
export const greetingsOf = (...a: Parameters<typeof strangersOf>): ImConversation[] => strangersOf(...a).slice(0, GREETING_CAP)

/**
 * IM-01 the Chats list: every conversation but strangers' greetings (those kept behind the greeting
 * entry and those past the cap alike) and the customer-service chat, which has its own entry.
 */
export function chatsOf(list: ImConversation[], hide: { strangers: ReadonlySet<string>; service: ReadonlySet<string> }): ImConversation[] {
  return list.filter((c) => !hide.strangers.has(c.to) && !hide.service.has(c.to))
}

/** a time line before item i when it comes more than 5 minutes after the one before */
export const needsTimeLine = (times: number[], i: number) => i === 0 || times[i] - times[i - 1] > TIME_GAP_MS
