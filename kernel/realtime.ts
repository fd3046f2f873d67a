// The realtime WebSocket (NET-05): one connection per logged-in session carrying pushes from
// the server to the push bus. The client says who it is (an encrypted token in the URL), what
// it is doing (status 1 online, 10000 in a call) and that it is alive (a heartbeat every 20 s
// with the call channel). A lost connection is retried every 5 s, 720 times (an hour), then
// the kernel is told to give up so it can say so.
import { watchResync } from './resync.ts'
import type { Events } from './types.ts'
import { signal, type ReadonlySignal } from '@preact/signals-react'
import type { AppConfig } from './config.ts'
import { encrypt } from './protocol/cipher-web.ts'
import { ClientMessageType, OnlineStatusReport, type ClientFrame } from './protocol/push.ts'
import type { PushBus } from './push.ts'
import { closeQuietly, type SocketClass, type SocketLike } from './socket.ts'
import { realTimers, type Timers } from './timers.ts'

export type { SocketClass, SocketLike, Timers }

export type RealtimeState = 'idle' | 'connecting' | 'open' | 'retrying' | 'failed'

export interface Realtime {
  state: ReadonlySignal<RealtimeState>
  /** open (or re-open) with the session token; no-op for guests */
  connect(): void
  disconnect(): void
  /** channel carried by heartbeats, and status 10000 while set */
  setCallChannel(channelId: string | null): void
}

const HEARTBEAT_MS = 20_000
export const RETRY_MS = 5_000
export const MAX_RETRIES = 720

export interface RealtimeOptions {
  config: AppConfig
  token: ReadonlySignal<string | null>
  push: PushBus
  /** after 720 failed retries: the kernel toasts 'Failed to connect WebSocket after retries' */
  onGiveUp: () => void
  /** the server closed the socket with 4401: it no longer knows this token (revoked, logged out
   *  elsewhere). Not retried: the kernel ends the session if the token is still the current one. */
  onUnauthorized?: (token: string) => void
  /** SHELL-09: the session follows another tab's logout or login (the shared storage's 'token'),
   *  from this tab's first token on, which is when there is a session to end */
  follow?: { storage: Storage; events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null; session: { login(r: { token: string }): void; logout(): void } }
  /** where 'resync' is said: the socket reopened, or the app is in the foreground again (resync.ts) */
  events?: Events
  WebSocket?: SocketClass
  timers?: Timers
  /** the token as the URL carries it; default the wire cipher on WebCrypto (asynchronous) */
  encryptToken?: (token: string) => string | Promise<string>
  /** what the first open waits for (the kernel: the first screen shown, so the socket shares
   *  neither the network nor the main thread with the first card); default nothing */
  after?: Promise<unknown>
}

const OPEN = 1
/** the server's close code for a token it does not know (harness/realtime.ts) */
const UNAUTHORIZED_CLOSE = 4401

export function createRealtime(opts: RealtimeOptions): Realtime & { dispose(): void } {
  const timers = opts.timers ?? realTimers
  const Socket = opts.WebSocket ?? (globalThis.WebSocket as unknown as SocketClass)
  const state = signal<RealtimeState>('idle')
  const session = watchSession(opts, state)
  session.start()

  let ready = !opts.after // the first open may start
  let disposed = false
  let wanted = false // connect() was called and disconnect() was not
  let socket: SocketLike | null = null
  let channel = ''
  let retries = 0
  let retryTimer: unknown = null
  let heartbeat: unknown = null
  // bumped by every open and close, so a token encrypted for an older attempt opens nothing
  let attempt = 0
  const encryptToken = tokenSealer(opts)

  const { sendStatus, sendHeartbeat } = clientFrames(() => socket, () => channel)

  const stopTimers = () => {
    if (heartbeat != null) timers.clearInterval(heartbeat)
    if (retryTimer != null) timers.clearTimeout(retryTimer)
    heartbeat = retryTimer = null
  }

  // Close the current socket without treating it as a loss.
  const closeSocket = () => {
    attempt++
    stopTimers()
    const s = socket
    socket = null
    closeQuietly(s)
  }
  const closeIdle = () => {
    closeSocket()
    state.value = 'idle'
  }

  const open = () => {
    closeSocket()
    const token = opts.token.value
    if (!wanted || !token || !ready) {
      state.value = 'idle'
      return
    }
    if (state.value !== 'retrying') state.value = 'connecting'
    const mine = attempt
    let sealed: string | Promise<string>
    try {
      sealed = encryptToken(token)
    } catch {
      return lost(null)
    }
    if (typeof sealed === 'string') return openWith(sealed, token)
    sealed.then(
      (enc) => mine === attempt && wanted && openWith(enc, token),
      () => mine === attempt && wanted && lost(null),
    )
  }

  const openWith = (encryptedToken: string, token: string) => {
    const url = `${opts.config.wsBase}?token=${encodeURIComponent(encryptedToken)}`
    let s: SocketLike
    try {
      s = new Socket(url)
    } catch {
      // a malformed URL throws synchronously: count it as a failed attempt
      return lost(null)
    }
    socket = s
    s.onopen = () => {
      retries = 0
      state.value = 'open'
      sendStatus()
      heartbeat = timers.setInterval(sendHeartbeat, HEARTBEAT_MS)
    }
    s.onmessage = (ev) => {
      // NET-07: the bus drops anything malformed; a frame that is not text is not ours
      if (typeof ev.data === 'string') opts.push.dispatch(ev.data)
    }
    // error is normally followed by close; either one ends this socket, once
    s.onclose = (ev) => {
      if (Number(ev?.code) !== UNAUTHORIZED_CLOSE || s !== socket) return lost(s)
      // a dead token: retrying cannot help; the session it belongs to ends
      closeIdle()
      opts.onUnauthorized?.(token)
    }
    s.onerror = () => lost(s)
  }

  function lost(s: SocketLike | null) {
    if (s && s !== socket) return
    closeSocket()
    if (!wanted) return
    if (retries >= MAX_RETRIES) {
      state.value = 'failed'
      opts.onGiveUp()
      return
    }
    retries++
    state.value = 'retrying'
    retryTimer = timers.setTimeout(() => {
      retryTimer = null
      open()
    }, RETRY_MS)
  }

  // Login opens (or re-opens with the new token), logout closes; only once connect() was asked.
  let lastToken = opts.token.peek()
  const unsubscribe = opts.token.subscribe((token) => {
    if (token === lastToken) return
    lastToken = token
    session.start()
    if (!wanted) return
    retries = 0
    if (token) open()
    else closeIdle()
  })

  opts.after?.then(() => {
    ready = true
    if (wanted && !disposed) open()
  })

  return {
    state,
    connect() {
      wanted = true
      retries = 0
      state.value = 'idle'
      open()
    },
    disconnect() {
      wanted = false
      closeIdle()
    },
    setCallChannel(channelId) {
      channel = channelId ?? ''
      sendStatus()
    },
    dispose() {
      disposed = true
      session.stop()
      unsubscribe()
      wanted = false
      closeIdle()
    },
  }
}

/** what the client says on an open socket: its status (in a call or online) and that it is alive */
function clientFrames(socket: () => SocketLike | null, channel: () => string) {
  const send = (frame: ClientFrame) => {
    const s = socket()
    if (s && s.readyState === OPEN) s.send(JSON.stringify(frame))
  }
  return {
    sendStatus: () => send({ messageType: ClientMessageType.status, onlineStatus: channel() ? OnlineStatusReport.inCall : OnlineStatusReport.online }),
    sendHeartbeat: () => send({ messageType: ClientMessageType.heartbeat, channelId: channel() }),
  }
}

/** the other tabs' logout and login, and the resync, from the first token on: a guest has no
 *  session to follow nor to resync */
function watchSession(opts: RealtimeOptions, state: ReadonlySignal<RealtimeState>) {
  let stops: Array<() => void> | null = null
  return {
    start() {
      if (stops || !opts.token.peek()) return
      const resync = opts.events ? watchResync(state, opts.events, typeof document === 'undefined' ? undefined : document) : () => {}
      stops = [followOtherTabs(opts), resync]
    },
    stop: () => stops?.forEach((stop) => stop()),
  }
}

/** the token as the socket's URL carries it: the app-config switch wsToken says encrypted with the
 *  API cipher (default) or as it is */
function tokenSealer(opts: RealtimeOptions): (token: string) => string | Promise<string> {
  if (opts.config.wsToken === 'plain') return (token) => token
  const keys = { key: opts.config.cipherKey, iv: opts.config.cipherIv }
  return opts.encryptToken ?? ((token) => encrypt(token, keys))
}

function followOtherTabs(opts: RealtimeOptions): () => void {
  const f = opts.follow
  const events = f && (f.events === undefined ? (typeof window === 'undefined' ? null : window) : f.events)
  if (!f || !events) return () => {}
  const heard = (e: StorageEvent) => {
    if (e.storageArea !== f.storage || (e.key !== null && e.key !== 'token')) return
    const now = e.key === null ? null : e.newValue
    if (now === opts.token.peek()) return
    if (now) f.session.login({ token: now })
    else f.session.logout()
  }
  events.addEventListener('storage', heard)
  return () => events.removeEventListener('storage', heard)
}
