// What every call path of the slice shares: placing, connecting, charging and ending a call,
// and the host's simulated answer, on one clock (tests pass fake timers).
import { HostStatus } from '../../wall/api.ts'
import { collection, type HarnessContext, type UserRow } from '../../../harness/slice-kit.ts'
import { CallCategory, CallGameType, HangupReason, MissedReason, NotifyType, type BillingReply, type CallRecord } from '../api.ts'
import { CallDefaults, pointTime } from '../rules.ts'
import { clearChannel, later, rtcOf, runtimeOf, type Behaviour, type Runtime, type Timers } from './hosts.ts'
import { type CallRow, ACTIVE, table, nextId, saveCall, findCall, isHost, settingNumber, periodSec, hostRefusal, setHostStatus, notify } from './store.ts'

/** what a call charged the viewer, from the ledger: net diamonds and billing points */
function chargedBy(ctx: HarnessContext, row: CallRow): { charged: number; periods: number } {
  const entries = collection(ctx, 'ledger').value().filter(
    (e) => e.userId === row.viewerId && e.channelId === row.channelId,
  )
  const charged = -entries.reduce((sum, e) => sum + e.delta, 0)
  return { charged, periods: charged > 0 ? entries.filter((e) => e.reason === 'call').length : 0 }
}

/** Charge billing point `point` once (ledger key channel:point); answer the live balance. */
function charge(ctx: HarnessContext, row: CallRow, user: UserRow, point: number, amount: number): BillingReply {
  if (amount > 0) ctx.move(user.userId, -amount, 'call', { key: `${row.channelId}:${point}`, channelId: row.channelId, point, peerId: row.hostId })
  row.points = point + 1
  const diamond = Number(ctx.userById(user.userId)?.diamondNum) || 0
  row.lastReply = row.free
    ? { diamond, nextDeduction: 0, nextPoint: 0 }
    : { diamond, nextDeduction: row.price, nextPoint: pointTime(point + 1, { periodSec: periodSec(ctx), freeSec: row.freeSec }) }
  saveCall(ctx, row)
  return row.lastReply
}

/** the call a control names, or the latest one still going */
function activeOf(ctx: HarnessContext, channelId: unknown): CallRow | undefined {
  if (channelId) return findCall(ctx, channelId)
  const rows = table(ctx, 'calls').value().filter((c) => ACTIVE.includes(c.state))
  return rows[rows.length - 1]
}

/** a call as the records list shows it, with its host's card */
function record(ctx: HarnessContext, row: CallRow): CallRecord {
  const host = ctx.userById(row.hostId)
  return {
    channelId: row.channelId,
    userId: row.hostId,
    yxAccid: host?.yxAccid ?? '',
    nickname: host?.nickname ?? '',
    icon: host?.icon ?? '',
    age: (host?.age as number) ?? null,
    countryCode: (host?.countryCode as string) ?? null,
    levelName: (host?.anchorLevelName as string) ?? null,
    category: row.category ?? CallCategory.cancelled,
    callInOrOut: row.direction,
    callType: row.callType,
    callDuration: row.duration,
    createTime: new Date(row.createdAt).toISOString(),
  }
}

/** a user's ended calls, newest first */
function recordsOf(ctx: HarnessContext, userId: number): CallRow[] {
  return (table(ctx, 'calls').value()).filter((c) => c.viewerId === userId && c.category != null).sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
}

/**
 * Fair billing: video flows when the viewer and the host are both in the call's RTC channel and
 * the channel's quality is not very bad or down. Without an RTC service that lists channels the
 * harness cannot tell, and counts it as flowing.
 */
function videoFlows(ctx: HarnessContext, rt: Runtime, row: CallRow): boolean {
  const rtc = rtcOf(ctx)
  if (!rtc?.channels) return true
  if ((rt.quality.get(row.channelId) ?? 1) >= 5) return false
  const host = ctx.userById(row.hostId)
  const uids = rtc.channels().find((c) => c.channel === row.channelId)?.uids ?? []
  // one uid scheme: each side is in the channel as its numeric user id
  return !!host && uids.includes(String(host.userId)) && uids.includes(String(row.viewerId))
}

/** CALL-06: a begin-call whose answer the app never received (it ends the call with reason 10 within the
 *  begin bound) is reversed: the call never began for the user, so its begin charge (a match ticket) goes back */
function reverseBegin(ctx: HarnessContext, row: CallRow, now: number) {
  if (row.points !== 1 || row.beganAt == null) return
  const beginBoundMs = CallDefaults.beginTimeoutMs * CallDefaults.beginAttempts + 5000
  if (now - row.beganAt > beginBoundMs) return
  const charged = row.free ? 0 : (row.ticket ?? row.price)
  if (charged > 0) ctx.move(row.viewerId, charged, 'call-refund', { key: `${row.channelId}:refund`, channelId: row.channelId, point: 0, peerId: row.hostId })
  row.beganAt = null
  row.points = 0
}

/** a new call's row: ringing, outgoing and direct unless init says otherwise, nothing charged yet */
function ringingCall(id: number, channelId: string, viewer: UserRow, host: UserRow, createdAt: number, init: Partial<CallRow>): CallRow {
  return {
    id,
    channelId,
    viewerId: viewer.userId,
    hostId: host.userId,
    direction: 'out',
    callType: CallGameType.DIRECT,
    discountFlag: 0,
    price: 0,
    ticket: null,
    freeSec: 0,
    free: false,
    state: 'ringing',
    createdAt,
    connectedAt: null,
    beganAt: null,
    endedAt: null,
    points: 0,
    lastReply: null,
    category: null,
    overReason: null,
    missedReason: null,
    callScene: null,
    duration: 0,
    hostStatusBefore: null,
    waitTime: 0,
    ...init,
  }
}

export function createCallCore(timers: Timers) {
  const rtOf = (ctx: HarnessContext) => runtimeOf(ctx, timers)
  const now = () => timers.now()

  /** End a call: stop the host's timers, free the host, leave the video channel. */
  function finish(ctx: HarnessContext, row: CallRow, patch: Partial<CallRow>) {
    const rt = rtOf(ctx)
    clearChannel(rt, row.channelId)
    rt.quality.delete(row.channelId)
    const wasConnected = row.state === 'connected'
    Object.assign(row, patch, { endedAt: now() })
    row.duration = row.beganAt != null ? Math.max(0, Math.floor((now() - row.beganAt) / 1000)) : 0
    saveCall(ctx, row)
    const host = ctx.userById(row.hostId)
    if (host && wasConnected) {
      rtcOf(ctx)?.hostLeave(row.channelId, host.yxAccid)
      // give the host back her status unless something else changed it meanwhile
      if (Number(host.onlineStatus) === 10000 && row.hostStatusBefore != null) setHostStatus(ctx, host, row.hostStatusBefore)
    }
  }

  function connect(ctx: HarnessContext, row: CallRow, b: Behaviour, push: boolean) {
    const rt = rtOf(ctx)
    const host = ctx.userById(row.hostId)
    if (!host) return
    row.state = 'connected'
    row.connectedAt = now()
    row.hostStatusBefore = Number(host.onlineStatus) || HostStatus.online
    saveCall(ctx, row)
    setHostStatus(ctx, host, 10000)
    if (!b.noMedia) rtcOf(ctx)?.hostJoin(row.channelId, host.yxAccid)
    alive(row)
    watchAlive(ctx, row.channelId)
    if (push) notify(ctx, rt, row, NotifyType.CONNECTED)
    if (b.hangUpAfterSec != null) later(rt, row.channelId, b.hangUpAfterSec * 1000, () => hostHangUp(ctx, row.channelId))
    if (b.dropAfterSec != null)
      later(rt, row.channelId, b.dropAfterSec * 1000, () => {
        // the host's network goes: the viewer's RTC reports quality 'down' and the host vanishes
        setQuality(ctx, row.channelId, 6)
        rtcOf(ctx)?.hostLeave(row.channelId, host.yxAccid)
      })
  }

  function alive(row: CallRow) {
    row.aliveAt = now()
  }

  /**
   * A connected call whose app gave no sign (begin-call, a deduction, being in the video channel) for
   * callIdleEndSec (default the larger of 60 s and two billing periods plus 20 s) ends on the server with reason 11 (lost), and the host is free again:
   * a real server must not keep a vanished viewer's call, nor its host busy, for ever.
   */
  function watchAlive(ctx: HarnessContext, channelId: string) {
    const bound = settingNumber(ctx, 'callIdleEndSec', Math.max(60, 2 * periodSec(ctx) + 20)) * 1000
    const check = () => {
      const row = findCall(ctx, channelId)
      if (!row || row.state !== 'connected') return
      const rtc = rtcOf(ctx)
      const present = rtc?.channels?.().find((c) => c.channel === channelId)?.uids.includes(String(row.viewerId))
      if (present) alive(row)
      if (now() - (row.aliveAt ?? row.connectedAt ?? now()) >= bound) {
        const began = row.beganAt != null
        finish(ctx, row, { state: began ? 'over' : 'cancelled', overReason: HangupReason.lost, category: began ? CallCategory.connected : CallCategory.cancelled })
        ctx.log('call', channelId, 'ended: no sign of the app for', bound / 1000, 's')
        return
      }
      later(rtOf(ctx), channelId, Math.min(5000, bound), check)
    }
    later(rtOf(ctx), channelId, Math.min(5000, bound), check)
  }

  /** impose a network quality on a channel's viewer, remembered for billing */
  function setQuality(ctx: HarnessContext, channelId: string, quality: number) {
    rtOf(ctx).quality.set(channelId, quality)
    rtcOf(ctx)?.setQuality(channelId, quality)
  }

  function hostHangUp(ctx: HarnessContext, channelId: string) {
    const row = findCall(ctx, channelId)
    if (!row || row.state !== 'connected') return false
    finish(ctx, row, { state: 'over', overReason: HangupReason.anchor, category: CallCategory.connected })
    notify(ctx, rtOf(ctx), row, NotifyType.HANG_UP)
    return true
  }

  function hostAnswers(ctx: HarnessContext, row: CallRow, b: Behaviour) {
    const rt = rtOf(ctx)
    const ring = () => notify(ctx, rt, row, NotifyType.ONLINE)
    if (!rt.reorderPushes || b.answer === 'never') ring()
    if (b.answer === 'never') {
      // the server gives up a while after the app's own ring time-out, in case the app went away
      const timeout = settingNumber(ctx, 'callTimeOut', CallDefaults.callTimeOut)
      later(rt, row.channelId, (timeout + 10) * 1000, () => {
        const cur = findCall(ctx, row.channelId)
        if (cur?.state !== 'ringing') return
        finish(ctx, cur, { state: 'missed', missedReason: MissedReason.timeout, category: CallCategory.timeout })
        notify(ctx, rt, cur, NotifyType.CANCEL, 'timeout')
      })
      return
    }
    later(rt, row.channelId, b.afterSec * 1000, () => {
      const cur = findCall(ctx, row.channelId)
      if (cur?.state !== 'ringing') return
      if (b.answer === 'accept') connect(ctx, cur, b, true)
      else {
        finish(ctx, cur, { state: 'rejected', missedReason: MissedReason.rejectOrBusy, category: CallCategory.rejected })
        notify(ctx, rt, cur, NotifyType.REJECT, b.answer)
      }
      if (rt.reorderPushes) ring()
    })
  }

  function newCall(ctx: HarnessContext, viewer: UserRow, host: UserRow, init: Partial<CallRow>): CallRow {
    const channelId = `ch_${host.userId}_${now().toString(36)}_${++rtOf(ctx).seq}`
    const row = ringingCall(nextId(ctx, 'calls'), channelId, viewer, host, now(), init)
    table(ctx, 'calls').push(row).write()
    return row
  }

  /** A match picks an online host who is not in a call; the order rotates so matches vary. */
  function pickMatchHost(ctx: HarnessContext): UserRow | null {
    const hosts = collection(ctx, 'users').value().filter((u) => isHost(u) && !hostRefusal(ctx, u))
    if (!hosts.length) return null
    return hosts[rtOf(ctx).seq % hosts.length]
  }

  const pause = (ms: number) => new Promise<void>((r) => timers.setTimeout(r, ms))

  return {
    timers, rtOf, now, finish, connect, hostHangUp, hostAnswers, newCall, pickMatchHost, charge, pause, activeOf, record, recordsOf, setQuality, alive, chargedBy,
    videoFlows: (ctx: HarnessContext, row: CallRow) => videoFlows(ctx, rtOf(ctx), row),
    reverseBegin: (ctx: HarnessContext, row: CallRow) => reverseBegin(ctx, row, now()),
  }
}

export type CallCore = ReturnType<typeof createCallCore>
