// RtcClient over the Agora Web SDK (agora-rtc-sdk-ng). The SDK module is handed in by
// kernel/rtc/index.ts, which loads it with a dynamic import so it never enters the first
// bundle; tests hand in a fake. d1 §9: codec vp9, 480p encoding.
import { createEmitter } from '../im/emitter.ts'
import { RtcError } from './errors.ts'
import type { RtcClient, RtcConnectionState, RtcEvents } from './types.ts'

type Uid = string | number

export interface AgoraTrack {
  play?(el: HTMLElement): void
  stop?(): void
  close?(): void
}
export interface AgoraRemoteUser {
  uid: Uid
  videoTrack?: AgoraTrack
  audioTrack?: AgoraTrack
}
export interface AgoraClient {
  remoteUsers: AgoraRemoteUser[]
  join(appId: string, channel: string, token: string | null, uid?: Uid | null): Promise<Uid>
  leave(): Promise<void>
  publish(tracks: AgoraTrack[]): Promise<void>
  subscribe(user: AgoraRemoteUser, mediaType: 'video' | 'audio'): Promise<unknown>
  on(ev: string, fn: (...args: any[]) => void): void
  /** live mode only */
  setClientRole?(role: 'host' | 'audience'): Promise<void>
}
/** The slice of the SDK this adapter uses. */
export interface AgoraSdk {
  createClient(config: { mode: 'rtc' | 'live'; codec: 'vp9' }): AgoraClient
  createMicrophoneAndCameraTracks(audio?: object, video?: { encoderConfig: string }): Promise<[AgoraTrack, AgoraTrack]>
}

/** The SDK however the bundler wrapped it (named ESM exports, or a default object). */
export function agoraFromModule(mod: unknown): AgoraSdk {
  const layers = [mod, (mod as any)?.default, (mod as any)?.AgoraRTC].filter(Boolean) as any[]
  const sdk = layers.find((l) => typeof l.createClient === 'function' && typeof l.createMicrophoneAndCameraTracks === 'function')
  if (!sdk) throw new Error('agora-rtc-sdk-ng: createClient not found in the module')
  return sdk
}

/** Agora keeps numeric and string uids apart; ours are strings, numeric ones go as numbers. */
export const agoraUid = (uid: string): Uid => (/^\d{1,10}$/.test(uid) && Number(uid) < 2 ** 32 ? Number(uid) : uid)

export function createAgoraRtc(opts: { appId: string; sdk: AgoraSdk }): RtcClient {
  if (!opts.appId) throw new Error('agoraAppId is missing from the app config')
  const events = createEmitter<RtcEvents>()
  let client: AgoraClient | null = null
  let mode: 'rtc' | 'live' = 'rtc'
  let tracks: [AgoraTrack, AgoraTrack] | null = null

  // a call is an 'rtc' channel; a live room is a 'live' channel joined as audience (d2 §4.1)
  const getClient = (want: 'rtc' | 'live' = mode) => {
    if (client && mode === want) return client
    // a call after a live room (or the other way): the old client goes
    if (client) void client.leave().catch(() => undefined)
    mode = want
    const c = (client = opts.sdk.createClient({ mode: want, codec: 'vp9' }))
    c.on('connection-state-change', (cur: string, _prev: string, reason?: string) =>
      events.emit('connection-state', { state: cur.toLowerCase() as RtcConnectionState, ...(reason && { reason }) }),
    )
    c.on('network-quality', (q: { uplinkNetworkQuality: number; downlinkNetworkQuality: number }) =>
      events.emit('network-quality', { uplink: q.uplinkNetworkQuality, downlink: q.downlinkNetworkQuality }),
    )
    c.on('user-joined', (u: AgoraRemoteUser) => events.emit('user-joined', { uid: String(u.uid) }))
    c.on('user-left', (u: AgoraRemoteUser, reason?: string) => events.emit('user-left', { uid: String(u.uid), ...(reason && { reason }) }))
    c.on('user-published', (u: AgoraRemoteUser, mediaType: 'video' | 'audio') => {
      // the interface has no audio element: a remote voice is played as soon as it appears
      if (mediaType === 'audio')
        c.subscribe(u, 'audio').then(
          () => u.audioTrack?.play?.(undefined as unknown as HTMLElement),
          () => undefined,
        )
      events.emit('user-published', { uid: String(u.uid), mediaType })
    })
    c.on('user-unpublished', (u: AgoraRemoteUser, mediaType: 'video' | 'audio') =>
      events.emit('user-unpublished', { uid: String(u.uid), mediaType }),
    )
    return c
  }

  const closeTracks = () => {
    tracks?.forEach((t) => {
      t.stop?.()
      t.close?.()
    })
    tracks = null
  }

  return {
    async join({ channel, uid, token, role }) {
      const c = getClient(role === 'audience' ? 'live' : 'rtc')
      try {
        if (role === 'audience') await c.setClientRole?.('audience')
        await c.join(opts.appId, channel, token ?? null, agoraUid(uid))
      } catch (err) {
        throw liveError(err)
      }
    },
    async publish() {
      if (mode === 'live') return false // an audience watches only
      if (!tracks) {
        try {
          tracks = await opts.sdk.createMicrophoneAndCameraTracks({}, { encoderConfig: '480p' })
        } catch {
          return false // no camera or microphone, or permission refused
        }
      }
      await getClient().publish(tracks)
      return true
    },
    async subscribe(uid, el) {
      const c = getClient()
      const user = c.remoteUsers.find((u) => String(u.uid) === uid)
      if (!user) throw new RtcError('INVALID_REMOTE_USER', `user ${uid} is not in the channel`)
      await c.subscribe(user, 'video')
      user.videoTrack?.play?.(el)
    },
    playLocal(el) {
      tracks?.[1].play?.(el)
    },
    async leave() {
      closeTracks()
      if (client) await client.leave()
    },
    on: (ev, fn) => events.on(ev, fn),
  }
}

/** The SDK's join failures a live room acts on (d2 §4.1: UID conflict, already connected), as RtcErrors. */
function liveError(err: unknown): unknown {
  const code = String((err as { code?: unknown })?.code ?? '')
  const msg = String((err as Error)?.message ?? err)
  if (code === 'UID_CONFLICT') return new RtcError('UID_CONFLICT', msg)
  if (code === 'INVALID_OPERATION' && /already|connect/i.test(msg)) return new RtcError('ALREADY_CONNECTED', msg)
  return err
}
