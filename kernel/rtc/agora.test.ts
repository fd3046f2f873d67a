import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { agoraUid, createAgoraRtc } from './agora.ts'
import { fakeAgora, sdkError, type FakeAgoraOptions } from './agora-testkit.ts'
import { fakeTimers } from '../../test/fake-timers.ts'
import { waitFor } from '../../test/wait.ts'
import type { RtcTokenSource } from './types.ts'

// the server's grants: a member joins as their user id, whatever the caller guessed
function tokens(uid = '100001') {
  const asked: unknown[] = []
  let n = 0
  const source: RtcTokenSource = async (req) => {
    asked.push(req)
    return { token: `tok-${++n}`, uid, expireSeconds: 3600 }
  }
  return { source, asked }
}
function setup(o: FakeAgoraOptions = {}, uid?: string) {
  const f = fakeAgora(o)
  const t = tokens(uid)
  const timers = fakeTimers()
  const rtc = createAgoraRtc({ appId: 'agora-app', sdk: f.sdk, tokens: t.source, timers })
  return { f, t, rtc, timers }
}

test('BLD-01 Agora adapter: vp9 rtc client, joins with the server\'s token and numeric uid, 480p tracks, publish, subscribe, leave', async () => {
  const { f, t, rtc } = setup()
  await rtc.join({ channel: 'ch1', uid: 'whatever' })
  assert.equal(t.asked, [{ channel: 'ch1', role: 'host', uid: 'whatever' }])
  assert.equal(f.calls[0], ['createClient', { mode: 'rtc', codec: 'vp9' }])
  assert.equal(f.calls[1], ['join', 'rtc', 'agora-app', 'ch1', 'tok-1', 100001])
  assert.is(await rtc.publish(), true)
  assert.equal(f.calls[2], ['tracks', {}, { encoderConfig: '480p' }])
  assert.equal(f.calls[3], ['publish', 'rtc', 2])
  const el = document.createElement('div')
  el.id = 'remote'
  await rtc.subscribe('42', el)
  assert.equal(f.calls[4], ['subscribe', 'rtc', 42, 'video'])
  const local = document.createElement('div')
  local.id = 'local'
  rtc.playLocal(local)
  assert.equal(f.played, ['remote-video:remote', 'camera:local'])
  await rtc.leave()
  assert.equal(f.calls.slice(-5), [['stop', 'mic'], ['close', 'mic'], ['stop', 'camera'], ['close', 'camera'], ['leave', 'rtc']])
})

test('CALL-09 Agora adapter: a join that cannot reach Agora fails NETWORK_ERROR at 10 s, leaves, and keeps no listener', async () => {
  const { f, rtc, timers } = setup({ unreachable: true })
  const states: string[] = []
  rtc.on('connection-state', (e) => states.push(e.state))
  let outcome: any = 'pending'
  rtc.join({ channel: 'c', uid: '1' }).then(() => (outcome = 'joined'), (e) => (outcome = e))
  await timers.tickAsync(9_999)
  assert.is(outcome, 'pending')
  await timers.tickAsync(1)
  await waitFor(() => outcome !== 'pending')
  assert.is(outcome.code, 'NETWORK_ERROR')
  assert.ok(f.calls.some((c) => c[0] === 'leave'), 'the SDK was told to stop trying')
  assert.equal(states, ['connecting', 'disconnecting', 'disconnected', 'disconnected'])
  assert.is(f.listenerCount(), 0)
})

test('CALL-09 Agora adapter: a second join leaves the first client and removes its listeners', async () => {
  const { f, rtc } = setup()
  await rtc.join({ channel: 'a', uid: '1' })
  const after = f.listenerCount()
  await rtc.join({ channel: 'b', uid: '1' })
  assert.is(f.listenerCount(), after, 'only the new client listens')
  await rtc.leave()
  assert.is(f.listenerCount(), 0)
})

test('CALL-09 Agora adapter: the token is renewed before it expires, and a join again once it expired', async () => {
  const { f, t, rtc } = setup()
  await rtc.join({ channel: 'c', uid: '1' })
  f.fire('token-privilege-will-expire')
  await waitFor(() => f.calls.some((c) => c[0] === 'renew'))
  assert.equal(f.calls.find((c) => c[0] === 'renew'), ['renew', 'rtc', 'tok-2'])
  assert.equal(t.asked[1], { channel: 'c', uid: '100001', role: 'host' })
  f.fire('token-privilege-did-expire')
  await waitFor(() => f.calls.filter((c) => c[0] === 'join').length === 2)
  assert.equal(f.calls.filter((c) => c[0] === 'join')[1], ['join', 'rtc', 'agora-app', 'c', 'tok-3', 100001])
})

test('CALL-09 Agora adapter: no camera: the call goes on with the microphone and says so', async () => {
  const { f, rtc } = setup({ camera: 'DEVICE_NOT_FOUND' })
  const media: unknown[] = []
  rtc.on('local-media', (e) => media.push(e))
  await rtc.join({ channel: 'c', uid: '1' })
  assert.is(await rtc.publish(), true)
  assert.equal(media, [{ camera: 'missing', mic: 'ok' }])
  assert.equal(f.calls.find((c) => c[0] === 'publish'), ['publish', 'rtc', 1])
})

test('CALL-09 Agora adapter: camera and microphone refused: watch only, publish false, the user is told', async () => {
  const { f, rtc } = setup({ camera: 'PERMISSION_DENIED', mic: 'NOT_READABLE' })
  const media: unknown[] = []
  rtc.on('local-media', (e) => media.push(e))
  await rtc.join({ channel: 'c', uid: '1' })
  assert.is(await rtc.publish(), false)
  assert.equal(media, [{ camera: 'denied', mic: 'failed' }])
  assert.not.ok(f.calls.some((c) => c[0] === 'publish'))
})

test("CALL-09 Agora adapter: 'first-frame' comes from the remote video track's first-frame-decoded", async () => {
  const { f, rtc } = setup()
  const frames: unknown[] = []
  rtc.on('first-frame', (e) => frames.push(e))
  await rtc.join({ channel: 'c', uid: '1' })
  await rtc.subscribe('42', document.createElement('div'))
  assert.equal(frames, [], 'subscribed is not yet seen')
  f.remoteVideo.fire('first-frame-decoded')
  assert.equal(frames, [{ uid: '42' }])
})

test('CALL-09 Agora adapter: SDK events become RtcClient events; remote audio plays by itself; autoplay refusal is told', async () => {
  const { f, rtc } = setup()
  const log: string[] = []
  rtc.on('connection-state', (e) => log.push(`state:${e.state}:${e.reason ?? ''}`))
  rtc.on('network-quality', (e) => log.push(`q:${e.uplink}/${e.downlink}`))
  rtc.on('user-joined', (e) => log.push(`joined:${e.uid}`))
  rtc.on('user-left', (e) => log.push(`left:${e.uid}:${e.reason}`))
  rtc.on('user-published', (e) => log.push(`pub:${e.uid}:${e.mediaType}`))
  rtc.on('user-unpublished', (e) => log.push(`unpub:${e.uid}:${e.mediaType}`))
  rtc.on('autoplay-blocked', () => log.push('autoplay'))
  await rtc.join({ channel: 'c', uid: '5' })
  log.length = 0
  f.fire('connection-state-change', 'RECONNECTING', 'CONNECTED', 'NETWORK_ERROR')
  f.fire('network-quality', { uplinkNetworkQuality: 2, downlinkNetworkQuality: 5 })
  f.fire('user-joined', f.remote)
  f.fire('user-published', f.remote, 'audio')
  f.fire('user-unpublished', f.remote, 'video')
  f.fire('user-left', f.remote, 'Quit')
  f.autoplayFailed()
  assert.equal(log, ['state:reconnecting:NETWORK_ERROR', 'q:2/5', 'joined:42', 'pub:42:audio', 'unpub:42:video', 'left:42:Quit', 'autoplay'])
  await waitFor(() => f.played.length)
  assert.equal(f.played, ['remote-audio:speaker'])
})

test('LIVE-02 Agora adapter: a live room is a vp9 live client joined as audience; it never publishes', async () => {
  const { f, t, rtc } = setup()
  await rtc.join({ channel: 'live_1', uid: '100001', role: 'audience' })
  assert.equal(t.asked, [{ channel: 'live_1', role: 'audience', uid: '100001' }])
  assert.equal(f.calls.slice(0, 3), [['createClient', { mode: 'live', codec: 'vp9' }], ['role', 'live', 'audience'], ['join', 'live', 'agora-app', 'live_1', 'tok-1', 100001]])
  assert.is(await rtc.publish(), false)
  assert.not.ok(f.calls.some((c) => c[0] === 'tracks' || c[0] === 'publish'))
  await rtc.join({ channel: 'call_1', uid: '100001' })
  assert.ok(f.calls.some((c) => c[0] === 'leave' && c[1] === 'live'))
  assert.ok(f.calls.some((c) => c[0] === 'createClient' && (c[1] as { mode: string }).mode === 'rtc'))
})

test("LIVE-02 Agora adapter: the SDK's UID conflict and already-connected errors come out as their codes", async () => {
  const code = async (err: Error) => (await setup({ joinError: err }).rtc.join({ channel: 'c', uid: '1', role: 'audience' }).catch((e) => e)).code
  assert.is(await code(sdkError('UID_CONFLICT', 'uid conflict')), 'UID_CONFLICT')
  assert.is(await code(sdkError('INVALID_OPERATION', '[client-join] Client already in connecting/connected state')), 'ALREADY_CONNECTED')
  assert.is(await code(sdkError('CAN_NOT_GET_GATEWAY_SERVER', 'invalid token, authorized failed')), 'CAN_NOT_GET_GATEWAY_SERVER')
})

test('BLD-01 Agora uids and a missing app id', () => {
  assert.is(agoraUid('123'), 123)
  assert.is(agoraUid('99999999999'), '99999999999')
  assert.is(agoraUid('acc1'), 'acc1')
  assert.throws(() => createAgoraRtc({ appId: '', sdk: fakeAgora().sdk, tokens: tokens().source }), /agoraAppId/)
})

test.run()
