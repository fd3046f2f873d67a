// ChatRoomClient over the harness's chat rooms (chatroom-protocol.ts): one socket per room.
// A dropped socket is reported as 'reconnecting' and entered again every retryMs; the room
// decides how long it waits (a live room ends when its video goes too).
import { closeQuietly, type SocketClass, type SocketLike } from '../socket.ts'
import { realTimers, type Timers } from '../timers.ts'
import { createEmitter } from './emitter.ts'
import type { ChatRoom, ChatRoomClient, ChatRoomEvents, ChatRoomMessage } from './chatroom.ts'
import type { ChatRoomRequest, ChatRoomServerFrame } from './chatroom-protocol.ts'

export interface HarnessChatRoomOptions {
  url: string
  WebSocket?: SocketClass
  timers?: Timers
  timeoutMs?: number
  retryMs?: number
}

type Req = ChatRoomRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

class ChatRoomError extends Error {
  constructor(
    public code: number,
    msg: string,
  ) {
    super(msg)
    this.name = 'ChatRoomError'
  }
}

export function createHarnessChatRoom(opts: HarnessChatRoomOptions): ChatRoomClient {
  const timers = opts.timers ?? realTimers
  const Socket = opts.WebSocket ?? (globalThis.WebSocket as unknown as SocketClass)
  return {
    async enter(enter) {
      const events = createEmitter<ChatRoomEvents>()
      const pending = new Map<number, { resolve: (v: any) => void; reject: (e: unknown) => void; timer: unknown }>()
      let socket: SocketLike | null = null
      let seq = 0
      let left = false
      let retry: unknown = null

      const request = <T>(body: Req): Promise<T> =>
        new Promise<T>((resolve, reject) => {
          if (!socket || socket.readyState !== 1) return reject(new ChatRoomError(-1, 'chat room not connected'))
          const id = ++seq
          const timer = timers.setTimeout(() => {
            pending.delete(id)
            reject(new ChatRoomError(408, `chat room ${body.op} timed out`))
          }, opts.timeoutMs ?? 10_000)
          pending.set(id, { resolve, reject, timer })
          socket.send(JSON.stringify({ ...body, id }))
        })

      const failPending = () => {
        for (const [id, p] of pending) {
          timers.clearTimeout(p.timer)
          pending.delete(id)
          p.reject(new ChatRoomError(-1, 'chat room connection closed'))
        }
      }

      const onFrame = (f: ChatRoomServerFrame) => {
        if ('id' in f) {
          const p = pending.get(f.id)
          if (!p) return
          pending.delete(f.id)
          timers.clearTimeout(p.timer)
          return f.ok ? p.resolve(f.data) : p.reject(new ChatRoomError(f.code, f.msg))
        }
        if (f.event === 'messages' && Array.isArray(f.data)) {
          for (const m of f.data) if (m && typeof m === 'object') events.emit('message', m)
        } else if (f.event === 'notification' && f.data && typeof f.data === 'object') events.emit('notification', f.data)
        else if (f.event === 'closed') {
          left = true
          events.emit('connect-state', { state: 'closed', reason: String(f.reason ?? 'closed') })
        }
      }

      const connect = () =>
        new Promise<void>((resolve, reject) => {
          const s = new Socket(opts.url)
          socket = s
          s.onopen = () => {
            const { roomId, account, token, nick, ext } = enter
            request<unknown>({ op: 'enter', roomId, account, token, ...(nick && { nick }), ...(ext && { ext }) }).then(() => resolve(), reject)
          }
          s.onmessage = (ev) => {
            if (typeof ev.data !== 'string') return
            let f: ChatRoomServerFrame
            try {
              f = JSON.parse(ev.data)
            } catch {
              return
            }
            if (f && typeof f === 'object') onFrame(f)
          }
          s.onclose = s.onerror = () => {
            if (socket !== s) return
            socket = null
            failPending()
            reject(new ChatRoomError(-1, 'chat room connection failed'))
            lost()
          }
        })

      const lost = () => {
        if (left || retry != null) return
        events.emit('connect-state', { state: 'reconnecting' })
        retry = timers.setTimeout(() => {
          retry = null
          if (left) return
          connect().then(
            () => events.emit('connect-state', { state: 'connected' }),
            () => undefined, // onclose already scheduled the next attempt
          )
        }, opts.retryMs ?? 2000)
      }

      try {
        await connect()
      } catch (err) {
        left = true
        if (retry != null) timers.clearTimeout(retry)
        closeQuietly(socket)
        throw err
      }
      const room: ChatRoom = {
        roomId: enter.roomId,
        sendText: (text, ext) => request<ChatRoomMessage>({ op: 'send', text, ...(ext && { ext }) }),
        leave() {
          if (left && !socket) return
          left = true
          if (retry != null) timers.clearTimeout(retry)
          retry = null
          if (socket?.readyState === 1) socket.send(JSON.stringify({ id: ++seq, op: 'leave' }))
          failPending()
          closeQuietly(socket)
          socket = null
          events.clear()
        },
        on: (ev, fn) => events.on(ev, fn),
      }
      return room
    },
  }
}
