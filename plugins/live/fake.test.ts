import { test } from 'uvu'
import * as assert from 'uvu/assert'
import WebSocket from 'ws'
import { createHarnessChatRoom } from '../../kernel/im/chatroom-harness.ts'
import type { ChatRoomMessage, ChatRoomNotice } from '../../kernel/im/chatroom.ts'
import type { SocketClass } from '../../kernel/socket.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { LivePaths } from './paths.ts'
import { LIVE_LIST_PATH } from '../wall/api.ts'
import { instantClock, loadScenarios, runScenario } from '../../harness/scenario-runner.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { waitFor } from '../../test/wait.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'live'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  await h.control('POST', '/__harness/reset')
})

test('LIVE-01 queryLiveList pages the live hosts by 6 (isMiddleEast puts the Middle East first); the followed live list', async () => {
  const first = (await h.api(LIVE_LIST_PATH, { currentPage: 1, pageSize: 6 })).data
  assert.is(first.list.length, 6)
  assert.ok(first.list.every((r: any) => r.onlineStatus === -1 && r.yxRoomId && r.agoraLiveSimpleVO.agoraChannelId))
  const second = (await h.api(LIVE_LIST_PATH, { currentPage: 2, pageSize: 6 })).data
  assert.is(first.total, first.list.length + second.list.length)
  const me = (await h.api(LIVE_LIST_PATH, { currentPage: 1, pageSize: 6, isMiddleEast: 1 }, { lang: 'ar' })).data
  assert.is(me.total, first.total)
  assert.not.equal(me.list.map((r: any) => r.userId), first.list.map((r: any) => r.userId), 'another order')
  const follow = (await h.api(LivePaths.followList, { pageSize: 100 }, { token: TEST_TOKEN })).data
  assert.ok(follow.list.every((r: any) => r.followed === true && r.onlineStatus === -1))
  assert.is((await h.api(LivePaths.followList, {})).body.code, Code.needLogin, 'the followed list needs a login')
})

test('LIVE-02 entering a room: the room info; ended once the live ends; status checks and neighbours', async () => {
  const id = (await h.api(LIVE_LIST_PATH, { currentPage: 1, pageSize: 6 })).data.list[0].userId
  const room = (await h.api(LivePaths.enter, { anchorId: id, type: 1 }, { token: TEST_TOKEN })).data
  assert.equal([room.liveRoomState, room.userStatus, room.yxRoomId, room.agoraChannelId], ['living', 'LIVE', `room_${id}`, `live_${id}`])
  assert.ok(room.recommendLiveAnchorList.length > 0)
  const next = (await h.api(LivePaths.neighbours, { anchorId: id, type: 2 }, { token: TEST_TOKEN })).data
  assert.is(next.length, 2)
  assert.not.ok(next.some((r: any) => r.userId === id))
  await h.control('POST', '/__harness/live/end', { hostId: id })
  const after = (await h.api(LivePaths.enter, { anchorId: id, type: 1 }, { token: TEST_TOKEN })).data
  assert.is(after.liveRoomState, 'ended')
  assert.equal((await h.api(LivePaths.status, { anchorIds: [id] })).data, [{ anchorId: id, liveRoomState: 'ended', userStatus: 'OFFLINE' }])
  assert.is((await h.api(LivePaths.antiSpam, { text: 'add my whatsapp' })).data.result, 1)
  assert.is((await h.api(LivePaths.antiSpam, { text: 'hello' })).data.result, 0)
})

test('LIVE-05 control entries reach a viewer in the room: chat lines, notices, blocking, away and back, the end', async () => {
  const id = (await h.api(LIVE_LIST_PATH, { currentPage: 1, pageSize: 6 })).data.list[0].userId
  const viewer = (await h.control('GET', '/__harness/db/users?token=' + TEST_TOKEN)).body[0]
  // the room is quiet before the viewer is in: a simulated line or arrival would come first
  await h.control('POST', '/__harness/live/rate', { hostId: id, chatPerSec: 0, eventsPerSec: 0 })
  const rooms = createHarnessChatRoom({ url: h.url.replace(/^http/, 'ws').replace(/\/$/, '') + '/chatroom', WebSocket: WebSocket as unknown as SocketClass })
  const room = await rooms.enter({ roomId: `room_${id}`, account: viewer.yxAccid, token: viewer.imToken })
  try {
    const lines: ChatRoomMessage[] = []
    const notices: ChatRoomNotice[] = []
    room.on('message', (m) => lines.push(m))
    room.on('notification', (n) => notices.push(n))
    await h.control('POST', '/__harness/live/chat', { hostId: id, text: '<script>x</script>', nick: 'Omar', level: 12 })
    await h.control('POST', '/__harness/live/chat', { hostId: id, record: { type: 'followTip' } })
    await h.control('POST', '/__harness/live/notify', { hostId: id, type: 0, nick: 'Sam', level: 4 })
    await h.control('POST', '/__harness/live/block', { hostId: id, userId: viewer.userId })
    await h.control('POST', '/__harness/live/away', { hostId: id })
    await h.control('POST', '/__harness/live/end', { hostId: id })
    await waitFor(() => lines.length >= 4 && notices.length >= 2, { what: 'four lines and two notices' })
    assert.is(lines[0].text, '<script>x</script>')
    assert.equal(lines[1].custom, { type: 'followTip' })
    assert.equal(lines[2].custom, { type: -1 })
    assert.equal(lines[3].custom, { type: 'liveRoomState', liveRoomState: 'ended' })
    assert.equal([notices[0].type, notices[0].nick, notices[1].type, notices[1].whoBlock], [0, 'Sam', 4, 2])
  } finally {
    room.leave()
  }
  const fail = (await h.control('POST', '/__harness/live/video-fail', { hostId: id, code: 'UID_CONFLICT' })).body
  assert.equal(fail, { hostId: id, videoFault: 'UID_CONFLICT' })
})

test('LIVE-17 a full-server notice from the control API is pushed to everyone', async () => {
  const before = h.sent.length
  await h.control('POST', '/__harness/live/notice', { attachType: 88, totalReward: 900 })
  const sent = h.sent.slice(before)
  assert.is(sent.length, 1)
  assert.is(sent[0].pushType, 'notice')
  assert.is(sent[0].data?.attachType, 88)
  assert.ok(sent[0].data?.userId && sent[0].data?.pushTime)
})

test('LIVE-02 the live scenarios play through: busy room, host away, ends while watching, notice storm', async () => {
  const scenarios = await loadScenarios()
  for (const name of ['live-busy-room', 'live-host-away', 'live-ends-while-watching', 'live-notice-storm']) {
    const s = scenarios.get(name)
    assert.ok(s, name)
    assert.match(s!.description, /Open|Stay/)
    const result = await runScenario(s!, h.ops, { clock: instantClock() }).done
    assert.is(result.status, 'done', name)
    assert.ok(result.steps.every((x) => x.ok), `${name}: ${JSON.stringify(result.steps)}`)
  }
  // the storm's stale notice is pushed like the others; the app drops it (notices.test.ts)
  assert.ok(h.sent.filter((p) => p.pushType === 'notice').length >= 13)
})

test.run()
