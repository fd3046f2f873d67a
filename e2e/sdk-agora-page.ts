// The page of e2e/sdk-agora.e2e.ts: the app's real RTC loader (kernel/rtc/load.ts) with the real
// agora-rtc-sdk-ng, in production mode, and the SDK module itself for what only it can tell.
import { loadRtc } from '../kernel/rtc/load.ts'
import { createAgoraRtc } from '../kernel/rtc/agora.ts'
import type { ApiClient } from '../kernel/api.ts'
import type { AppConfig } from '../kernel/config.ts'

const config = { mode: 'production', agoraAppId: '0123456789abcdef0123456789abcdef' } as AppConfig
// the app server's answer (the harness's shape); the SDK is what is under test here
const api: ApiClient = { post: async <T>() => ({ token: '006-offline-test-token', uid: '100001', expireSeconds: 3600 }) as T }

const probe = {
  /** load, construct, join with the network cut: how and when the join ends, what stays behind */
  async join() {
    // the app's loader must load the module and make an adapter; the join below goes through the
    // same adapter over the same module, with createClient watched to see what each client keeps
    await loadRtc(config, api)
    const sdk = await import('agora-rtc-sdk-ng/esm')
    const made: Array<ReturnType<typeof sdk.createClient>> = []
    const watched = { ...sdk, createClient: (c: Parameters<typeof sdk.createClient>[0]) => made[made.push(sdk.createClient(c)) - 1] }
    const rtc = createAgoraRtc({ appId: config.agoraAppId!, sdk: watched, tokens: async () => ({ token: '006-offline-test-token', uid: '100001', expireSeconds: 3600 }) })
    const states: string[] = []
    rtc.on('connection-state', (e) => states.push(e.state))
    const started = performance.now()
    const joining = rtc.join({ channel: 'offline-check', uid: '100001' }).then(
      () => null,
      (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
    )
    const error = await joining
    const ms = Math.round(performance.now() - started)
    await rtc.leave()
    const events = ['connection-state-change', 'user-published', 'network-quality', 'token-privilege-will-expire']
    return {
      error,
      ms,
      states,
      clients: made.map((c) => ({ state: c.connectionState, listeners: events.reduce((n, ev) => n + c.getListeners(ev).length, 0) })),
    }
  },
  /** the module's shape, and the local tracks from this browser's devices (fake ones, or none) */
  async devices() {
    const sdk = await import('agora-rtc-sdk-ng/esm')
    const out = { named: typeof sdk.createClient === 'function' && typeof sdk.onAutoplayFailed === 'function', hasDefault: 'default' in sdk, mic: '', camera: '' }
    for (const [name, make] of [
      ['mic', () => sdk.createMicrophoneAudioTrack()],
      ['camera', () => sdk.createCameraVideoTrack({ encoderConfig: '480p' })],
    ] as const) {
      try {
        const t = await make()
        t.close()
        out[name] = 'ok'
      } catch (e) {
        out[name] = String((e as { code?: string }).code)
      }
    }
    return out
  },
}
;(window as unknown as { probe: typeof probe }).probe = probe
