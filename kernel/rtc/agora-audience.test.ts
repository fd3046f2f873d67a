import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createAgoraRtc, type AgoraClient, type AgoraSdk } from './agora.ts'

// A fake agora-rtc-sdk-ng for the live room's audience role.
function fakeSdk(joinError?: { code: string; message: string }) {
  const calls: unknown[][] = []
  const client = (mode: string): AgoraClient => ({
    remoteUsers: [{ uid: 'host_1', videoTrack: { play: (el) => calls.push(['play', mode, (el as HTMLElement).id]) } }],
    async join(...a) {
      calls.push(['join', mode, ...a])
      if (joinError) throw Object.assign(new Error(joinError.message), { code: joinError.code })
      return a[3] ?? 1
    },
    async leave() {
      calls.push(['leave', mode])
    },
    async publish() {
      calls.push(['publish', mode])
    },
    async subscribe(u, m) {
      calls.push(['subscribe', mode, u.uid, m])
    },
    on() {},
    async setClientRole(role) {
      calls.push(['role', mode, role])
    },
  })
  const sdk: AgoraSdk = {
    createClient(cfg) {
      calls.push(['createClient', cfg])
      return client(cfg.mode)
    },
    async createMicrophoneAndCameraTracks() {
      calls.push(['tracks'])
      return [{}, {}]
    },
  }
  return { sdk, calls }
}

test('LIVE-02 Agora adapter: a live room is a vp9 live client joined as audience; it never publishes', async () => {
  const f = fakeSdk()
  const rtc = createAgoraRtc({ appId: 'app', sdk: f.sdk })
  await rtc.join({ channel: 'live_1', uid: '100001', role: 'audience' })
  assert.equal(f.calls.slice(0, 3), [['createClient', { mode: 'live', codec: 'vp9' }], ['role', 'live', 'audience'], ['join', 'live', 'app', 'live_1', null, 100001]])
  assert.is(await rtc.publish(), false)
  assert.not.ok(f.calls.some((c) => c[0] === 'tracks' || c[0] === 'publish'))
  const el = document.createElement('div')
  el.id = 'stage'
  await rtc.subscribe('host_1', el)
  assert.equal(f.calls.slice(-2), [['subscribe', 'live', 'host_1', 'video'], ['play', 'live', 'stage']])
  // a call afterwards gets an rtc client; the live one is left
  await rtc.join({ channel: 'call_1', uid: '100001' })
  assert.ok(f.calls.some((c) => c[0] === 'leave' && c[1] === 'live'))
  assert.ok(f.calls.some((c) => c[0] === 'createClient' && (c[1] as { mode: string }).mode === 'rtc'))
})

test("LIVE-02 Agora adapter: the SDK's UID conflict and already-connected errors come out as their codes", async () => {
  const conflict = createAgoraRtc({ appId: 'app', sdk: fakeSdk({ code: 'UID_CONFLICT', message: 'uid conflict' }).sdk })
  assert.is((await conflict.join({ channel: 'c', uid: '1', role: 'audience' }).catch((e) => e)).code, 'UID_CONFLICT')
  const twice = createAgoraRtc({ appId: 'app', sdk: fakeSdk({ code: 'INVALID_OPERATION', message: '[client-join] Client already in connecting/connected state' }).sdk })
  assert.is((await twice.join({ channel: 'c', uid: '1', role: 'audience' }).catch((e) => e)).code, 'ALREADY_CONNECTED')
  const other = createAgoraRtc({ appId: 'app', sdk: fakeSdk({ code: 'NETWORK_ERROR', message: 'down' }).sdk })
  assert.is((await other.join({ channel: 'c', uid: '1' }).catch((e) => e)).code, 'NETWORK_ERROR')
})

test.run()
