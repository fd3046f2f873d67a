import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { agoraFromModule, agoraUid, createAgoraRtc, type AgoraClient, type AgoraRemoteUser, type AgoraSdk, type AgoraTrack } from './agora.ts'
import { waitFor } from '../../test/wait.ts'

// A fake agora-rtc-sdk-ng recording what the adapter asks of it.
function fakeSdk(opts: { noDevices?: boolean } = {}) {
  const calls: any[] = []
  const handlers = new Map<string, (...a: any[]) => void>()
  const played: string[] = []
  const track = (name: string): AgoraTrack => ({
    play: (el) => played.push(`${name}:${el ? (el as HTMLElement).id : 'speaker'}`),
    stop: () => calls.push(['stop', name]),
    close: () => calls.push(['close', name]),
  })
  const remote: AgoraRemoteUser = { uid: 42, videoTrack: track('remote-video'), audioTrack: track('remote-audio') }
  const client: AgoraClient = {
    remoteUsers: [remote],
    async join(...a) {
      calls.push(['join', ...a])
      return a[3] ?? 1
    },
    async leave() {
      calls.push(['leave'])
    },
    async publish(tracks) {
      calls.push(['publish', tracks.length])
    },
    async subscribe(u, m) {
      calls.push(['subscribe', u.uid, m])
      return {}
    },
    on(ev, fn) {
      handlers.set(ev, fn)
    },
  }
  const sdk: AgoraSdk = {
    createClient(cfg) {
      calls.push(['createClient', cfg])
      return client
    },
    async createMicrophoneAndCameraTracks(audio, video) {
      calls.push(['createTracks', audio, video])
      if (opts.noDevices) throw Object.assign(new Error('no device'), { code: 'DEVICE_NOT_FOUND' })
      return [track('mic'), track('cam')]
    },
  }
  return { sdk, calls, fire: (ev: string, ...a: any[]) => handlers.get(ev)!(...a), played, remote }
}

test('BLD-01 Agora adapter: vp9 rtc client, join with app id, 480p tracks, publish, subscribe, leave', async () => {
  const f = fakeSdk()
  const rtc = createAgoraRtc({ appId: 'agora-app', sdk: f.sdk })
  await rtc.join({ channel: 'ch1', uid: '1001', token: 'rtc-token' })
  assert.equal(f.calls[0], ['createClient', { mode: 'rtc', codec: 'vp9' }])
  assert.equal(f.calls[1], ['join', 'agora-app', 'ch1', 'rtc-token', 1001])
  assert.is(await rtc.publish(), true)
  assert.equal(f.calls[2], ['createTracks', {}, { encoderConfig: '480p' }])
  assert.equal(f.calls[3], ['publish', 2])
  const el = document.createElement('div')
  el.id = 'remote'
  await rtc.subscribe('42', el)
  assert.equal(f.calls[4], ['subscribe', 42, 'video'])
  const local = document.createElement('div')
  local.id = 'local'
  rtc.playLocal(local)
  assert.equal(f.played, ['remote-video:remote', 'cam:local'])
  assert.is((await rtc.subscribe('7', el).catch((e) => e)).code, 'INVALID_REMOTE_USER')
  await rtc.leave()
  assert.equal(f.calls.slice(-5), [['stop', 'mic'], ['close', 'mic'], ['stop', 'cam'], ['close', 'cam'], ['leave']])
})

test('BLD-01 Agora adapter: without devices publish resolves false and publishes nothing', async () => {
  const f = fakeSdk({ noDevices: true })
  const rtc = createAgoraRtc({ appId: 'a', sdk: f.sdk })
  await rtc.join({ channel: 'c', uid: 'viewer-x' })
  assert.equal(f.calls[1], ['join', 'a', 'c', null, 'viewer-x'])
  assert.is(await rtc.publish(), false)
  assert.not.ok(f.calls.some((c) => c[0] === 'publish'))
  rtc.playLocal(document.createElement('div')) // no-op, no throw
})

test('CALL-09 Agora adapter: SDK events become RtcClient events; remote audio plays by itself', async () => {
  const f = fakeSdk()
  const rtc = createAgoraRtc({ appId: 'a', sdk: f.sdk })
  const log: string[] = []
  rtc.on('connection-state', (e) => log.push(`state:${e.state}:${e.reason ?? ''}`))
  rtc.on('network-quality', (e) => log.push(`q:${e.uplink}/${e.downlink}`))
  rtc.on('user-joined', (e) => log.push(`joined:${e.uid}`))
  rtc.on('user-left', (e) => log.push(`left:${e.uid}:${e.reason}`))
  rtc.on('user-published', (e) => log.push(`pub:${e.uid}:${e.mediaType}`))
  rtc.on('user-unpublished', (e) => log.push(`unpub:${e.uid}:${e.mediaType}`))
  await rtc.join({ channel: 'c', uid: '5' })
  f.fire('connection-state-change', 'RECONNECTING', 'CONNECTED', 'NETWORK_ERROR')
  f.fire('network-quality', { uplinkNetworkQuality: 2, downlinkNetworkQuality: 5 })
  f.fire('user-joined', f.remote)
  f.fire('user-published', f.remote, 'audio')
  f.fire('user-unpublished', f.remote, 'video')
  f.fire('user-left', f.remote, 'Quit')
  assert.equal(log, ['state:reconnecting:NETWORK_ERROR', 'q:2/5', 'joined:42', 'pub:42:audio', 'unpub:42:video', 'left:42:Quit'])
  await waitFor(() => f.played.length)
  assert.ok(f.calls.some((c) => c[0] === 'subscribe' && c[2] === 'audio'))
  assert.equal(f.played, ['remote-audio:speaker'])
})

test('BLD-01 Agora module shapes, uids and a missing app id', () => {
  const { sdk } = fakeSdk()
  assert.is(agoraFromModule(sdk), sdk)
  assert.is(agoraFromModule({ default: sdk }), sdk)
  assert.throws(() => agoraFromModule({}), /createClient/)
  assert.is(agoraUid('123'), 123)
  assert.is(agoraUid('99999999999'), '99999999999')
  assert.is(agoraUid('acc1'), 'acc1')
  assert.throws(() => createAgoraRtc({ appId: '', sdk }), /agoraAppId/)
})

test.run()
