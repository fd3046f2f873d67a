import { test } from 'uvu'
import * as assert from 'uvu/assert'
import WebSocket from 'ws'
import { createHarnessRtc } from './harness.ts'
import { initials } from './generated-video.ts'
import type { SocketClass } from '../realtime.ts'
import { createRtcService, type RtcService } from '../../harness/rtc.ts'
import type { RtcTokenSource } from './types.ts'
import { fakeCtx, serve, user } from '../../harness/upgrade-test-kit.ts'
import { waitFor } from '../../test/wait.ts'

const Socket = WebSocket as unknown as SocketClass
const noCamera = { getUserMedia: async () => Promise.reject(new Error('NotFoundError')), enumerateDevices: async () => [] as MediaDeviceInfo[] }

/** a server's grants, here for the uid the test names (the token endpoint is tested in harness/rtc.test.ts) */
const grants = (service: RtcService): RtcTokenSource => async ({ channel, role, uid }) => service.issue({ channel, uid: uid!, role })

async function setup(media: any = noCamera) {
  const service = createRtcService(fakeCtx([user(1), user(2, { nickname: 'Lina Host', yxAccid: 'host2' })]))
  const srv = await serve(service)
  const rtc = createHarnessRtc({ url: `${srv.base}/rtc`, WebSocket: Socket, media, retryMs: 5, tokens: grants(service) })
  const log: string[] = []
  rtc.on('connection-state', (e) => log.push(`state:${e.state}`))
  rtc.on('user-joined', (e) => log.push(`joined:${e.uid}`))
  rtc.on('user-left', (e) => log.push(`left:${e.uid}`))
  rtc.on('user-published', (e) => log.push(`pub:${e.uid}:${e.mediaType}`))
  rtc.on('network-quality', (e) => log.push(`q:${e.downlink}`))
  return { service, srv, rtc, log }
}

test('HAR-02 harness RTC: join, the host appears and publishes, subscribe draws a generated video', async () => {
  const { service, srv, rtc, log } = await setup()
  await rtc.join({ channel: 'ch1', uid: 'acc1' })
  service.hostJoin('ch1', 'host2')
  await waitFor(() => log.includes('pub:2:audio'))
  assert.equal(log.slice(0, 2), ['state:connecting', 'state:connected'])
  assert.ok(log.includes('joined:2') && log.includes('pub:2:video'))
  const el = document.createElement('div')
  await rtc.subscribe('2', el)
  const video = el.querySelector('[data-generated-video]')
  assert.ok(video, 'a generated video element is attached')
  assert.is(video!.getAttribute('data-generated-video'), 'Lina Host')
  const err = await rtc.subscribe('nobody', el).catch((e) => e)
  assert.is(err.code, 'INVALID_REMOTE_USER')
  service.setQuality('ch1', 5)
  await waitFor(() => log.includes('q:5'))
  service.hostLeave('ch1', 'host2')
  await waitFor(() => log.includes('left:2'))
  assert.is(el.querySelector('[data-generated-video]'), null, 'the picture goes with the host')
  await rtc.leave()
  assert.is(log[log.length - 1], 'state:disconnected')
  await waitFor(() => service.channels().length === 0)
  await srv.close()
})

test('HAR-02 harness RTC: without a camera publish resolves false and playLocal does nothing', async () => {
  const { srv, rtc } = await setup()
  await rtc.join({ channel: 'ch2', uid: 'acc1' })
  assert.is(await rtc.publish(), false)
  const el = document.createElement('div')
  rtc.playLocal(el)
  // the positive sign: a later look for the camera has its answer, so the preview's look has had its own
  assert.is(await rtc.publish(), false)
  assert.is(el.children.length, 0)
  await rtc.leave()
  await srv.close()
})

test('HAR-02 harness RTC: with a camera publish announces video and audio to the channel', async () => {
  const stopped: string[] = []
  const stream = new MediaStream()
  stream.getTracks = () => [{ stop: () => stopped.push('track') }] as unknown as MediaStreamTrack[]
  stream.getVideoTracks = () => [{}] as MediaStreamTrack[]
  stream.getAudioTracks = () => [{}] as MediaStreamTrack[]
  const camera = {
    getUserMedia: async () => stream,
    enumerateDevices: async () => [{ kind: 'videoinput' }] as MediaDeviceInfo[],
  }
  const { service, srv, rtc } = await setup(camera)
  // the host's side of the channel is a plain socket here
  const other = createHarnessRtc({ url: `${srv.base}/rtc`, WebSocket: Socket, media: noCamera, tokens: grants(service) })
  const seen: string[] = []
  other.on('user-published', (e) => seen.push(`${e.uid}:${e.mediaType}`))
  await other.join({ channel: 'ch3', uid: 'host2' })
  await rtc.join({ channel: 'ch3', uid: 'acc1' })
  assert.is(await rtc.publish(), true)
  await waitFor(() => seen.length === 2)
  assert.equal(seen, ['acc1:video', 'acc1:audio'])
  const el = document.createElement('div')
  rtc.playLocal(el)
  await waitFor(() => el.querySelector('[data-local-video]') !== null)
  await rtc.leave()
  assert.equal(stopped, ['track'])
  await other.leave()
  await waitFor(() => service.channels().length === 0)
  await srv.close()
})

test('CALL-09 harness RTC: a lost connection reports reconnecting, then rejoins the channel', async () => {
  const { service, srv, rtc, log } = await setup()
  service.hostJoin('ch5', 'host2')
  await rtc.join({ channel: 'ch5', uid: 'acc1' })
  await waitFor(() => log.includes('pub:2:video'))
  const before = log.length
  assert.is(service.drop('ch5'), 1)
  await waitFor(() => log.slice(before).includes('state:reconnecting'))
  await waitFor(() => log.slice(before).includes('state:connected'))
  assert.equal(service.channels(), [{ channel: 'ch5', uids: ['2', 'acc1'] }])
  // the host never left, so it is not announced twice
  assert.is(log.filter((l) => l === 'joined:2').length, 1)
  await rtc.leave()
  await srv.close()
})

test('CALL-09 harness RTC: the camera refused, the microphone works: publish audio, say so; first-frame follows the drawn picture', async () => {
  const mic = { getTracks: () => [{ kind: 'audio', stop() {} }] }
  const media = {
    getUserMedia: async (c: MediaStreamConstraints) => {
      if (c.video) throw Object.assign(new Error('denied'), { name: 'NotAllowedError' })
      return mic
    },
  }
  const g = globalThis as any
  const Real = g.MediaStream
  g.MediaStream = class {
    constructor(private tracks: any[]) {}
    getTracks = () => this.tracks
    getVideoTracks = () => this.tracks.filter((t: any) => t.kind === 'video')
    getAudioTracks = () => this.tracks.filter((t: any) => t.kind === 'audio')
  }
  try {
    const { service, srv, rtc } = await setup(media)
    const seen: unknown[] = []
    rtc.on('local-media', (e) => seen.push(e))
    rtc.on('first-frame', (e) => seen.push(e))
    service.hostJoin('ch7', 'host2')
    await rtc.join({ channel: 'ch7', uid: 'acc1' })
    assert.is(await rtc.publish(), true)
    assert.equal(seen, [{ camera: 'denied', mic: 'ok' }])
    await waitFor(() => service.channels()[0]?.uids.includes('acc1'))
    await rtc.subscribe('2', document.createElement('div'))
    assert.equal(seen[1], { uid: '2' })
    await rtc.leave()
    await srv.close()
  } finally {
    g.MediaStream = Real
  }
})

test('HAR-02 generated video initials', () => {
  assert.is(initials('Lina Host'), 'LH')
  assert.is(initials('mona'), 'MO')
  assert.is(initials('  '), '?')
  assert.is(initials('نور الهدى'), 'نا')
})

test.run()
