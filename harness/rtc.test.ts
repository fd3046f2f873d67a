import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createRtcService, rtcToken, type RtcService } from './rtc.ts'
import { client, fakeCtx, serve, user } from './upgrade-test-kit.ts'
import { waitFor } from '../test/wait.ts'

/** a join with a token the service issued for this channel, uid and role */
const join = (rtc: RtcService, channel: string, uid: string, role: 'host' | 'audience' = 'host') => ({ op: 'join', channel, uid, role, token: rtc.issue({ channel, uid, role }).token })

async function setup() {
  const rtc = createRtcService(fakeCtx([user(1), user(2, { nickname: 'Lina Host', yxAccid: 'host2' })]))
  const srv = await serve(rtc)
  return { rtc, srv, connect: () => client(`${srv.base}/rtc`) }
}

test('HAR-02 a viewer joins; hostJoin announces the host and its published video and audio', async () => {
  const { rtc, srv, connect } = await setup()
  const v = await connect()
  v.send(join(rtc, 'ch1', 'acc1'))
  assert.equal(await v.next(), { event: 'joined', channel: 'ch1', users: [] })
  assert.equal(await v.next(), { event: 'network-quality', uplink: 1, downlink: 1 })
  rtc.hostJoin('ch1', 'host2')
  assert.equal(await v.next(), { event: 'user-joined', user: { uid: '2', name: 'Lina Host', media: [] } })
  assert.equal(await v.next(), { event: 'user-published', uid: '2', mediaType: 'video' })
  assert.equal(await v.next(), { event: 'user-published', uid: '2', mediaType: 'audio' })
  assert.equal(rtc.channels(), [{ channel: 'ch1', uids: ['acc1', '2'] }])
  rtc.hostLeave('ch1', '2')
  assert.equal(await v.next(), { event: 'user-left', uid: '2', reason: 'quit' })
  await srv.close()
})

test('HAR-02 a peer carries the user\'s picture (the harness avatar) for the generated video to animate', async () => {
  const rtc = createRtcService(fakeCtx([user(1), user(3, { nickname: 'Mona', yxAccid: 'host3', icon: '/__harness/avatar/3.svg' })]))
  const srv = await serve(rtc)
  const v = await client(`${srv.base}/rtc`)
  v.send(join(rtc, 'ch9', 'acc1'))
  await v.next()
  await v.next()
  rtc.hostJoin('ch9', 'host3')
  assert.equal(await v.next(), { event: 'user-joined', user: { uid: '3', name: 'Mona', picture: '/__harness/avatar/3.svg', media: [] } })
  await srv.close()
})

test('HAR-02 a host already in the channel is listed on join; setQuality reaches the viewers', async () => {
  const { rtc, srv, connect } = await setup()
  rtc.hostJoin('ch2', 'host2')
  const v = await connect()
  v.send(join(rtc, 'ch2', 'acc1'))
  const joined = await v.next()
  assert.equal(joined.users, [{ uid: '2', name: 'Lina Host', media: ['video', 'audio'] }])
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
  v.send(join(rtc, 'ch3', 'acc1'))
  assert.is((await v.next()).event, 'joined')
  v.send({ op: 'leave' })
  await waitFor(() => rtc.channels().length === 0)
  v.send(join(rtc, 'ch3', 'acc1'))
  await waitFor(() => rtc.channels().length === 1)
  v.ws.close()
  await waitFor(() => rtc.channels().length === 0)
  await srv.close()
})

test('HAR-02 two sockets in one channel see each other join, publish and leave', async () => {
  const { rtc, srv, connect } = await setup()
  const a = await connect()
  const b = await connect()
  a.send(join(rtc, 'ch4', 'acc1'))
  await a.next()
  await a.next()
  b.send(join(rtc, 'ch4', 'host2'))
  assert.equal((await b.next()).users, [{ uid: 'acc1', name: 'User 1', media: [] }])
  assert.equal(await a.next(), { event: 'user-joined', user: { uid: 'host2', name: 'Lina Host', media: [] } })
  b.send({ op: 'publish', media: ['video', 'bogus'] })
  assert.equal(await a.next(), { event: 'user-published', uid: 'host2', mediaType: 'video' })
  b.ws.close()
  assert.equal(await a.next(), { event: 'user-left', uid: 'host2', reason: 'network' })
  await srv.close()
})

test('HAR-02 (trust) a join without a token, with a forged one, or with one for another channel or uid is refused as Agora refuses it', async () => {
  const { rtc, srv, connect } = await setup()
  const v = await connect()
  const refusal = { event: 'error', code: 'CAN_NOT_GET_GATEWAY_SERVER', msg: 'invalid token, authorized failed' }
  v.send({ op: 'join', channel: 'ch1', uid: '1' })
  assert.equal(await v.next(), refusal)
  const good = rtc.issue({ channel: 'ch1', uid: '1', role: 'host' }).token
  v.send({ op: 'join', channel: 'ch1', uid: '1', token: good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA') })
  assert.equal(await v.next(), refusal)
  v.send({ op: 'join', channel: 'other', uid: '1', token: good })
  assert.equal(await v.next(), refusal)
  v.send({ op: 'join', channel: 'ch1', uid: '2', token: good })
  assert.equal(await v.next(), refusal)
  assert.equal(rtc.channels(), [])
  await srv.close()
})

test('HAR-02 (trust) an expired token is refused; a joined member is warned, then put out unless renewed', async () => {
  const rtc = createRtcService(fakeCtx([user(1)]), { tokenTtlSec: 0.3, warnBeforeSec: 0.2 })
  const srv = await serve(rtc)
  const v = await client(`${srv.base}/rtc`)
  v.send(join(rtc, 'ch1', '1'))
  assert.is((await v.next()).event, 'joined')
  await v.next()
  assert.equal(await v.next(), { event: 'token-privilege-will-expire' })
  assert.equal(await v.next(), { event: 'token-privilege-did-expire' })
  assert.equal(rtc.channels(), [])
  const stale = rtc.issue({ channel: 'ch1', uid: '1', role: 'host' }, -1).token
  v.send({ op: 'join', channel: 'ch1', uid: '1', token: stale })
  assert.equal(await v.next(), { event: 'error', code: 'CAN_NOT_GET_GATEWAY_SERVER', msg: 'dynamic key or token timeout' })
  // renewed in time: still in
  v.send(join(rtc, 'ch2', '1'))
  await v.next()
  await v.next()
  await v.next() // will-expire
  v.send({ op: 'renew', token: rtc.issue({ channel: 'ch2', uid: '1', role: 'host' }, 60).token })
  await new Promise((r) => setTimeout(r, 300))
  assert.equal(rtc.channels(), [{ channel: 'ch2', uids: ['1'] }])
  await srv.close()
})

test('HAR-02 (trust) a second join with a uid already in the channel is refused UID_CONFLICT; the first stays', async () => {
  const { rtc, srv, connect } = await setup()
  const a = await connect()
  const b = await connect()
  a.send(join(rtc, 'ch1', '1'))
  assert.is((await a.next()).event, 'joined')
  b.send(join(rtc, 'ch1', '1'))
  assert.equal(await b.next(), { event: 'error', code: 'UID_CONFLICT', msg: 'the uid is already in the channel' })
  assert.equal(rtc.channels(), [{ channel: 'ch1', uids: ['1'] }])
  await srv.close()
})

test('HAR-02 (trust) an audience token never publishes: it cannot join as host, and publish is refused', async () => {
  const { rtc, srv, connect } = await setup()
  const v = await connect()
  const token = rtc.issue({ channel: 'live_2', uid: '1', role: 'audience' }).token
  v.send({ op: 'join', channel: 'live_2', uid: '1', role: 'host', token })
  assert.is((await v.next()).code, 'CAN_NOT_GET_GATEWAY_SERVER')
  v.send({ op: 'join', channel: 'live_2', uid: '1', role: 'audience', token })
  assert.is((await v.next()).event, 'joined')
  await v.next()
  v.send({ op: 'publish', media: ['video'] })
  assert.equal(await v.next(), { event: 'error', code: 'INVALID_OPERATION', msg: 'an audience cannot publish in a live channel' })
  await srv.close()
})

test('HAR-02 (trust) the token endpoint: the server decides the uid; a viewer gets no publisher token for a live channel or a call not theirs', () => {
  const users = [user(1), user(2)]
  const ctx = fakeCtx(users) as any
  const service = createRtcService(ctx)
  ctx.rtc = () => service
  ctx.db = { get: () => ({ find: ({ channelId }: { channelId: string }) => ({ value: () => (channelId === 'ch_2_x' ? { hostId: 2, viewerId: 9 } : undefined) }) }) }
  const call = (payload: object, u: typeof users[number] | null) => ({ payload, user: u, headers: {}, requireUser: () => { if (!u) throw new Error('login'); return u } })
  const mine = rtcToken(ctx, call({ channelId: 'ch_9', role: 'host', uid: '77' }, users[0]))
  assert.is(mine.uid, '1', 'the uid is the user id, not what the client asked for')
  assert.throws(() => rtcToken(ctx, call({ channelId: 'live_2', role: 'host' }, users[0])), /audience/)
  assert.throws(() => rtcToken(ctx, call({ channelId: 'ch_2_x', role: 'host' }, users[0])), /party/)
  assert.throws(() => rtcToken(ctx, call({ channelId: 'ch_1', role: 'host' }, null)), /login/)
  const guest = rtcToken(ctx, call({ channelId: 'live_2', role: 'audience' }, null))
  assert.ok(Number(guest.uid) >= 4e9 && Number(guest.uid) < 2 ** 32, 'a guest gets a numeric guest uid')
  assert.is(rtcToken(ctx, call({ channelId: 'live_2', role: 'audience', uid: guest.uid }, null)).uid, guest.uid, 'and keeps it on renewal')
})

test.run()
