// The room's chat room (LIVE-05, LIVE-06): entering it beside the video, its lines into the capped
// chat window (the host's translated), other features' custom messages, the host's room signals,
// the notifications (entrances and leaves, the audience count, blocks), and sending a line.
import type { ChatRoom, ChatRoomClient, ChatRoomMessage, ChatRoomNotice } from '../../kernel/im/chatroom.ts'
import { isVip, type User } from '../../kernel/protocol/user.ts'
import { CHATROOM_PROHIBITED_CODE } from '../../kernel/protocol/official.ts'
import { giftRef } from '../gift/api.ts'
import { createArrivals } from './arrivals.ts'
import { chatTick, createChatWindow, nextFrame, roomSignalOf, toLine } from './chat.ts'
import { LivePaths } from './paths.ts'
import type { RoomCore } from './room-core.ts'
import { numOr, text, type RoomInfo } from './room-info.ts'
import type { FrontStatusMachine } from './room-status.ts'
import { createHostTranslator } from './translation.ts'
import * as R from './rules.ts'

type CustomListener = (data: Readonly<Record<string, unknown>>) => void

/** the viewer's badges on her own lines (d2 §3 chat record: userLevel, isVip, isNewUser) */
const badgesOf = (u: User | null) => ({ userLevel: numOr(u?.userLevel, 0), isVip: isVip(u, Date.now()), isNewUser: !!u?.isNewUser })

export type RoomChat = ReturnType<typeof createRoomChat>

export function createRoomChat(core: RoomCore, front: FrontStatusMachine) {
  const { kernel, chatStatus } = core
  const loadChatRoom =
    core.deps.chatRoom ?? (() => import('../../kernel/im/chatroom.ts').then((m) => m.loadChatRoom(kernel.config, kernel.im)))
  const arrivals = createArrivals(core.timers)
  const chat = createChatWindow(core.deps.frame ?? chatTick)
  const translate = createHostTranslator(kernel, chat, core.generation)
  const audience = createAudienceCounter(core)
  let room: ChatRoom | null = null
  let offs: Array<() => void> = []

  core.onRelease(() => {
    for (const off of offs) off()
    offs = []
    room?.leave()
    room = null
  })

  // other features' custom messages by numeric type (live api onRoomMessage)
  const customListeners = new Map<number, Set<CustomListener>>()
  const onCustom = (type: number, fn: CustomListener) => {
    const set = customListeners.get(type) ?? new Set()
    customListeners.set(type, set)
    set.add(fn)
    return () => void set.delete(fn)
  }

  const onMessage = (m: ChatRoomMessage) => {
    const sig = roomSignalOf(m, core.hostAccount())
    if (sig?.kind === 'calling') return front.goCalling()
    if (sig?.kind === 'ended') return front.end('ended')
    if (sig) return
    const custom = m?.custom && typeof m.custom === 'object' ? m.custom : null
    const listeners = custom && typeof custom.type !== 'string' ? customListeners.get(Number(custom.type)) : undefined
    if (custom && listeners) {
      for (const fn of [...listeners]) fn(custom)
      return
    }
    const line = toLine(m, core.me()?.yxAccid ?? '', core.hostAccount())
    if (!line) return
    chat.add(line)
    if (line.isHost && line.type === 'text') translate(line)
    // LIVE-07: another viewer's gift plays in the gift layer (one's own played from the send's answer)
    if (line.type === 'sendGiftTip' && !line.isSelf) {
      const giftId = Number(m.custom?.giftId)
      if (giftId > 0) kernel.get(giftRef)?.play({ senderId: line.from, senderNick: line.fromNick, giftId, num: line.giftNum ?? 1, ...(line.giftImg && { img: line.giftImg }) })
    }
  }

  const onNotice = (n: ChatRoomNotice) => {
    if (!n || typeof n !== 'object' || typeof n.type !== 'number') return
    const r = core.info.peek()
    const nick = text(n.nick).slice(0, 40)
    switch (n.type) {
      case 0:
        audience.bump(1)
        return arrivals.arrive(nick, numOr(n.level, 0))
      case 1:
        // the host leaving leaves the room (d2 §4.3)
        if (n.isHost || (r && n.account === r.yxAccid)) return front.end('host-left')
        return audience.bump(-1)
      case 4:
      case 5: {
        if (!r || (n.account && n.account !== core.me()?.yxAccid)) return
        const next = n.type === 4 ? R.afterBlock(r.whoBlock) : R.afterUnblock(r.whoBlock)
        core.info.value = { ...r, ...next }
        return core.toast(n.type === 4 ? 'live.beenBlocked' : next.isBlockUser ? 'live.youBlocked' : 'live.unblocked', n.type === 4 ? 'warning' : 'info')
      }
    }
  }

  const onConnectState = (entered: ChatRoom) => (e: { state: string }) => {
    if (e.state === 'connected') chatStatus.value = 'connected'
    // the chat room gave up (its own reconnects failed): the live goes on, the chat says so
    else if (e.state === 'failed') {
      if (room === entered) room = null
      entered.leave()
      chatStatus.value = 'failed'
    } else if (e.state === 'closed') front.end('ended')
    else if (e.state === 'reconnecting') core.after(R.RECONNECT_END_MS, () => core.status.peek() !== 'ended' && !room && front.fail('connection'))
  }

  const join = async (gen: number, r: RoomInfo) => {
    const u = core.me()
    if (!r.yxRoomId || !u?.yxAccid || !u.imToken) return
    let client: ChatRoomClient
    chatStatus.value = 'connecting'
    try {
      client = await loadChatRoom()
      const entered = await client.enter({ roomId: r.yxRoomId, account: u.yxAccid, token: u.imToken, nick: u.nickname, ext: badgesOf(u) })
      if (gen !== core.generation()) return entered.leave()
      room = entered
      chatStatus.value = 'connected'
      offs.push(entered.on('message', onMessage), entered.on('notification', onNotice), entered.on('connect-state', onConnectState(entered)))
    } catch {
      // no chat: the room still plays; the chat area says chat could not connect, with Retry
      if (gen === core.generation()) chatStatus.value = 'failed'
    }
  }
  /** the chat area's Retry: enter the chat room again, the video untouched */
  const retry = () => {
    const r = core.info.peek()
    if (!r || room || chatStatus.peek() === 'connecting') return
    void join(core.generation(), r)
  }

  const send = createSender(core, chat, () => room)

  return {
    chat,
    arrivals,
    onCustom,
    join,
    retry,
    send,
    /** a room left: its lines, arrivals and pending counts go */
    reset() {
      audience.reset()
      chat.clear()
      arrivals.clear()
    },
    dispose: () => chat.dispose(),
  }
}

/** entrances and leaves arrive by the dozen a second: the count moves once a frame */
function createAudienceCounter(core: RoomCore) {
  let pending = 0
  let cancel: (() => void) | null = null
  return {
    bump(delta: number) {
      pending += delta
      cancel ??= (core.deps.frame ?? nextFrame)(() => {
        cancel = null
        core.audience.value = Math.max(0, core.audience.peek() + pending)
        pending = 0
      })
    },
    reset() {
      cancel?.()
      cancel = null
      pending = 0
    },
  }
}

/** d2 §5: trimmed text, 500 ms apart (quick chips 300 ms), the block rules, the anti-spam check;
 *  then the line goes to the room. Resolves true when it went (the input may be cleared). */
function createSender(core: RoomCore, chat: ReturnType<typeof createChatWindow>, room: () => ChatRoom | null) {
  const { kernel, timers } = core
  let lastSend = -Infinity
  let lastQuick = -Infinity
  return async function send(raw: string, quick = false): Promise<boolean> {
    const body = raw.trim()
    if (!body) return false
    const now = timers.now()
    if (quick ? now - lastQuick < R.QUICK_DEBOUNCE_MS : now - lastSend < R.SEND_DEBOUNCE_MS) return false
    if (quick) lastQuick = now
    else lastSend = now
    const r = core.info.peek()
    const blocked = r && R.blockMessageKey(r.isBlockUser, r.whoBlock)
    if (blocked) {
      core.toast(blocked)
      return false
    }
    const gen = core.generation()
    try {
      const check = await kernel.api.post<{ result?: number }>(LivePaths.antiSpam, { text: body }, { silent: true, timeout: 5000 })
      if (Number(check?.result ?? 0) !== 0) {
        core.toast('live.prohibited')
        return false
      }
    } catch {
      // the check is down: the line goes; the chat room's own filter still applies
    }
    if (gen !== core.generation()) return false
    const entered = room()
    if (!entered) {
      core.toast('live.chatOffline')
      return false
    }
    try {
      const u = core.me()
      const sent = await entered.sendText(body, badgesOf(u))
      const line = toLine({ ...sent, from: u?.yxAccid ?? sent.from }, u?.yxAccid ?? '', core.hostAccount())
      if (line && gen === core.generation()) chat.add(line)
      return true
    } catch (err) {
      // the chat room's own filter refused the line (the check above was down or passed it)
      core.toast((err as { code?: unknown })?.code === CHATROOM_PROHIBITED_CODE ? 'live.prohibited' : 'live.chatOffline')
      return false
    }
  }
}
