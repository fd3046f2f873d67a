// A small harness context for testing the calls slice without a server: an in-memory lowdb,
// the harness's real ledger mover, recorded pushes and a recording RTC double.
import { createRequire } from 'node:module'
import { collection, createMover, type EndpointCall, EndpointError, type FakeSlice, type HarnessContext, type UserRow } from '../../../harness/slice-kit.ts'
import { Code } from '../../../kernel/protocol/envelope.ts'
import type { HostRtc } from './hosts.ts'

const require = createRequire(import.meta.url)
const low = require('lowdb')
const Memory = require('lowdb/adapters/Memory')

export const VIEWER = 100001
export const VIP_VIEWER = 100002

function testUsers(): UserRow[] {
  const viewer = (userId: number, diamondNum: number, isVip: boolean): UserRow => ({
    userId,
    nickname: `viewer ${userId}`,
    token: `token-${userId}`,
    yxAccid: `user_${userId}`,
    imToken: 'im',
    diamondNum,
    userType: 1,
    icon: '/a.svg',
    vipInfo: { isVip },
  })
  const host = (userId: number, videoPrice: number, onlineStatus: number, extra: Record<string, unknown> = {}): UserRow => ({
    userId,
    nickname: `host ${userId}`,
    token: null,
    yxAccid: `host_${userId}`,
    imToken: 'im',
    diamondNum: 0,
    userType: 2,
    icon: `/h${userId}.svg`,
    age: 22,
    countryCode: 'CO',
    anchorLevelName: 'A',
    videoPrice,
    onlineStatus,
    ...extra,
  })
  return [
    viewer(VIEWER, 1000, false),
    viewer(VIP_VIEWER, 1000, true),
    host(200001, 100, 1),
    host(200002, 110, 1, { discountOffDiamond: 30 }),
    host(200003, 90, 10000),
    host(200004, 90, 3),
    host(200005, 80, -1),
  ]
}

export interface RtcCall {
  op: 'join' | 'leave' | 'quality'
  channel: string
  arg: string | number
}

export function testContext(settings: Record<string, unknown> = {}, hooks: { onPush?: (userId: number, pushType: string, data: Record<string, unknown>) => void } = {}) {
  const db = low(new Memory())
  const users = testUsers()
  db.defaults({ users, follows: [{ id: 1, userId: VIEWER, followUserId: 200001 }], ledger: [], ledgerOpening: users.map((u) => ({ userId: u.userId, balance: u.diamondNum })) }).write()
  const pushes: Array<{ userId: number; pushType: string; data: Record<string, unknown> }> = []
  const broadcasts: Array<{ pushType: string; data: Record<string, unknown> }> = []
  const rtcCalls: RtcCall[] = []
  const rtc: HostRtc = {
    hostJoin: (channel, uid) => void rtcCalls.push({ op: 'join', channel, arg: uid }),
    hostLeave: (channel, uid) => void rtcCalls.push({ op: 'leave', channel, arg: uid }),
    setQuality: (channel, q) => void rtcCalls.push({ op: 'quality', channel, arg: q }),
  }
  const find = (q: Record<string, unknown>) => collection({ db }, 'users').find(q).value() ?? null
  const ctx: HarnessContext & { rtc: HostRtc } = {
    keys: { key: 'k'.repeat(16), iv: 'i'.repeat(16) },
    db,
    settings: () => ({ billingPeriodSec: 60, hostTickMs: 0, ...settings }),
    move: createMover(db),
    push: (userId, pushType, data) => {
      pushes.push({ userId, pushType, data })
      hooks.onPush?.(userId, pushType, data)
      return 1
    },
    broadcast: (pushType, data) => (broadcasts.push({ pushType, data }), 1),
    userByToken: (token) => (token ? find({ token }) : null),
    userById: (userId) => find({ userId }),
    userByAccid: (yxAccid) => find({ yxAccid }),
    baseUrl: () => 'http://127.0.0.1:0',
    sign: (purpose, text) => `${purpose}:${text}`,
    log: () => {},
    rtc,
  }
  return { ctx, db, pushes, broadcasts, rtcCalls }
}

/** Call one endpoint of a slice as the harness would, for a user id (or as a guest). */
export async function callEndpoint(slice: FakeSlice, ctx: HarnessContext, path: string, payload: unknown, userId: number | null = VIEWER, headers: Record<string, string> = {}) {
  const endpoint = slice.endpoints?.[path]
  if (!endpoint) throw new Error(`no endpoint ${path}`)
  const user = userId == null ? null : ctx.userById(userId)
  const call: EndpointCall = {
    payload: payload ?? {},
    user,
    headers,
    requireUser() {
      if (!user) throw new EndpointError(Code.needLogin, 'need login')
      return user
    },
  }
  return endpoint(ctx, call) as Promise<any>
}

/** The EndpointError an endpoint throws, as { code, msg }, or null when it answers. */
export async function refusal(p: Promise<unknown> | unknown): Promise<{ code: string; msg: string } | null> {
  try {
    await p
    return null
  } catch (err) {
    if (err instanceof EndpointError) return { code: err.code, msg: err.message }
    throw err
  }
}
