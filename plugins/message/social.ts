// Greetings, the badge and do-not-disturb around the inbox (IM-03, IM-04).
//  - greetingMessageConfig (isEnable, unReadMsgNum) from /api/hiMessage/getConfig;
//  - strangers' greetings: host conversations never answered, with no follow (the profile batch
//    says) and no call record (the records by chat accounts say); newest 99;
//  - the tab badge's unread, true to what the inbox shows;
//  - do-not-disturb flags reset for users who are not VIP (d2 §6).
import { computed, effect, signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import type { ImConversation } from '../../kernel/im/types.ts'
import { isHostAccount, MessagePath } from './api.ts'
import { isVip } from '../../kernel/protocol/user.ts'
import { GREETING_CAP, strangersOf, type GreetingConfig } from './rules.ts'
import { CustomerPath, DEFAULT_CS_ACCOUNT } from './customer/faq.ts'
import type { InboxController } from './state.ts'


export function createSocial(kernel: Kernel, inbox: InboxController) {
  const config = signal<GreetingConfig>({ isEnable: false, unReadMsgNum: 0 })
  /** the config and the call records have been asked once: until then an empty list means nothing */
  const known = signal(false)
  const called = signal<ReadonlySet<string>>(new Set())
  /** follows made on this device since the profiles loaded */
  const followedHere = signal<ReadonlySet<string>>(new Set())
  const followed = computed(() => {
    const set = new Set(followedHere.value)
    for (const p of inbox.profiles.value.values()) if (p.followed) set.add(p.yxAccid)
    return set
  })
  /** every stranger's greeting, newest first: the first 99 are shown, the rest removed (IM-03) */
  const strangers = computed(() => (config.value.isEnable ? strangersOf(inbox.conversations.value, { me: inbox.me(), followed: followed.value, called: called.value }) : []))
  const greetings = computed(() => strangers.value.slice(0, GREETING_CAP))
  const unreadOf = (list: ImConversation[]) => list.reduce((n, c) => n + Math.max(0, c.unreadCount), 0)
  const greetingUnread = computed(() => unreadOf(greetings.value))
  const removedUnread = computed(() => unreadOf(strangers.value.slice(GREETING_CAP)))
  /** the customer-service accounts (their chat has its own entry, not a row) */
  const service = signal<ReadonlySet<string>>(new Set([DEFAULT_CS_ACCOUNT]))
  const serviceUnread = computed(() => unreadOf(inbox.conversations.value.filter((c) => service.value.has(c.to))))
  /** the accounts whose conversations are not rows of Chats */
  const notChats = computed(() => ({ strangers: new Set(strangers.value.map((c) => c.to)), service: service.value }))
  /** the tab badge's part: greetings count there only when the config says so; removed ones never */
  const unread = computed(() => inbox.unread.value - removedUnread.value - (config.value.unReadMsgNum === 1 ? 0 : greetingUnread.value))

  async function loadConfig() {
    try {
      const c = await kernel.api.post<Partial<GreetingConfig> & { isEnable?: unknown }>(MessagePath.greetingConfig, {}, { silent: true })
      config.value = { isEnable: c?.isEnable === true || Number(c?.isEnable) === 1, unReadMsgNum: Number(c?.unReadMsgNum) || 0 }
    } catch {
      // no greeting entry: greetings stay in the main list
    }
  }

  async function loadCalled() {
    const accounts = inbox.conversations.peek().map((c) => c.to).filter(isHostAccount)
    if (!accounts.length) return
    try {
      const rows = await kernel.api.post<Array<{ yxAccid?: string }>>(MessagePath.recordsByAccids, { yxAccids: accounts }, { silent: true })
      called.value = new Set((Array.isArray(rows) ? rows : []).map((r) => String(r?.yxAccid ?? '')).filter(Boolean))
    } catch {
      // unknown: nobody drops out on this round
    }
  }

  async function loadService() {
    try {
      const rows = await kernel.api.post<Array<{ yxAccid?: unknown }>>(CustomerPath.accounts, {}, { silent: true })
      const found = (Array.isArray(rows) ? rows : []).map((r) => r?.yxAccid).filter((a): a is string => typeof a === 'string' && !!a)
      service.value = new Set([DEFAULT_CS_ACCOUNT, ...found])
    } catch {
      // the default account stays the only one known
    }
  }

  /** what greetings depend on changed elsewhere (a call ended, a follow): ask again */
  const refresh = () =>
    Promise.all([loadConfig(), loadCalled(), loadService()]).then(() => {
      known.value = true
    })

  function start() {
    let ready = false
    const stop = effect(() => {
      const now = inbox.status.value === 'ready'
      if (now && !ready) void refresh()
      ready = now
    })
    // d2 §6: non-VIP users have their do-not-disturb flags reset
    const stopReset = effect(() => {
      const user = kernel.session.user.value
      if (user && !isVip(user, Date.now()) && Number(user.disturb) > 0) {
        void kernel.api.post(MessagePath.disturb, { disturb: 0 }, { silent: true }).catch(() => undefined)
      }
    })
    return () => {
      stop()
      stopReset()
    }
  }

  return {
    config,
    known,
    greetings,
    greetingUnread,
    notChats,
    serviceUnread,
    unread,
    refresh,
    start,
    markFollowed(account: string) {
      followedHere.value = new Set([...followedHere.peek(), account])
    },
  }
}

export type Social = ReturnType<typeof createSocial>
