// The inbox: one messaging connection per logged-in user, its conversations and unread total.
// It follows the session: a user with a messaging account connects, a logout closes it.
import { batch, computed, effect, signal, untracked } from '@preact/signals-react'
import type { Disposer, Kernel } from '../../kernel/types.ts'
import type { ImConversation } from '../../kernel/im/types.ts'
import type { ImConnection } from '../../kernel/im/login.ts'
import type { User } from '../../kernel/session.ts'
import type { Timers } from '../../kernel/realtime.ts'
import type { Inbox, InboxStatus } from './api.ts'

/** IM-01: sessions loaded at start */
const CONVERSATION_LIMIT = 200

/** pinned first, then the most recent */
export function sortConversations(list: ImConversation[]): ImConversation[] {
  return [...list].sort((a, b) => Number(!!b.isPin) - Number(!!a.isPin) || b.updateTime - a.updateTime)
}

/** apply changed conversations over the known ones (by id) */
export function mergeConversations(known: ImConversation[], changed: ImConversation[]): ImConversation[] {
  const byId = new Map(known.map((c) => [c.conversationId, c]))
  for (const c of changed) byId.set(c.conversationId, c)
  return sortConversations([...byId.values()])
}

export interface InboxController extends Inbox {
  start(): Disposer
}

export function createInbox(kernel: Kernel, opts: { timers?: Timers } = {}): InboxController {
  const conversations = signal<ImConversation[]>([])
  const status = signal<InboxStatus>('idle')
  const unread = computed(() => conversations.value.reduce((n, c) => n + (c.unreadCount > 0 ? c.unreadCount : 0), 0))
  let conn: ImConnection | null = null
  let account: string | null = null
  let offs: Array<() => void> = []
  let generation = 0

  const close = () => {
    generation++
    offs.splice(0).forEach((off) => off())
    const c = conn
    conn = null
    account = null
    void c?.close().catch(() => undefined)
    batch(() => {
      conversations.value = []
      status.value = 'idle'
    })
  }

  const open = async (user: User) => {
    const mine = ++generation
    account = user.yxAccid
    status.value = 'connecting'
    try {
      // the messaging login loads with the first logged-in user, not with the first screen
      const { connectIm } = await import('../../kernel/im/login.ts')
      if (mine !== generation) return
      const c = await connectIm({
        load: kernel.im,
        timers: opts.timers,
        account: user.yxAccid,
        token: String(user.imToken),
        // a fresh messaging token comes with the user info
        refreshToken: async () => {
          const u = await kernel.api.post<User>('/api/user/getUserInfo', {}, { silent: true })
          return String(u?.imToken ?? '')
        },
        onState: (s) => {
          if (mine !== generation) return
          if (s === 'connected') status.value = 'ready'
          else if (s === 'disconnected' || s === 'failed' || (s === 'connecting' && status.peek() === 'ready')) status.value = 'offline'
        },
      })
      if (mine !== generation) return void c.close().catch(() => undefined)
      conn = c
      offs.push(c.client.on('conversations-changed', (list) => (conversations.value = mergeConversations(conversations.peek(), list))))
      const list = await c.client.conversations(CONVERSATION_LIMIT)
      if (mine !== generation) return
      batch(() => {
        conversations.value = sortConversations(list)
        status.value = 'ready'
      })
    } catch {
      if (mine === generation) status.value = 'offline'
    }
  }

  return {
    conversations,
    unread,
    status,
    async reconnect() {
      const user = kernel.session.user.peek()
      if (!user?.yxAccid || !user.imToken) return
      close()
      await open(user)
    },
    start() {
      const stop = effect(() => {
        const user = kernel.session.user.value
        const loggedIn = kernel.session.loggedIn.value
        untracked(() => {
          if (!loggedIn) {
            if (account) close()
            return
          }
          // the same account stays connected across user info refreshes (balance changes)
          if (user?.yxAccid && user.imToken && user.yxAccid !== account) {
            if (account) close()
            void open(user)
          }
        })
      })
      return () => {
        stop()
        close()
      }
    },
  }
}
