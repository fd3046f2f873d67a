// The room a viewer watches (LIVE-02, LIVE-05, LIVE-06, LIVE-16): its front status and the
// timers that move it, the video (RTC audience), the chat room, the audience count, entrance
// banners and the join list. One room at a time, kept while it shrinks to picture-in-picture.
import { batch, computed, signal } from '@preact/signals-react'
import type { ChatRoom, ChatRoomClient, ChatRoomMessage, ChatRoomNotice } from '../../kernel/im/chatroom.ts'
import type { RtcClient } from '../../kernel/rtc/types.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import type { Kernel } from '../../kernel/types.ts'
import { isVip, type User } from '../../kernel/protocol/user.ts'
import type { FrontStatus, LiveHostHint } from './api.ts'
import { numOr, text, toRoomInfo, type RoomInfo } from './room-info.ts'
import { createArrivals } from './arrivals.ts'
import { createHostTranslator } from './translation.ts'
import { giftRef } from '../gift/api.ts'
import { CHATROOM_PROHIBITED_CODE } from '../../kernel/protocol/official.ts'
import { chatTick, createChatWindow, nextFrame, roomSignalOf, toLine, type FrameScheduler } from './chat.ts'
import { LivePaths } from './paths.ts'
import * as R from './rules.ts'

export type EndReason = 'ended' | 'uid-conflict' | 'already-connected' | 'host-left' | 'calling-timeout'
/** why a room that is still live could not be shown: the enter call failed or was late, the video
 *  could not join or showed no picture in time, or a connection was lost for good */
export type FailReason = 'enter' | 'video' | 'timeout' | 'connection'

export interface RoomDeps {
  timers?: Timers
  frame?: FrameScheduler
  chatRoom?: () => Promise<ChatRoomClient>
  /** the video client; the kernel's by default */
  rtc?: () => Promise<RtcClient>
}

/** the viewer's badges on her own lines (d2 §3 chat record: userLevel, isVip, isNewUser) */
const badgesOf = (u: User | null) => ({ userLevel: numOr(u?.userLevel, 0), isVip: isVip(u, Date.now()), isNewUser: !!u?.isNewUser })

export type LiveRoom = ReturnType<typeof createRoom>

export function createRoom(kernel: Kernel, deps: RoomDeps = {}) {
  const timers = deps.timers ?? realTimers
  const loadChatRoom = deps.chatRoom ?? (() => import('../../kernel/im/chatroom.ts').then((m) => m.loadChatRoom(kernel.config, kernel.im)))

  const hostId = signal<number | null>(null)
  const hint = signal<LiveHostHint | null>(null)
  const info = signal<RoomInfo | null>(null)
  /** the enter answer as the server gave it: other features read fields of their own there */
  const fields = signal<Readonly<Record<string, unknown>> | null>(null)
  const status = signal<FrontStatus>('idle')
  /** the chat room's connection, apart from the video's: a room can play without chat */
  const chatStatus = signal<'idle' | 'connecting' | 'connected' | 'failed'>('idle')
  const endReason = signal<EndReason | null>(null)
  const failReason = signal<FailReason | null>(null)
  const showClose = signal(false)
  const audience = signal(0)
  const pip = signal(false)
  const clearScreen = signal(false)
  const reconnecting = signal(false)
  const arrivals = createArrivals(timers)
  const chat = createChatWindow(deps.frame ?? chatTick)
  const translate = createHostTranslator(kernel, chat, () => generation)
  /** the video lives in this element; the room page or the PiP window puts it in its own DOM */
  const video = typeof document !== 'undefined' ? document.createElement('div') : (null as unknown as HTMLDivElement)
  if (video) video.className = 'lv-video-layer'

  // everything one room owns, released by leave()
  let generation = 0
  let room: ChatRoom | null = null
  let rtc: RtcClient | null = null
  let offs: Array<() => void> = []
  let timerIds: unknown[] = []
  let callingPhase = 0
  let firstInCalling = false
  let pendingAudience = 0
  let audienceCancel: (() => void) | null = null

  const me = () => kernel.session.user.peek()
  const after = (ms: number, fn: () => void) => {
    const gen = generation
    const id = timers.setTimeout(() => gen === generation && fn(), ms)
    timerIds.push(id)
    return id
  }
  const toast = (key: string, type: 'warning' | 'info' = 'warning', duration?: number) =>
    kernel.overlays.toast(kernel.i18n.t(key), { type, ...(duration && { duration }) })

  const end = (reason: EndReason) => {
    if (status.peek() === 'ended' || status.peek() === 'idle') return
    batch(() => {
      endReason.value = reason
      failReason.value = null
      status.value = 'ended'
      reconnecting.value = false
    })
    void releaseMedia()
  }
  /** the room could not be shown, but nothing says the live is over: "can't connect", with Retry
   *  (a later answer that it ended still turns this into the end screen) */
  const fail = (reason: FailReason) => {
    const s = status.peek()
    if (s === 'ended' || s === 'idle' || s === 'failed') return
    batch(() => {
      failReason.value = reason
      status.value = 'failed'
      reconnecting.value = false
    })
    void releaseMedia()
  }

  // ---- front status (LIVE-02) ----
  // each absence of the host has its own timers: those of an earlier absence never end a later one
  let absence = 0
  const goLive = () => {
    const s = status.peek()
    if (s === 'ended' || s === 'idle' || s === 'failed') return
    absence++
    callingPhase = 0
    status.value = 'live'
  }
  const goCalling = () => {
    const s = status.peek()
    if (s === 'ended' || s === 'idle' || s === 'failed' || s === 'calling') return
    // first entered while the host is in a call: the room ends at once (d2 §4.1)
    if (s === 'loading' && firstInCalling) return end('calling-timeout')
    status.value = 'calling'
    callingPhase = 1
    const gen = generation
    const mine = ++absence
    const arm = (ms: number, next: () => void) => after(ms, () => gen === generation && mine === absence && status.peek() === 'calling' && next())
    arm(R.CALLING_FIRST_MS, () => {
      callingPhase = 2
      arm(R.CALLING_SECOND_MS, () => end('calling-timeout'))
    })
  }

  // ---- video (RTC audience) ----
  const watchFirstFrame = (gen: number) => {
    const done = () => gen === generation && goLive()
    const v = video.querySelector('video')
    if (!v || v.readyState >= 2) return done()
    v.addEventListener('loadeddata', done, { once: true })
    v.addEventListener('playing', done, { once: true })
  }

  const joinVideo = async (gen: number, r: RoomInfo) => {
    let client: RtcClient
    try {
      client = await (deps.rtc ?? kernel.rtc)()
    } catch {
      if (gen === generation) fail('video') // no video client (its code did not load)
      return
    }
    if (gen !== generation) return
    rtc = client
    const hostUid = r.yxAccid
    const isHost = (uid: string) => uid === hostUid || uid === String(r.userId)
    offs.push(
      client.on('user-published', (e) => {
        if (gen !== generation || !isHost(e.uid) || e.mediaType !== 'video') return
        video.replaceChildren()
        client.subscribe(e.uid, video).then(
          () => watchFirstFrame(gen),
          () => undefined,
        )
      }),
      client.on('user-left', (e) => gen === generation && isHost(e.uid) && goCalling()),
      client.on('user-unpublished', (e) => gen === generation && isHost(e.uid) && e.mediaType === 'video' && goCalling()),
      client.on('connection-state', (e) => {
        if (gen !== generation) return
        if (e.state === 'reconnecting') {
          reconnecting.value = true
          after(R.RECONNECT_END_MS, () => reconnecting.peek() && fail('connection'))
        } else if (e.state === 'connected') reconnecting.value = false
      }),
    )
    try {
      await client.join({ channel: r.agoraChannelId, uid: String(me()?.userId ?? `guest-${kernel.session.deviceId}`), role: 'audience' })
    } catch (err) {
      if (gen !== generation) return
      const code = (err as { code?: string }).code
      if (code === 'UID_CONFLICT') end('uid-conflict')
      else if (code === 'ALREADY_CONNECTED') end('already-connected')
      // anything else (the service unreachable: the join's own bound): can't connect, with Retry
      else fail('video')
    }
  }

  // ---- chat room (LIVE-05, LIVE-06) ----
  // other features' custom messages by numeric type (live api onRoomMessage)
  const customListeners = new Map<number, Set<(data: Readonly<Record<string, unknown>>) => void>>()
  const onCustom = (type: number, fn: (data: Readonly<Record<string, unknown>>) => void) => {
    const set = customListeners.get(type) ?? new Set()
    customListeners.set(type, set)
    set.add(fn)
    return () => void set.delete(fn)
  }
  const hostAccount = () => info.peek()?.yxAccid ?? ''
  const onMessage = (m: ChatRoomMessage) => {
    const sig = roomSignalOf(m, hostAccount())
    if (sig?.kind === 'calling') return goCalling()
    if (sig?.kind === 'ended') return end('ended')
    if (sig) return
    const custom = m?.custom && typeof m.custom === 'object' ? m.custom : null
    const listeners = custom && typeof custom.type !== 'string' ? customListeners.get(Number(custom.type)) : undefined
    if (custom && listeners) {
      for (const fn of [...listeners]) fn(custom)
      return
    }
    const line = toLine(m, me()?.yxAccid ?? '', hostAccount())
    if (!line) return
    chat.add(line)
    if (line.isHost && line.type === 'text') translate(line)
    // LIVE-07: another viewer's gift plays in the gift layer (one's own played from the send's answer)
    if (line.type === 'sendGiftTip' && !line.isSelf) {
      const giftId = Number(m.custom?.giftId)
      if (giftId > 0) kernel.get(giftRef)?.play({ senderId: line.from, senderNick: line.fromNick, giftId, num: line.giftNum ?? 1, ...(line.giftImg && { img: line.giftImg }) })
    }
  }

  const bumpAudience = (delta: number) => {
    pendingAudience += delta
    audienceCancel ??= (deps.frame ?? nextFrame)(() => {
      audienceCancel = null
      audience.value = Math.max(0, audience.peek() + pendingAudience)
      pendingAudience = 0
    })
  }

  const onNotice = (n: ChatRoomNotice) => {
    if (!n || typeof n !== 'object' || typeof n.type !== 'number') return
    const r = info.peek()
    const nick = text(n.nick).slice(0, 40)
    switch (n.type) {
      case 0:
        bumpAudience(1)
        return arrivals.arrive(nick, numOr(n.level, 0))
      case 1:
        // the host leaving leaves the room (d2 §4.3)
        if (n.isHost || (r && n.account === r.yxAccid)) return end('host-left')
        return bumpAudience(-1)
      case 4:
      case 5: {
        if (!r || (n.account && n.account !== me()?.yxAccid)) return
        const next = n.type === 4 ? R.afterBlock(r.whoBlock) : R.afterUnblock(r.whoBlock)
        info.value = { ...r, ...next }
        return toast(n.type === 4 ? 'live.beenBlocked' : next.isBlockUser ? 'live.youBlocked' : 'live.unblocked', n.type === 4 ? 'warning' : 'info')
      }
    }
  }

  const joinChat = async (gen: number, r: RoomInfo) => {
    const u = me()
    if (!r.yxRoomId || !u?.yxAccid || !u.imToken) return
    let client: ChatRoomClient
    chatStatus.value = 'connecting'
    try {
      client = await loadChatRoom()
      const entered = await client.enter({
        roomId: r.yxRoomId,
        account: u.yxAccid,
        token: u.imToken,
        nick: u.nickname,
        ext: badgesOf(u),
      })
      if (gen !== generation) return entered.leave()
      room = entered
      chatStatus.value = 'connected'
      offs.push(
        entered.on('message', onMessage),
        entered.on('notification', onNotice),
        entered.on('connect-state', (e) => {
          if (e.state === 'connected') chatStatus.value = 'connected'
          // the chat room gave up (its own reconnects failed): the live goes on, the chat says so
          else if (e.state === 'failed') {
            if (room === entered) room = null
            entered.leave()
            chatStatus.value = 'failed'
          } else if (e.state === 'closed') end('ended')
          else if (e.state === 'reconnecting') after(R.RECONNECT_END_MS, () => status.peek() !== 'ended' && !room && fail('connection'))
        }),
      )
    } catch {
      // no chat: the room still plays; the chat area says chat could not connect, with Retry
      if (gen === generation) chatStatus.value = 'failed'
    }
  }
  /** the chat area's Retry: enter the chat room again, the video untouched */
  const retryChat = () => {
    const r = info.peek()
    if (!r || room || chatStatus.peek() === 'connecting') return
    void joinChat(generation, r)
  }

  // ---- entering and leaving ----
  const releaseMedia = async () => {
    for (const off of offs) off()
    offs = []
    room?.leave()
    room = null
    const client = rtc
    rtc = null
    video?.replaceChildren()
    if (client) await client.leave().catch(() => undefined)
  }

  const reset = () => {
    generation++
    for (const id of timerIds) timers.clearTimeout(id)
    timerIds = []
    audienceCancel?.()
    audienceCancel = null
    pendingAudience = 0
    callingPhase = 0
    firstInCalling = false
    chat.clear()
    batch(() => {
      chatStatus.value = 'idle'
      info.value = null
      fields.value = null
      endReason.value = null
      failReason.value = null
      showClose.value = false
      audience.value = 0
      clearScreen.value = false
      reconnecting.value = false
      arrivals.clear()
    })
  }

  async function enter(h: LiveHostHint) {
    const now = status.peek()
    if (hostId.peek() === h.userId && now !== 'idle' && now !== 'ended' && now !== 'failed') {
      pip.value = false
      return
    }
    // the room before (if any) is let go, and this one is loading from this moment on
    const previous = hostId.peek()
    generation++
    const releasing = releaseMedia()
    reset()
    const gen = generation
    batch(() => {
      hostId.value = h.userId
      hint.value = h
      status.value = 'loading'
      pip.value = false
    })
    if (previous != null) kernel.api.post(LivePaths.leave, { anchorId: previous }, { silent: true }).catch(() => undefined)
    after(R.CLOSE_AFTER_MS, () => (showClose.value = true))
    // no first picture in time: the live may well go on, so "can't connect" (not "ended"), with Retry
    after(R.LOADING_END_MS, () => status.peek() === 'loading' && fail('timeout'))

    // the status check (2 s) and the enter call (5 s) run while loading; failures are ignored
    kernel.api
      .post<unknown>(LivePaths.status, { anchorIds: [h.userId] }, { silent: true, timeout: R.STATUS_TIMEOUT_MS })
      .then((res) => {
        const row = Array.isArray(res) ? res.find((x) => Number(x?.anchorId) === h.userId) : null
        if (gen === generation && row?.liveRoomState === 'ended') end('ended')
      })
      .catch(() => undefined)
    await releasing
    let raw: unknown
    try {
      raw = await kernel.api.post<unknown>(LivePaths.enter, { anchorId: h.userId, type: 1 }, { silent: true, timeout: R.ENTER_TIMEOUT_MS })
    } catch {
      // a refused or late enter: "can't connect" at once (the status check may still say it ended)
      if (gen === generation) fail('enter')
      return
    }
    const r = toRoomInfo(raw, h.userId)
    if (gen !== generation) return
    if (!r) return fail('enter')
    batch(() => {
      info.value = r
      fields.value = raw as Record<string, unknown>
      audience.value = numOr((raw as Record<string, unknown>).audienceNum ?? (raw as any).agoraLiveSimpleVO?.joinNum, 0)
    })
    if (r.liveRoomState === 'ended') return end('ended')
    firstInCalling = r.userStatus === 'CALLING'
    if (firstInCalling) return goCalling()
    void joinChat(gen, r)
    void joinVideo(gen, r)
  }

  async function leave() {
    const was = hostId.peek()
    generation++
    await releaseMedia()
    reset()
    batch(() => {
      status.value = 'idle'
      hostId.value = null
      hint.value = null
      pip.value = false
    })
    if (was != null) kernel.api.post(LivePaths.leave, { anchorId: was }, { silent: true }).catch(() => undefined)
  }

  let lastSend = -Infinity
  let lastQuick = -Infinity
  /** d2 §5: trimmed text, 500 ms apart (quick chips 300 ms), the block rules, the anti-spam check;
   *  then the line goes to the room. Resolves true when it went (the input may be cleared). */
  async function send(raw: string, quick = false): Promise<boolean> {
    const body = raw.trim()
    if (!body) return false
    const now = timers.now()
    if (quick ? now - lastQuick < R.QUICK_DEBOUNCE_MS : now - lastSend < R.SEND_DEBOUNCE_MS) return false
    if (quick) lastQuick = now
    else lastSend = now
    const r = info.peek()
    const blocked = r && R.blockMessageKey(r.isBlockUser, r.whoBlock)
    if (blocked) {
      toast(blocked)
      return false
    }
    const gen = generation
    try {
      const check = await kernel.api.post<{ result?: number }>(LivePaths.antiSpam, { text: body }, { silent: true, timeout: 5000 })
      if (Number(check?.result ?? 0) !== 0) {
        toast('live.prohibited')
        return false
      }
    } catch {
      // the check is down: the line goes; the chat room's own filter still applies
    }
    if (gen !== generation) return false
    if (!room) {
      toast('live.chatOffline')
      return false
    }
    try {
      const u = me()
      const sent = await room.sendText(body, badgesOf(u))
      const line = toLine({ ...sent, from: u?.yxAccid ?? sent.from }, u?.yxAccid ?? '', hostAccount())
      if (line && gen === generation) chat.add(line)
      return true
    } catch (err) {
      // the chat room's own filter refused the line (the check above was down or passed it)
      toast((err as { code?: unknown })?.code === CHATROOM_PROHIBITED_CODE ? 'live.prohibited' : 'live.chatOffline')
      return false
    }
  }

  return {
    onCustom,
    hostId,
    hint,
    info,
    fields,
    status,
    endReason,
    failReason,
    /** "can't connect"'s Retry: the same host entered again from the start */
    retry: () => {
      const h = hint.peek()
      if (h && status.peek() === 'failed') void enter(h)
    },
    showClose,
    audience,
    pip,
    clearScreen,
    reconnecting,
    banner: arrivals.banner,
    joined: arrivals.joined,
    lines: chat.lines,
    chatStatus,
    retryChat,
    video,
    blocked: computed(() => {
      const r = info.value
      return r ? R.blockMessageKey(r.isBlockUser, r.whoBlock) : null
    }),
    callingPhase: () => callingPhase,
    enter,
    leave,
    send,
    end,
    dispose() {
      void leave()
      chat.dispose()
    },
  }
}
