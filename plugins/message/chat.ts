// One conversation (IM-02): its messages oldest first, paging back through history, sending with
// an outbox. A message typed while messaging is down is kept ('queued') and goes out when the
// connection is back; a send that fails is marked 'failed' with a retry. Nothing typed is lost.
import { batch, computed, effect, signal } from '@preact/signals-react'
import type { ImClient, ImImage, ImMessage } from '../../kernel/im/types.ts'
import type { InboxController } from './state.ts'
import { isInvitation } from './kinds.ts'

export const PAGE_SIZE = 20
/** the longest text one message may carry; longer input is cut, never sent half-silently */
export const MAX_TEXT = 2000

export type SendState = 'sending' | 'queued' | 'failed'
export interface ChatItem extends ImMessage {
  /** set on this device's own messages until the server has them */
  sendState?: SendState
  /** what to send again (text or image) */
  outgoing?: { text: string } | { image: ImImage }
}

export type SendResult = 'sent' | 'queued' | 'failed' | 'empty'

export interface ChatDeps {
  inbox: Pick<InboxController, 'client' | 'me' | 'onMessage' | 'status' | 'conversations'>
  peer: string
  now?: () => number
}

let localSeq = 0
const localId = () => `local-${Date.now().toString(36)}-${++localSeq}`

/** The chat's messages in time order, by client id; IM-05 robot invitations are no line of it. */
function createMessageList(peer: string) {
  const items = signal<ChatItem[]>([])
  /** the oldest message a page brought (invitations included): where the page before starts */
  let oldest = Infinity
  return {
    items,
    hasFailed: computed(() => items.value.some((m) => m.sendState === 'failed')),
    /** a message of this conversation */
    belongs: (m: ImMessage) => m.conversationId.split('|')[2] === peer || m.senderId === peer,
    /** add or replace by client id, kept in time order */
    upsert(list: ChatItem[]) {
      const byId = new Map(items.peek().map((m) => [m.messageClientId, m]))
      for (const m of list) if (!isInvitation(m)) byId.set(m.messageClientId, m)
      items.value = [...byId.values()].sort((a, b) => a.createTime - b.createTime)
    },
    remove: (id: string) => (items.value = items.peek().filter((m) => m.messageClientId !== id)),
    /** a page of history arrived: the next page starts before its oldest message */
    reached(list: ImMessage[]) {
      for (const m of list) oldest = Math.min(oldest, m.createTime)
    },
    /** where the page before the shown ones ends: Infinity before the first page */
    pageStart: () => Math.min(oldest, items.peek().find((m) => !m.sendState)?.createTime ?? Infinity),
  }
}
type MessageList = ReturnType<typeof createMessageList>
interface ChatScope {
  list: MessageList
  inbox: ChatDeps['inbox']
  peer: string
  disposed: () => boolean
}

/** The first page and the pages before it, newest first from the server. */
function createHistory({ list, inbox, peer, disposed }: ChatScope) {
  const loading = signal<'idle' | 'loading' | 'failed'>('idle')
  const older = signal<'idle' | 'loading' | 'done' | 'failed'>('idle')
  let loaded = false
  const markRead = () => void inbox.client()?.markRead(peer).catch(() => undefined)

  async function load() {
    const client = inbox.client()
    if (!client) return
    loading.value = 'loading'
    try {
      const page = await client.history(peer, PAGE_SIZE)
      if (disposed()) return
      list.reached(page)
      batch(() => {
        list.upsert(page)
        older.value = page.length < PAGE_SIZE ? 'done' : 'idle'
        loading.value = 'idle'
        loaded = true
      })
      markRead()
    } catch {
      if (!disposed()) loading.value = 'failed'
    }
  }

  /** the page before the oldest message shown; false when there is none (or a load runs) */
  async function loadOlder(): Promise<boolean> {
    const client = inbox.client()
    const first = list.pageStart()
    if (!client || first === Infinity || older.peek() === 'loading' || older.peek() === 'done') return false
    older.value = 'loading'
    try {
      const page = await client.history(peer, PAGE_SIZE, first)
      if (disposed()) return false
      list.reached(page)
      batch(() => {
        list.upsert(page)
        older.value = page.length < PAGE_SIZE ? 'done' : 'idle'
      })
      return page.length > 0
    } catch {
      if (!disposed()) older.value = 'failed'
      return false
    }
  }
  return { loading, older, load, loadOlder, markRead, loaded: () => loaded }
}

/** Sending: each message shows at once as 'sending', or 'queued' while messaging is down, and is
 *  replaced by the server's copy once sent, or marked 'failed' with a retry. */
function createOutbox({ list, inbox, peer, disposed }: ChatScope, now: () => number) {
  async function transmit(item: ChatItem, client: ImClient) {
    const out = item.outgoing!
    try {
      const sent = 'text' in out ? await client.sendText(peer, out.text) : await client.sendImage(peer, out.image)
      if (disposed()) return
      batch(() => {
        list.remove(item.messageClientId)
        list.upsert([sent])
      })
    } catch {
      if (!disposed()) list.upsert([{ ...item, sendState: 'failed' }])
    }
  }

  function enqueue(outgoing: ChatItem['outgoing'], me: string): ChatItem {
    const client = inbox.client()
    const item: ChatItem = {
      messageClientId: localId(),
      senderId: me,
      conversationId: `${me}|1|${peer}`,
      messageType: outgoing && 'image' in outgoing ? 1 : 0,
      ...(outgoing && 'text' in outgoing ? { text: outgoing.text } : { attachment: { ...(outgoing as { image: ImImage }).image } }),
      createTime: now(),
      sendState: client ? 'sending' : 'queued',
      outgoing,
    }
    list.upsert([item])
    if (client) void transmit(item, client)
    return item
  }

  return {
    /** text as typed (trimmed, capped): 'queued' when messaging is down, 'empty' for blank text */
    sendText(text: string): SendResult {
      const body = text.trim().slice(0, MAX_TEXT)
      if (!body) return 'empty'
      return enqueue({ text: body }, inbox.me() ?? 'me').sendState === 'queued' ? 'queued' : 'sent'
    },
    sendImage: (image: ImImage): SendResult => (enqueue({ image }, inbox.me() ?? 'me').sendState === 'queued' ? 'queued' : 'sent'),
    /** send a failed (or queued) message again */
    retry(id: string) {
      const item = list.items.peek().find((m) => m.messageClientId === id)
      const client = inbox.client()
      if (!item?.outgoing || !client) return
      const again = { ...item, sendState: 'sending' as const }
      list.upsert([again])
      void transmit(again, client)
    },
    /** back online: the queued messages go out, in order */
    flushQueued(client: ImClient) {
      for (const m of list.items.peek()) if (m.sendState === 'queued') void transmit({ ...m, sendState: 'sending' }, client)
    },
  }
}

export function createChat({ inbox, peer, now = Date.now }: ChatDeps) {
  let disposed = false
  const list = createMessageList(peer)
  const scope: ChatScope = { list, inbox, peer, disposed: () => disposed }
  const history = createHistory(scope)
  const outbox = createOutbox(scope, now)

  const offMessage = inbox.onMessage((m) => {
    if (!list.belongs(m)) return
    list.upsert([m])
    history.markRead()
  })
  // a message the server sent on this user's behalf (a gift sent from the chat) reaches this device
  // as the conversation's last message, not as an incoming one: it joins the chat from there
  const offLast = effect(() => {
    const last = inbox.conversations.value.find((c) => c.to === peer)?.lastMessage
    if (!last || !history.loaded() || !list.belongs(last) || list.items.peek().some((m) => m.messageClientId === last.messageClientId)) return
    list.upsert([last])
  })
  // back online: the queued messages go out, in order; a chat opened offline loads now
  const offStatus = effect(() => {
    if (inbox.status.value !== 'ready') return
    const client = inbox.client()
    if (!client) return
    if (!list.items.peek().some((m) => !m.sendState) && history.loading.peek() !== 'loading') void history.load()
    outbox.flushQueued(client)
  })

  return {
    items: list.items,
    loading: history.loading,
    older: history.older,
    hasFailed: list.hasFailed,
    load: history.load,
    loadOlder: history.loadOlder,
    sendText: outbox.sendText,
    sendImage: outbox.sendImage,
    retry: outbox.retry,
    dispose() {
      disposed = true
      offMessage()
      offStatus()
      offLast()
    },
  }
}
