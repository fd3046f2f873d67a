import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { serverCode } from '../../kernel/testing.tsx'
import { waitFor } from '../../test/wait.ts'
import { CALLING_FIRST_MS, CALLING_SECOND_MS, CLOSE_AFTER_MS, JOIN_POP_MS, LOADING_END_MS, SWITCH_MIN_WAIT_MS } from './rules.ts'
import { fakeRtc, liveKernel, ROOM } from './testkit.ts'

const HOST = { userId: ROOM.userId, nickname: 'Layla' }

/** the one time-bounded settle: the page stops changing and no chunk is on its way */
const settle = (k: ReturnType<typeof liveKernel>) => k.t.settle()

/** open the room and show the host's first frame */
async function watching(k = liveKernel()) {
  k.live.api.open(HOST)
  await settle(k)
  k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' })
  await settle(k)
  return k
}

test('LIVE-02 a room opens in loading, joins the video as audience and the chat room, and is live on the first frame', async () => {
  const k = liveKernel()
  k.live.api.open(HOST)
  assert.is(k.room.status.value, 'loading')
  assert.is(k.t.location.path(), '/live')
  await settle(k)
  assert.equal(k.rtc.joins[0], { channel: 'live_200001', uid: '100001', role: 'audience' })
  assert.is(k.chat.last().roomId, 'room_200001')
  assert.is(k.room.status.value, 'loading', 'still loading before a frame')
  const enter = k.t.requests.find((r) => r.path.endsWith('/getRoomAndJoinRoomV2'))!
  assert.equal(enter.payload, { anchorId: 200001, type: 1 })
  k.rtc.emit('user-published', { uid: 'someone_else', mediaType: 'video' })
  await settle(k)
  assert.is(k.room.status.value, 'loading', "another user's video is not the host's")
  k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' })
  await settle(k)
  assert.is(k.room.status.value, 'live')
  assert.ok(k.room.video.querySelector('canvas[data-uid=host_200001]'))
  k.frames.flushFrames()
  assert.is(k.room.audience.value, 1500)
  k.t.dispose()
})

test('LIVE-02 calling: the host leaves the channel, the room closes after 10 s then 50 s once; back when she publishes again', async () => {
  const k = await watching()
  k.rtc.emit('user-left', { uid: ROOM.yxAccid })
  assert.is(k.room.status.value, 'calling')
  k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' })
  await settle(k)
  assert.is(k.room.status.value, 'live', 'back')
  k.chat.line({ from: ROOM.yxAccid, custom: { type: -1 } })
  assert.is(k.room.status.value, 'calling', 'custom live message -1')
  k.timers.tick(CALLING_FIRST_MS)
  assert.is(k.room.status.value, 'calling', 'reset to 50 s once')
  k.timers.tick(CALLING_SECOND_MS - 1)
  assert.is(k.room.status.value, 'calling')
  k.timers.tick(1)
  assert.is(k.room.status.value, 'ended')
  assert.is(k.room.endReason.value, 'calling-timeout')
  assert.ok(k.rtc.left() >= 1, 'the video was left')
  assert.ok(k.chat.last().left, 'the chat room was left')
  k.t.dispose()
})

test('LIVE-02 a host who steps away twice gets the full 10 s + 50 s the second time: the first absence\'s timers are gone', async () => {
  const k = await watching()
  k.chat.line({ from: ROOM.yxAccid, custom: { type: -1 } })
  k.timers.tick(CALLING_FIRST_MS + 2_000)
  assert.is(k.room.status.value, 'calling', 'away 12 s: in the 50 s part')
  k.chat.line({ from: ROOM.yxAccid, custom: { type: -2 } })
  k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' })
  await settle(k)
  assert.is(k.room.status.value, 'live', 'back')
  k.timers.tick(5_000)
  k.chat.line({ from: ROOM.yxAccid, custom: { type: -1 } })
  assert.is(k.room.status.value, 'calling', 'away again')
  k.timers.tick(CALLING_FIRST_MS + CALLING_SECOND_MS - 1)
  assert.is(k.room.status.value, 'calling', 'not ended before 60 s of this absence')
  k.timers.tick(1)
  assert.is(k.room.status.value, 'ended')
  k.t.dispose()
})

test('LIVE-02 first entered while the host is calling: the room ends at once', async () => {
  const k = liveKernel({ room: { userStatus: 'CALLING' } })
  k.live.api.open(HOST)
  await settle(k)
  assert.is(k.room.status.value, 'ended')
  assert.is(k.rtc.joins.length, 0, 'no video joined')
  k.t.dispose()
})

test('LIVE-02 live end: liveRoomState ended on entering, from the chat room, or the status check', async () => {
  const a = liveKernel({ room: { liveRoomState: 'ended' } })
  a.live.api.open(HOST)
  await settle(a)
  assert.equal([a.room.status.value, a.room.endReason.value], ['ended', 'ended'])
  a.t.dispose()
  const b = await watching()
  b.chat.line({ from: ROOM.yxAccid, custom: { type: 'liveRoomState', liveRoomState: 'ended' } })
  assert.is(b.room.status.value, 'ended')
  b.t.dispose()
  // the status check answers ended while the enter call is still on its way
  const c = liveKernel({
    api: (path, p) => (path.endsWith('/checkRoomsLiveStatus') ? [{ anchorId: p.anchorIds[0], liveRoomState: 'ended' }] : new Promise(() => {})),
  })
  c.live.api.open(HOST)
  await settle(c)
  assert.is(c.room.status.value, 'ended')
  c.t.dispose()
})

test('LIVE-02 a UID conflict or an already-connected error from the video client ends the room', async () => {
  for (const [code, reason] of [
    ['UID_CONFLICT', 'uid-conflict'],
    ['ALREADY_CONNECTED', 'already-connected'],
  ]) {
    const k = liveKernel({ rtc: fakeRtc({ failJoin: code }) })
    k.live.api.open(HOST)
    await settle(k)
    assert.equal([k.room.status.value, k.room.endReason.value], ['ended', reason])
    k.t.dispose()
  }
})

test('LIVE-02 a refused enter says "can\'t connect" at once, never "ended"; Retry enters again and the room plays', async () => {
  let refuse = true
  const k = liveKernel({ api: (path, payload) => (path.endsWith('/getRoomAndJoinRoomV2') && refuse ? serverCode('5000', 'room down') : path.endsWith('/getRoomAndJoinRoomV2') ? ROOM : path.endsWith('/checkRoomsLiveStatus') ? [{ anchorId: payload.anchorIds?.[0], liveRoomState: 'living' }] : null) })
  k.live.api.open(HOST)
  await settle(k)
  assert.equal([k.room.status.value, k.room.failReason.value, k.room.endReason.value], ['failed', 'enter', null])
  assert.equal(k.t.toasts, [], 'the room itself says it')
  refuse = false
  k.room.retry()
  assert.is(k.room.status.value, 'loading')
  await settle(k)
  k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' })
  await settle(k)
  assert.is(k.room.status.value, 'live')
  assert.is(k.room.failReason.value, null)
  k.t.dispose()
})

test('LIVE-02 a video join that cannot reach its service says "can\'t connect" (the join\'s own bound), not "ended"', async () => {
  const k = liveKernel({ rtc: fakeRtc({ failJoin: 'NETWORK_ERROR' }) })
  k.live.api.open(HOST)
  await settle(k)
  assert.equal([k.room.status.value, k.room.failReason.value], ['failed', 'video'])
  assert.ok(k.rtc.left() >= 1, 'the video client was let go')
  k.t.dispose()
})

test('LIVE-02 no first picture within the loading bound: the close button after 5 s, then "can\'t connect"; the live ending later still shows the end screen', async () => {
  const k = liveKernel()
  k.live.api.open(HOST)
  await settle(k)
  assert.is(k.room.showClose.value, false)
  k.timers.tick(CLOSE_AFTER_MS)
  assert.is(k.room.showClose.value, true)
  k.timers.tick(LOADING_END_MS - CLOSE_AFTER_MS - 1)
  assert.is(k.room.status.value, 'loading')
  k.timers.tick(1)
  assert.equal([k.room.status.value, k.room.failReason.value], ['failed', 'timeout'])
  k.room.end('ended')
  assert.equal([k.room.status.value, k.room.endReason.value, k.room.failReason.value], ['ended', 'ended', null])
  k.t.dispose()
})

test('LIVE-05 enter (+1, a 2 s banner above level 0, the join list every 1.2 s), leave (-1), the host leaving ends the room', async () => {
  const k = await watching()
  k.frames.flushFrames()
  const base = k.room.audience.value
  k.chat.notice({ type: 0, account: 'a', nick: 'Omar', level: 12 })
  k.chat.notice({ type: 0, account: 'b', nick: 'Sam', level: 0 })
  k.chat.notice({ type: 0, account: 'c', nick: 'Ali', level: 3 })
  k.chat.notice({ type: 1, account: 'd', nick: 'Leo' })
  k.chat.notice({ type: 'zero' } as any)
  k.chat.notice(null as any)
  k.frames.flushFrames()
  assert.is(k.room.audience.value, base + 2, 'three in, one out, malformed ignored')
  assert.equal([k.room.banner.value?.nick, k.room.banner.value?.level], ['Omar', 12])
  k.timers.tick(2000)
  assert.is(k.room.banner.value?.nick, 'Ali', 'Sam (level 0) gets no banner')
  k.timers.tick(2000)
  assert.is(k.room.banner.value, null)
  // the join list popped during those 4 s: Omar at 1.2, Sam at 2.4, Ali at 3.6, then nobody
  assert.is(k.room.joined.value?.nick, 'Ali')
  k.timers.tick(JOIN_POP_MS)
  assert.is(k.room.joined.value, null)
  k.chat.notice({ type: 0, account: 'e', nick: 'Mo', level: 0 })
  k.timers.tick(JOIN_POP_MS)
  assert.is(k.room.joined.value?.nick, 'Mo')
  k.chat.notice({ type: 1, account: ROOM.yxAccid })
  assert.equal([k.room.status.value, k.room.endReason.value], ['ended', 'host-left'])
  k.t.dispose()
})

test('LIVE-05 blocked and unblocked by the host: the whoBlock rules and their messages', async () => {
  const k = await watching()
  k.chat.notice({ type: 4, account: 'viewer_1' })
  assert.equal([k.room.info.value?.isBlockUser, k.room.info.value?.whoBlock], [1, 2])
  assert.is(k.t.toasts.at(-1)?.text, 'You have been blocked')
  assert.is(await k.room.send('hello'), false)
  assert.is(k.t.toasts.at(-1)?.text, 'You have been blocked')
  assert.equal(k.chat.last().sent, [])
  k.chat.notice({ type: 4, account: 'someone_else' })
  k.chat.notice({ type: 5, account: 'viewer_1' })
  assert.equal([k.room.info.value?.isBlockUser, k.room.info.value?.whoBlock], [0, 0])
  k.timers.tick(600)
  assert.is(await k.room.send('hello again'), true)
  k.t.dispose()
  // the viewer had blocked the host (whoBlock 1)
  const v = liveKernel({ room: { isBlockUser: 1, whoBlock: 1 } })
  await watching(v)
  assert.is(await v.room.send('hi'), false)
  assert.is(v.t.toasts.at(-1)?.text, 'You have blocked this user')
  v.t.dispose()
})

test("LIVE-06 sending: blank ignored, 500 ms apart, 'Prohibited terms', a dropped chat says so; quick chips 300 ms; host lines translated", async () => {
  const k = await watching()
  assert.is(await k.room.send('   '), false)
  assert.not.ok(k.t.requests.some((r) => r.path.endsWith('/antiSpam/check')), 'no check for blank text')
  assert.is(await k.room.send(' hello '), true)
  assert.equal(k.chat.last().sent, ['hello'])
  k.frames.flushFrames()
  assert.ok(k.room.lines.value.some((l) => l.text === 'hello' && l.isSelf), 'own line shown')
  assert.is(await k.room.send('again'), false, 'within 500 ms')
  k.timers.tick(500)
  assert.is(await k.room.send('buy spam here'), false)
  assert.is(k.t.toasts.at(-1)?.text, 'Prohibited terms. Edit and resubmit')
  assert.is(await k.room.send('Hi', true), true, 'a chip has its own 300 ms debounce')
  assert.is(await k.room.send('Hi', true), false)
  k.timers.tick(300)
  assert.is(await k.room.send('Hi', true), true)
  k.timers.tick(500)
  k.chat.failSend(true)
  assert.is(await k.room.send('lost?'), false)
  assert.match(k.t.toasts.at(-1)!.text, /reconnecting/)
  // a host line gets its translation below; a viewer's does not
  k.chat.line({ messageClientId: 'h1', from: ROOM.yxAccid, fromNick: 'Layla', text: 'مرحبا', ext: { isHost: true } })
  k.chat.line({ messageClientId: 'v1', text: 'hey' })
  k.frames.flushFrames()
  await settle(k)
  const lines = k.room.lines.value
  assert.is(lines.find((l) => l.messageClientId === 'h1')?.translated, 'T:مرحبا')
  assert.is(lines.find((l) => l.messageClientId === 'v1')?.translated, undefined)
  assert.is(k.t.requests.filter((r) => r.path.endsWith('/translate/text')).length, 1)
  k.t.dispose()
})

test('LIVE-06 a talkative host: one translation request at a time, carrying the lines queued meanwhile that are still shown', async () => {
  let release: (() => void) | null = null
  const asked: string[][] = []
  const k = liveKernel({
    api: async (path, payload) => {
      if (path.endsWith('/getRoomAndJoinRoomV2')) return ROOM
      if (!path.endsWith('/translate/text')) return null
      asked.push(payload.list.map((x: { text: string }) => x.text))
      if (asked.length === 1) await new Promise<void>((r) => (release = r))
      return { translations: payload.list.map((x: { text: string }) => ({ text: `T:${x.text}` })) }
    },
  })
  await watching(k)
  const host = (id: string) => k.chat.line({ messageClientId: id, from: ROOM.yxAccid, text: id, ext: { isHost: true } })
  host('h1')
  await waitFor(() => release !== null)
  host('h2')
  // 100 viewer lines push h2 out of the window before its turn: only h3 and h4 are asked next
  for (let i = 0; i < 100; i++) k.chat.line({ messageClientId: `v${i}`, text: 'hey' })
  host('h3')
  host('h4')
  k.frames.flushFrames()
  assert.equal(asked, [['h1']], 'one request in flight')
  release!()
  await waitFor(() => asked.length === 2)
  assert.equal(asked[1], ['h3', 'h4'])
  await waitFor(() => k.room.lines.value.find((l) => l.messageClientId === 'h4')?.translated === 'T:h4')
  assert.is(k.room.lines.value.find((l) => l.messageClientId === 'h3')?.translated, 'T:h3')
  k.t.dispose()
})

test('LIVE-06 a failing translation is ignored and the line stays', async () => {
  const k = liveKernel({ api: (path) => (path.endsWith('/translate/text') ? serverCode('5000', 'down') : path.endsWith('/getRoomAndJoinRoomV2') ? ROOM : null) })
  await watching(k)
  k.chat.line({ messageClientId: 'h1', from: ROOM.yxAccid, text: 'hello', ext: { isHost: true } })
  k.frames.flushFrames()
  await settle(k)
  assert.is(k.room.lines.value.at(-1)?.text, 'hello')
  assert.is(k.room.lines.value.at(-1)?.translated, undefined)
  assert.equal(k.t.toasts, [])
  k.t.dispose()
})

test('LIVE-04 the next room: two fetched, the first entered after at least 1.2 s; none, or a failure, warns and stays', async () => {
  const k = await watching()
  const moving = k.live.neighbour('next')
  await settle(k)
  const ask = k.t.requests.find((r) => r.path.endsWith('/switchRoom'))!
  assert.equal(ask.payload, { anchorId: 200001, type: 2 })
  assert.is(k.room.hostId.value, 200001, 'not before the minimum wait')
  await k.timers.tickAsync(SWITCH_MIN_WAIT_MS)
  assert.is(await moving, true)
  assert.is(k.room.hostId.value, 200002)
  assert.match(k.t.location.path() + '?' + k.t.location.search(), /\/live\?id=200002/)
  k.t.dispose()

  const e = liveKernel({ api: (path) => (path.endsWith('/switchRoom') ? serverCode('5000', 'x') : path.endsWith('/getRoomAndJoinRoomV2') ? ROOM : null) })
  await watching(e)
  const none = e.live.neighbour('previous')
  await settle(e)
  await e.timers.tickAsync(SWITCH_MIN_WAIT_MS)
  assert.is(await none, false)
  assert.is(e.t.toasts.at(-1)?.text, 'No more live rooms right now')
  assert.is(e.room.hostId.value, 200001)
  assert.is(e.room.status.value, 'live')
  e.t.dispose()
})

test('LIVE-04 both neighbours are asked once the room plays, so a swipe has the next host (picture, name) at hand; the switch enters her without asking again', async () => {
  const k = liveKernel()
  k.live.api.open(HOST)
  await settle(k)
  assert.is(k.live.knownNeighbour('next'), undefined, 'not asked while loading')
  k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' })
  await settle(k)
  const asks = () => k.t.requests.filter((r) => r.path.endsWith('/switchRoom'))
  assert.equal(asks().map((r) => r.payload.type).sort(), [1, 2])
  assert.equal(k.live.knownNeighbour('next'), { userId: 200002, nickname: 'Mia', icon: '/b.svg', yxAccid: 'host_200002' })
  const moving = k.live.neighbour('next')
  await k.timers.tickAsync(SWITCH_MIN_WAIT_MS)
  assert.is(await moving, true)
  assert.is(k.room.hostId.value, 200002)
  assert.is(k.room.hint.value?.nickname, 'Mia', 'her cover from the first moment')
  assert.is(asks().length, 2, 'no second ask')
  k.t.dispose()
})

test('LIVE-16 a call starting elsewhere leaves the room (and its picture-in-picture) first', async () => {
  const k = await watching()
  k.room.pip.value = true
  k.t.kernel.scene.value = { ...k.t.kernel.scene.peek(), call: true }
  await settle(k)
  assert.is(k.room.status.value, 'idle')
  assert.is(k.room.pip.value, false)
  assert.ok(k.chat.last().left)
  assert.ok(k.t.requests.some((r) => r.path.endsWith('/leaveRoom')))
  k.t.dispose()
})

test('LIVE-01 the live api lists the rooms live now (6, Middle East first in Arabic) and the followed live rooms (100), with the 6 s list time-out', async () => {
  const row = (userId: number) => ({ userId, nickname: `H${userId}`, icon: '', yxAccid: `host_${userId}`, agoraLiveSimpleVO: { joinNum: 1500 } })
  for (const locale of ['en', 'ar'] as const) {
    const k = liveKernel({ locale, api: (path) => (path.endsWith('/queryLiveList') ? { list: [row(1), { bad: true }] } : path.endsWith('/queryMyFollowLive') ? { list: [row(2)] } : null) })
    assert.equal(await k.live.api.rooms('live'), [{ userId: 1, nickname: 'H1', icon: '', yxAccid: 'host_1', audience: 1500 }])
    assert.equal(await k.live.api.rooms('followed'), [{ userId: 2, nickname: 'H2', icon: '', yxAccid: 'host_2', audience: 1500 }])
    const list = k.t.requests.find((r) => r.path === '/api/agora/live/queryLiveList')!
    assert.equal(list.payload, { currentPage: 1, pageSize: 6, ...(locale === 'ar' && { isMiddleEast: 1 }) })
    assert.equal(k.t.requests.find((r) => r.path === '/api/agora/live/queryMyFollowLive')!.payload, { currentPage: 1, pageSize: 100 })
    k.t.dispose()
  }
  // a list that never answers fails after the kernel's 6 s list time-out (the home strip shows its error)
  const k = liveKernel({ api: (path) => (path.endsWith('/queryLiveList') ? new Promise(() => undefined) : null) })
  let failed = false
  k.live.api.rooms('live').catch(() => (failed = true))
  await k.timers.tickAsync(5999)
  assert.not.ok(failed, 'still waiting at 5.999 s')
  await k.timers.tickAsync(1)
  assert.ok(failed, 'failed at 6 s')
  k.t.dispose()
})

test.run()
