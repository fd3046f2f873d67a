import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeTimers } from '../../../test/fake-timers.ts'
import { checkLedger } from '../../../harness/ledger.ts'
import { CallCategory, CallPath, NotifyType } from '../api.ts'
import { createCallsFake } from '../fake.ts'
import { callEndpoint, refusal, testContext, VIEWER, VIP_VIEWER } from './testkit.ts'

function setup(settings: Record<string, unknown> = {}) {
  const timers = fakeTimers()
  const slice = createCallsFake({ timers })
  const t = testContext(settings)
  const call = (path: string, payload: unknown = {}, userId: number | null = VIEWER) => callEndpoint(slice, t.ctx, path, payload, userId)
  const control = (name: string, body: unknown = {}) => slice.control![name](t.ctx, body, new URLSearchParams())
  const notifies = () => t.pushes.filter((p) => p.pushType === 'call.notify').map((p) => p.data)
  const balance = (userId = VIEWER) => t.ctx.userById(userId)!.diamondNum
  const ledgerOk = () => checkLedger(t.db.getState())
  return { ...t, timers, slice, call, control, notifies, balance, ledgerOk }
}

async function connected(h: ReturnType<typeof setup>, hostId = 200001, userId = VIEWER) {
  const created = await h.call(CallPath.create, { webSource: 'test', beCallUserId: hostId, callType: 1, discountFlag: 0 }, userId)
  await h.timers.tickAsync(3000)
  return created.channelId as string
}

test('HAR-03 a host accepts after the set seconds: ring push, connected push, and her video joins the channel', async () => {
  const h = setup()
  h.control('calls/behaviour', { hostId: 200001, answer: 'accept', afterSec: 4 })
  const created = await h.call(CallPath.create, { webSource: 'wall', beCallUserId: 200001, callType: 1, discountFlag: 0 })
  assert.is(created.videoPrice, 100)
  assert.is(created.yxAccid, 'host_200001')
  assert.is(created.followed, true)
  assert.is(created.levelName, 'A')
  assert.equal(h.notifies(), [{ channelId: created.channelId, type: NotifyType.ONLINE }])
  await h.timers.tickAsync(3999)
  assert.is(h.notifies().length, 1)
  await h.timers.tickAsync(1)
  assert.equal(h.notifies()[1], { channelId: created.channelId, type: NotifyType.CONNECTED })
  assert.equal(h.rtcCalls, [{ op: 'join', channel: created.channelId, arg: 'host_200001' }])
  // she is busy for everyone else now
  assert.ok(h.broadcasts.some((b) => b.pushType === 'host.status' && b.data.userId === 200001 && b.data.onlineStatus === 10000))
})

test('HAR-03 busy, live and offline hosts are refused with anchor.busy / anchor.offline', async () => {
  const h = setup()
  assert.equal(await refusal(h.call(CallPath.create, { beCallUserId: 200003, callType: 1 })), { code: '5000', msg: 'anchor.busy' })
  assert.equal(await refusal(h.call(CallPath.create, { beCallUserId: 200005, callType: 1 })), { code: '5000', msg: 'anchor.busy' })
  assert.equal(await refusal(h.call(CallPath.create, { beCallUserId: 200004, callType: 1 })), { code: '5000', msg: 'anchor.offline' })
  assert.equal(await refusal(h.call(CallPath.create, { beCallUserId: VIP_VIEWER, callType: 1 })), { code: '5000', msg: 'anchor.not.found' })
  // a host in a call is busy too
  await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  assert.equal(await refusal(h.call(CallPath.create, { beCallUserId: 200001, callType: 1 }, VIP_VIEWER)), { code: '5000', msg: 'anchor.busy' })
})

test('HAR-03 reject and busy answers push type 1 with the reason and record a rejected call', async () => {
  const h = setup()
  h.control('calls/behaviour', { hostId: 200001, answer: 'busy', afterSec: 1 })
  const created = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  await h.timers.tickAsync(1000)
  assert.equal(h.notifies()[1], { channelId: created.channelId, type: NotifyType.REJECT, reason: 'busy' })
  const records = await h.call(CallPath.records, {})
  assert.is(records.list[0].category, CallCategory.rejected)
  assert.equal(await refusal(h.call(CallPath.begin, { channelId: created.channelId })), { code: '5000', msg: 'call.over' })
})

test('HAR-03 a host who never answers: the app reports the time-out (missedReason 2) and the record says timeout', async () => {
  const h = setup()
  h.control('calls/behaviour', { answer: 'never' })
  const created = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  await h.timers.tickAsync(30_000)
  assert.is(h.notifies().length, 1)
  await h.call(CallPath.miss, { channelId: created.channelId, missedReason: 2 })
  const records = await h.call(CallPath.records, { category: CallCategory.timeout })
  assert.is(records.total, 1)
  // nothing left to fire for that channel
  await h.timers.tickAsync(60_000)
  assert.is(h.notifies().length, 1)
})

test('HAR-03 the server gives up on an unanswered call the app forgot, with a cancel push', async () => {
  const h = setup()
  h.control('calls/behaviour', { answer: 'never' })
  const created = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  await h.timers.tickAsync(40_000)
  assert.equal(h.notifies()[1], { channelId: created.channelId, type: NotifyType.CANCEL, reason: 'timeout' })
})

test('HAR-03 a user cancelling stops the host from accepting later', async () => {
  const h = setup()
  const created = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  await h.call(CallPath.miss, { channelId: created.channelId, missedReason: 3 })
  await h.timers.tickAsync(10_000)
  assert.is(h.notifies().length, 1)
  assert.is((await h.call(CallPath.records, {})).list[0].category, CallCategory.cancelled)
})

test('HAR-03 a host hangs up after N s: type 3 push, she leaves the channel, her status comes back', async () => {
  const h = setup()
  h.control('calls/behaviour', { hostId: 200001, answer: 'accept', afterSec: 3, hangUpAfterSec: 20 })
  const channelId = await connected(h)
  await h.call(CallPath.begin, { channelId, discountFlag: 0 })
  await h.timers.tickAsync(20_000)
  assert.equal(h.notifies().at(-1), { channelId, type: NotifyType.HANG_UP })
  assert.equal(h.rtcCalls.at(-1), { op: 'leave', channel: channelId, arg: 'host_200001' })
  assert.is(h.ctx.userById(200001)!.onlineStatus, 1)
  const rec = (await h.call(CallPath.records, {})).list[0]
  assert.is(rec.category, CallCategory.connected)
  assert.is(rec.callDuration, 20)
})

test('HAR-03 a host whose network drops: RTC quality 6 and she leaves, with no hang-up push', async () => {
  const h = setup()
  h.control('calls/behaviour', { hostId: 200001, answer: 'accept', afterSec: 3, dropAfterSec: 5 })
  const channelId = await connected(h)
  await h.timers.tickAsync(5000)
  assert.equal(h.rtcCalls.slice(1), [
    { op: 'quality', channel: channelId, arg: 6 },
    { op: 'leave', channel: channelId, arg: 'host_200001' },
  ])
  assert.not.ok(h.notifies().some((n) => n.type === NotifyType.HANG_UP))
})

test('HAR-03 noMedia: the host accepts but never joins the video channel', async () => {
  const h = setup()
  h.control('calls/behaviour', { hostId: 200001, answer: 'accept', afterSec: 3, noMedia: true })
  await connected(h)
  assert.equal(h.rtcCalls, [])
  assert.is(h.notifies().at(-1)!.type, NotifyType.CONNECTED)
})

test('HAR-03 the control API refuses bad behaviour with a clear message', async () => {
  const h = setup()
  assert.throws(() => h.control('calls/behaviour', { answer: 'maybe' }), /answer must be accept, reject, busy or never/)
  assert.throws(() => h.control('calls/behaviour', { hostId: VIEWER, answer: 'accept' }), /is not a host/)
  assert.throws(() => h.control('calls/fail-deductions', { count: -1 }), /whole number/)
})

test('HAR-06 begin-call charges the first period once under key channel:0; a retried begin charges nothing', async () => {
  const h = setup()
  const channelId = await connected(h)
  const reply = await h.call(CallPath.begin, { channelId, discountFlag: 0 })
  assert.equal(reply, { diamond: 900, nextDeduction: 100, nextPoint: 60 })
  assert.equal(await h.call(CallPath.begin, { channelId, discountFlag: 0 }), reply)
  assert.is(h.balance(), 900)
  const ledger = h.db.get('ledger').value()
  assert.is(ledger.length, 1)
  assert.is(ledger[0].key, `${channelId}:0`)
  assert.ok(h.ledgerOk().ok)
})

test('HAR-06 a deduction charges each billing point once; an early or repeated request charges nothing', async () => {
  const h = setup()
  const channelId = await connected(h)
  await h.call(CallPath.begin, { channelId })
  // asked too early: answers the last reply
  assert.equal(await h.call(CallPath.deduct, { searchValue: channelId }), { diamond: 900, nextDeduction: 100, nextPoint: 60 })
  await h.timers.tickAsync(60_000)
  const first = await h.call(CallPath.deduct, { searchValue: channelId })
  assert.equal(first, { diamond: 800, nextDeduction: 100, nextPoint: 120 })
  // the app retries because the answer was lost
  assert.equal(await h.call(CallPath.deduct, { searchValue: channelId }), first)
  await h.timers.tickAsync(60_000)
  assert.equal(await h.call(CallPath.deduct, { searchValue: channelId }), { diamond: 700, nextDeduction: 100, nextPoint: 180 })
  assert.equal(
    h.db.get('ledger').value().map((e: any) => e.key),
    [`${channelId}:0`, `${channelId}:1`, `${channelId}:2`],
  )
  assert.ok(h.ledgerOk().ok)
})

test('HAR-06 a deduction the balance cannot cover answers 1080 diamond.not.enough and the balance stays >= 0', async () => {
  const h = setup()
  h.db.get('users').find({ userId: VIEWER }).assign({ diamondNum: 250 }).write()
  h.db.set('ledgerOpening', h.db.get('users').value().map((u: any) => ({ userId: u.userId, balance: u.diamondNum }))).write()
  const channelId = await connected(h)
  await h.call(CallPath.begin, { channelId })
  await h.timers.tickAsync(60_000)
  await h.call(CallPath.deduct, { searchValue: channelId })
  await h.timers.tickAsync(60_000)
  assert.equal(await refusal(h.call(CallPath.deduct, { searchValue: channelId })), { code: '1080', msg: 'diamond.not.enough' })
  assert.is(h.balance(), 50)
  assert.ok(h.ledgerOk().ok, h.ledgerOk().problems.join('; '))
})

test('CALL-06 the fail-deductions control fails the next k due deductions, then charging resumes', async () => {
  const h = setup()
  const channelId = await connected(h)
  await h.call(CallPath.begin, { channelId })
  h.control('calls/fail-deductions', { count: 2 })
  await h.timers.tickAsync(60_000)
  assert.equal(await refusal(h.call(CallPath.deduct, { searchValue: channelId })), { code: '5000', msg: 'deduction.failed' })
  assert.equal(await refusal(h.call(CallPath.deduct, { searchValue: channelId })), { code: '5000', msg: 'deduction.failed' })
  assert.is((await h.call(CallPath.deduct, { searchValue: channelId })).diamond, 800)
  assert.is(h.balance(), 800)
})

test('CALL-06 begin-call can be made to fail or to answer late', async () => {
  const h = setup()
  const channelId = await connected(h)
  h.control('calls/begin', { fail: 1, delayMs: 6000 })
  let answered: any = null
  const p = refusal(h.call(CallPath.begin, { channelId })).then((r) => (answered = r))
  await h.timers.tickAsync(5999)
  assert.is(answered, null)
  await h.timers.tickAsync(1)
  await p
  assert.equal(answered, { code: '5000', msg: 'begin.call.failed' })
  h.control('calls/begin', { fail: 0, delayMs: 0 })
  assert.is((await h.call(CallPath.begin, { channelId })).diamond, 900)
})

test('CALL-13 the server charges VIPs floor(price x 90 / 100) and applies a discount amount with discountFlag', async () => {
  const h = setup()
  h.control('calls/behaviour', { answer: 'accept', afterSec: 0 })
  const vip = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1, discountFlag: 0 }, VIP_VIEWER)
  assert.is(vip.videoPrice, 90)
  const disc = await h.call(CallPath.create, { beCallUserId: 200002, callType: 1, discountFlag: 1 })
  assert.is(disc.videoPrice, 80)
})

test('CALL-12 a match call picks an online host, begin-call charges the ticket and the first point follows the free time', async () => {
  const h = setup({ matchFreeTime: 20 })
  const created = await h.call(CallPath.create, { webSource: 'match', beCallUserId: 0, callType: 2, discountFlag: 0 })
  assert.ok([200001, 200002].includes(created.callUserId))
  await h.timers.tickAsync(3000)
  const reply = await h.call(CallPath.begin, { channelId: created.channelId })
  assert.equal(reply, { diamond: 500, nextDeduction: created.videoPrice, nextPoint: 20 })
  const vip = setup()
  const vc = await vip.call(CallPath.create, { beCallUserId: 0, callType: 2 }, VIP_VIEWER)
  await vip.timers.tickAsync(3000)
  assert.is((await vip.call(CallPath.begin, { channelId: vc.channelId }, VIP_VIEWER)).diamond, 1000 - 450)
})

test('CALL-12 no online host answers no.match.user', async () => {
  const h = setup()
  h.db.get('users').filter({ userType: 2 }).each((u: any) => (u.onlineStatus = 3)).value()
  assert.equal(await refusal(h.call(CallPath.create, { callType: 2 })), { code: '5000', msg: 'no.match.user' })
})

test('CALL-13 the call-limit answer carries interactionCount, isFollow, isLimitMet and the host yxAccId', async () => {
  const h = setup()
  assert.equal(await h.call(CallPath.limit, { searchValue: 200001 }), { isLimitMet: 0, interactionCount: 0, isFollow: true, yxAccId: 'host_200001' })
  h.control('calls/limit', { hostId: 200002, isLimitMet: 1, interactionCount: 3 })
  assert.equal(await h.call(CallPath.limit, { searchValue: 200002 }), { isLimitMet: 1, interactionCount: 3, isFollow: false, yxAccId: 'host_200002' })
})

test('CALL-15 call records page by page, filtered by category 1 connected, 2 rejected, 3 timeout, 4 cancelled', async () => {
  const h = setup()
  const a = await connected(h)
  await h.call(CallPath.begin, { channelId: a })
  await h.timers.tickAsync(5000)
  await h.call(CallPath.over, { channelId: a, overReason: 1, callScene: 'ALL' })
  h.control('calls/behaviour', { hostId: 200002, answer: 'reject', afterSec: 1 })
  await h.call(CallPath.create, { beCallUserId: 200002, callType: 1 })
  await h.timers.tickAsync(1000)
  const c = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  await h.call(CallPath.miss, { channelId: c.channelId, missedReason: 2 })
  const d = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  await h.call(CallPath.miss, { channelId: d.channelId, missedReason: 6 })
  const all = await h.call(CallPath.records, { currentPage: 1, pageSize: 3 })
  assert.is(all.total, 4)
  assert.equal(all.list.map((r: any) => r.category), [4, 3, 2])
  const page2 = await h.call(CallPath.records, { currentPage: 2, pageSize: 3 })
  assert.equal(page2.list.map((r: any) => [r.category, r.callDuration]), [[1, 5]])
  assert.is((await h.call(CallPath.recordsByHost, { searchValue: 200002 })).length, 1)
  const latest = await h.call(CallPath.recordsByAccids, { yxAccids: ['host_200001', 'host_200002'] })
  assert.equal(latest.map((r: any) => [r.yxAccid, r.category]), [['host_200001', 4], ['host_200002', 2]])
})

test('CALL-07 callOver ends the call once, frees the host and leaves the channel', async () => {
  const h = setup()
  const channelId = await connected(h)
  await h.call(CallPath.begin, { channelId })
  await h.timers.tickAsync(61_000)
  const over = await h.call(CallPath.over, { channelId, overReason: 1, callScene: 'ALL' })
  assert.is(over.callDuration, 61)
  assert.equal(await h.call(CallPath.over, { channelId, overReason: 8, callScene: 'ALL' }), over)
  assert.is(h.ctx.userById(200001)!.onlineStatus, 1)
  assert.equal(h.rtcCalls.at(-1), { op: 'leave', channel: channelId, arg: 'host_200001' })
  assert.equal(await refusal(h.call(CallPath.deduct, { searchValue: channelId })), { code: '5000', msg: 'call.over' })
  // another user's channel is not found
  assert.equal(await refusal(h.call(CallPath.over, { channelId }, VIP_VIEWER)), { code: '5000', msg: 'call.not.found' })
})

test('CALL-04 a host calls: call.incoming push, getPushCall, joinCall connects, begin charges', async () => {
  const h = setup()
  const { channelId } = h.control('calls/incoming', { hostId: 200001, userId: VIEWER, waitTime: 15 }) as any
  const push = h.pushes.find((p) => p.pushType === 'call.incoming')!
  assert.is(push.userId, VIEWER)
  assert.is(push.data.channelId, channelId)
  assert.is(push.data.waitTime, 15)
  assert.is(push.data.videoPrice, 100)
  assert.is((await h.call(CallPath.pushCall)).channelId, channelId)
  const joined = await h.call(CallPath.join, { channelId })
  assert.is(joined.channelId, channelId)
  assert.equal(h.rtcCalls, [{ op: 'join', channel: channelId, arg: 'host_200001' }])
  assert.is(await h.call(CallPath.pushCall), null)
  assert.is((await h.call(CallPath.begin, { channelId })).diamond, 900)
})

test('IM-04 a VIP with do-not-disturb for calls is not rung; a non-VIP with the same flag is', () => {
  const h = setup()
  h.db.get('users').find({ userId: VIP_VIEWER }).assign({ disturb: 1 }).write()
  h.db.get('users').find({ userId: VIEWER }).assign({ disturb: 1 }).write()
  assert.equal(h.control('calls/incoming', { hostId: 200001, userId: VIP_VIEWER }), { ok: false, silenced: true, channelId: null, sockets: 0 })
  assert.is(h.pushes.filter((p) => p.pushType === 'call.incoming').length, 0, 'no ring for the silenced VIP')
  h.control('calls/incoming', { hostId: 200001, userId: VIEWER })
  assert.equal(h.pushes.filter((p) => p.pushType === 'call.incoming').map((p) => p.userId), [VIEWER], 'the flag is a VIP privilege')
})

test('CALL-04 an incoming call rejected (missedReason 3) is recorded as rejected; a missed one (2) as timeout', async () => {
  const h = setup()
  const a = h.control('calls/incoming', { hostId: 200001 }) as any
  await h.call(CallPath.miss, { channelId: a.channelId, missedReason: 3 })
  const b = h.control('calls/incoming', { hostId: 200002 }) as any
  await h.call(CallPath.miss, { channelId: b.channelId, missedReason: 2 })
  const list = (await h.call(CallPath.records, {})).list
  assert.equal(list.map((r: any) => [r.callInOrOut, r.category]), [['in', 3], ['in', 2]])
  assert.equal(await refusal(h.call(CallPath.join, { channelId: a.channelId })), { code: '5000', msg: 'call.over' })
  assert.equal(await refusal(h.call(CallPath.miss, { channelId: a.channelId, missedReason: 9 })), { code: '5000', msg: 'bad.request' })
})

test('CALL-04 updatePushCall records noRmb (4) and refuses unknown statuses', async () => {
  const h = setup()
  const a = h.control('calls/incoming', { hostId: 200001 }) as any
  await h.call(CallPath.updatePushCall, { channelId: a.channelId, status: 4 })
  assert.is(h.db.get('pushCalls').find({ channelId: a.channelId }).value().status, 4)
  assert.equal(await refusal(h.call(CallPath.updatePushCall, { channelId: a.channelId, status: 7 })), { code: '5000', msg: 'bad.request' })
})

test('CALL-04 a free (robot) incoming call charges nothing', async () => {
  const h = setup()
  const a = h.control('calls/incoming', { hostId: 200001, free: true }) as any
  await h.call(CallPath.join, { channelId: a.channelId })
  assert.equal(await h.call(CallPath.begin, { channelId: a.channelId }), { diamond: 1000, nextDeduction: 0, nextPoint: 0 })
  assert.is(h.db.get('ledger').value().length, 0)
})

test('CALL-05 the remote control sends the host cancel and hang-up to the app', async () => {
  const h = setup()
  h.control('calls/behaviour', { answer: 'never' })
  const a = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  h.control('calls/remote', { action: 'cancel' })
  assert.equal(h.notifies().at(-1), { channelId: a.channelId, type: NotifyType.CANCEL })
  h.control('calls/behaviour', { answer: 'accept', afterSec: 0 })
  const b = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  await h.timers.tickAsync(0)
  h.control('calls/remote', { channelId: b.channelId, action: 'hangup' })
  assert.equal(h.notifies().at(-1), { channelId: b.channelId, type: NotifyType.HANG_UP })
  assert.throws(() => h.control('calls/remote', { channelId: b.channelId, action: 'hangup' }), /not connected/)
})

test('CALL-05 duplicated and reordered call pushes, for the app to cope with', async () => {
  const h = setup()
  h.control('calls/pushes', { duplicate: true, reorder: true })
  h.control('calls/behaviour', { answer: 'accept', afterSec: 2 })
  const a = await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  assert.is(h.notifies().length, 0)
  await h.timers.tickAsync(2000)
  assert.equal(h.notifies().map((n) => n.type), [NotifyType.CONNECTED, NotifyType.CONNECTED, NotifyType.ONLINE, NotifyType.ONLINE])
  assert.ok(h.notifies().every((n) => n.channelId === a.channelId))
})

test('CALL-14 a call is rated once; tags come in the request language', async () => {
  const h = setup()
  const channelId = await connected(h)
  await h.call(CallPath.evaluation, { channelId, score: 0, positiveTags: '1,2', badTags: '', feedbackType: null })
  assert.equal(await refusal(h.call(CallPath.evaluation, { channelId, score: -1 })), { code: '5000', msg: 'evaluation.exists' })
  assert.equal(await refusal(h.call(CallPath.evaluation, { channelId: 'x', score: 0 })), { code: '5000', msg: 'call.not.found' })
  const en = await callEndpoint(h.slice, h.ctx, CallPath.labels, {}, VIEWER, { 'accept-language': 'en' })
  const ar = await callEndpoint(h.slice, h.ctx, CallPath.feedbackTypes, {}, VIEWER, { 'accept-language': 'ar' })
  assert.is(en[0].labelName, 'Beautiful')
  assert.is(ar[0].dictLabel, 'لا شيء')
})

test('CALL-07 callRate events are kept as a log', async () => {
  const h = setup()
  await h.call(CallPath.rate, { channelId: 'c1', callEvent: 'create' })
  await h.call(CallPath.rate, { channelId: 'c1', callEvent: 'hangup' })
  assert.equal(h.db.get('callRates').value().map((r: any) => r.callEvent), ['create', 'hangup'])
})

test('ENG-11 getUserDetail answers a host profile with price, VIP price, status and follow state', async () => {
  const h = setup()
  const d = await h.call(CallPath.detail, { userId: 200001 })
  assert.is(d.videoPrice, 100)
  assert.is(d.vipVideoPrice, 90)
  assert.is(d.onlineStatus, 1)
  assert.is(d.followed, true)
  assert.is(d.fansNum, 1)
  assert.equal(await refusal(h.call(CallPath.detail, { userId: 999 })), { code: '5000', msg: 'anchor.not.found' })
})

test('NET-08 the host profile answers her stored status in the wire values (busy is 2, not offline)', async () => {
  const h = setup()
  const statusOf = async (userId: number) => (await h.call(CallPath.detail, { userId })).onlineStatus
  h.db.get('users').find({ userId: 200002 }).assign({ onlineStatus: 2 }).write()
  assert.is(await statusOf(200002), 2)
  assert.is(await statusOf(200003), 2) // kept at 10000 while in a call: busy
  assert.is(await statusOf(200004), 3)
  assert.is(await statusOf(200005), -1)
  assert.is(await statusOf(200001), 1)
})

test('HAR-03 start() ends calls left over by a previous run and reset stops pending host actions', async () => {
  const h = setup()
  await h.call(CallPath.create, { beCallUserId: 200001, callType: 1 })
  h.control('calls/reset')
  await h.timers.tickAsync(10_000)
  assert.is(h.notifies().length, 1)
  const stop = h.slice.start!(h.ctx) as () => void
  assert.is(h.db.get('calls').value()[0].state, 'missed')
  stop()
})

test('CALL-14 recommended hosts: online or live hosts, live first, never the host just called nor a busy or offline one', async () => {
  const h = setup()
  const list = await h.call(CallPath.recommend, { searchValue: 200001 })
  // 200003 busy, 200004 offline, 200005 live
  assert.equal(list.map((r: any) => r.userId), [200005, 200002])
  assert.equal(list[0].agoraLiveSimpleVO?.agoraChannelId, 'live_200005')
  assert.is(list[1].agoraLiveSimpleVO, null)
  assert.is(list[1].videoPrice, 110)
  await h.call(CallPath.create, { beCallUserId: 200002, callType: 1 })
  // 200002 now rings with another call
  assert.equal((await h.call(CallPath.recommend, { searchValue: 0 })).map((r: any) => r.userId), [200005, 200001])
})

test('CALL-12 match history lists only match calls', async () => {
  const h = setup()
  const direct = await connected(h)
  await h.call(CallPath.over, { channelId: direct, overReason: 1, callScene: 'ALL' })
  const m = await h.call(CallPath.create, { webSource: 'match', beCallUserId: 0, callType: 2 })
  await h.timers.tickAsync(3000)
  await h.call(CallPath.begin, { channelId: m.channelId })
  await h.call(CallPath.over, { channelId: m.channelId, overReason: 1, callScene: 'MATCH' })
  const page = await h.call(CallPath.matchRecords, { currentPage: 1, pageSize: 10 })
  assert.is(page.total, 1)
  assert.equal(page.list.map((r: any) => [r.channelId, r.callType]), [[m.channelId, 2]])
})

test.run()
