// Test doubles for the live plugin's tests: an RTC client and a chat-room client the test
// drives by hand, a kernel with the live plugin and a fake backend, and a frame scheduler
// the test flushes itself.
import { createEmitter } from '../../kernel/im/emitter.ts'
import type { ChatRoom, ChatRoomClient, ChatRoomEvents, ChatRoomMessage } from '../../kernel/im/chatroom.ts'
import { RtcError } from '../../kernel/rtc/errors.ts'
import type { RtcClient, RtcEvents } from '../../kernel/rtc/types.ts'
import { createTestKernel, type Fake, type FakeApi } from '../../kernel/testing.tsx'
import type { PluginEntry } from '../../kernel/types.ts'
import { fakeTimers } from '../../test/fake-timers.ts'
import { definePlugin } from '../../kernel/plugin.ts'
import { createLivePlugin } from './index.ts'
import { liveServiceRef } from './refs.ts'

export function fakeRtc(opts: { failJoin?: string } = {}) {
  const events = createEmitter<RtcEvents>()
  const joins: any[] = []
  let left = 0
  const client: RtcClient = {
    async join(o) {
      joins.push(o)
      if (opts.failJoin) throw new RtcError(opts.failJoin, 'refused')
    },
    publish: async () => false,
    async subscribe(uid, el) {
      // a canvas stands for a picture that is already drawing (the harness's generated video)
      const c = el.ownerDocument.createElement('canvas')
      c.setAttribute('data-uid', uid)
      el.appendChild(c)
    },
    playLocal() {},
    async leave() {
      left++
    },
    on: (ev, fn) => events.on(ev, fn),
  }
  return { client, joins, left: () => left, emit: events.emit }
}

function fakeChatRoom() {
  const rooms: Array<{ roomId: string; events: ReturnType<typeof createEmitter<ChatRoomEvents>>; sent: string[]; left: boolean }> = []
  let failSend = false
  let enterError: unknown = null
  const client: ChatRoomClient = {
    async enter({ roomId }) {
      // as the SDK does offline (seen in Chromium): V2NIMError 192001 'connect failed'
      if (enterError) throw enterError
      const events = createEmitter<ChatRoomEvents>()
      const r = { roomId, events, sent: [] as string[], left: false }
      rooms.push(r)
      const room: ChatRoom = {
        roomId,
        async sendText(text, ext) {
          if (failSend) throw new Error('down')
          r.sent.push(text)
          return { messageClientId: `me-${r.sent.length}`, from: 'me', fromNick: 'Me', text, time: 0, ...(ext && { ext }) }
        },
        leave() {
          r.left = true
        },
        on: (ev, fn) => events.on(ev, fn),
      }
      return room
    },
  }
  const last = () => rooms[rooms.length - 1]
  return {
    client,
    rooms,
    last,
    line: (m: Partial<ChatRoomMessage>) => last().events.emit('message', { messageClientId: `m${Math.random()}`, from: 'v1', fromNick: 'Viewer', time: 0, ...m }),
    notice: (n: Record<string, unknown>) => last().events.emit('notification', n as any),
    failSend: (v: boolean) => (failSend = v),
    failEnter: (v: boolean) => (enterError = v ? Object.assign(new Error('connect failed'), { code: 192001 }) : null),
  }
}

/** a frame scheduler the test runs with flushFrames() */
export function manualFrames() {
  let queue: Array<() => void> = []
  return {
    schedule: (fn: () => void) => {
      queue.push(fn)
      return () => void (queue = queue.filter((f) => f !== fn))
    },
    flushFrames() {
      const run = queue
      queue = []
      run.forEach((f) => f())
    },
  }
}

export const ROOM = {
  userId: 200001,
  yxAccid: 'host_200001',
  yxRoomId: 'room_200001',
  agoraChannelId: 'live_200001',
  nickname: 'Layla',
  icon: '/a.svg',
  anchorLevelName: 'A',
  followFlag: 0,
  privateCallOpen: 1,
  videoPrice: 110,
  isBlockUser: 0,
  whoBlock: 0,
  currentAnchorRank: 7,
  userStatus: 'LIVE',
  liveRoomState: 'living',
  audienceNum: 1500,
  expandMap: { tasks: [{ taskValue: 200, taskCondition: 1000, finished: 0 }] },
  recommendLiveAnchorList: [{ userId: 200002, nickname: 'Mia', icon: '/b.svg', yxAccid: 'host_200002' }],
}

/** a kernel with the live plugin, fake video and chat, fake timers and frames, and a backend */
export function liveKernel(
  o: {
    api?: FakeApi
    room?: Record<string, unknown>
    rtc?: ReturnType<typeof fakeRtc>
    path?: string
    locale?: 'en' | 'ar'
    /** more plugins and service fakes beside the live plugin */
    plugins?: (timers: ReturnType<typeof fakeTimers>) => PluginEntry[]
    fakes?: Fake[]
    /** answers by path, asked before the default backend */
    answers?: Record<string, unknown>
  } = {},
) {
  const timers = fakeTimers()
  const rtc = o.rtc ?? fakeRtc()
  const chat = fakeChatRoom()
  const frames = manualFrames()
  /** how often the room asked for the video client (its code loading) */
  let rtcLoads = 0
  const room = { ...ROOM, ...o.room }
  const api: FakeApi =
    o.api ??
    ((path, payload) => {
      if (o.answers && path in o.answers) return o.answers[path]
      if (path.endsWith('/getRoomAndJoinRoomV2')) return room
      if (path.endsWith('/checkRoomsLiveStatus')) return [{ anchorId: payload.anchorIds?.[0], liveRoomState: room.liveRoomState }]
      if (path.endsWith('/antiSpam/check')) return { result: /spam/.test(payload.text) ? 1 : 0 }
      if (path.endsWith('/translate/text')) return { translations: payload.list.map((x: { text: string }) => ({ text: `T:${x.text}` })) }
      if (path.endsWith('/switchRoom')) return [{ userId: 200002, nickname: 'Mia', icon: '/b.svg', yxAccid: 'host_200002' }]
      return null
    })
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'wall' }), createLivePlugin({ timers, rtc: async () => (rtcLoads++, rtc.client), chatRoom: async () => chat.client, frame: frames.schedule }), ...(o.plugins?.(timers) ?? [])],
    ...(o.fakes && { fakes: o.fakes }),
    path: o.path ?? '/wall',
    token: 'tok',
    api,
    timers,
    locale: o.locale,
  })
  t.kernel.session.setUser({ userId: 100001, nickname: 'Viewer', icon: '', diamondNum: 10, yxAccid: 'viewer_1', imToken: 'im', userLevel: 3 })
  const live = t.kernel.need(liveServiceRef)
  return { t, timers, rtc, chat, frames, live, room: live.room, rtcLoads: () => rtcLoads }
}
