// ImClient over the harness IM service (kernel/im/protocol.ts): one WebSocket per login.
// It reports what happens and retries nothing itself; kernel/im/login.ts keeps it alive.
import { closeQuietly, type SocketClass, type SocketLike } from '../socket.ts'
import { realTimers, type Timers } from '../timers.ts'
import { parseJson } from '../protocol/json.ts'
import { createEmitter } from './emitter.ts'
import { ImCode, ImError } from './errors.ts'
import type { ImOutgoing, ImReply, ImRequest, ImServerEvent } from './protocol.ts'
import { imConversations, imMessage, imMessages } from './guard.ts'
import type { ImClient, ImEvents } from './types.ts'

export interface HarnessImOptions {
  url: string
  WebSocket?: SocketClass
  timers?: Timers
  /** how long a request may wait for its reply (default 10 s) */
  timeoutMs?: number
}

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: unknown }
type Req = ImRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

let clientSeq = 0
const newClientId = () => `c${Date.now().toString(36)}${(++clientSeq).toString(36)}${Math.random().toString(36).slice(2, 6)}`

export function createHarnessIm(opts: HarnessImOptions): ImClient {
  const timers = opts.timers ?? realTimers
  const Socket = opts.WebSocket ?? (globalThis.WebSocket as unknown as SocketClass)
  const timeoutMs = opts.timeoutMs ?? 10_000
  const events = createEmitter<ImEvents>()
  const pending = new Map<number, Pending>()
  let socket: SocketLike | null = null
  let loggedIn = false
  let seq = 0

  const failPending = (code: number) => {
    for (const [id, p] of pending) {
      timers.clearTimeout(p.timer)
      pending.delete(id)
      p.reject(new ImError(code, 'im connection closed'))
    }
  }

  // Close without reporting a disconnect: we asked for it.
  const closeSocket = () => {
    const s = socket
    socket = null
    loggedIn = false
    failPending(ImCode.disconnected)
    if (!s) return
    closeQuietly(s)
  }

  const request = <T>(body: Req): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!socket || socket.readyState !== 1) return reject(new ImError(ImCode.disconnected, 'im not connected'))
      const id = ++seq
      const timer = timers.setTimeout(() => {
        pending.delete(id)
        reject(new ImError(ImCode.timeout, `im ${body.op} timed out`))
      }, timeoutMs)
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer })
      socket.send(JSON.stringify({ ...body, id }))
    })

  const onFrame = (raw: unknown) => {
    if (typeof raw !== 'string') return
    let msg: (ImReply & { event?: undefined }) | (ImServerEvent & { id?: undefined })
    try {
      msg = parseJson(raw) as typeof msg
    } catch {
      return
    }
    if (!msg || typeof msg !== 'object') return
    if (typeof msg.id === 'number') {
      const p = pending.get(msg.id)
      if (!p) return
      pending.delete(msg.id)
      timers.clearTimeout(p.timer)
      if (msg.ok) p.resolve(msg.data)
      else p.reject(new ImError(msg.code, msg.msg))
      return
    }
    // every event through its guard (kernel/im/guard.ts): a malformed one is dropped whole
    const data: unknown = msg.data
    if (msg.event === 'message') {
      const m = imMessage(data)
      if (m) events.emit('message', m)
      else dropped('message')
    } else if (msg.event === 'conversations-changed') {
      const list = imConversations(data)
      if (list) events.emit('conversations-changed', list)
      else dropped('conversations')
    } else if (msg.event === 'error') {
      const code = (data as { code?: unknown } | null)?.code
      if (typeof code === 'number') events.emit('error', { code })
    }
  }

  const open = () =>
    new Promise<SocketLike>((resolve, reject) => {
      let s: SocketLike
      try {
        s = new Socket(opts.url)
      } catch (err) {
        return reject(new ImError(ImCode.disconnected, String(err)))
      }
      socket = s
      s.onopen = () => resolve(s)
      s.onmessage = (ev) => onFrame(ev.data)
      const lost = () => {
        if (socket !== s) return
        const wasIn = loggedIn
        socket = null
        loggedIn = false
        s.onopen = s.onmessage = s.onclose = null
        s.onerror = () => {} // see closeQuietly in socket.ts
        failPending(ImCode.disconnected)
        reject(new ImError(ImCode.disconnected, 'im connection failed'))
        if (wasIn) events.emit('connect-state', { state: 'disconnected' })
      }
      s.onclose = lost
      s.onerror = lost
    })

  const send = (to: string, message: Omit<ImOutgoing, 'messageClientId'>) => {
    if (!to) return Promise.reject(new ImError(ImCode.badRequest, 'no recipient'))
    return request<unknown>({ op: 'send', to, message: { ...message, messageClientId: newClientId() } }).then((m) => imMessage(m) ?? malformed('send'))
  }

  return {
    async login(account, token) {
      closeSocket()
      events.emit('connect-state', { state: 'connecting' })
      try {
        await open()
        await request({ op: 'login', account, token })
      } catch (err) {
        closeSocket()
        events.emit('connect-state', { state: 'disconnected', code: (err as ImError).code })
        throw err
      }
      loggedIn = true
      events.emit('connect-state', { state: 'connected' })
    },
    async logout() {
      if (socket && loggedIn) await request({ op: 'logout' }).catch(() => undefined)
      closeSocket()
      events.emit('connect-state', { state: 'idle' })
    },
    sendText: (to, text) => send(to, { messageType: 0, text }),
    sendCustom: (to, raw) => send(to, { messageType: 100, attachment: { raw: JSON.stringify(raw) } }),
    sendImage: (to, image) => send(to, { messageType: 1, attachment: { ...image } }),
    conversations: (limit) => request<unknown>({ op: 'conversations', limit }).then((v) => imConversations(v) ?? malformed('conversations')),
    history: (to, limit, before) => request<unknown>({ op: 'history', to, limit, ...(before !== undefined && { before }) }).then((v) => imMessages(v) ?? malformed('history')),
    markRead: (to) => request<void>({ op: 'markRead', to }).then(() => undefined),
    pin: (to, on) => request<void>({ op: 'pin', to, on }).then(() => undefined),
    on: (ev, fn) => events.on(ev, fn),
  }
}

/** an answer that failed its guard: a failed request, logged once */
function malformed(op: string): never {
  dropped(op)
  throw new ImError(ImCode.badRequest, `malformed im ${op} answer`)
}

/** one log line for an event or answer that failed its guard (never its data) */
function dropped(what: string): void {
  console.warn(`[app] dropped malformed im-${what}`)
}
