// A fake of the agora-rtc-sdk-ng slice kernel/rtc/agora.ts uses, replaying what the real SDK did
// in Chromium with the network cut (e2e/sdk-agora.e2e.ts): join emits CONNECTING first and, with
// no route to Agora, never settles; leave emits DISCONNECTING then DISCONNECTED (reason null); a
// missing device rejects DEVICE_NOT_FOUND, a refusal PERMISSION_DENIED, in the SDK's error shape.
import type { AgoraClient, AgoraSdk } from './agora.ts'

type Listener = (...a: any[]) => void

/** the SDK's error: an AgoraRTCException with its code and "AgoraRTCError CODE: ..." message */
export const sdkError = (code: string, detail: string) => Object.assign(new Error(`AgoraRTCError ${code}: ${detail}`), { name: 'AgoraRTCException', code })

export interface FakeAgoraOptions {
  /** join never settles (no route to Agora's servers) */
  unreachable?: boolean
  /** join rejects with this SDK error */
  joinError?: Error
  mic?: 'ok' | 'DEVICE_NOT_FOUND' | 'PERMISSION_DENIED' | 'NOT_READABLE'
  camera?: 'ok' | 'DEVICE_NOT_FOUND' | 'PERMISSION_DENIED' | 'NOT_READABLE'
}

export function fakeAgora(o: FakeAgoraOptions = {}) {
  const calls: unknown[][] = []
  const played: string[] = []
  const clients: Array<{ mode: string; listeners: Map<string, Listener[]> }> = []
  let autoplay: (() => void) | null = null
  const track = (name: string) => {
    const on = new Map<string, Listener>()
    return {
      play: (el?: HTMLElement) => played.push(`${name}:${el ? el.id : 'speaker'}`),
      stop: () => calls.push(['stop', name]),
      close: () => calls.push(['close', name]),
      on: (ev: string, fn: Listener) => void on.set(ev, fn),
      fire: (ev: string) => on.get(ev)?.(),
    }
  }
  const remoteVideo = track('remote-video')
  const device = (name: 'mic' | 'camera', what: string | undefined) =>
    !what || what === 'ok' ? Promise.resolve(track(name) as any) : Promise.reject(sdkError(what, `${name} failed`))

  const sdk: AgoraSdk = {
    createClient(cfg) {
      const mode = cfg?.mode ?? 'rtc'
      calls.push(['createClient', cfg])
      const listeners = new Map<string, Listener[]>()
      const emit = (ev: string, ...a: unknown[]) => listeners.get(ev)?.forEach((fn) => fn(...a))
      clients.push({ mode, listeners })
      const client: AgoraClient = {
        async join(appId, channel, token, uid) {
          calls.push(['join', mode, appId, channel, token, uid])
          emit('connection-state-change', 'CONNECTING', 'DISCONNECTED')
          if (o.unreachable) return new Promise<never>(() => undefined)
          if (o.joinError) {
            emit('connection-state-change', 'DISCONNECTED', 'CONNECTING')
            throw o.joinError
          }
          emit('connection-state-change', 'CONNECTED', 'CONNECTING')
          return uid ?? 1
        },
        async leave() {
          calls.push(['leave', mode])
          emit('connection-state-change', 'DISCONNECTING', 'CONNECTING')
          emit('connection-state-change', 'DISCONNECTED', 'DISCONNECTING')
        },
        async publish(tracks: any): Promise<any> {
          calls.push(['publish', mode, (tracks as unknown[]).length])
        },
        async subscribe(user: any, mediaType: any): Promise<any> {
          calls.push(['subscribe', mode, typeof user === 'object' ? user.uid : user, mediaType])
          return mediaType === 'video' ? remoteVideo : track('remote-audio')
        },
        on(ev: string, fn: Function) {
          listeners.set(ev, [...(listeners.get(ev) ?? []), fn as Listener])
        },
        removeAllListeners() {
          listeners.clear()
        },
        async renewToken(token) {
          calls.push(['renew', mode, token])
        },
        async setClientRole(role) {
          calls.push(['role', mode, role])
        },
      }
      return client as any
    },
    async createMicrophoneAndCameraTracks(audio, video) {
      calls.push(['tracks', audio, video])
      return Promise.all([device('mic', o.mic), device('camera', o.camera)]) as any
    },
    createMicrophoneAudioTrack: () => device('mic', o.mic),
    createCameraVideoTrack: () => device('camera', o.camera),
    onAutoplayFailed(fn) {
      autoplay = fn
    },
  }
  /** fire an SDK event on the newest client */
  const fire = (ev: string, ...a: unknown[]) => clients.at(-1)?.listeners.get(ev)?.forEach((fn) => fn(...a))
  /** listeners left on every client made so far */
  const listenerCount = () => clients.reduce((n, c) => n + [...c.listeners.values()].reduce((m, l) => m + l.length, 0), 0)
  return { sdk, calls, played, fire, remoteVideo, listenerCount, autoplayFailed: () => autoplay?.(), remote: { uid: 42 } }
}
