// The room a viewer watches (LIVE-02, LIVE-05, LIVE-06, LIVE-16): one room at a time, kept while
// it shrinks to picture-in-picture. Its parts: the shared signals and lifetime (room-core.ts), the
// front status and the timers that move it (room-status.ts), the video (room-video.ts) and the chat
// room (room-chat.ts); here, entering and leaving, which tie them together.
import { batch, computed } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import type { LiveHostHint } from './api.ts'
import { numOr, toRoomInfo } from './room-info.ts'
import { LivePaths } from './paths.ts'
import { createRoomCore, type RoomCore, type RoomDeps } from './room-core.ts'
import { createFrontStatus, type FrontStatusMachine } from './room-status.ts'
import { createRoomVideo, type RoomVideo } from './room-video.ts'
import { createRoomChat, type RoomChat } from './room-chat.ts'
import * as R from './rules.ts'

export type { FailReason, RoomDeps } from './room-core.ts'

export type LiveRoom = ReturnType<typeof createRoom>

export function createRoom(kernel: Kernel, deps: RoomDeps = {}) {
  const core = createRoomCore(kernel, deps)
  const front = createFrontStatus(core)
  const chatRoom = createRoomChat(core, front)
  const video = createRoomVideo(core, front)
  const { enter, leave } = createEntering(core, front, chatRoom, video)
  const { hostId, hint, info, status } = core

  return {
    /** a touch-down on a live card: the video client's code starts loading (nothing is entered) */
    warm: video.warm,
    onCustom: chatRoom.onCustom,
    hostId,
    hint,
    info,
    fields: core.fields,
    status,
    endReason: core.endReason,
    failReason: core.failReason,
    /** "can't connect"'s Retry: the same host entered again from the start */
    retry: () => {
      const h = hint.peek()
      if (h && status.peek() === 'failed') void enter(h)
    },
    showClose: core.showClose,
    audience: core.audience,
    pip: core.pip,
    clearScreen: core.clearScreen,
    reconnecting: core.reconnecting,
    banner: chatRoom.arrivals.banner,
    joined: chatRoom.arrivals.joined,
    lines: chatRoom.chat.lines,
    chatStatus: core.chatStatus,
    retryChat: chatRoom.retry,
    video: video.element,
    blocked: computed(() => {
      const r = info.value
      return r ? R.blockMessageKey(r.isBlockUser, r.whoBlock) : null
    }),
    callingPhase: front.callingPhase,
    enter,
    leave,
    send: chatRoom.send,
    end: front.end,
    dispose() {
      void leave()
      chatRoom.dispose()
    },
  }
}

/** entering a host's room (the one before let go) and leaving it */
function createEntering(core: RoomCore, front: FrontStatusMachine, chatRoom: RoomChat, video: RoomVideo) {
  const { kernel, hostId, hint, status, pip } = core

  const reset = () => {
    core.nextGeneration()
    core.clearTimers()
    front.reset()
    batch(() => {
      chatRoom.reset()
      core.chatStatus.value = 'idle'
      core.info.value = null
      core.fields.value = null
      core.endReason.value = null
      core.failReason.value = null
      core.showClose.value = false
      core.audience.value = 0
      core.clearScreen.value = false
      core.reconnecting.value = false
    })
  }

  /** the status check (2 s), beside the enter call: an ended live shows its end screen */
  const checkEnded = (gen: number, id: number) =>
    kernel.api
      .post<unknown>(LivePaths.status, { anchorIds: [id] }, { silent: true, timeout: R.STATUS_TIMEOUT_MS })
      .then((res) => {
        const row = Array.isArray(res) ? res.find((x) => Number(x?.anchorId) === id) : null
        if (gen === core.generation() && row?.liveRoomState === 'ended') front.end('ended')
      })
      .catch(() => undefined)

  async function enter(h: LiveHostHint) {
    const now = status.peek()
    if (hostId.peek() === h.userId && now !== 'idle' && now !== 'ended' && now !== 'failed') {
      pip.value = false
      return
    }
    // the room before (if any) is let go, and this one is loading from this moment on
    const previous = hostId.peek()
    core.nextGeneration()
    const releasing = core.releaseMedia()
    reset()
    const gen = core.generation()
    batch(() => {
      hostId.value = h.userId
      hint.value = h
      status.value = 'loading'
      pip.value = false
    })
    if (previous != null) kernel.api.post(LivePaths.leave, { anchorId: previous }, { silent: true }).catch(() => undefined)
    core.after(R.CLOSE_AFTER_MS, () => (core.showClose.value = true))
    // no first picture in time: the live may well go on, so "can't connect" (not "ended"), with Retry
    core.after(R.LOADING_END_MS, () => status.peek() === 'loading' && front.fail('timeout'))

    // the status check (2 s) and the enter call (5 s) run while loading; failures are ignored.
    // The video client's code loads meanwhile, not after the answer: the first frame waits on both
    void checkEnded(gen, h.userId)
    video.warm()
    await releasing
    let raw: unknown
    try {
      raw = await kernel.api.post<unknown>(LivePaths.enter, { anchorId: h.userId, type: 1 }, { silent: true, timeout: R.ENTER_TIMEOUT_MS })
    } catch {
      // a refused or late enter: "can't connect" at once (the status check may still say it ended)
      if (gen === core.generation()) front.fail('enter')
      return
    }
    const r = toRoomInfo(raw, h.userId)
    if (gen !== core.generation()) return
    if (!r) return front.fail('enter')
    const answer = raw as Record<string, unknown>
    batch(() => {
      core.info.value = r
      core.fields.value = answer
      core.audience.value = numOr(answer.audienceNum ?? (answer.agoraLiveSimpleVO as { joinNum?: unknown } | undefined)?.joinNum, 0)
    })
    if (r.liveRoomState === 'ended') return front.end('ended')
    front.enteredInCalling(r.userStatus === 'CALLING')
    if (r.userStatus === 'CALLING') return front.goCalling()
    void chatRoom.join(gen, r)
    void video.join(gen, r)
  }

  async function leave() {
    const was = hostId.peek()
    core.nextGeneration()
    await core.releaseMedia()
    reset()
    batch(() => {
      status.value = 'idle'
      hostId.value = null
      hint.value = null
      pip.value = false
    })
    if (was != null) kernel.api.post(LivePaths.leave, { anchorId: was }, { silent: true }).catch(() => undefined)
  }

  return { enter, leave }
}
