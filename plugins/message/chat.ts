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

export function createChat({ inbox, peer, now = Date.now }: ChatDeps) {
  const items = signal<ChatItem[]>([])
  const loading = signal<'idle' | 'loading' | 'failed'>('idle')
  const older = signal<'idle' | 'loading' | 'done' | 'failed'>('idle')
  const hasFailed = computed(() => items.value.some((m) => m.sendState === 'failed'))
  let disposed = false
  let loaded = false

  const mine = (m: ImMessage) => m.conversationId.split('|')[2] === peer || m.senderId === peer

  /** the oldest message a page brought (invitations included): where the page before starts */
  let oldest = Infinity
  const reached = (list: ImMessage[]) => {
    for (const m of list) oldest = Math.min(oldest, m.createTime)
  }

  /** add or replace by client id, kept in time order; IM-05 robot invitations are no line of the chat */
  const upsert = (list: ChatItem[]) => {
    const byId = new Map(items.peek().map((m) => [m.messageClientId, m]))
    for (const m of list) if (!isInvitation(m)) byId.set(m.messageClientId, m)
    items.value = [...byId.values()].sort((a, b) => a.createTime - b.createTime)
  }

  const markRead = () => void inbox.client()?.markRead(peer).catch(() => undefined)

  async function load() {
    const client = inbox.client()
    if (!client) return
    loading.value = 'loading'
    try {
      const list = await client.history(peer, PAGE_SIZE)
      if (disposed) return
      reached(list)
      batch(() => {
        upsert(list)
        older.value = list.length < PAGE_SIZE ? 'done' : 'idle'
        loading.value = 'idle'
        loaded = true
      })
      markRead()
    } catch {
      if (!disposed) loading.value = 'failed'
    }
  }

  /** the page before the oldest message shown; false when there is none (or a load runs) */
  async function loadOlder(): Promise<boolean> {
    const client = inbox.client()
    const first = Math.min(oldest, items.peek().find((m) => !m.sendState)?.createTime ?? Infinity)
    if (!client || first === Infinity || older.peek() === 'loading' || older.peek() === 'done') return false
    older.value = 'loading'
    try {
      const list = await client.history(peer, PAGE_SIZE, first)
      if (disposed) return false
      reached(list)
      batch(() => {
        upsert(list)
        older.value = list.length < PAGE_SIZE ? 'done' : 'idle'
      })
      return list.length > 0
    } catch {
      if (!disposed) older.value = 'failed'
      return false
    }
  }

  async function transmit(item: ChatItem, client: ImClient) {
    const out = item.outgoing!
    try {
      const sent = 'text' in out ? await client.sendText(peer, out.text) : await client.sendImage(peer, out.image)
      if (disposed) return
      batch(() => {
        items.value = items.peek().filter((m) => m.messageClientId !== item.messageClientId)
        upsert([sent])
      })
    } catch {
      if (!disposed) upsert([{ ...item, sendState: 'failed' }])
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
    upsert([item])
    if (client) void transmit(item, client)
    return item
  }

  /** text as typed (trimmed, capped): 'queued' when messaging is down, 'empty' for blank text */
  function sendText(text: string): SendResult {
    const body = text.trim().slice(0, MAX_TEXT)
    if (!body) return 'empty'
    return enqueue({ text: body }, inbox.me() ?? 'me').sendState === 'queued' ? 'queued' : 'sent'
  }

  function sendImage(image: ImImage): SendResult {
    return enqueue({ image }, inbox.me() ?? 'me').sendState === 'queued' ? 'queued' : 'sent'
  }

  /** send a failed (or queued) message again */
  function retry(id: string) {
    const item = items.peek().find((m) => m.messageClientId === id)
    const client = inbox.client()
    if (!item?.outgoing || !client) return
    const again = { ...item, sendState: 'sending' as const }
    upsert([again])
    void transmit(again, client)
  }

  const offMessage = inbox.onMessage((m) => {
    if (!mine(m)) return
    upsert([m])
    markRead()
  })
  // a message the server sent on this user's behalf (a gift sent from the chat) reaches this device
  // as the conversation's last message, not as an incoming one: it joins the chat from there
  const offLast = effect(() => {
    const last = inbox.conversations.value.find((c) => c.to === peer)?.lastMessage
    if (!last || !loaded || !mine(last) || items.peek().some((m) => m.messageClientId === last.messageClientId)) return
    upsert([last])
  })
  // back online: the queued messages go out, in order; a chat opened offline loads now
  const offStatus = effect(() => {
    if (inbox.status.value !== 'ready') return
    const client = inbox.client()
    if (!client) return
    if (!items.peek().some((m) => !m.sendState) && loading.peek() !== 'loading') void load()
    for (const m of items.peek()) if (m.sendState === 'queued') void transmit({ ...m, sendState: 'sending' }, client)
  })

  return {
    items,
    loading,
    older,
    hasFailed,
    load,
    loadOlder,
    sendText,
    sendImage,
    retry,
    dispose() {
      disposed = true
      offMessage()
      offStatus()
      offLast()
    },
  }
}

