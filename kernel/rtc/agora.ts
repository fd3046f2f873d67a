// RtcClient over the Agora Web SDK (agora-rtc-sdk-ng 4.x, its ESM build). kernel/rtc/load.ts loads
// the module with a dynamic import so it never enters the first bundle; tests hand in a fake.
// Every slice below is a Pick<> of the SDK's own declarations, so a call, an argument or an
// event name the installed SDK does not have fails `npm run typecheck`. d1 §9: vp9, 480p.
//
// What the SDK does that the types do not say (seen in Chromium with the network cut, e2e/sdk-agora):
// - the ESM module has named exports only (no default); createClient and the track creators are there;
// - join() with no route to Agora stays CONNECTING and never settles (nor after leave()): we bound it;
// - leave() then goes DISCONNECTING -> DISCONNECTED (reason null) and resolves at once;
// - a missing camera or microphone rejects DEVICE_NOT_FOUND, a refusal PERMISSION_DENIED.
import type { ClientEvents } from '@agora-js/shared'
import type * as AgoraModule from 'agora-rtc-sdk-ng/esm'
import type {
  AgoraRTCErrorCode,
  ConnectionDisconnectedReason,
  ConnectionState,
  IAgoraRTCClient,
  IAgoraRTCRemoteUser,
  ILocalTrack,
  ICameraVideoTrack,
  IMicrophoneAudioTrack,
  NetworkQuality,
  UID,
} from 'agora-rtc-sdk-ng/esm'
import { createEmitter, type Emitter } from '../im/emitter.ts'
import { realTimers, type Timers } from '../timers.ts'
import { RtcError } from './errors.ts'
import type { LocalDeviceState, RtcClient, RtcConnectionState, RtcEvents, RtcGrant, RtcRole, RtcTokenSource } from './types.ts'

/** The module's functions this adapter uses (the ESM build's own exports). */
export type AgoraSdk = Pick<typeof AgoraModule, 'createClient' | 'createMicrophoneAndCameraTracks' | 'createMicrophoneAudioTrack' | 'createCameraVideoTrack' | 'onAutoplayFailed'>
/** The client's members this adapter uses. */
export type AgoraClient = Pick<IAgoraRTCClient, 'join' | 'leave' | 'publish' | 'subscribe' | 'on' | 'removeAllListeners' | 'renewToken' | 'setClientRole'>

/** The client's events by name: the SDK declares a catch-all on(string), so names are checked against its ClientEvents enum. */
type ClientEvent = `${ClientEvents}`
interface ClientListeners {
  'connection-state-change': (cur: ConnectionState, prev: ConnectionState, reason?: ConnectionDisconnectedReason) => void
  'network-quality': (stats: NetworkQuality) => void
  'user-joined': (user: IAgoraRTCRemoteUser) => void
  'user-left': (user: IAgoraRTCRemoteUser, reason: string) => void
  'user-published': (user: IAgoraRTCRemoteUser, mediaType: 'audio' | 'video' | 'datachannel') => void
  'user-unpublished': (user: IAgoraRTCRemoteUser, mediaType: 'audio' | 'video' | 'datachannel') => void
  'token-privilege-will-expire': () => void
  'token-privilege-did-expire': () => void
}
const listen = <K extends keyof ClientListeners & ClientEvent>(c: AgoraClient, ev: K, fn: ClientListeners[K]) => c.on(ev, fn)

/** how long a join (token and SDK) may take before it fails with NETWORK_ERROR; the SDK's own never ends */
export const JOIN_TIMEOUT_MS = 10_000

/** One uid scheme: the server's numeric uid (an Agora uint32); anything else stays a string. */
export const agoraUid = (uid: string): UID => (/^\d{1,10}$/.test(uid) && Number(uid) < 2 ** 32 ? Number(uid) : uid)

export interface AgoraRtcOptions {
  appId: string
  sdk: AgoraSdk
  /** the server's join tokens (kernel/rtc/token.ts) */
  tokens: RtcTokenSource
  timers?: Timers
  joinTimeoutMs?: number
}

/** the local tracks opened for this call (none until publish) */
type LocalTracks = { mic?: IMicrophoneAudioTrack; camera?: ICameraVideoTrack }

/** the client's events as the app's RtcEvents (the token's are the adapter's own) */
function forwardEvents(c: AgoraClient, events: Emitter<RtcEvents>) {
  listen(c, 'connection-state-change', (cur, _prev, reason) =>
    events.emit('connection-state', { state: cur.toLowerCase() as RtcConnectionState, ...(reason && { reason }) }),
  )
  listen(c, 'network-quality', (q) => events.emit('network-quality', { uplink: q.uplinkNetworkQuality, downlink: q.downlinkNetworkQuality }))
  listen(c, 'user-joined', (u) => events.emit('user-joined', { uid: String(u.uid) }))
  listen(c, 'user-left', (u, reason) => events.emit('user-left', { uid: String(u.uid), ...(reason && { reason }) }))
  listen(c, 'user-published', (u, mediaType) => {
    if (mediaType === 'datachannel') return
    // the interface has no audio element: a remote voice is played as soon as it appears
    if (mediaType === 'audio')
      c.subscribe(u, 'audio').then(
        (track) => track.play(),
        () => undefined,
      )
    events.emit('user-published', { uid: String(u.uid), mediaType })
  })
  listen(c, 'user-unpublished', (u, mediaType) => mediaType !== 'datachannel' && events.emit('user-unpublished', { uid: String(u.uid), mediaType }))
}

/** a grant from the server, or the caller's own token (tests) */
const grantFor = (tokens: RtcTokenSource, channel: string, role: RtcRole, uid: string, token?: string | null): Promise<RtcGrant> =>
  token ? Promise.resolve({ token, uid, expireSeconds: 0 }) : tokens({ channel, role, uid })

/** token then join, within the bound: past it the SDK is stopped and NETWORK_ERROR thrown */
function joinBounded(c: AgoraClient, opts: AgoraRtcOptions, timers: Timers, at: { channel: string; role: RtcRole; uid: string; token?: string | null }) {
  const { channel, role, uid, token } = at
  return new Promise<RtcGrant>((resolve, reject) => {
    const ms = opts.joinTimeoutMs ?? JOIN_TIMEOUT_MS
    const timer = timers.setTimeout(() => reject(new RtcError('NETWORK_ERROR', `the video service did not answer within ${ms / 1000} s`)), ms)
    const attempt = async () => {
      const grant = await grantFor(opts.tokens, channel, role, uid, token)
      if (role === 'audience') await c.setClientRole('audience')
      await c.join(opts.appId, channel, grant.token, agoraUid(grant.uid))
      return grant
    }
    attempt().then(resolve, (err) => reject(toRtcError(err))).finally(() => timers.clearTimeout(timer))
  })
}

/** the camera and the microphone, each as far as it goes: one refusal does not cost the other */
async function openTracks(sdk: AgoraSdk): Promise<{ tracks: LocalTracks; state: { camera: LocalDeviceState; mic: LocalDeviceState } }> {
  try {
    const [mic, camera] = await sdk.createMicrophoneAndCameraTracks({}, { encoderConfig: '480p' })
    return { tracks: { mic, camera }, state: { camera: 'ok', mic: 'ok' } }
  } catch {
    const [mic, camera] = await Promise.allSettled([sdk.createMicrophoneAudioTrack(), sdk.createCameraVideoTrack({ encoderConfig: '480p' })])
    const tracks = { ...(mic.status === 'fulfilled' && { mic: mic.value }), ...(camera.status === 'fulfilled' && { camera: camera.value }) }
    return { tracks, state: { camera: deviceState(camera), mic: deviceState(mic) } }
  }
}

export function createAgoraRtc(opts: AgoraRtcOptions): RtcClient {
  if (!opts.appId) throw new Error('agoraAppId is missing from the app config')
  const timers = opts.timers ?? realTimers
  const events = createEmitter<RtcEvents>()
  let client: AgoraClient | null = null
  let joined: { channel: string; uid: string; role: RtcRole } | null = null
  let local: LocalTracks = {}

  // the browser blocked sound before a gesture: the SDK plays it after the next tap; the UI may say so
  opts.sdk.onAutoplayFailed(() => events.emit('autoplay-blocked', {}))

  // a call is an 'rtc' channel; a live room is a 'live' channel joined as audience (d2 §4.1)
  const newClient = (role: RtcRole) => {
    const c = opts.sdk.createClient({ mode: role === 'audience' ? 'live' : 'rtc', codec: 'vp9' })
    forwardEvents(c, events)
    listen(c, 'token-privilege-will-expire', () => void renew(c))
    listen(c, 'token-privilege-did-expire', () => void rejoin(c))
    return c
  }

  /** token then join, within the bound: past it the SDK is stopped and NETWORK_ERROR thrown */
  const joinWithin = (c: AgoraClient, channel: string, role: RtcRole, uid: string, token?: string | null) =>
    joinBounded(c, opts, timers, { channel, role, uid, token })

  /** leave the SDK's channel and drop every listener this adapter put on the client */
  const dropClient = async (c: AgoraClient | null) => {
    if (!c) return
    if (client === c) client = null
    try {
      await c.leave()
    } catch {
      // leaving a channel that never connected: nothing more to undo
    }
    c.removeAllListeners()
  }

  const closeTracks = () => {
    for (const t of [local.mic, local.camera]) {
      t?.stop()
      t?.close()
    }
    local = {}
  }

  // Agora's token lifecycle: renew before it runs out; once it has, the SDK left: join again
  async function renew(c: AgoraClient) {
    const at = joined
    if (!at || client !== c) return
    try {
      const grant = await opts.tokens(at)
      if (client === c) await c.renewToken(grant.token)
    } catch {
      // the did-expire that follows rejoins
    }
  }
  async function rejoin(c: AgoraClient) {
    const at = joined
    if (!at || client !== c) return
    events.emit('connection-state', { state: 'reconnecting', reason: 'TOKEN_EXPIRED' })
    try {
      await c.leave().catch(() => undefined)
      await joinWithin(c, at.channel, at.role, at.uid)
      if (local.mic || local.camera) await c.publish(publishable())
    } catch (err) {
      if (client !== c) return
      await dropClient(c)
      joined = null
      events.emit('connection-state', { state: 'disconnected', reason: (err as RtcError).code })
    }
  }

  const publishable = (): ILocalTrack[] => [local.mic, local.camera].filter((t): t is NonNullable<typeof t> => !!t)

  /** the camera and the microphone, each as far as it goes: one refusal does not cost the other */
  const openDevices = async (): Promise<{ camera: LocalDeviceState; mic: LocalDeviceState }> => {
    const opened = await openTracks(opts.sdk)
    local = opened.tracks
    return opened.state
  }

  return {
    async join({ channel, uid, token, role = 'host' }) {
      await dropClient(client)
      joined = null
      const c = (client = newClient(role))
      try {
        const grant = await joinWithin(c, channel, role, uid, token)
        if (client === c) joined = { channel, uid: grant.uid, role }
      } catch (err) {
        await dropClient(c)
        events.emit('connection-state', { state: 'disconnected', reason: (err as RtcError).code })
        throw err
      }
    },
    async publish() {
      const c = client
      if (!c || !joined || joined.role === 'audience') return false // an audience watches only
      const state = local.mic || local.camera ? { camera: local.camera ? 'ok' : 'missing', mic: local.mic ? 'ok' : 'missing' } as const : await openDevices()
      const tracks = publishable()
      if (tracks.length && client === c) await c.publish(tracks)
      // the call goes on with what works (audio only, or watching only); the UI tells the user the rest
      events.emit('local-media', state)
      return tracks.length > 0
    },
    async subscribe(uid, el) {
      const c = client
      if (!c) throw new RtcError('INVALID_OPERATION', 'not in a channel')
      let track
      try {
        track = await c.subscribe(agoraUid(uid), 'video')
      } catch (err) {
        throw toRtcError(err)
      }
      // a paid call may begin billing only once the remote picture is really there
      track.on('first-frame-decoded', () => events.emit('first-frame', { uid }))
      track.play(el)
    },
    playLocal(el) {
      local.camera?.play(el)
    },
    async leave() {
      closeTracks()
      joined = null
      await dropClient(client)
    },
    on: (ev, fn) => events.on(ev, fn),
  }
}

type SdkCode = `${AgoraRTCErrorCode}`
const codeOf = (err: unknown): SdkCode | '' => String((err as { code?: unknown })?.code ?? '') as SdkCode | ''

function deviceState(r: PromiseSettledResult<unknown>): LocalDeviceState {
  if (r.status === 'fulfilled') return 'ok'
  const code = codeOf(r.reason)
  if (code === 'PERMISSION_DENIED') return 'denied'
  if (code === 'DEVICE_NOT_FOUND') return 'missing'
  return 'failed'
}

/** The SDK's failures as RtcErrors with its own codes; a live room acts on UID_CONFLICT and
 *  ALREADY_CONNECTED (d2 §4.1), the SDK's INVALID_OPERATION "already connecting/connected". */
function toRtcError(err: unknown): RtcError {
  if (err instanceof RtcError) return err
  const code = codeOf(err)
  const msg = String((err as Error)?.message ?? err)
  if (code === 'INVALID_OPERATION' && /already|connect/i.test(msg)) return new RtcError('ALREADY_CONNECTED', msg)
  return new RtcError(code || 'UNEXPECTED_ERROR', msg)
}
