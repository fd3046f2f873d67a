// RtcClient over the harness RTC service (kernel/rtc/protocol.ts). Signalling is real (who is
// in the channel, who publishes, network quality); the remote picture is generated locally
// (generated-video.ts); the local preview is the real camera when there is one.
import { closeQuietly, type SocketClass, type SocketLike } from '../socket.ts'
import { realTimers, type Timers } from '../timers.ts'
import { createEmitter } from '../im/emitter.ts'
import { generatedVideo, type GeneratedVideo } from './generated-video.ts'
import { RtcError } from './errors.ts'
import type { MediaType, RtcPeer, RtcRequest, RtcServerEvent } from './protocol.ts'
import type { LocalDeviceState, RtcClient, RtcEvents, RtcRole, RtcTokenSource } from './types.ts'

export interface HarnessRtcOptions {
  url: string
  /** the server's join tokens, asked the same way as for Agora (kernel/rtc/token.ts) */
  tokens: RtcTokenSource
  WebSocket?: SocketClass
  timers?: Timers
  /** camera access; navigator.mediaDevices by default */
  media?: Pick<MediaDevices, 'getUserMedia'> & Partial<Pick<MediaDevices, 'enumerateDevices'>>
  /** time allowed for a join answer (default 10 s) */
  joinTimeoutMs?: number
  /** pause between reconnect attempts after a lost connection (default 2 s) */
  retryMs?: number
}

type Events = ReturnType<typeof createEmitter<RtcEvents>>

/** The others in the channel, what each publishes, and the generated picture shown for each. */
function createRemotePeers(events: Events) {
  const peers = new Map<string, RtcPeer>()
  const renders = new Map<string, GeneratedVideo>()

  const stopRender = (uid: string) => {
    renders.get(uid)?.stop()
    renders.delete(uid)
  }

  const peerJoined = (peer: RtcPeer) => {
    peers.set(peer.uid, { ...peer, media: [] })
    events.emit('user-joined', { uid: peer.uid })
    for (const m of peer.media) peerPublished(peer.uid, m)
  }
  const peerPublished = (uid: string, mediaType: MediaType) => {
    const p = peers.get(uid)
    if (!p || p.media.includes(mediaType)) return
    p.media.push(mediaType)
    events.emit('user-published', { uid, mediaType })
  }
  const peerLeft = (uid: string, reason?: string) => {
    if (!peers.delete(uid)) return
    stopRender(uid)
    events.emit('user-left', { uid, ...(reason && { reason }) })
  }

  return {
    joined: peerJoined,
    published: peerPublished,
    left: peerLeft,
    /** the channel as the server lists it on (re)joining: forget who went away meanwhile, announce who is new */
    present(users: RtcPeer[]) {
      const present = new Set(users.map((u) => u.uid))
      for (const uid of [...peers.keys()]) if (!present.has(uid)) peerLeft(uid, 'network')
      for (const u of users) {
        if (!peers.has(u.uid)) peerJoined(u)
        else u.media.forEach((m) => peerPublished(u.uid, m))
      }
    },
    unpublished(uid: string, mediaType: MediaType) {
      const p = peers.get(uid)
      if (!p || !p.media.includes(mediaType)) return
      p.media = p.media.filter((m) => m !== mediaType)
      if (mediaType === 'video') stopRender(uid)
      events.emit('user-unpublished', { uid, mediaType })
    },
    /** show a peer's generated picture in `el`; its first frame is at once (a paid call begins billing after it) */
    render(uid: string, el: HTMLElement) {
      const peer = peers.get(uid)
      if (!peer) throw new RtcError('INVALID_REMOTE_USER', `user ${uid} is not in the channel`)
      stopRender(uid)
      const video = generatedVideo(peer.name, el.ownerDocument, peer.picture)
      renders.set(uid, video)
      el.appendChild(video.element)
      queueMicrotask(() => renders.get(uid) === video && events.emit('first-frame', { uid }))
    },
    clear() {
      for (const uid of [...renders.keys()]) stopRender(uid)
      peers.clear()
    },
  }
}

/** The camera and microphone, each as far as it goes (the same outcome as the Agora adapter's). */
function createLocalMedia(media: HarnessRtcOptions['media'] | undefined) {
  let local: MediaStream | null = null
  let devices: { camera: LocalDeviceState; mic: LocalDeviceState } | null = null
  const camera = async (): Promise<MediaStream | null> => {
    if (local) return local
    if (!media?.getUserMedia) {
      devices = { camera: 'missing', mic: 'missing' }
      return null
    }
    const open = (c: MediaStreamConstraints) => media.getUserMedia(c).then((s) => ({ ok: s }), (err: unknown) => ({ err: deviceState(err) }))
    const both = await open({ video: { width: 640, height: 480 }, audio: true })
    if ('ok' in both) {
      devices = { camera: 'ok', mic: 'ok' }
      return (local = both.ok)
    }
    const [mic, cam] = [await open({ audio: true }), await open({ video: { width: 640, height: 480 } })]
    devices = { camera: 'ok' in cam ? 'ok' : cam.err, mic: 'ok' in mic ? 'ok' : mic.err }
    const tracks = [mic, cam].flatMap((r) => ('ok' in r ? r.ok.getTracks() : []))
    // no camera, or permission refused: the call goes on with what works
    return tracks.length ? (local = new MediaStream(tracks)) : null
  }
  return {
    camera,
    devices: () => devices,
    stop() {
      local?.getTracks().forEach((t) => t.stop())
      local = null
      devices = null
    },
  }
}

/** the local preview: a muted video of the camera's stream */
function showPreview(el: HTMLElement, stream: MediaStream) {
  const video = el.ownerDocument.createElement('video')
  video.muted = true
  video.autoplay = true
  video.playsInline = true
  video.setAttribute('data-local-video', '')
  video.style.width = '100%'
  video.style.height = '100%'
  video.style.objectFit = 'cover'
  try {
    video.srcObject = stream
  } catch {
    return // not a stream this element can show: no preview, the call goes on
  }
  el.appendChild(video)
}

/** Who joined which channel with which grant (a fixed token is never renewed). */
interface Joined {
  channel: string
  uid: string
  token: string
  role: RtcRole
  fixed?: boolean
}

interface LinkOptions {
  url: string
  Socket: SocketClass
  timers: Timers
  joinTimeoutMs: number
  events: Events
  /** what this side publishes, sent again on each (re)join */
  published: () => MediaType[]
  onEvent: (e: RtcServerEvent) => void
  /** the socket closed after the join */
  onLost: () => void
}

/** The one socket to the harness RTC service, and a join on it bounded in time. */
function createSocketLink(o: LinkOptions) {
  let socket: SocketLike | null = null

  const send = (req: RtcRequest) => {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(req))
  }

  const close = () => {
    const s = socket
    socket = null
    if (!s) return
    closeQuietly(s)
  }

  /** open a socket and join; resolves once the server answered 'joined' */
  const connect = (target: Joined) =>
    new Promise<void>((resolve, reject) => {
      let s: SocketLike
      try {
        s = new o.Socket(o.url)
      } catch (err) {
        return reject(new RtcError('NETWORK_ERROR', String(err)))
      }
      socket = s
      let settled = false
      const timer = o.timers.setTimeout(() => fail(new RtcError('TIMEOUT', 'join timed out')), o.joinTimeoutMs)
      const fail = (err: Error) => {
        if (settled) return
        settled = true
        o.timers.clearTimeout(timer)
        close()
        reject(err)
      }
      s.onopen = () => {
        send({ op: 'join', channel: target.channel, uid: target.uid, token: target.token, role: target.role })
        const media = o.published()
        if (media.length) send({ op: 'publish', media })
      }
      s.onmessage = (ev) => {
        if (typeof ev.data !== 'string') return
        let e: RtcServerEvent
        try {
          e = JSON.parse(ev.data)
        } catch {
          return
        }
        if (!e || typeof e !== 'object') return
        if (!settled && e.event === 'error') return fail(new RtcError(String(e.code), e.msg))
        if (!settled && e.event === 'joined') {
          settled = true
          o.timers.clearTimeout(timer)
          // before the users and quality that follow, so listeners see a connected channel first
          o.events.emit('connection-state', { state: 'connected' })
          resolve()
        }
        o.onEvent(e)
      }
      s.onclose = s.onerror = () => {
        if (socket !== s) return
        if (!settled) return fail(new RtcError('NETWORK_ERROR', 'rtc connection failed'))
        socket = null
        o.onLost()
      }
    })

  return { send, connect, close }
}

export function createHarnessRtc(opts: HarnessRtcOptions): RtcClient {
  const timers = opts.timers ?? realTimers
  const events = createEmitter<RtcEvents>()
  const peers = createRemotePeers(events)
  const local = createLocalMedia(opts.media ?? (typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined))
  let joined: Joined | null = null
  let published: MediaType[] = []
  let retry: unknown = null
  const Socket = opts.WebSocket ?? (globalThis.WebSocket as unknown as SocketClass)
  const link = createSocketLink({ url: opts.url, Socket, timers, joinTimeoutMs: opts.joinTimeoutMs ?? 10_000, events, published: () => published, onEvent: (e) => onEvent(e), onLost: () => lost() })
  const { send, connect } = link

  const onEvent = (e: RtcServerEvent) => {
    switch (e.event) {
      case 'joined':
        return peers.present(e.users)
      case 'user-joined':
        return peers.joined(e.user)
      case 'user-left':
        return peers.left(e.uid, e.reason)
      case 'user-published':
        return peers.published(e.uid, e.mediaType)
      case 'user-unpublished':
        return peers.unpublished(e.uid, e.mediaType)
      case 'network-quality':
        return events.emit('network-quality', { uplink: e.uplink, downlink: e.downlink })
      case 'token-privilege-will-expire':
        return void renew()
      case 'token-privilege-did-expire':
        // out of the channel: the reconnect below asks for a new token
        return link.close(), lost()
    }
  }

  /** a fresh grant for the channel joined (on reconnect: the old token may have run out) */
  const refresh = async (target: Joined) => {
    if (target.fixed) return
    const grant = await opts.tokens({ channel: target.channel, role: target.role, uid: target.uid })
    target.token = grant.token
    target.uid = grant.uid
  }
  const renew = async () => {
    const at = joined
    if (!at || at.fixed) return
    try {
      await refresh(at)
      if (joined === at) send({ op: 'renew', token: at.token })
    } catch {
      // did-expire follows, and the reconnect asks again
    }
  }

  // The connection dropped while in a channel: keep trying until it is back or we leave.
  const lost = () => {
    if (!joined || retry != null) return
    events.emit('connection-state', { state: 'reconnecting', reason: 'NETWORK_ERROR' })
    const attempt = () => {
      retry = timers.setTimeout(async () => {
        retry = null
        if (!joined) return
        try {
          await refresh(joined)
          await connect(joined)
        } catch {
          if (joined) attempt()
        }
      }, opts.retryMs ?? 2000)
    }
    attempt()
  }

  return {
    async join({ channel, uid, token, role = 'host' }) {
      if (joined) await this.leave()
      events.emit('connection-state', { state: 'connecting' })
      const ms = opts.joinTimeoutMs ?? 10_000
      let timer: unknown = null
      try {
        // the token request counts against the same bound as the join
        const grant = await new Promise<{ token: string; uid: string }>((resolve, reject) => {
          timer = timers.setTimeout(() => reject(new RtcError('NETWORK_ERROR', `no video token within ${ms / 1000} s`)), ms)
          ;(token ? Promise.resolve({ token, uid }) : opts.tokens({ channel, role, uid })).then(resolve, reject)
        })
        timers.clearTimeout(timer)
        joined = { channel, uid: grant.uid, token: grant.token, role, ...(token && { fixed: true }) }
        await connect(joined)
      } catch (err) {
        timers.clearTimeout(timer)
        joined = null
        events.emit('connection-state', { state: 'disconnected', reason: (err as RtcError).code })
        throw err
      }
    },
    async publish() {
      if (!joined || joined.role === 'audience') return false // an audience watches only
      const stream = await local.camera()
      published = stream ? [...(stream.getVideoTracks().length ? ['video' as const] : []), ...(stream.getAudioTracks().length ? ['audio' as const] : [])] : []
      if (published.length) send({ op: 'publish', media: published })
      events.emit('local-media', local.devices() ?? { camera: 'failed', mic: 'failed' })
      return published.length > 0
    },
    async subscribe(uid, el) {
      peers.render(uid, el)
    },
    playLocal(el) {
      void local.camera().then((stream) => {
        if (stream && joined) showPreview(el, stream)
      })
    },
    async leave() {
      const was = joined
      joined = null
      if (retry != null) timers.clearTimeout(retry)
      retry = null
      send({ op: 'leave' })
      link.close()
      peers.clear()
      published = []
      local.stop()
      if (was) events.emit('connection-state', { state: 'disconnected', reason: 'LEAVE' })
    },
    on: (ev, fn) => events.on(ev, fn),
  }
}

/** getUserMedia's refusals as the RTC interface names them */
function deviceState(err: unknown): LocalDeviceState {
  const name = (err as { name?: string })?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing'
  return 'failed'
}
