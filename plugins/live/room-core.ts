// What every part of the room shares: its signals, the generation that tells an answer for this
// room from one for a room since left, the room's timers (all cleared when it is left), and the
// media each part owns and lets go together (releaseMedia).
import { signal } from '@preact/signals-react'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { ChatRoomClient } from '../../kernel/im/chatroom.ts'
import type { RtcClient } from '../../kernel/rtc/types.ts'
import type { FrontStatus, LiveHostHint } from './api.ts'
import type { RoomInfo } from './room-info.ts'
import type { FrameScheduler } from './chat.ts'

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

export type RoomCore = ReturnType<typeof createRoomCore>

export function createRoomCore(kernel: Kernel, deps: RoomDeps) {
  const timers = deps.timers ?? realTimers
  const info = signal<RoomInfo | null>(null)
  let generation = 0
  let timerIds: unknown[] = []
  /** each part's way to let go of its media (listeners, chat room, video client) */
  const releasers: Array<() => void | Promise<void>> = []

  return {
    kernel,
    deps,
    timers,
    hostId: signal<number | null>(null),
    hint: signal<LiveHostHint | null>(null),
    info,
    /** the enter answer as the server gave it: other features read fields of their own there */
    fields: signal<Readonly<Record<string, unknown>> | null>(null),
    status: signal<FrontStatus>('idle'),
    /** the chat room's connection, apart from the video's: a room can play without chat */
    chatStatus: signal<'idle' | 'connecting' | 'connected' | 'failed'>('idle'),
    endReason: signal<EndReason | null>(null),
    failReason: signal<FailReason | null>(null),
    showClose: signal(false),
    audience: signal(0),
    pip: signal(false),
    clearScreen: signal(false),
    reconnecting: signal(false),

    generation: () => generation,
    /** a new room (or none): every answer and timer of the one before is ignored from now on */
    nextGeneration: () => ++generation,
    /** fn after ms, unless the room was left (or entered anew) meanwhile */
    after(ms: number, fn: () => void) {
      const gen = generation
      const id = timers.setTimeout(() => gen === generation && fn(), ms)
      timerIds.push(id)
      return id
    },
    clearTimers() {
      for (const id of timerIds) timers.clearTimeout(id)
      timerIds = []
    },
    me: () => kernel.session.user.peek(),
    hostAccount: () => info.peek()?.yxAccid ?? '',
    toast: (key: string, type: 'warning' | 'info' = 'warning', duration?: number) =>
      kernel.overlays.toast(kernel.i18n.t(key), { type, ...(duration && { duration }) }),

    onRelease(fn: () => void | Promise<void>) {
      releasers.push(fn)
    },
    /** every part lets go at once (each one's synchronous part before this returns) */
    async releaseMedia() {
      await Promise.all(releasers.map((release) => release()))
    },
  }
}
