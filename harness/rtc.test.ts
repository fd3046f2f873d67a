import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createRtcService } from './rtc.ts'
import { client, fakeCtx, serve, user } from './upgrade-test-kit.ts'
import { waitFor } from '../test/wait.ts'

async function setup() {
  const rtc = createRtcService(fakeCtx([user(1), user(2, { nickname: 'Lina Host', yxAccid: 'host2' })]))
  const srv = await serve(rtc)
  return { rtc, srv, connect: () => client(`${srv.base}/rtc`) }
}

test('HAR-02 a viewer joins; hostJoin announces the host and its published video and audio', async () => {
  const { rtc, srv, connect } = await setup()
  const v = await connect()
  v.send({ op: 'join', channel: 'ch1', uid: 'acc1' })
  assert.equal(await v.next(), { event: 'joined', channel: 'ch1', users: [] })
  assert.equal(await v.next(), { event: 'network-quality', uplink: 1, downlink: 1 })
  rtc.hostJoin('ch1', 'host2')
  assert.equal(await v.next(), { event: 'user-joined', user: { uid: 'host2', name: 'Lina Host', media: [] } })
  assert.equal(await v.next(), { event: 'user-published', uid: 'host2', mediaType: 'video' })
  assert.equal(await v.next(), { event: 'user-published', uid: 'host2', mediaType: 'audio' })
  assert.equal(rtc.channels(), [{ channel: 'ch1', uids: ['acc1', 'host2'] }])
  rtc.hostLeave('ch1', 'host2')
  assert.equal(await v.next(), { event: 'user-left', uid: 'host2', reason: 'quit' })
  await srv.close()
})

test('HAR-02 a peer carries the user\'s picture (the harness avatar) for the generated video to animate', async () => {
  const rtc = createRtcService(fakeCtx([user(1), user(3, { nickname: 'Mona', yxAccid: 'host3', icon: '/__harness/avatar/3.svg' })]))
  const srv = await serve(rtc)
  const v = await client(`${srv.base}/rtc`)
  v.send({ op: 'join', channel: 'ch9', uid: 'acc1' })
  await v.next()
  await v.next()
  rtc.hostJoin('ch9', 'host3')
  assert.equal(await v.next(), { event: 'user-joined', user: { uid: 'host3', name: 'Mona', picture: '/__harness/avatar/3.svg', media: [] } })
  await srv.close()
})

test('HAR-02 a host already in the channel is listed on join; setQuality reaches the viewers', async () => {
  const { rtc, srv, connect } = await setup()
  rtc.hostJoin('ch2', 'host2')
  const v = await connect()
  v.send({ op: 'join', channel: 'ch2', uid: 'acc1' })
  const joined = await v.next()
  assert.equal(joined.users, [{ uid: 'host2', name: 'Lina Host', media: ['video', 'audio'] }])
  await v.next() // initial quality
  rtc.setQuality('ch2', 6)
  assert.equal(await v.next(), { event: 'network-quality', uplink: 6, downlink: 6 })
  rtc.setQuality('other', 3) // nobody there: nothing sent, nothing breaks
  await srv.close()
})

test('HAR-02 leave and a closed socket remove the viewer; bad requests get an error', async () => {
  const { rtc, srv, connect } = await setup()
  const v = await connect()
  v.send({ op: 'join', channel: '', uid: 'acc1' })
  assert.is((await v.next()).event, 'error')
  v.send({ op: 'publish', media: ['video'] })
  assert.is((await v.next()).code, 403)
  v.send('garbage')
  v.send({ op: 'join', channel: 'ch3', uid: 'acc1' })
  assert.is((await v.next()).event, 'joined')
  v.send({ op: 'leave' })
  await waitFor(() => rtc.channels().length === 0)
  v.send({ op: 'join', channel: 'ch3', uid: 'acc1' })
  await waitFor(() => rtc.channels().length === 1)
  v.ws.close()
  await waitFor(() => rtc.channels().length === 0)
  await srv.close()
})

test('HAR-02 two sockets in one channel see each other join, publish and leave', async () => {
  const { srv, connect } = await setup()
  const a = await connect()
  const b = await connect()
  a.send({ op: 'join', channel: 'ch4', uid: 'acc1' })
  await a.next()
  await a.next()
  b.send({ op: 'join', channel: 'ch4', uid: 'host2' })
  assert.equal((await b.next()).users, [{ uid: 'acc1', name: 'User 1', media: [] }])
  assert.equal(await a.next(), { event: 'user-joined', user: { uid: 'host2', name: 'Lina Host', media: [] } })
  b.send({ op: 'publish', media: ['video', 'bogus'] })
  assert.equal(await a.next(), { event: 'user-published', uid: 'host2', mediaType: 'video' })
  b.ws.close()
  assert.equal(await a.next(), { event: 'user-left', uid: 'host2', reason: 'network' })
  await srv.close()
})

test.run()
