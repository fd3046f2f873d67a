// The call rules of d1 §4/§5 as pure functions, shared by the engine and the harness slice
// so both ends agree on prices and billing points.

/** d1 §9 and the call store defaults. */
export const CallDefaults = {
  /** ring time-out, seconds (config callTimeOutNum) */
  callTimeOut: 30,
  /** the cancel button shows once the wait has this many seconds less than the time-out */
  cancelAfter: 5,
  /** at zero the waiting screen auto-cancels after this many ms */
  autoCancelDelayMs: 2000,
  /** the in-progress lock ('has call') */
  lockMs: 5000,
  /** the lock also counts as expired 4.9 s after the start time, in case its timer is late */
  lockStaleMs: 4900,
  deductionAttempts: 3,
  deductionRetryMs: 1000,
  beginAttempts: 3,
  beginTimeoutMs: 5000,
  matchTimeoutMs: 5000,
  matchTicket: 500,
  matchFreeTime: 20,
  joinTimeoutMs: 3000,
  weakNetworkMs: 10000,
  /** an RTC join that has not settled by then has failed (the SDK's own bound may be longer) */
  rtcJoinBoundMs: 10000,
  /** from the connect push to the host's first video frame; past it the call ends, never billed */
  firstFrameMs: 15000,
  /** the post-call sheet waits this long for callOver's account of the charges */
  summaryWaitMs: 3000,
  incomingDebounceMs: 3000,
  /** percent of the price a VIP pays (the 10% off private calls perk) */
  vipCallDiscount: 90,
  /** forced hang-up this many seconds before a billing point the balance cannot cover */
  forcedHangupMarginSec: 2,
  /** the 0-unit warning counts down from here */
  lastUnitCountdownSec: 60,
  robotMaxSec: 15,
  /** the price that means 'do not check the balance' */
  noPriceCheck: -9999,
} as const

export interface PriceContext {
  /** a discount amount off the price (discount store), wins over the VIP discount */
  discountOffDiamond?: number | null
  isVip?: boolean
  /** percent paid by VIPs, e.g. 90 */
  vipDiscount?: number | null
}

/** d1 §5: reduced by the discount amount if present, else by the VIP discount floor(price x discount / 100). */
export function effectivePrice(price: number, ctx: PriceContext = {}): number {
  if (!Number.isFinite(price) || price <= 0) return Math.max(0, price || 0)
  const off = Number(ctx.discountOffDiamond) || 0
  if (off > 0) return Math.max(0, price - off)
  if (ctx.isVip) return Math.floor((price * (Number(ctx.vipDiscount) || CallDefaults.vipCallDiscount)) / 100)
  return price
}

/**
 * d1 §5: the balance must cover the price; 'Insufficient' is also shown when diamonds minus
 * twice the price is below 0. Together: an outgoing call needs two billing periods.
 */
export function outgoingBalanceShort(balance: number, price: number): boolean {
  if (price === CallDefaults.noPriceCheck) return false
  return balance < price || balance - 2 * price < 0
}

/** d1 §4 Incoming: accept needs the balance to cover the video price once. */
export function incomingBalanceShort(balance: number, price: number, free = false): boolean {
  return !free && balance < price
}

export interface LimitAnswer {
  interactionCount: number
  isLimitMet: number
}

/**
 * d1 §5: allowed when isLimitMet is not 1, or interactionCount is above 0 and the smaller of
 * the own and host message counts in the session reaches it (the number of messages asked for).
 */
export function limitAllows(limit: LimitAnswer, counts: { own: number; host: number }): boolean {
  if (Number(limit.isLimitMet) !== 1) return true
  const need = Number(limit.interactionCount) || 0
  return need > 0 && Math.min(counts.own, counts.host) >= need
}

/** Whole billing periods the balance still covers after this reply (CALL-08 'units'). */
export function unitsLeft(diamond: number, nextDeduction: number): number {
  if (!(nextDeduction > 0)) return Infinity
  return Math.floor(diamond / nextDeduction)
}

/** CALL-08: the warning level for the units left; null hides it. */
export function warningLevel(units: number): 0 | 1 | 2 | null {
  if (units <= 0) return 0
  if (units === 1) return 1
  if (units === 2) return 2
  return null
}

/** CALL-08: how long each warning level stays, ms (0 units: the 60 s countdown). */
export const warningDurationMs = { 2: 8000, 1: 10000, 0: 60000 } as const

/**
 * Billing points in call-duration seconds. Point 0 is charged by begin-call. Direct calls
 * charge point i at i periods; match calls start with the free time the ticket paid for.
 */
export function pointTime(i: number, opts: { periodSec: number; freeSec?: number }): number {
  if (i <= 0) return 0
  const base = opts.freeSec && opts.freeSec > 0 ? opts.freeSec : opts.periodSec
  return base + (i - 1) * opts.periodSec
}

/** d1 §4 Outgoing cancel: before the host's device rang it is an early cancel, after it late. */
export function cancelReason(hostReached: boolean): 3 | 6 {
  return hostReached ? 6 : 3
}

/** Paths where the incoming popup waits instead of showing (d1 §2). */
const incomingSuppressedPaths = ['/match', '/forcePay', '/game', '/getcoin', '/vip', '/proxyCharge'] as const

/** Pay or recharge pages where an incoming call is rejected at once (d1 §4 auto-reject). */
const payPaths = ['/getcoin', '/forcePay', '/proxyCharge', '/usdtpay', '/paystatus', '/vip'] as const
/** Game pages where an incoming call is rejected at once. */
const gamePaths = ['/game', '/gameCenter'] as const

export function pathIn(path: string, list: readonly string[]): boolean {
  return list.some((p) => path === p || path.startsWith(p + '/') || path.startsWith(p + '?'))
}

export interface IncomingContext {
  /** the current user id */
  userId: number | null
  /** the stored app id */
  appId: string
  /** app ids whose users never receive host calls */
  rejectAppIds: readonly string[]
  path: string
  live: boolean
  payPopup: boolean
  /** a half-screen game or the game list popup shows (the game plugin's scene marks halfGame, gameCentre) */
  game?: boolean
  /** a call is already on */
  inCall: boolean
}

export type IncomingVerdict = 'ring' | 'ignore' | 'reject'

/**
 * d1 §4 Auto-reject: the callee is not the current user (ignored: not ours to answer); a
 * certain app id; a live room, a game or game centre page, a pay or recharge page or popup. A call
 * already on answers busy too; so does a half-screen game or the game list popup (scene marks of the
 * game plugin). (The new-user skip has no screen in this app yet: whoever brings one declares its
 * scene mark and adds it here.)
 */
export function incomingVerdict(callee: number, c: IncomingContext): IncomingVerdict {
  if (c.userId == null || Number(callee) !== c.userId) return 'ignore'
  if (c.rejectAppIds.includes(c.appId)) return 'reject'
  if (c.inCall || c.live || c.payPopup || c.game) return 'reject'
  if (pathIn(c.path, gamePaths) || pathIn(c.path, payPaths)) return 'reject'
  return 'ring'
}

/** The incoming popup shows only outside the suppressed paths; the call keeps ringing meanwhile. */
export function incomingPopupAllowed(path: string): boolean {
  return !pathIn(path, incomingSuppressedPaths)
}

/**
 * d1 §5 / d2 anti-spam: outgoing call chat text passes a check before it is sent. The real
 * anti-spam tool is not shown in the spec; this stands in for it on the client: moving the
 * conversation to another app (messenger names in English and Arabic) or handing out a phone
 * number (seven or more digits, spaces and dashes allowed between them).
 */
const prohibitedWords = ['whatsapp', 'telegram', 'snapchat', 'wechat', 'instagram', 'paypal.me', 'واتساب', 'واتس', 'تلغرام', 'تيليجرام', 'سناب'] as const

const phoneLike = /(?:\d[\s-]?){7,}/

export type ChatVerdict = 'blank' | 'prohibited' | 'ok'

/** Blank text after trim is ignored; prohibited text is refused with 'messageProhibited'. */
export function chatVerdict(text: string): ChatVerdict {
  const t = (text ?? '').trim()
  if (!t) return 'blank'
  const lower = t.toLowerCase()
  if (prohibitedWords.some((w) => lower.includes(w)) || phoneLike.test(t.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)))) return 'prohibited'
  return 'ok'
}

/** The post-call sheet's split (d3 §4): calls of at least 60 s are rated Like/Dislike. */
export const RATING_LONG_CALL_SEC = 60
/** Up to 3 positive tags (d3 §5). */
export const MAX_POSITIVE_TAGS = 3
/** A balance under this after a call recommends a recharge (d1 §9). */
export const LOW_BALANCE_AFTER_CALL = 2000

/** d2 §3 Robot-call configuration: one set for new users, one for old, and a profile set. */
export interface RobotCallConfig {
  /** home_auto_call_time, s: how long a robot guided call may last (capped at 15 s by CALL-11) */
  autoCallTime: number
  autoCallTimes: number | null
  /** home_host_view_call_time, s */
  hostViewCallTime: number
  num: number
  level: number
  balance: number | null
  /** the profile set */
  profileTime: number
  profileNum: number
}

export const robotConfigDefaults: RobotCallConfig = { autoCallTime: 60, autoCallTimes: null, hostViewCallTime: 100, num: 5, level: 999, balance: null, profileTime: 5, profileNum: 5 }

/**
 * The set for this user from the business config: robotCallConfig { newUser, oldUser, profile }
 * when the server sends sets, else the flat keys (home_auto_call_time, ...), else the d2 defaults.
 */
export function robotConfigFor(biz: Record<string, unknown> | null | undefined, isNewUser: boolean): RobotCallConfig {
  const sets = (biz?.robotCallConfig ?? {}) as Record<string, Record<string, unknown> | undefined>
  const set = { ...(biz ?? {}), ...(sets[isNewUser ? 'newUser' : 'oldUser'] ?? {}) }
  const profile = sets.profile ?? {}
  const pos = (v: unknown, d: number) => (Number(v) > 0 ? Number(v) : d)
  const opt = (v: unknown) => (Number(v) > 0 ? Number(v) : null)
  return {
    autoCallTime: pos(set.home_auto_call_time, robotConfigDefaults.autoCallTime),
    autoCallTimes: opt(set.home_auto_call_times),
    hostViewCallTime: pos(set.home_host_view_call_time, robotConfigDefaults.hostViewCallTime),
    num: pos(set.num, robotConfigDefaults.num),
    level: pos(set.level, robotConfigDefaults.level),
    balance: opt(set.balance),
    profileTime: pos(profile.time, robotConfigDefaults.profileTime),
    profileNum: pos(profile.num, robotConfigDefaults.profileNum),
  }
}

/** CALL-11: a robot guided call ends at the lesser of the configured call time and 15 s. */
export function robotCallSeconds(configured: number): number {
  return Math.min(Number(configured) > 0 ? Number(configured) : CallDefaults.robotMaxSec, CallDefaults.robotMaxSec)
}
