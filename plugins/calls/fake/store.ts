// The calls slice's store: the call rows the harness keeps, and the small rules over them
// (who is a host, who may be called, what a call costs, the call.notify push).
import { Code } from '../../../kernel/protocol/envelope.ts'
import { HostStatus, type HostStatusValue } from '../../wall/api.ts'
import { collection, type Collection, type Collections, EndpointError, type HarnessContext, pushedCode, type UserRow } from '../../../harness/slice-kit.ts'
import { CallPush, CallRefusal, type BillingReply, type CallCreated, type IncomingCall } from '../api.ts'
import { CallDefaults, effectivePrice } from '../rules.ts'
import { isVip, toUser } from '../../../kernel/protocol/user.ts'
import type { Runtime } from './hosts.ts'
import { discountOffFor } from '../../offers/fake-api.ts'
import { HostStatusPush } from '../../wall/api.ts'

declare module '../../../harness/collections.ts' {
  interface Collections {
    calls: CallRow[]
    pushCalls: Array<IncomingCall & { status: number; viewerId: number }>
    robotInvites: RobotInviteRow[]
    callRates: Array<{ id: number; [field: string]: unknown }>
    callEvaluations: Array<{ id: number; [field: string]: unknown }>
  }
}

/** One call as the harness keeps it (collection 'calls'). */
export interface CallRow {
  id: number
  channelId: string
  viewerId: number
  hostId: number
  direction: 'out' | 'in'
  callType: number
  discountFlag: number
  /** diamonds per billing period */
  price: number
  /** diamonds charged at begin-call instead of the price (the match ticket) */
  ticket: number | null
  /** seconds free after begin (match calls) */
  freeSec: number
  free: boolean
  state: 'ringing' | 'connected' | 'over' | 'missed' | 'rejected' | 'cancelled'
  /** ms timestamps */
  createdAt: number
  connectedAt: number | null
  beganAt: number | null
  endedAt: number | null
  /** billing points charged so far (point 0 is begin-call) */
  points: number
  lastReply: BillingReply | null
  category: number | null
  overReason: number | null
  missedReason: number | null
  callScene: string | null
  duration: number
  /** ms: the last sign the viewer's app is there (begin, deduction, in the video channel) */
  aliveAt?: number | null
  /** the host's status before the call made her busy */
  hostStatusBefore: number | null
  waitTime: number
}

export const ACTIVE: CallRow['state'][] = ['ringing', 'connected']

/** One robot invitation sent (collection 'robotInvites'). */
export interface RobotInviteRow {
  callIndex: number
  callType: number
  hostId: number
  viewerId: number
  /** what the lookup answers as the user type instead of the host's own (null: the host's) */
  userType: number | null
  /** the free call made for it, once looked up */
  channelId: string | null
  at: number
}

export const refuse = (msg: string) => new EndpointError(Code.refused, msg)

export function table<K extends keyof Collections>(ctx: HarnessContext, name: K): Collection<Collections[K]> {
  if (!ctx.db.has(name).value()) ctx.db.set(name, []).write()
  return collection(ctx, name)
}

export function nextId(ctx: HarnessContext, name: 'calls' | 'callRates' | 'callEvaluations'): number {
  const rows = table(ctx, name).value()
  return rows.reduce((max, r) => Math.max(max, r.id || 0), 0) + 1
}

export function saveCall(ctx: HarnessContext, row: CallRow) {
  table(ctx, 'calls').find({ channelId: row.channelId }).assign(row).write()
}

export function findCall(ctx: HarnessContext, channelId: unknown): CallRow | undefined {
  if (typeof channelId !== 'string' || !channelId) return undefined
  return table(ctx, 'calls').find({ channelId }).value()
}

/** The call, if it belongs to this user; else 'call.not.found'. */
export function ownCall(ctx: HarnessContext, user: UserRow, channelId: unknown): CallRow {
  const row = findCall(ctx, channelId)
  if (!row || row.viewerId !== user.userId) throw refuse(CallRefusal.noCall)
  return row
}

export const isHost = (u: UserRow | null): u is UserRow => !!u && (u.userType === 2 || u.userType === 3)

export function settingNumber(ctx: HarnessContext, key: string, fallback: number): number {
  const v = Number(ctx.settings()[key])
  return Number.isFinite(v) && v > 0 ? v : fallback
}

export const periodSec = (ctx: HarnessContext) => settingNumber(ctx, 'billingPeriodSec', 60)

export function followed(ctx: HarnessContext, userId: number, followUserId: number): boolean {
  return !!table(ctx, 'follows').find({ userId, followUserId }).value()
}

export function hostBusyInCall(ctx: HarnessContext, hostId: number): boolean {
  return (table(ctx, 'calls').value()).some((c) => c.hostId === hostId && ACTIVE.includes(c.state))
}

const storedValues: number[] = [HostStatus.live, HostStatus.online, HostStatus.busy, HostStatus.offline]

/** NET-08: a host's status as the server keeps it on her row: the app's values of d1 §4 (-1 live,
 *  1 online, 2 busy, 3 offline), never a pushed code; 10000 (in a call) answers busy. */
export function storedStatus(host: UserRow): HostStatusValue {
  const v = Number(host.onlineStatus)
  if (host.live === true || v === HostStatus.live) return HostStatus.live
  if (v === HostStatus.other) return HostStatus.busy
  return storedValues.includes(v) ? (v as HostStatusValue) : HostStatus.offline
}

/** Why a host cannot take a call now, or null. */
export function hostRefusal(ctx: HarnessContext, host: UserRow): string | null {
  const status = storedStatus(host)
  if (status === HostStatus.offline) return CallRefusal.hostOffline
  if (status === HostStatus.busy || status === HostStatus.live || hostBusyInCall(ctx, host.userId)) return CallRefusal.hostBusy
  return null
}

/** a private call from live needs the host live and not already in a call */
export function liveCallRefusal(ctx: HarnessContext, host: UserRow): string | null {
  return storedStatus(host) === HostStatus.live && !hostBusyInCall(ctx, host.userId) ? null : CallRefusal.hostBusy
}

export function vipPercent(ctx: HarnessContext): number {
  return settingNumber(ctx, 'vipCallDiscount', CallDefaults.vipCallDiscount)
}

export function callPrice(ctx: HarnessContext, host: UserRow, viewer: UserRow, discountFlag: number): number {
  const list = Number(host.videoPrice) || 0
  // the amount the host detail answered this viewer (PAY-10), so the call charges the price shown
  const off = discountFlag === 1 ? discountOffFor(ctx, host, viewer) || Number(host.discountOffDiamond) || 0 : 0
  return effectivePrice(list, { discountOffDiamond: off, isVip: isVip(toUser(viewer), Date.now()), vipDiscount: vipPercent(ctx) })
}

export function callView(ctx: HarnessContext, row: CallRow, host: UserRow): CallCreated {
  return {
    channelId: row.channelId,
    callUserId: host.userId,
    callType: row.callType,
    yxAccid: host.yxAccid,
    videoPrice: row.price,
    countryCode: (host.countryCode as string) ?? null,
    nickname: host.nickname,
    age: (host.age as number) ?? null,
    icon: host.icon,
    userType: host.userType,
    followed: followed(ctx, row.viewerId, host.userId),
    levelName: (host.anchorLevelName as string) ?? (host.levelName as string) ?? null,
  }
}

export function setHostStatus(ctx: HarnessContext, host: UserRow, onlineStatus: number) {
  ctx.db.get('users').find({ userId: host.userId }).assign({ onlineStatus }).write()
  // the push carries the wire's code (d1 §4), not the stored value: a stored 2 (busy) pushed as is reads offline
  ctx.broadcast(HostStatusPush, { userId: host.userId, yxAccid: host.yxAccid, onlineStatus: pushedCode(onlineStatus), live: onlineStatus === HostStatus.live })
}

export function notify(ctx: HarnessContext, rt: Runtime, row: CallRow, type: number, reason?: string) {
  const data: Record<string, unknown> = { channelId: row.channelId, type }
  if (reason) data.reason = reason
  ctx.push(row.viewerId, CallPush.notify, data)
  if (rt.duplicatePushes) ctx.push(row.viewerId, CallPush.notify, { ...data })
}
