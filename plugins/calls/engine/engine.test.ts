import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ApiError } from '../../../kernel/api.ts'
import { checkLedger } from '../../../harness/ledger.ts'
import { CallPath, CallStatus, HangupReason } from '../api.ts'
import { rig, type Rig } from './testkit.ts'
import { callEndpoint } from '../fake/testkit.ts'
import { effectivePrice } from '../rules.ts'

const HOST = 200001
const direct = { hostId: HOST, videoPrice: 100, source: 'wall' }

/** start a direct call and let the host (accepting after 3 s) connect and begin-call answer */
async function inCall(r: Rig, opts = direct) {
  assert.ok(await r.engine.start(opts), 'call placed')
  await r.timers.tickAsync(3000)
  assert.is(r.status(), CallStatus.CALLING_ING)
  assert.ok(r.engine.info.value.began, 'begin-call answered')
}

const never = new Promise<never>(() => {})

// ---- CALL-01 ---------------------------------------------------------------------------

test("CALL-01 offline: 'Network connection error' (warning, 2 s) and no call is created", async () => {
  const r = rig({ online: false })
  assert.is(await r.engine.start(direct), false)
  assert.equal(r.toasts, [{ text: 'Network connection error', type: 'warning', duration: 2000 }])
  assert.equal(r.sent(CallPath.create), [])
})

test("CALL-01 'has call' while a call is in progress, and the start lock clears after 5 s", async () => {
  const r = rig()
  r.overrides[CallPath.limit] = () => never
  void r.engine.start(direct)
  assert.is(await r.engine.start(direct), false)
  assert.equal(r.texts(), ['has call'])
  await r.timers.tickAsync(4900)
  void r.engine.start(direct)
  assert.is(r.sent(CallPath.limit).length, 2)
  delete r.overrides[CallPath.limit]
  const r2 = rig()
  await r2.engine.start(direct)
  assert.is(r2.status(), CallStatus.CALLING)
  assert.is(await r2.engine.start({ ...direct, hostId: 200002 }), false)
  assert.equal(r2.texts(), ['has call'])
})

test('CALL-01 a direct call creates the call, joins the RTC channel and rings with the waiting screen', async () => {
  const r = rig()
  assert.ok(await r.engine.start({ ...direct, discountFlag: 0 }))
  assert.equal(r.sent(CallPath.create), [{ webSource: 'wall', beCallUserId: HOST, callType: 1, discountFlag: 0 }])
  const info = r.engine.info.value
  assert.is(info.status, CallStatus.CALLING)
  assert.is(info.nickname, 'host 200001')
  assert.is(info.waitLeft, 30)
  assert.equal(r.rtc.log, [`join ${info.channelId} as 100001`, 'publish'])
  assert.equal(r.channels, [info.channelId])
})

test('CALL-01 the balance check is skipped when the price is -9999', async () => {
  const r = rig({ balance: 150 })
  assert.ok(await r.engine.start({ ...direct, videoPrice: -9999 }))
  assert.equal(r.shops, [])
})

test('CALL-01 the call-limit check runs for direct calls only', async () => {
  const r = rig()
  await r.engine.start({ ...direct, gameType: 4 })
  assert.equal(r.sent(CallPath.limit), [])
  assert.equal(r.sent(CallPath.create)[0].callType, 4)
})

// ---- CALL-13 ---------------------------------------------------------------------------

test("CALL-13 'Insufficient balance' and the shop when diamonds minus twice the price is below 0", async () => {
  const r = rig({ balance: 199 })
  assert.is(await r.engine.start(direct), false)
  assert.equal(r.texts(), ['Insufficient balance'])
  assert.equal(r.shops, ['call'])
  assert.equal(r.sent(CallPath.create), [])
  const ok = rig({ balance: 200 })
  assert.ok(await ok.engine.start(direct))
})

test('CALL-13 the discount amount wins over the VIP discount floor(price x 90 / 100)', async () => {
  // VIP: 111 -> 99, twice is 198
  const vip = rig({ balance: 198, vip: true })
  assert.ok(await vip.engine.start({ ...direct, videoPrice: 111 }))
  const vipShort = rig({ balance: 197, vip: true })
  assert.is(await vipShort.engine.start({ ...direct, videoPrice: 111 }), false)
  // discount amount 30 off 110 -> 80, even for a VIP
  const disc = rig({ balance: 160, vip: true })
  assert.ok(await disc.engine.start({ ...direct, hostId: 200002, videoPrice: 110, discountOffDiamond: 30, discountFlag: 1 }))
})

test("CALL-13 a met call limit: 'The host is busy. Try other amazing' and the host is marked busy", async () => {
  const r = rig()
  r.control('calls/limit', { hostId: HOST, isLimitMet: 1, interactionCount: 3 })
  assert.is(await r.engine.start(direct), false)
  assert.equal(r.texts(), ['The host is busy. Try other amazing'])
  assert.equal(r.busyHosts, [HOST])
  assert.equal(r.sent(CallPath.limit), [{ searchValue: HOST }])
  // enough messages exchanged both ways (the smaller count reaches interactionCount)
  const chatty = rig({ messageCounts: { own: 5, host: 3 } })
  chatty.control('calls/limit', { hostId: HOST, isLimitMet: 1, interactionCount: 3 })
  assert.ok(await chatty.engine.start(direct))
  const oneSided = rig({ messageCounts: { own: 9, host: 2 } })
  oneSided.control('calls/limit', { hostId: HOST, isLimitMet: 1, interactionCount: 3 })
  assert.is(await oneSided.engine.start(direct), false)
})

// ---- CALL-16 create refusals ------------------------------------------------------------

test("CALL-16 a busy host: \"She's busy on the line. You can call her later\"; an offline one: \"She's not available right now...\"", async () => {
  const r = rig()
  assert.is(await r.engine.start({ ...direct, hostId: 200003, videoPrice: 90 }), false)
  assert.is(await r.engine.start({ ...direct, hostId: 200004, videoPrice: 90 }), false)
  assert.equal(r.texts(), ["She's busy on the line. You can call her later", "She's not available right now; you can call another girl instead"])
  assert.is(r.status(), CallStatus.INIT)
})

// ---- CALL-02 / CALL-03 ---------------------------------------------------------------

test('CALL-02 CALLING -> CALLING_ING on connect, the duration timer runs, a repeated CONNECTED changes nothing', async () => {
  const r = rig()
  r.control('calls/pushes', { duplicate: true })
  await inCall(r)
  assert.is(r.sent(CallPath.begin).length, 1)
  await r.timers.tickAsync(5000)
  assert.is(r.engine.info.value.callDuration, 5)
  assert.is(r.session.diamondNum, 900)
})

test('CALL-02 reordered pushes: CONNECTED before the ring still connects, and the late ring changes nothing', async () => {
  const r = rig()
  r.control('calls/pushes', { reorder: true })
  await inCall(r)
  assert.is(r.engine.info.value.hostReached, false)
})

test('CALL-03 the cancel button appears once under time-out minus 5 s; at zero the call auto-cancels after 2 s (TIMEOUT, missedReason 2)', async () => {
  const r = rig({ config: { callTimeOut: 30 } })
  r.control('calls/behaviour', { answer: 'never' })
  await r.engine.start(direct)
  await r.timers.tickAsync(5000)
  assert.is(r.engine.info.value.waitLeft, 25)
  assert.is(r.engine.canCancel(), false)
  await r.timers.tickAsync(1000)
  assert.is(r.engine.canCancel(), true)
  await r.timers.tickAsync(24_000)
  assert.is(r.engine.info.value.waitLeft, 0)
  assert.is(r.status(), CallStatus.CALLING)
  await r.timers.tickAsync(1999)
  assert.is(r.status(), CallStatus.CALLING)
  await r.timers.tickAsync(1)
  assert.is(r.status(), CallStatus.TIMEOUT)
  assert.equal(r.sent(CallPath.miss), [{ channelId: r.engine.info.value.channelId, missedReason: 2 }])
  assert.ok(r.rtc.log.includes('leave'))
  assert.equal(r.channels.at(-1), null)
})

test('CALL-03 cancel before the host rang is an early cancel (3), after it a late cancel (6); the host then never connects', async () => {
  const r = rig()
  r.control('calls/pushes', { reorder: true })
  await r.engine.start(direct)
  r.engine.cancel()
  assert.is(r.status(), CallStatus.CANCEL)
  assert.is(r.sent(CallPath.miss)[0].missedReason, 3)
  const late = rig()
  await late.engine.start(direct)
  await late.timers.tickAsync(1000)
  late.engine.cancel()
  assert.is(late.sent(CallPath.miss)[0].missedReason, 6)
  await late.timers.tickAsync(5000)
  assert.is(late.status(), CallStatus.CANCEL)
  assert.equal(late.sent(CallPath.begin), [])
})

// ---- CALL-05 ---------------------------------------------------------------------------

test('CALL-05 remote reject and cancel end the waiting call only when the channel matches', async () => {
  const r = rig()
  r.control('calls/behaviour', { answer: 'never' })
  await r.engine.start(direct)
  r.engine.onNotify({ channelId: 'other', type: 1 })
  assert.is(r.status(), CallStatus.CALLING)
  r.control('calls/remote', { action: 'cancel' })
  await r.timers.tickAsync(0)
  assert.is(r.status(), CallStatus.CANCEL)
  assert.equal(r.texts(), ["She's not available right now; you can call another girl instead"])
  const busy = rig()
  busy.control('calls/behaviour', { answer: 'busy', afterSec: 2 })
  await busy.engine.start(direct)
  await busy.timers.tickAsync(2000)
  assert.is(busy.status(), CallStatus.CANCEL)
  assert.equal(busy.texts(), ["She's busy on the line. You can call her later"])
})

test('CALL-05 type 3 is the host hanging up: a warning toast and the call is over with reason 2', async () => {
  const r = rig()
  r.control('calls/behaviour', { answer: 'accept', afterSec: 3, hangUpAfterSec: 10 })
  await inCall(r)
  await r.timers.tickAsync(10_000)
  assert.is(r.status(), CallStatus.HANG_UP)
  assert.equal(r.toasts.at(-1), { text: 'The call has ended', type: 'warning', duration: undefined })
  assert.equal(r.sent(CallPath.over), [{ channelId: r.engine.info.value.channelId, overReason: 2, callScene: 'ALL' }])
})

// ---- CALL-06 ---------------------------------------------------------------------------

test('CALL-06 a deduction is requested at each billing point and the balance shown is the server answer', async () => {
  const r = rig({ balance: 1000 })
  await inCall(r)
  const ch = r.engine.info.value.channelId
  await r.timers.tickAsync(59_000)
  assert.equal(r.sent(CallPath.deduct), [])
  await r.timers.tickAsync(1000)
  assert.equal(r.sent(CallPath.deduct), [{ searchValue: ch }])
  await r.timers.tickAsync(60_000)
  assert.is(r.sent(CallPath.deduct).length, 2)
  assert.equal(r.session.balances, [900, 800, 700])
  assert.ok(checkLedger(r.db.getState()).ok)
})

test('CALL-06 a failed deduction is retried up to 3 attempts, then the call hangs up with reason 8', async () => {
  const r = rig()
  await inCall(r)
  r.control('calls/fail-deductions', { count: 3 })
  await r.timers.tickAsync(60_000)
  await r.timers.tickAsync(1000)
  assert.is(r.status(), CallStatus.CALLING_ING)
  await r.timers.tickAsync(1000)
  assert.is(r.sent(CallPath.deduct).length, 3)
  assert.is(r.status(), CallStatus.HANG_UP)
  assert.is(r.engine.info.value.hangupReason, HangupReason.deduction)
  assert.is(r.sent(CallPath.over)[0].overReason, 8)
})

test('CALL-06 two failed deductions then a success: the call goes on and nothing is charged twice', async () => {
  const r = rig()
  await inCall(r)
  r.control('calls/fail-deductions', { count: 2 })
  await r.timers.tickAsync(62_000)
  assert.is(r.status(), CallStatus.CALLING_ING)
  assert.is(r.session.diamondNum, 800)
  await r.timers.tickAsync(60_000)
  assert.is(r.session.diamondNum, 700)
  assert.is(r.sent(CallPath.deduct).length, 4)
})

test('CALL-06 when diamond - nextDeduction < 0 the (nextPoint - 1) s countdown runs and the call is forced to end before the next point', async () => {
  // 250: begin takes 100 -> 150 (1 unit), first point -> 50 (0 units)
  const r = rig({ balance: 250 })
  await inCall(r)
  await r.timers.tickAsync(60_000)
  assert.is(r.session.diamondNum, 50)
  assert.equal(r.engine.warning.value, { units: 0, secondsLeft: 59 })
  await r.timers.tickAsync(10_000)
  assert.equal(r.engine.warning.value, { units: 0, secondsLeft: 49 })
  await r.timers.tickAsync(47_999)
  assert.is(r.status(), CallStatus.CALLING_ING)
  await r.timers.tickAsync(1)
  assert.is(r.status(), CallStatus.HANG_UP)
  assert.is(r.engine.info.value.hangupReason, HangupReason.balance)
  // no deduction was asked for the point the balance could not cover
  assert.is(r.sent(CallPath.deduct).length, 1)
  assert.ok(r.texts().includes('Insufficient balance'))
})

test('CALL-06 begin-call failing 3 times: a sentence that says nothing was charged, and hang-up with reason 10', async () => {
  const r = rig()
  r.control('calls/begin', { fail: 3 })
  await r.engine.start(direct)
  await r.timers.tickAsync(3000)
  assert.is(r.sent(CallPath.begin).length, 3)
  assert.is(r.status(), CallStatus.HANG_UP)
  assert.is(r.engine.info.value.hangupReason, HangupReason.beginCall)
  assert.ok(r.texts().includes('The call could not start. Nothing was charged. Please try again.'))
  assert.is(r.ctx.userById(100001)!.diamondNum, 1000)
})

test('CALL-06 a begin-call that does not answer in 5 s is tried again; the late first answer charges nothing twice', async () => {
  const r = rig()
  r.control('calls/begin', { delayMs: 6000 })
  await r.engine.start(direct)
  await r.timers.tickAsync(3000)
  r.control('calls/begin', { delayMs: 0 })
  await r.timers.tickAsync(5000)
  assert.is(r.sent(CallPath.begin).length, 2)
  assert.ok(r.engine.info.value.began)
  await r.timers.tickAsync(2000)
  assert.is(r.ctx.userById(100001)!.diamondNum, 900)
})

test('CALL-06 a robot (free) call is never billed and ends by itself at the lesser of the configured time and 15 s', async () => {
  const r = rig({ balance: 0, config: { robotCallTime: 60 } })
  r.control('calls/incoming', { hostId: HOST, free: true })
  await r.timers.tickAsync(0)
  assert.ok(await r.engine.incoming.accept())
  await r.timers.tickAsync(14_999)
  assert.is(r.status(), CallStatus.CALLING_ING)
  await r.timers.tickAsync(1)
  assert.is(r.status(), CallStatus.HANG_UP)
  assert.equal(r.sent(CallPath.deduct), [])
})

// ---- CALL-07 ---------------------------------------------------------------------------

test('CALL-07 hang-up is ignored when already hung up or without a channel; callOver, leave and the post-call info follow once', async () => {
  const r = rig()
  r.engine.hangUp()
  assert.equal(r.sent(CallPath.over), [])
  await inCall(r)
  await r.timers.tickAsync(65_000)
  r.engine.hangUp()
  r.engine.hangUp(HangupReason.weakNetwork)
  assert.equal(r.sent(CallPath.over), [{ channelId: r.engine.info.value.channelId, overReason: 1, callScene: 'ALL' }])
  assert.is(r.rtc.log.filter((l) => l === 'leave').length, 1)
  // the sheet opens once callOver has said what was charged
  await r.timers.tickAsync(0)
  assert.is(r.ended.length, 1)
  assert.is(r.ended[0].callDuration, 65)
  assert.is(r.ended[0].callUserId, HOST)
  assert.equal(r.channels.at(-1), null)
})

test('CALL-07 callRate is sent at each call event', async () => {
  const r = rig()
  await inCall(r)
  await r.timers.tickAsync(60_000)
  r.engine.hangUp()
  assert.equal(
    r.sent(CallPath.rate).map((p) => p.callEvent),
    ['create', 'ring', 'connect', 'begin', 'deduct', 'hangup'],
  )
})

// ---- CALL-08 ---------------------------------------------------------------------------

test('CALL-08 at 2 units the warning shows for 8 s, at 1 unit for 10 s, above 2 none', async () => {
  // 400: begin -> 300 (3 units, none), point 1 -> 200 (2 units), point 2 -> 100 (1 unit)
  const r = rig({ balance: 400 })
  await inCall(r)
  assert.is(r.engine.warning.value, null)
  await r.timers.tickAsync(60_000)
  assert.equal(r.engine.warning.value, { units: 2, secondsLeft: null })
  await r.timers.tickAsync(7_999)
  assert.ok(r.engine.warning.value)
  await r.timers.tickAsync(1)
  assert.is(r.engine.warning.value, null)
  await r.timers.tickAsync(52_000)
  assert.equal(r.engine.warning.value, { units: 1, secondsLeft: null })
  await r.timers.tickAsync(9_999)
  assert.ok(r.engine.warning.value)
  await r.timers.tickAsync(1)
  assert.is(r.engine.warning.value, null)
})

test('CALL-08 a recharge during the call hides the warning and lifts the forced hang-up', async () => {
  const r = rig({ balance: 250 })
  await inCall(r)
  await r.timers.tickAsync(60_000)
  assert.is(r.engine.warning.value?.units, 0)
  // the recharge lands on the server, then its balance push reaches the engine
  r.ctx.move(100001, 5000, 'recharge')
  r.engine.onBalance(5050)
  assert.is(r.engine.warning.value, null)
  await r.timers.tickAsync(70_000)
  assert.is(r.status(), CallStatus.CALLING_ING)
})

test('CALL-08 no warning during the free period of a match call', async () => {
  // ticket 500 leaves 100 = 1 unit of the 100 price: a direct call would warn at once
  const r = rig({ balance: 600, settings: { matchFreeTime: 20 } })
  r.db.get('users').filter({ userType: 2 }).each((u: any) => (u.onlineStatus = u.userId === HOST ? 1 : 3)).value()
  assert.ok(await r.engine.startMatch())
  await r.timers.tickAsync(3000)
  assert.ok(r.engine.info.value.began)
  assert.is(r.session.diamondNum, 100)
  assert.is(r.engine.warning.value, null)
  await r.timers.tickAsync(20_000)
  // point 1 at 20 s took the last 100: 0 units now, the countdown shows
  assert.is(r.session.diamondNum, 0)
  assert.is(r.engine.warning.value?.units, 0)
})

// ---- CALL-09 ---------------------------------------------------------------------------

test('CALL-09 10 s of a weak network: the unstable toast and hang-up with reason 6', async () => {
  const r = rig()
  await inCall(r)
  r.rtc.emit('user-published', { uid: 'host_200001', mediaType: 'video' })
  r.rtc.emit('network-quality', { uplink: 1, downlink: 6 })
  await r.timers.tickAsync(9_999)
  assert.is(r.status(), CallStatus.CALLING_ING)
  await r.timers.tickAsync(1)
  assert.is(r.status(), CallStatus.HANG_UP)
  assert.is(r.engine.info.value.hangupReason, HangupReason.weakNetwork)
  assert.ok(r.texts().includes('Connection unstable. Auto-reconnected! Retry'))
})

test('CALL-09 a network that recovers within 10 s keeps the call; no host media for 10 s ends it', async () => {
  const r = rig()
  await inCall(r)
  r.rtc.emit('user-joined', { uid: 'host_200001' })
  r.rtc.emit('connection-state', { state: 'reconnecting' })
  await r.timers.tickAsync(9000)
  r.rtc.emit('connection-state', { state: 'connected' })
  await r.timers.tickAsync(20_000)
  assert.is(r.status(), CallStatus.CALLING_ING)
})

test('PAY-10 CALL-13 a discount host: the list price, the profile price and what each period charges are one server answer', async () => {
  const r = rig({ settings: { billingPeriodSec: 10 } })
  r.db.get('users').find({ userId: 100001 }).assign({ isDiscountUser: true }).write()
  const offers = (await import('../../offers/fake.ts')).default
  const list = await callEndpoint(offers, r.ctx, '/api/pool/mergeTheDiscountAnchor', { pageNum: 1 })
  const listed = list.anchorList.find((h: any) => h.userId === HOST)
  assert.ok(listed, 'the host is on the discount list')
  assert.is(listed.discountPrice, 70)
  const detail = await r.post<any>(CallPath.detail, { userId: HOST })
  const shown = effectivePrice(detail.videoPrice, { discountOffDiamond: detail.discountOffDiamond })
  assert.is(shown, listed.discountPrice, 'the profile shows the list price')
  assert.ok(await r.engine.start({ hostId: HOST, videoPrice: detail.videoPrice, discountOffDiamond: detail.discountOffDiamond, discountFlag: 1, source: 'discount' }))
  await r.timers.tickAsync(3000)
  assert.is(r.engine.info.value.videoPrice, 70, 'waiting and in-call screens show the charged price')
  await r.timers.tickAsync(15_000)
  const charges = r.db.get('ledger').value().filter((e: any) => e.channelId === r.engine.info.value.channelId).map((e: any) => e.delta)
  assert.equal(charges, [-70, -70])
})

// ---- summaries and unfinished calls ---------------------------------------------------

test('CALL-07 CALL-14 the post-call summary carries the duration, billing points and total charged the ledger holds', async () => {
  const r = rig({ settings: { billingPeriodSec: 10 } })
  await inCall(r)
  await r.timers.tickAsync(25_000)
  r.engine.hangUp()
  await r.timers.tickAsync(0)
  const ledger = r.db.get('ledger').value().filter((e: any) => e.channelId === r.engine.info.value.channelId)
  assert.is(ledger.length, 3)
  assert.is(r.ended.length, 1)
  assert.is(r.ended[0].charged, 300)
  assert.is(r.ended[0].charged, -ledger.reduce((s: number, e: any) => s + e.delta, 0))
  assert.is(r.ended[0].periods, 3)
  assert.is(r.ended[0].callDuration, 25)
})

test('CALL-07 a call a reload left connected: the next start reports it over (reason 11) and shows its summary equal to the ledger', async () => {
  const r = rig({ settings: { billingPeriodSec: 10 } })
  await inCall(r)
  await r.timers.tickAsync(12_000)
  const channelId = r.engine.info.value.channelId
  assert.is(r.kept.call?.channelId, channelId, 'kept across a reload')
  // the tab closes: nothing more from this engine
  const next = r.restart()
  assert.ok(await next.endUnfinished())
  const row = r.db.get('calls').value().find((c: any) => c.channelId === channelId)
  assert.is(row.state, 'over')
  assert.is(row.overReason, HangupReason.lost)
  const charged = -r.db.get('ledger').value().filter((e: any) => e.channelId === channelId).reduce((s: number, e: any) => s + e.delta, 0)
  assert.is(charged, 200)
  assert.is(r.ended.at(-1).channelId, channelId)
  assert.is(r.ended.at(-1).charged, charged)
  assert.is(r.ended.at(-1).periods, 2)
  assert.is(r.kept.call, null, 'reported once')
  assert.is(await next.endUnfinished(), false)
  assert.is(r.ctx.userById(HOST)!.onlineStatus, 1, 'the host is free again')
})

test('CALL-07 the harness ends a connected call whose app gave no sign for the bound (reason 11), and frees the host', async () => {
  const r = rig({ settings: { billingPeriodSec: 10, callIdleEndSec: 30 } })
  await inCall(r)
  const channelId = r.engine.info.value.channelId
  // the app vanishes: its video socket closes, no deduction comes
  r.engine['generation']++
  r.engine['billing']?.stop()
  await r.engine['leaveRtc']()
  assert.is(r.ctx.userById(HOST)!.onlineStatus, 10000)
  await r.timers.tickAsync(25_000)
  assert.is(r.db.get('calls').value().find((c: any) => c.channelId === channelId).state, 'connected')
  await r.timers.tickAsync(10_000)
  const row = r.db.get('calls').value().find((c: any) => c.channelId === channelId)
  assert.is(row.state, 'over')
  assert.is(row.overReason, HangupReason.lost)
  assert.is(r.ctx.userById(HOST)!.onlineStatus, 1, 'the host takes calls again')
})

// ---- fair billing (issue: the real world) ----------------------------------------------

test('CALL-06 CALL-09 fair billing: a host whose video never arrives ends the call within 15 s with a message, no begin-call, ledger untouched', async () => {
  const silent = rig()
  silent.control('calls/behaviour', { answer: 'accept', afterSec: 3, noMedia: true })
  assert.ok(await silent.engine.start(direct))
  await silent.timers.tickAsync(3000)
  assert.is(silent.status(), CallStatus.CALLING_ING)
  await silent.timers.tickAsync(14_000)
  assert.is(silent.status(), CallStatus.CALLING_ING, 'still waiting for the video within the bound')
  await silent.timers.tickAsync(1_000)
  assert.is(silent.status(), CallStatus.HANG_UP)
  assert.is(silent.engine.info.value.hangupReason, HangupReason.weakNetwork)
  assert.equal(silent.sent(CallPath.begin), [])
  assert.ok(silent.texts().includes('The video could not connect, so the call has ended. Nothing was charged.'))
  assert.is(silent.ctx.userById(100001)!.diamondNum, 1000)
  assert.equal(silent.db.get('ledger').value(), [])
  assert.equal(silent.ended, [], 'no post-call sheet for a call that never began')
  assert.ok(checkLedger(silent.db.getState()).ok)
})

test('CALL-06 fair billing: begin-call is sent only after the RTC join and the host first frame; no frame, no begin', async () => {
  const r = rig()
  r.rtc.drawFrames(false)
  assert.ok(await r.engine.start(direct))
  await r.timers.tickAsync(3000)
  assert.is(r.status(), CallStatus.CALLING_ING)
  await r.timers.tickAsync(5000)
  assert.equal(r.sent(CallPath.begin), [], 'joined and host published, but no frame drawn: no billing')
  r.rtc.emit('first-frame', { uid: 'host_200001' })
  await r.timers.tickAsync(0)
  assert.is(r.sent(CallPath.begin).length, 1)
  assert.ok(r.engine.info.value.began)
  assert.is(r.engine.info.value.callDuration, 0, 'the duration counts from the begin-call answer')
  assert.is(r.ctx.userById(100001)!.diamondNum, 900)
})

test('CALL-06 the harness refuses begin-call while the viewer is not in the video channel', async () => {
  const r = rig({ screen: false })
  assert.ok(await r.engine.start(direct))
  await r.timers.tickAsync(3000)
  const ch = r.engine.info.value.channelId
  await r.engine['leaveRtc']()
  const refused = await r.post(CallPath.begin, { channelId: ch }).then(
    () => null,
    (e: ApiError) => e.message,
  )
  assert.is(refused, 'call.video.not.connected')
  assert.is(r.ctx.userById(100001)!.diamondNum, 1000)
})

test('CALL-12 CALL-06 a match whose begin-call answers 8 s late: the app gives up, says the ticket was returned, and the ledger gives it back (shown = ledger)', async () => {
  const r = rig({ balance: 5000 })
  r.control('calls/begin', { delayMs: 8000 })
  assert.ok(await r.engine.startMatch())
  await r.timers.tickAsync(3000)
  assert.is(r.status(), CallStatus.CALLING_ING)
  await r.timers.tickAsync(20_000)
  assert.is(r.status(), CallStatus.HANG_UP)
  assert.is(r.engine.info.value.hangupReason, HangupReason.beginCall)
  assert.ok(r.texts().includes('The match could not start. Your ticket was returned. Please try again.'))
  await r.timers.tickAsync(10_000)
  assert.is(r.ctx.userById(100001)!.diamondNum, 5000, 'ledger: the ticket is back')
  assert.is(r.session.diamondNum, 5000, 'shown: the callOver answer')
  assert.ok(checkLedger(r.db.getState()).ok)
})

test('CALL-04 an accepted incoming call whose video join never settles ends within 10 s with a message and is reported over; the host is free', async () => {
  const r = rig()
  r.control('calls/incoming', { hostId: HOST })
  await r.timers.tickAsync(0)
  r.rtc.hangJoins()
  void r.engine.incoming.accept()
  await r.timers.tickAsync(9_000)
  assert.equal(r.texts(), [])
  await r.timers.tickAsync(1_500)
  assert.ok(r.texts().includes('The call could not connect. Check your connection and try again. Nothing was charged.'))
  assert.is(r.sent(CallPath.over).length, 1)
  const row = r.db.get('calls').value()[0]
  assert.is(row.state, 'cancelled')
  assert.is(r.ctx.userById(HOST)!.onlineStatus, 1, 'the host is free again')
  assert.is(r.ctx.userById(100001)!.diamondNum, 1000)
  assert.is(r.engine.info.value.channelId, null)
})

test('CALL-09 a video drop shows at once (link not healthy), and a billing point that falls in the drop is charged only once the video is back', async () => {
  const r = rig({ settings: { billingPeriodSec: 20 } })
  await inCall(r)
  assert.is(r.ctx.userById(100001)!.diamondNum, 900)
  await r.timers.tickAsync(15_000)
  assert.ok(r.engine.link.value.healthy)
  r.control('calls/media', { quality: 6 })
  await r.timers.tickAsync(0)
  assert.is(r.engine.link.value.healthy, false, 'shown at once')
  assert.is(r.engine.link.value.quality, 6)
  await r.timers.tickAsync(8_000)
  assert.is(r.ctx.userById(100001)!.diamondNum, 900, 'no period charged while no video flows')
  r.control('calls/media', { quality: 1 })
  await r.timers.tickAsync(1_000)
  assert.ok(r.engine.link.value.healthy)
  assert.is(r.ctx.userById(100001)!.diamondNum, 800, 'charged once the picture is back')
  assert.is(r.status(), CallStatus.CALLING_ING)
})

// ---- CALL-12 ---------------------------------------------------------------------------

test('CALL-12 a match call: ticket 500 by default, VIP 450, no waiting screen, callScene MATCH', async () => {
  const short = rig({ balance: 499 })
  assert.is(await short.engine.startMatch(), false)
  assert.is(short.backs(), 1)
  assert.equal(short.shops, ['match'])
  const vip = rig({ balance: 450, vip: true })
  assert.ok(await vip.engine.startMatch())
  assert.equal(vip.sent(CallPath.create)[0], { webSource: 'match', beCallUserId: 0, callType: 2, discountFlag: 0 })
  assert.is(vip.engine.info.value.waitLeft, 0)
  await vip.timers.tickAsync(3000)
  assert.is(vip.status(), CallStatus.CALLING_ING)
  vip.engine.hangUp()
  assert.is(vip.sent(CallPath.over)[0].callScene, 'MATCH')
  const custom = rig({ balance: 299, config: { matchTicket: 300 } })
  assert.is(await custom.engine.startMatch(), false)
})

test("CALL-12 no host within 5 s: 'Match timed out, please try again'", async () => {
  const r = rig()
  r.overrides[CallPath.create] = () => never
  const started = r.engine.startMatch()
  await r.timers.tickAsync(5000)
  assert.is(await started, false)
  assert.equal(r.texts(), ['Match timed out, please try again'])
  const none = rig()
  none.db.get('users').filter({ userType: 2 }).each((u: any) => (u.onlineStatus = 3)).value()
  assert.is(await none.engine.startMatch(), false)
  assert.equal(none.texts(), ['Match timed out, please try again'])
  const slow = rig()
  slow.control('calls/behaviour', { answer: 'accept', afterSec: 6 })
  await slow.engine.startMatch()
  await slow.timers.tickAsync(5000)
  assert.is(slow.status(), CallStatus.TIMEOUT)
  assert.equal(slow.texts(), ['Match timed out, please try again'])
})

// ---- CALL-04 ---------------------------------------------------------------------------

test('CALL-04 an incoming call rings for waitTime s, then is reported missed with missedReason 2', async () => {
  const r = rig()
  const { channelId } = r.control('calls/incoming', { hostId: HOST, waitTime: 20 }) as any
  await r.timers.tickAsync(0)
  assert.is(r.engine.incoming.call.value?.channelId, channelId)
  await r.timers.tickAsync(19_999)
  assert.is(r.engine.incoming.left.value, 1)
  await r.timers.tickAsync(1)
  assert.is(r.engine.incoming.call.value, null)
  assert.equal(r.sent(CallPath.miss), [{ channelId, missedReason: 2 }])
})

test('CALL-05 an incoming call its host cancels (type 2, or 1) stops ringing with the spec toast, matched by channel', async () => {
  const r = rig()
  const { channelId } = r.control('calls/incoming', { hostId: HOST, waitTime: 20 }) as any
  await r.timers.tickAsync(0)
  r.engine.onNotify({ channelId: 'ch_other', type: 2 })
  await r.timers.tickAsync(1000)
  assert.is(r.engine.incoming.call.value?.channelId, channelId, 'another channel changes nothing')
  r.control('calls/remote', { channelId, action: 'cancel' })
  await r.timers.tickAsync(0)
  assert.is(r.engine.incoming.call.value, null, 'the popup closed')
  assert.ok(r.texts().includes("She's not available right now; you can call another girl instead"))
  assert.is(await r.engine.incoming.accept(), false, 'nothing left to accept')
  assert.not.ok(r.texts().includes('Error!'))
  assert.equal(r.sent(CallPath.join), [])
  const w = rig()
  const second = w.control('calls/incoming', { hostId: HOST, waitTime: 20 }) as any
  await w.timers.tickAsync(0)
  w.engine.onNotify({ channelId: second.channelId, type: 1, reason: 'busy' })
  assert.is(w.engine.incoming.call.value, null)
  assert.ok(w.texts().includes("She's busy on the line. You can call her later"))
})

test('CALL-04 reject reports missedReason 3; accept and reject share a 3 s debounce', async () => {
  const r = rig()
  const { channelId } = r.control('calls/incoming', { hostId: HOST }) as any
  await r.timers.tickAsync(0)
  assert.ok(r.engine.incoming.reject())
  assert.equal(r.sent(CallPath.miss), [{ channelId, missedReason: 3 }])
  assert.equal(r.sent(CallPath.updatePushCall), [{ channelId, status: 2 }])
  const second = r.control('calls/incoming', { hostId: 200002 }) as any
  await r.timers.tickAsync(1000)
  assert.is(await r.engine.incoming.accept(), false)
  assert.is(r.engine.incoming.call.value?.channelId, second.channelId)
  await r.timers.tickAsync(2000)
  assert.ok(await r.engine.incoming.accept())
  assert.is(r.status(), CallStatus.CALLING_ING)
})

test('CALL-04 accept with a balance below the price opens recharge, reports noRmb and counts as a reject', async () => {
  const r = rig({ balance: 99 })
  const { channelId } = r.control('calls/incoming', { hostId: HOST }) as any
  await r.timers.tickAsync(0)
  assert.is(await r.engine.incoming.accept(), false)
  assert.equal(r.shops, ['incoming'])
  assert.equal(r.sent(CallPath.updatePushCall), [{ channelId, status: 4 }])
  assert.equal(r.sent(CallPath.miss), [{ channelId, missedReason: 3 }])
  assert.equal(r.sent(CallPath.join), [])
})

test('CALL-04 accept joins with a 3 s time-out, then the call connects and bills; a join time-out resets and rejects', async () => {
  const r = rig()
  const { channelId } = r.control('calls/incoming', { hostId: HOST }) as any
  await r.timers.tickAsync(0)
  assert.ok(await r.engine.incoming.accept())
  assert.equal(r.sent(CallPath.join), [{ channelId }])
  assert.is(r.requests.find((q) => q.path === CallPath.join)!.opts.timeout, 3000)
  await r.timers.tickAsync(0)
  assert.ok(r.engine.info.value.began)
  assert.is(r.engine.info.value.callInOrOut, 'in')
  assert.is(r.session.diamondNum, 900)
  const slow = rig()
  slow.overrides[CallPath.join] = () => never
  const b = slow.control('calls/incoming', { hostId: HOST }) as any
  await slow.timers.tickAsync(0)
  const accepted = slow.engine.incoming.accept()
  await slow.timers.tickAsync(3000)
  assert.is(await accepted, false)
  assert.equal(slow.texts(), ['Error!'])
  assert.equal(slow.sent(CallPath.miss), [{ channelId: b.channelId, missedReason: 3 }])
  assert.is(slow.status(), CallStatus.INIT)
})

test('CALL-04 auto-reject: in a live room, a game page or half-screen game, a pay page or popup, or a blocked app id; ignored when not for this user', async () => {
  const cases: Array<[string, Parameters<typeof rig>[0]]> = [
    ['live', { where: { live: true } }],
    ['game', { where: { path: '/gameCenter' } }],
    ['half-screen game', { where: { game: true } }],
    ['pay page', { where: { path: '/getcoin' } }],
    ['pay popup', { where: { payPopup: true } }],
    ['app id', { where: { appId: 'callwall-white' }, config: { rejectAppIds: ['callwall-white'] } }],
  ]
  for (const [name, o] of cases) {
    const r = rig(o)
    const { channelId } = r.control('calls/incoming', { hostId: HOST }) as any
    await r.timers.tickAsync(0)
    assert.is(r.engine.incoming.call.value, null, name)
    assert.equal(r.sent(CallPath.miss), [{ channelId, missedReason: 1 }], name)
  }
  const other = rig()
  other.engine.incoming.onPush({ channelId: 'x', callUserId: HOST, beCallUserId: 100002, waitTime: 10 })
  assert.is(other.engine.incoming.call.value, null)
  assert.equal(other.sent(CallPath.miss), [])
})

test('CALL-04 a duplicated incoming push rings once; a call in progress answers a new one busy', async () => {
  const r = rig()
  r.control('calls/pushes', { duplicate: true })
  r.control('calls/incoming', { hostId: HOST })
  await r.timers.tickAsync(0)
  assert.is(r.sent(CallPath.rate).filter((p) => p.callEvent === 'incoming').length, 1)
  const busy = rig()
  await inCall(busy)
  const { channelId } = busy.control('calls/incoming', { hostId: 200002 }) as any
  await busy.timers.tickAsync(0)
  assert.equal(busy.sent(CallPath.miss), [{ channelId, missedReason: 1 }])
})

test('CALL-04 a call pending on the server when the app opens rings', async () => {
  const r = rig()
  r.overrides[CallPath.pushCall] = () => ({ channelId: 'pending1', callUserId: HOST, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  await r.engine.incoming.checkPending()
  assert.is(r.engine.incoming.call.value?.channelId, 'pending1')
})

test('CALL-06 a deduction answered with code 1080 ends the call with reason 3', async () => {
  const r = rig()
  await inCall(r)
  r.overrides[CallPath.deduct] = () => {
    throw new ApiError({ kind: 'code', code: '1080', message: 'Insufficient balance', path: CallPath.deduct })
  }
  await r.timers.tickAsync(60_000)
  assert.is(r.engine.info.value.hangupReason, HangupReason.balance)
})

test.run()
