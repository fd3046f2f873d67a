// The inbox: one messaging connection per logged-in user, its conversations and unread total.
// It follows the session: a user with a messaging account connects, a logout closes it.
import { batch, computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-react'
import type { Disposer, Kernel } from '../../kernel/types.ts'
import type { ImClient, ImConversation, ImMessage } from '../../kernel/im/types.ts'
import type { ImConnection } from '../../kernel/im/login.ts'
import type { User } from '../../kernel/session.ts'
import { USER_INFO_PATH } from '../../kernel/protocol/user.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import { blockedAccountsRef, MessagePath, type Inbox, type InboxStatus } from './api.ts'
import { createInvitationFilter } from './invites.ts'

/** IM-01: sessions loaded at start */
const CONVERSATION_LIMIT = 200
/** d2 §4.9: changed sessions are applied in batches, one update per 2 s at most (a busy inbox re-sorts
 *  and re-renders once per batch, not once per message) */
export const SESSION_BATCH_MS = 2000

/** pinned first, then the most recent */
export function sortConversations(list: ImConversation[]): ImConversation[] {
  return [...list].sort((a, b) => Number(!!b.isPin) - Number(!!a.isPin) || b.updateTime - a.updateTime)
}

/** apply changed conversations over the known ones (by id); `removed` ids leave the list */
export function mergeConversations(known: ImConversation[], changed: ImConversation[], removed: readonly string[] = []): ImConversation[] {
  const byId = new Map(known.map((c) => [c.conversationId, c]))
  for (const c of changed) byId.set(c.conversationId, c)
  for (const id of removed) byId.delete(id)
  return sortConversations([...byId.values()])
}

/** A chat peer as the profile batch answers it (names and faces for the inbox and the chat header). */
export interface PeerProfile {
  userId: number
  yxAccid: string
  nickname: string
  icon: string
  userType: number
  /** the app's host status word */
  status?: 'online' | 'busy' | 'offline' | 'live'
  followed?: boolean
  /** diamonds per minute, for a call from the chat */
  videoPrice?: number
}


export interface InboxController extends Inbox {
  start(): Disposer
  /** the logged-in messaging client, or null while there is none */
  client(): ImClient | null
  /** this user's chat account */
  me(): string | null
  /** every incoming message, across reconnects */
  onMessage(fn: (m: ImMessage) => void): () => void
  /** peers' names and faces by chat account (cleared on each load, filled in batches) */
  profiles: ReadonlySignal<ReadonlyMap<string, PeerProfile>>
  /** ask for the profiles of these accounts (unknown ones only) */
  loadProfiles(accounts: string[]): Promise<void>
  /** a conversation changed here (a pin): show it at once */
  patch(list: ImConversation[]): void
}

/** The inbox's conversations: the last loaded list with the changes applied over it in batches
 *  (d2 §4.9), robot invitations filtered (IM-05), blocked hosts left out (ENG-11). `current` is the
 *  connection the changes came from and its generation, so a batch from a closed one is dropped. */
function createConversationList(kernel: Kernel, timers: Timers, current: () => { client: ImClient; generation: number } | null) {
  const all = signal<ImConversation[]>([])
  // ENG-11: a host the user blocked leaves the inbox (the block list is the server's, through the optional link)
  const conversations = computed(() => {
    const blocked = kernel.get(blockedAccountsRef)?.accids.value
    return blocked?.size ? all.value.filter((c) => !blocked.has(c.to)) : all.value
  })
  const unread = computed(() => conversations.value.reduce((n, c) => n + (c.unreadCount > 0 ? c.unreadCount : 0), 0))
  let changed: ImConversation[] = []
  let batchTimer: unknown = null
  // IM-05: robot invitations are not chat lines: conversations are shown as their shown messages say
  const invitations = createInvitationFilter()
  const applyChanged = () => {
    batchTimer = null
    const list = changed.splice(0)
    const c = current()
    if (!list.length || !c) return
    const now = invitations.apply(list, c.client)
    all.value = mergeConversations(all.peek(), now.shown)
    void now.later?.then(({ shown, hidden }) => {
      if (c.generation === current()?.generation) all.value = mergeConversations(all.peek(), shown, hidden)
    })
  }
  return {
    conversations,
    unread,
    queueChanged(list: ImConversation[]) {
      changed.push(...list)
      batchTimer ??= timers.setTimeout(applyChanged, SESSION_BATCH_MS)
    },
    /** the conversations a fresh connection starts from, as shown */
    async firstLoad(client: ImClient): Promise<ImConversation[]> {
      const loaded = invitations.apply(await client.conversations(CONVERSATION_LIMIT), client)
      const read = (await loaded.later) ?? { shown: [], hidden: [] }
      return [...loaded.shown, ...read.shown]
    },
    show: (list: ImConversation[]) => (all.value = sortConversations(list)),
    patch: (list: ImConversation[]) => (all.value = mergeConversations(all.peek(), list)),
    clear() {
      if (batchTimer != null) timers.clearTimeout(batchTimer)
      batchTimer = null
      changed = []
      invitations.reset()
      all.value = []
    },
  }
}

/** Peers' names and faces by chat account, asked for in batches, each account once per load. */
function createProfileCache(kernel: Kernel) {
  const profiles = signal<ReadonlyMap<string, PeerProfile>>(new Map())
  const asked = new Set<string>()
  const loadProfiles = async (accounts: string[]) => {
    const wanted = [...new Set(accounts)].filter((a) => a && !asked.has(a))
    if (!wanted.length) return
    wanted.forEach((a) => asked.add(a))
    try {
      const rows = await kernel.api.post<PeerProfile[]>(MessagePath.profiles, { yxAccids: wanted }, { silent: true })
      const next = new Map(profiles.peek())
      for (const r of Array.isArray(rows) ? rows : []) if (r && typeof r.yxAccid === 'string') next.set(r.yxAccid, r)
      profiles.value = next
    } catch {
      // names fall back to the account; ask again on the next load
      wanted.forEach((a) => asked.delete(a))
    }
  }
  return {
    profiles,
    loadProfiles,
    /** d2 §4.9: the cache is cleared on each load; returns the accounts asked for before, to ask again */
    clear(): string[] {
      const before = [...asked]
      asked.clear()
      profiles.value = new Map()
      return before
    },
  }
}

type LoginPolicy = Pick<typeof import('../../kernel/im/login.ts'), 'reconnectDelayMs' | 'RECONNECT_MAX'>

/** NET-06: a first login that failed is tried again on the reconnect schedule, up to its maximum. */
function createLoginRetry(timers: Timers) {
  let timer: unknown = null
  let failed = 0
  const stop = () => {
    if (timer != null) timers.clearTimeout(timer)
    timer = null
  }
  return {
    stop,
    /** a login succeeded, or the user asked for one: the schedule starts over */
    reset: () => void (failed = 0),
    later(policy: LoginPolicy, again: () => void) {
      stop()
      if (failed >= policy.RECONNECT_MAX) return
      failed++
      timer = timers.setTimeout(() => {
        timer = null
        again()
      }, policy.reconnectDelayMs(failed))
    },
  }
}

/** Every incoming message to each page that listens, across reconnects; a faulty listener never
 *  stops the others. */
function createMessageFanOut() {
  const listeners = new Set<(m: ImMessage) => void>()
  return {
    add(fn: (m: ImMessage) => void) {
      listeners.add(fn)
      return () => void listeners.delete(fn)
    },
    tell(m: ImMessage) {
      for (const fn of [...listeners]) {
        try {
          fn(m)
        } catch (err) {
          console.error(err)
        }
      }
    },
  }
}

export function createInbox(kernel: Kernel, opts: { timers?: Timers } = {}): InboxController {
  const status = signal<InboxStatus>('idle')
  let conn: ImConnection | null = null
  let account: string | null = null
  let offs: Array<() => void> = []
  let generation = 0
  const messages = createMessageFanOut()
  const timers = opts.timers ?? realTimers
  const sessions = createConversationList(kernel, timers, () => (conn ? { client: conn.client, generation } : null))
  const peers = createProfileCache(kernel)
  // NET-06: tried again on the schedule, and at once when the app's connection comes back or the
  // app returns to the foreground
  const retry = createLoginRetry(timers)

  const close = () => {
    retry.stop()
    generation++
    offs.splice(0).forEach((off) => off())
    const c = conn
    conn = null
    account = null
    void c?.close().catch(() => undefined)
    batch(() => {
      sessions.clear()
      status.value = 'idle'
    })
  }

  const open = async (user: User) => {
    const mine = ++generation
    account = user.yxAccid
    status.value = 'connecting'
    try {
      // the messaging login loads with the first logged-in user, not with the first screen
      const policy = await import('../../kernel/im/login.ts')
      if (mine !== generation) return
      try {
        await connect(user, mine, policy)
      } catch {
        if (mine === generation)
          retry.later(policy, () => {
            if (account === user.yxAccid && !conn) void open(user)
          })
        throw new Error('messaging login failed')
      }
    } catch {
      if (mine === generation) status.value = 'offline'
    }
  }

  const connect = async (user: User, mine: number, { connectIm }: typeof import('../../kernel/im/login.ts')) => {
    let listed = false
    const c = await connectIm({
      load: kernel.im,
      timers: opts.timers,
      account: user.yxAccid,
      token: String(user.imToken),
      // a fresh messaging token comes with the user info (asked anew: never the page's early answer)
      refreshToken: async () => {
        const u = await kernel.api.post<User>(USER_INFO_PATH, {}, { silent: true, fresh: true })
        return String(u?.imToken ?? '')
      },
      onState: (s) => {
        if (mine !== generation) return
        // ready once the connection is ours and its list is shown (the first 'connected' comes before connectIm returns)
        if (s === 'connected') status.value = listed ? 'ready' : status.peek()
        else if (s === 'disconnected' || s === 'failed' || (s === 'connecting' && status.peek() === 'ready')) status.value = 'offline'
      },
    })
    if (mine !== generation) return void c.close().catch(() => undefined)
    conn = c
    retry.reset()
    offs.push(c.client.on('conversations-changed', sessions.queueChanged))
    offs.push(c.client.on('message', messages.tell))
    // 'ready' waits for the first list: before it, an empty inbox would read as "no messages" and
    // the greetings page would lead away from greetings still on their way
    let list: ImConversation[]
    try {
      list = await sessions.firstLoad(c.client)
    } catch (e) {
      // the list did not load: this connection is let go, and the login tried again on the schedule
      if (mine === generation) {
        conn = null
        offs.splice(0).forEach((off) => off())
        void c.close().catch(() => undefined)
      }
      throw e
    }
    if (mine !== generation) return
    listed = true
    // d2 §4.9: the session profile cache is cleared on load; a page that asked before (a chat opened
    // by its link) is asked for again, else its name would stay the account until it reopens
    let askedBefore: string[] = []
    batch(() => {
      askedBefore = peers.clear()
      sessions.show(list)
      status.value = 'ready'
    })
    void peers.loadProfiles([...list.map((x) => x.to), ...askedBefore])
  }

  /** the same account stays connected across user info refreshes (balance changes); a logout closes */
  const followSession = () =>
    effect(() => {
      const user = kernel.session.user.value
      const loggedIn = kernel.session.loggedIn.value
      untracked(() => {
        if (!loggedIn) {
          if (account) close()
          return
        }
        if (user?.yxAccid && user.imToken && user.yxAccid !== account) {
          if (account) close()
          void open(user)
        }
      })
    })

  /** the app's connection is back, or the app is in the foreground again: a login that failed is tried now */
  const retryOnResync = () =>
    kernel.events.on('resync', () => {
      const user = kernel.session.user.peek()
      if (conn || !account || status.peek() !== 'offline' || !user?.yxAccid || user.yxAccid !== account) return
      retry.stop()
      void open(user)
    })

  return {
    conversations: sessions.conversations,
    unread: sessions.unread,
    status,
    profiles: peers.profiles,
    loadProfiles: peers.loadProfiles,
    client: () => (status.peek() === 'ready' ? (conn?.client ?? null) : null),
    me: () => account,
    onMessage: messages.add,
    patch: sessions.patch,
    async reconnect() {
      const user = kernel.session.user.peek()
      if (!user?.yxAccid || !user.imToken) return
      retry.reset()
      close()
      await open(user)
    },
    start() {
      const stopFollowing = followSession()
      const offResync = retryOnResync()
      return () => {
        offResync()
        stopFollowing()
        close()
      }
    },
  }
}
