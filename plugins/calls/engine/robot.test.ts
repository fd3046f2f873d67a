import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ImMessage } from '../../../kernel/im/types.ts'
import { CallPath, CallStatus, HangupReason, ROBOT_INVITE } from '../api.ts'
import { rig, type Rig } from './testkit.ts'
import { parseRobotInvite, RobotDefaults, RobotInvites, robotInviteIgnored, type RobotWhere } from './robot.ts'
import { robotCallSeconds, robotConfigDefaults, robotConfigFor } from '../rules.ts'

const ROBOT = 200001
const REGULAR = 200002

const here = (p: Partial<RobotWhere> = {}): RobotWhere => ({
  path: '/user',
  search: new URLSearchParams(),
  live: false,
  payPopup: false,
  calling: false,
  wallTab: null,
  ...p,
})

/** A rig whose harness IM records what the robot invitation control sends, and an invitations handler. */
function robotRig(o: Parameters<typeof rig>[0] = {}, where: Partial<RobotWhere> = {}) {
  const r = rig(o)
  r.db.get('users').find({ userId: ROBOT }).assign({ userType: 3 }).write()
  const sent: ImMessage[] = []
  ;(r.ctx as any).im = () => ({
    send: (from: string, _to: string, m: { messageType: number; attachment?: { raw?: string } }) =>
      sent.push({ messageClientId: String(sent.length), senderId: from, conversationId: 'p2p', messageType: m.messageType, attachment: m.attachment, createTime: r.timers.now() }),
  })
  const place = { where: here(where) }
  // messaging opened long enough ago
  let openedAt: number | null = -RobotDefaults.quietAfterImOpenMs
  const opened: number[] = []
  const robot = new RobotInvites({
    post: r.post,
    timers: r.timers,
    where: () => ({ ...place.where, calling: place.where.calling || r.status() === CallStatus.CALLING || r.status() === CallStatus.CALLING_ING }),
    imOpenedAt: () => openedAt,
    joinFree: (channelId) => r.engine.joinFree(channelId),
    openReady: (host) => (opened.push(Number(host.userId)), true),
  })
  const invite = async (body: Record<string, unknown> = {}) => {
    await r.control('calls/robot-invite', body)
    return sent.at(-1)!
  }
  return { r, robot, sent, place, invite, opened, setOpenedAt: (v: number | null) => void (openedAt = v) }
}

const freeCharges = (r: Rig) => (r.db.get('ledger').value() as Array<{ userId: number; delta: number }>).filter((e) => e.userId === 100001)

test('IM-05 every ignore rule of d2 §4.9', () => {
  const ok = { now: 20_000, imOpenedAt: 0 }
  assert.is(robotInviteIgnored(here(), ok), null)
  assert.is(robotInviteIgnored(here(), { now: 9_999, imOpenedAt: 0 }), 'im-just-opened')
  assert.is(robotInviteIgnored(here(), { now: 9_999, imOpenedAt: null }), 'im-just-opened')
  for (const path of ['/match', '/getcoin', '/forcePay', '/free', '/detail', '/game', '/vip', '/proxyCharge', '/match/history'])
    assert.is(robotInviteIgnored(here({ path }), ok), 'page', path)
  assert.is(robotInviteIgnored(here({ calling: true }), ok), 'calling')
  assert.is(robotInviteIgnored(here({ live: true }), ok), 'live')
  assert.is(robotInviteIgnored(here({ payPopup: true }), ok), 'pay-popup')
  assert.is(robotInviteIgnored(here({ path: '/gameCenter' }), ok), 'game')
  assert.is(robotInviteIgnored(here({ path: '/moments', game: true }), ok), 'game')
  // the wall: All (the first tab, no tab in the link) and Live ignore; other tabs let it through
  assert.is(robotInviteIgnored(here({ path: '/wall' }), ok), 'wall-tab')
  assert.is(robotInviteIgnored(here({ path: '/wall', wallTab: 'live', search: new URLSearchParams('tab=2') }), ok), 'wall-tab')
  assert.is(robotInviteIgnored(here({ path: '/white-wall', wallTab: 'all' }), ok), 'wall-tab')
  assert.is(robotInviteIgnored(here({ path: '/wall', wallTab: 'other', search: new URLSearchParams('tab=3') }), ok), null)
  assert.is(robotInviteIgnored(here({ path: '/wall', search: new URLSearchParams('tab=3') }), ok), null)
  // /talk only with the system account
  assert.is(robotInviteIgnored(here({ path: '/talk', search: new URLSearchParams('to=host_200001') }), ok), 'talk')
  assert.is(robotInviteIgnored(here({ path: '/talk', search: new URLSearchParams('to=system') }), ok), null)
  assert.is(robotInviteIgnored(here({ path: '/message' }), ok), null)
})

test('IM-05 only custom messages carrying a well-formed invitation count', () => {
  const msg = (messageType: number, attachment?: Record<string, unknown>): ImMessage => ({ messageClientId: '1', senderId: 'h', conversationId: 'c', messageType, attachment, createTime: 0 })
  assert.equal(parseRobotInvite(msg(100, { raw: JSON.stringify({ type: ROBOT_INVITE, callIndex: 7, callType: 1 }) })), { type: ROBOT_INVITE, callIndex: 7, callType: 1 })
  assert.is(parseRobotInvite(msg(0, { raw: JSON.stringify({ type: ROBOT_INVITE, callIndex: 7 }) })), null)
  assert.is(parseRobotInvite(msg(100, { raw: '{"type":' })), null)
  assert.is(parseRobotInvite(msg(100, { raw: JSON.stringify({ type: 'gift', callIndex: 7 }) })), null)
  assert.is(parseRobotInvite(msg(100, { raw: JSON.stringify({ type: ROBOT_INVITE, callIndex: 'x' }) })), null)
  assert.is(parseRobotInvite(msg(100)), null)
  assert.is(parseRobotInvite(null), null)
})

test('IM-05 an invitation within 10 s of messaging opening is ignored: no lookup', async () => {
  const { r, robot, invite, setOpenedAt } = robotRig()
  setOpenedAt(r.timers.now() - 9_000)
  assert.is(await robot.onMessage(await invite()), 'im-just-opened')
  assert.equal(r.sent(CallPath.robotLookup), [])
})

test('IM-05 an invitation on an ignoring page or during a call makes no lookup', async () => {
  const { r, robot, invite, place } = robotRig()
  place.where = here({ path: '/detail' })
  assert.is(await robot.onMessage(await invite()), 'page')
  place.where = here({ path: '/wall' })
  assert.is(await robot.onMessage(await invite()), 'wall-tab')
  place.where = here({ calling: true })
  assert.is(await robot.onMessage(await invite()), 'calling')
  assert.equal(r.sent(CallPath.robotLookup), [])
})

test('IM-05 CALL-11 a robot host (user type 3): a free call that ends by itself at 15 s, never billed', async () => {
  const { r, robot, invite } = robotRig({ balance: 0, config: { robotCallTime: 60 } })
  const m = await invite()
  assert.is(await robot.onMessage(m), 'free')
  assert.equal(r.sent(CallPath.robotLookup), [{ callIndex: 1, callType: 1 }])
  assert.is(r.status(), CallStatus.CALLING_ING)
  assert.ok(r.engine.info.value.free)
  await r.timers.tickAsync(14_000)
  assert.is(r.status(), CallStatus.CALLING_ING)
  await r.timers.tickAsync(1_000)
  assert.is(r.status(), CallStatus.HANG_UP)
  assert.is(r.engine.info.value.hangupReason, HangupReason.anchor)
  assert.equal(freeCharges(r), [])
  assert.is(r.ended.length, 1)
  assert.ok(r.ended[0].free, 'the post-call sheet hears it was a robot call')
})

test('CALL-11 a robot guided call with a configured time under 15 s ends then', async () => {
  const { r, robot, invite } = robotRig({ config: { robotCallTime: 8 } })
  assert.is(await robot.onMessage(await invite()), 'free')
  await r.timers.tickAsync(7_900)
  assert.is(r.status(), CallStatus.CALLING_ING)
  await r.timers.tickAsync(200)
  assert.is(r.status(), CallStatus.HANG_UP)
})

test("IM-05 a lookup slower than 3 s ends with 'request timeout': no call", async () => {
  const { r, robot, invite } = robotRig()
  r.overrides[CallPath.robotLookup] = () => new Promise(() => {})
  const outcome = robot.onMessage(await invite())
  await r.timers.tickAsync(2_999)
  assert.equal(r.sent(CallPath.join), [])
  await r.timers.tickAsync(1)
  assert.is(await outcome, 'timeout')
  assert.equal(r.sent(CallPath.join), [])
  assert.equal(r.sent(CallPath.create), [])
  assert.is(r.status(), CallStatus.INIT)
})

test('IM-05 user type 4 aborts; no userId ends the call info; a regular host opens ready to dial and no paid call is placed without a tap', async () => {
  const { r, robot, invite, opened } = robotRig({ balance: 5000 })
  assert.is(await robot.onMessage(await invite({ userType: 4 })), 'aborted')
  r.overrides[CallPath.robotLookup] = () => ({})
  assert.is(await robot.onMessage(await invite()), 'no-user')
  delete r.overrides[CallPath.robotLookup]
  assert.equal(r.sent(CallPath.join), [])
  assert.equal(r.sent(CallPath.create), [])
  assert.is(await robot.onMessage(await invite({ hostId: REGULAR })), 'ready')
  assert.equal(opened, [REGULAR])
  await r.timers.tickAsync(10_000)
  assert.equal(r.sent(CallPath.create), [], 'no call placed by itself')
  assert.is(r.status(), CallStatus.INIT)
  assert.equal(r.db.get('ledger').value(), [])
})

test('IM-05 CALL-11 the free call of a robot invitation keeps the camera off (the user agreed to nothing); a tapped Accept turns it on', async () => {
  const { r, robot, invite } = robotRig()
  assert.is(await robot.onMessage(await invite()), 'free')
  assert.ok(r.rtc.log.some((l) => l.startsWith('join ')), 'joined to watch')
  assert.not.ok(r.rtc.log.includes('publish'), 'no camera')
  await r.timers.tickAsync(20_000)
  r.control('calls/incoming', { hostId: 200001, free: true })
  await r.timers.tickAsync(3000)
  assert.ok(await r.engine.incoming.accept())
  assert.ok(r.rtc.log.includes('publish'), 'the camera after Accept')
})

test('IM-05 a second invitation while the first is being looked up is ignored', async () => {
  const { r, robot, invite } = robotRig()
  let release: (v: unknown) => void = () => {}
  r.overrides[CallPath.robotLookup] = () => new Promise((ok) => (release = ok))
  const first = robot.onMessage(await invite())
  assert.is(await robot.onMessage(await invite()), 'calling')
  release({})
  assert.is(await first, 'no-user')
})

test('CALL-11 robot configuration sets for new and old users, with the d2 defaults', () => {
  assert.equal(robotConfigFor({}, false), robotConfigDefaults)
  assert.is(robotConfigFor({ home_auto_call_time: 60, home_host_view_call_time: 100 }, true).autoCallTime, 60)
  const biz = { robotCallConfig: { newUser: { home_auto_call_time: 8, num: 3 }, oldUser: { home_auto_call_time: 40, level: 10, balance: 200 }, profile: { time: 7, num: 2 } } }
  const fresh = robotConfigFor(biz, true)
  const old = robotConfigFor(biz, false)
  assert.equal([fresh.autoCallTime, fresh.num, fresh.level, fresh.profileTime, fresh.profileNum], [8, 3, 999, 7, 2])
  assert.equal([old.autoCallTime, old.num, old.level, old.balance], [40, 5, 10, 200])
  // the guided call: the lesser of the configured time and 15 s
  assert.is(robotCallSeconds(fresh.autoCallTime), 8)
  assert.is(robotCallSeconds(old.autoCallTime), 15)
  assert.is(robotCallSeconds(0), 15)
})

test.run()
