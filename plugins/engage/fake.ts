// The engagement slice of the harness: daily check-in (ENG-02), invitation and transfer codes
// (ENG-03), the balance transfer shown by the base config (ENG-04), the forced review and rate-us
// (ENG-05), the popup merge (SHELL-17) and the control entries that steer them. Every reward
// moves through the ledger with a key, so a repeated or concurrent request never credits twice.
// Decisions (the spec does not show them): see harness/README.md "Engagement".
import { boundedRecord, collection, defineFake, type EndpointCall, EndpointError, followedIds, type HarnessContext, langOf, type LedgerEntry, type UserRow, type Words } from '../../harness/slice-kit.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { EngagePath } from './paths.ts'

declare module '../../harness/collections.ts' {
  interface Collections {
    signins: SigninRow[]
    transferCodes: TransferCode[]
    /** forced invite popup state by host id */
    inviteStates: Record<string, string>
    popupQueue: QueuedPopup[]
  }
}

const refuse = (msg: Words) => new EndpointError(Code.refused, msg)
const wrongCode = (msg: Words) => new EndpointError(Code.invalidCode, msg)

/** seven days whose awards add up to the popup's 'Unlock 1510 diamonds' */
export const SIGNIN_AWARDS = [50, 100, 150, 200, 250, 300, 460]
export const PAY_USER_MAGNIFICATION = 2
const DAY_MS = 86_400_000

interface SigninRow {
  userId: number
  /** UTC day, YYYY-MM-DD */
  day: string
  cycleDay: number
  awardNum: number
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** the harness clock of one user: control 'engage/signin/advance' moves it a day on */
const nowFor = (u: UserRow) => Date.now() + Number(u.clockShiftDays ?? 0) * DAY_MS
const paid = (u: UserRow) => !!u.firstPayTime
const levelOf = (u: UserRow) => Math.max(0, Number(u.userLevel ?? 0) || 0)

function signins(ctx: HarnessContext, userId: number): SigninRow[] {
  return (collection(ctx, 'signins').value() ?? []).filter((r) => r.userId === userId)
}

/** where the user stands in the seven-day cycle today */
function cycle(ctx: HarnessContext, u: UserRow) {
  const rows = signins(ctx, u.userId)
  const now = nowFor(u)
  const today = dayOf(now)
  const last = rows.at(-1)
  const signedToday = last?.day === today
  // a missed day starts the cycle over; a finished cycle starts over the next day
  const yesterday = dayOf(now - DAY_MS)
  const continues = !!last && (last.day === today || last.day === yesterday) && !(last.cycleDay === 7 && last.day !== today)
  const done = continues ? last!.cycleDay : 0
  return { rows, today, signedToday, done, nextMidnight: Date.parse(`${today}T00:00:00Z`) + DAY_MS, now }
}

/** is today's check-in still to claim? (the user tab's dot, SHELL-07) */
export function signinClaimable(ctx: HarnessContext, u: UserRow): boolean {
  if (!ctx.db.get('signins').value()) return false
  return !cycle(ctx, u).signedToday
}

function signinDetail(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const c = cycle(ctx, u)
  const countdown = Math.max(0, Math.ceil((c.nextMidnight - c.now) / 1000))
  const list = SIGNIN_AWARDS.map((awardNum, i) => {
    const n = i + 1
    const checked = n <= c.done
    const next = n === c.done + 1
    return {
      signInCycle: n,
      awardNum,
      awardType: 1,
      awardUserType: 0,
      magnification: 1,
      payUserMagnification: PAY_USER_MAGNIFICATION,
      canReceiveFlag: next && !c.signedToday ? 1 : 0,
      currentFlag: (c.signedToday ? n === c.done : next) ? 1 : 0,
      receiveFlag: checked ? 1 : 0,
      // the next day's slot counts down to midnight (UTC) once today is signed
      countdown: next && c.signedToday ? countdown : 0,
    }
  })
  return { list, signedToday: c.signedToday, totalAward: SIGNIN_AWARDS.reduce((a, b) => a + b, 0), isPayUser: paid(u), userLevel: levelOf(u) }
}

function signinPerform(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  if (levelOf(u) < 1) throw refuse('LV1 or higher required to claim.')
  const c = cycle(ctx, u)
  if (c.signedToday) throw refuse('Signed in today')
  const cycleDay = c.done + 1
  const base = SIGNIN_AWARDS[cycleDay - 1]
  const magnification = paid(u) ? PAY_USER_MAGNIFICATION : 1
  const awardNum = base * magnification
  // the row first, then the ledger with the day's key: a second request sees signedToday
  ctx.db.get('signins').push({ userId: u.userId, day: c.today, cycleDay, awardNum }).write()
  const entry = ctx.move(u.userId, awardNum, 'signin.reward', { key: `signin:${u.userId}:${c.today}` })
  ctx.push(u.userId, 'user.balance', { diamondNum: entry.balanceAfter })
  return { signInCycle: cycleDay, awardNum, baseAward: base, magnification, diamondNum: entry.balanceAfter }
}

// ---- invitation (ENG-03) ----

interface TransferCode {
  code: string
  diamonds: number
  usedBy: number | null
}

/** what a code may be: letters and digits, 4 to 32 of them; the app strips spaces */
const CODE_SHAPE = /^[A-Za-z0-9]{4,32}$/
/** code 1111's message, which the app shows as it is (d3: 'its message shows as a warning') */
const INVALID_CODE = { en: 'Invalid invitation code', ar: 'رمز الدعوة غير صالح' }

const hostCodeOf = (hostId: number) => `H${hostId}`

function codeOf(call: EndpointCall): string {
  const raw = call.payload.searchValue
  const code = typeof raw === 'string' ? raw.trim() : ''
  if (!code) throw refuse('Please fill in Invitation Code')
  if (!CODE_SHAPE.test(code)) throw wrongCode(INVALID_CODE)
  return code.toUpperCase()
}

function transfer(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const code = codeOf(call)
  const row = collection(ctx, 'transferCodes').value().find((r) => r.code === code)
  if (!row) throw wrongCode(INVALID_CODE)
  if (row.usedBy != null && row.usedBy !== u.userId) throw wrongCode({ en: 'This code has already been used', ar: 'تم استخدام هذا الرمز من قبل' })
  ctx.db.get('transferCodes').find({ code }).assign({ usedBy: u.userId }).write()
  const entry = ctx.move(u.userId, row.diamonds, 'transfer.code', { key: `transfer:${code}` })
  ctx.push(u.userId, 'user.balance', { diamondNum: entry.balanceAfter })
  return { transferDiamond: row.diamonds, diamondNum: entry.balanceAfter }
}

function hostByCode(ctx: HarnessContext, call: EndpointCall) {
  const code = codeOf(call)
  const id = /^H(\d+)$/.exec(code)?.[1]
  const host = id ? ctx.userById(Number(id)) : null
  if (!host || (host.userType !== 2 && host.userType !== 3)) throw wrongCode(INVALID_CODE)
  return host
}

function queryHost(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const host = hostByCode(ctx, call)
  return { userId: host.userId, icon: host.icon, nickname: host.nickname, followed: followedIds(ctx, u.userId).has(host.userId), videoPrice: host.videoPrice }
}

function follow(ctx: HarnessContext, userId: number, hostId: number) {
  if (!followedIds(ctx, userId).has(hostId)) ctx.db.get('follows').push({ userId, followUserId: hostId, at: new Date().toISOString() }).write()
}

/** isSuccess 1 linked; 2 the code expired and 4 already linked elsewhere: the host is followed instead */
function linkHost(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const host = hostByCode(ctx, call)
  const forced = collection(ctx, 'inviteStates').value()[String(host.userId)]
  if (forced === 'fail') throw refuse('link.failed')
  const linked = u.linkedHostId as number | undefined
  let isSuccess = 1
  if (linked && linked !== host.userId) isSuccess = 4
  else if (forced === 'expired') isSuccess = 2
  if (isSuccess === 1) ctx.db.get('users').find({ userId: u.userId }).assign({ linkedHostId: host.userId }).write()
  follow(ctx, u.userId, host.userId)
  return { isSuccess, hostId: host.userId }
}

// ---- balance transfer (ENG-04): the base config's appShift, per user ----

const SHIFT_TEXT = {
  en: 'We are moving to {app}. Your balance and level award come with you.',
  ar: 'ننتقل إلى {app}. رصيدك ومكافأة مستواك ينتقلان معك.',
}

/** the appShift of the base config for this user (null when none); read by the shell's base config */
export function appShiftFor(ctx: HarnessContext, u: UserRow | null, headers: EndpointCall['headers']) {
  if (!u?.appShift) return null
  const name = 'CallWall Lite'
  return {
    appIcon: '/__harness/avatar/app-callwall.svg',
    appName: 'CallWall',
    shiftAppIcon: '/__harness/avatar/app-lite.svg',
    shiftAppName: name,
    shiftAppUrl: String((u.appShift as { url?: string }).url ?? '/landingPage?appid=callwall-white'),
    nickname: u.nickname,
    shiftContent: SHIFT_TEXT[langOf(headers)].replace('{app}', name),
    recordCode: `SH${u.userId}`,
    balanceDiamond: u.diamondNum,
    levelAwardDiamond: levelOf(u) * 100,
  }
}

// ---- forced review and rate-us (ENG-05) ----

export const REVIEW_DIAMONDS = 100

function reviewState(u: UserRow) {
  return {
    force: Number(u.evalForce ?? 0) === 1 ? 1 : 0,
    can: Number(u.evalCan ?? 0) === 1 ? 1 : 0,
    giveDiamond: REVIEW_DIAMONDS,
    skipUrl: 'https://apps.example.com/callwall/review',
    myForceEvaluationRecord: u.evalRecord ?? null,
  }
}

function goEvaluation(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const record = u.evalRecord ?? { appId: String(call.headers.appid ?? 'callwall'), at: new Date().toISOString() }
  ctx.db.get('users').find({ userId: u.userId }).assign({ evalRecord: record, evalCan: 0 }).write()
  const entry = ctx.move(u.userId, REVIEW_DIAMONDS, 'review.reward', { key: `review:${u.userId}` })
  if (entry.delta === REVIEW_DIAMONDS) ctx.push(u.userId, 'user.balance', { diamondNum: ctx.userById(u.userId)!.diamondNum })
  return { giveDiamond: REVIEW_DIAMONDS, diamondNum: ctx.userById(u.userId)!.diamondNum }
}

// ---- popups (SHELL-17) ----

interface QueuedPopup {
  userId: number
  popup: Record<string, unknown>
}

const WELCOME = {
  id: 'welcome',
  popupType: 3,
  frontType: 3,
  frontPriority: 3,
  title: { en: 'Welcome gift', ar: 'هدية الترحيب' },
  text: { en: 'Recharge today and get 20% more diamonds.', ar: 'اشحن اليوم واحصل على ماس أكثر بنسبة 20٪.' },
  imgUrl: '/__harness/avatar/activity-welcome.svg',
  jumpUrl: '/getcoin?source=activity',
  countDown: 0,
}

function mergePopups(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const lang = langOf(call.headers)
  const localise = (p: Record<string, unknown>) => {
    const pick = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[lang] ?? (v as Record<string, unknown>).en : v)
    return { ...p, title: pick(p.title), text: pick(p.text) }
  }
  const queued = (collection(ctx, 'popupQueue').value() ?? []).filter((q) => q.userId === u.userId).map((q) => q.popup)
  const list = [...(u.isNewUser ? [WELCOME] : []), ...queued].map(localise)
  return { activityPopups: list, isNewUser: !!u.isNewUser }
}

// ---- control ----

function userOf(ctx: HarnessContext, body: any): UserRow {
  const userId = Number(body?.userId)
  const u = Number.isInteger(userId) ? ctx.userById(userId) : null
  if (!u) throw refuse('userId of a known user is required')
  return u
}
const assign = (ctx: HarnessContext, u: UserRow, fields: Record<string, unknown>) => ctx.db.get('users').find({ userId: u.userId }).assign(fields).write()

/** each transfer code paid once, to the user it is marked used by, and none used unpaid */
function transferCodesPaidOnce(state: Record<string, any>): string[] {
  const problems: string[] = []
  const paidTo = new Map<string, number[]>()
  for (const r of (state.ledger ?? []) as LedgerEntry[]) {
    if (r.reason !== 'transfer.code') continue
    const code = String(r.key).replace(/^transfer:/, '')
    paidTo.set(code, [...(paidTo.get(code) ?? []), r.userId])
  }
  for (const c of (state.transferCodes ?? []) as TransferCode[]) {
    const users = paidTo.get(c.code) ?? []
    if (users.length > 1) problems.push(`transfer code ${c.code} paid ${users.length} times (users ${users.join(', ')})`)
    if (users.length && c.usedBy !== users[0]) problems.push(`transfer code ${c.code} paid to user ${users[0]} but marked used by ${c.usedBy}`)
    if (!users.length && c.usedBy != null) problems.push(`transfer code ${c.code} used by user ${c.usedBy} without its payment`)
  }
  return problems
}

export default defineFake({
  paidFor: transferCodesPaidOnce,
  seed(db) {
    db.signins = []
    db.transferCodes = [
      { code: 'TR1510', diamonds: 1510, usedBy: null },
      { code: 'TR0850', diamonds: 850, usedBy: null },
    ]
    db.inviteStates = { 200005: 'expired' }
    db.popupQueue = []
  },
  endpoints: {
    // d1 §7 shiftApp: the balance transfer offered to this user (the base config's appShift), or null
    '/api/index/shiftApp': (ctx, call) => appShiftFor(ctx, call.user ?? null, call.headers) ?? null,
    [EngagePath.signinDetail]: signinDetail,
    [EngagePath.signinPerform]: signinPerform,
    [EngagePath.myCode]: (_ctx, call) => ({ inviteCode: `CW${call.requireUser().userId}` }),
    [EngagePath.transfer]: transfer,
    [EngagePath.queryHost]: queryHost,
    [EngagePath.linkHost]: linkHost,
    [EngagePath.queryEval]: (_ctx, call) => reviewState(call.requireUser()),
    [EngagePath.goEval]: goEvaluation,
    [EngagePath.popups]: mergePopups,
  },
  control: {
    // POST {userId, isNewUser?, paid?, vip?, level?}: make a user new, paid, VIP or of a level
    'engage/user': (ctx, body) => {
      const u = userOf(ctx, body)
      const f: Record<string, unknown> = {}
      if (typeof body.isNewUser === 'boolean') f.isNewUser = body.isNewUser
      if (typeof body.paid === 'boolean') f.firstPayTime = body.paid ? (u.firstPayTime ?? new Date().toISOString()) : null
      if (typeof body.vip === 'boolean') f.vipInfo = { isVip: body.vip, expireTime: body.vip ? '2031-01-01T00:00:00Z' : null, '72Hour': false }
      if (body.level != null) f.userLevel = Math.max(0, Math.floor(Number(body.level) || 0))
      assign(ctx, u, f)
      return { ok: true, user: ctx.userById(u.userId) }
    },
    // POST {userId}: forget every check-in of the user and their clock shift
    'engage/signin/reset': (ctx, body) => {
      const u = userOf(ctx, body)
      ctx.db.set('signins', collection(ctx, 'signins').value().filter((r) => r.userId !== u.userId)).write()
      assign(ctx, u, { clockShiftDays: 0 })
      return { ok: true }
    },
    // POST {userId, days?}: the user's check-in clock moves on (default one day)
    'engage/signin/advance': (ctx, body) => {
      const u = userOf(ctx, body)
      assign(ctx, u, { clockShiftDays: Number(u.clockShiftDays ?? 0) + (Number(body.days) || 1) })
      return { ok: true, day: dayOf(nowFor(ctx.userById(u.userId)!)) }
    },
    // POST {userId, popup}: queue an activity popup for the user (mergeAllPopupV2 answers it)
    'engage/popup': (ctx, body) => {
      const u = userOf(ctx, body)
      if (!body.popup || typeof body.popup !== 'object') throw refuse('popup (an object) is required')
      ctx.db.get('popupQueue').push({ userId: u.userId, popup: boundedRecord(body.popup) }).write()
      return { ok: true }
    },
    // POST {userId}: drop the queued popups of a user
    'engage/popup/clear': (ctx, body) => {
      const u = userOf(ctx, body)
      ctx.db.set('popupQueue', collection(ctx, 'popupQueue').value().filter((q) => q.userId !== u.userId)).write()
      return { ok: true }
    },
    // POST {userId, force?, can?, reset?}: the forced review and rate-us state
    'engage/review': (ctx, body) => {
      const u = userOf(ctx, body)
      const f: Record<string, unknown> = {}
      if (body.force != null) f.evalForce = Number(body.force) ? 1 : 0
      if (body.can != null) f.evalCan = Number(body.can) ? 1 : 0
      if (body.reset) f.evalRecord = null
      assign(ctx, u, f)
      return { ok: true, state: reviewState(ctx.userById(u.userId)!) }
    },
    // POST {userId, on, url?}: offer (or stop offering) the balance transfer to another app
    'engage/shift': (ctx, body) => {
      const u = userOf(ctx, body)
      assign(ctx, u, { appShift: body.on ? { url: body.url } : null })
      return { ok: true }
    },
    // POST {seconds}: how long the wall's All tab shows before the auto call is offered (base config, default 60)
    'engage/auto-call': (ctx, body) => {
      const seconds = Number(body?.seconds)
      if (!Number.isFinite(seconds) || seconds < 0) throw refuse('seconds (a number of 0 or more) is required')
      const config = collection(ctx, 'baseConfig').value()
      ctx.db.set('baseConfig', { ...config, businessConfig: { ...config.businessConfig, home_auto_call_time: seconds } }).write()
      return { ok: true, seconds }
    },
    // POST {hostId, state: 'ok' | 'expired' | 'fail'}: how linking to a host's code answers
    'engage/invite': (ctx, body) => {
      const hostId = Number(body?.hostId)
      if (!ctx.userById(hostId)) throw refuse('hostId of a known host is required')
      const states = { ...collection(ctx, 'inviteStates').value() }
      if (body.state === 'ok') delete states[hostId]
      else if (body.state === 'expired' || body.state === 'fail') states[hostId] = body.state
      else throw refuse("state is 'ok', 'expired' or 'fail'")
      ctx.db.set('inviteStates', states).write()
      return { ok: true, code: hostCodeOf(hostId) }
    },
  },
})
