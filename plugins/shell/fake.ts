// The shell's slice of the harness: login, base config, the user, server time, tasks (the
// user-tab dot), popups and the follow list behind the message-tab badge.
import { randomBytes } from 'node:crypto'
import { Code, Header } from '../../kernel/protocol/envelope.ts'
import { NO_ACCOUNT } from './codes.ts'
import { avatarPath, collection, defineFake, type EndpointCall, EndpointError, fixture, followedIds, type HarnessContext, hostCard, langOf, memoryOf, newImToken, page, type UserRow, withoutBlocked, type Words } from '../../harness/slice-kit.ts'
import { appShiftFor, signinClaimable } from '../engage/fake-api.ts'
import { isVip, toUser } from '../../kernel/protocol/user.ts'
import { LOGOUT_PATH } from '../user/api.ts'

declare module '../../harness/collections.ts' {
  interface Collections {
    tasks: Task[]
    taskClaims: Array<{ userId: number; taskId: number; day: string }>
  }
}

interface Task {
  taskId: number
  taskName: string
  taskNameAr: string
  rewardDiamond: number
  rule: 'daily' | 'hasEmail' | 'firstPay' | 'follow3'
}

const refuse = (msg: Words) => new EndpointError(Code.refused, msg)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The signed-in user as getUserInfo answers it (never the password). */
export function mine(u: UserRow) {
  // the app's rule on the stored row: an expired VIP is answered as none, every way it is said
  const vip = isVip(toUser(u), Date.now())
  return {
    userId: u.userId,
    nickname: u.nickname,
    icon: u.icon,
    email: u.email ?? null,
    token: u.token,
    yxAccid: u.yxAccid,
    imToken: u.imToken,
    userType: u.userType,
    diamondNum: u.diamondNum,
    isVip: vip ? 1 : 0,
    isVipV2: vip,
    vipInfo: { ...(u.vipInfo as object), isVip: vip },
    firstPayTime: u.firstPayTime ?? null,
    isFirstCharge: !u.firstPayTime,
    isNewUser: !!u.isNewUser,
    userLevel: Number(u.userLevel ?? 0),
    disturb: u.disturb ?? 0,
    upsNum: 0,
  }
}

/** the forced comment (/mandatory-comments): 1 to 5 stars and a bounded text */
function saveEvaluation(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const star = Number(call.payload.star)
  if (!Number.isInteger(star) || star < 1 || star > 5) throw refuse('star must be 1 to 5')
  const content = String(call.payload.content ?? '').slice(0, 300)
  ctx.db.get('evaluations').push({ userId: user.userId, star, content, at: new Date().toISOString() }).write()
  return {}
}

function login(ctx: HarnessContext, { payload }: EndpointCall) {
  const email = String(payload.email ?? '').trim().toLowerCase()
  const password = String(payload.password ?? '')
  if (!email) throw refuse('Please enter valid email address')
  if (!EMAIL.test(email)) throw refuse('E-mail format is incorrect')
  if (!password) throw refuse('Please enter your password')
  // a real account service caps what it stores: an address is at most 254 characters (RFC 5321)
  if (email.length > 254 || password.length > 128) throw refuse('E-mail format is incorrect')
  const users = collection(ctx, 'users')
  let user = users.find((u: UserRow) => String(u.email ?? '').toLowerCase() === email).value()
  if (user && user.password !== password) throw refuse({ en: 'Incorrect email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' })
  // a typo must not silently make an account: the app asks first, then sends register: 1
  if (!user && !payload.register) throw new EndpointError(NO_ACCOUNT, 'No account for this email')
  if (!user) user = register(ctx, email, password, payload.appId)
  // a fresh token per login; the last few stay valid, like sessions on several devices.
  // The messaging token is new too: a token seen once (a log, a shared screen) dies with the login.
  const token = `tok-${user.userId}-${randomBytes(8).toString('hex')}`
  const tokens = [token, ...((user.tokens as string[]) ?? [])].slice(0, 5)
  const imToken = newImToken()
  users.find({ userId: user.userId }).assign({ token, tokens, imToken }).write()
  const deviceId = String(payload.deviceId || `dev-${randomBytes(6).toString('hex')}`)
  return { token, deviceId, yxAccid: user.yxAccid, imToken }
}

/** Not shown in the spec: an unknown email sent with register: 1 signs up, with the sign-up bonus through the ledger. */
function register(ctx: HarnessContext, email: string, password: string, appId: unknown): UserRow {
  if (password.length < 8) throw refuse('Password must be at least eight characters')
  const all = collection(ctx, 'users').value()
  const userId = all.filter((u) => u.userType === 1 || u.userType === 4).reduce((m, u) => Math.max(m, u.userId), 100000) + 1
  const row: UserRow = {
    userId,
    nickname: email.split('@')[0].slice(0, 20),
    token: null,
    tokens: [],
    yxAccid: `user_${userId}`,
    imToken: newImToken(),
    email,
    password,
    diamondNum: 0,
    userType: 1,
    icon: avatarPath(userId),
    vipInfo: { isVip: false, expireTime: null, '72Hour': false },
    firstPayTime: null,
    isNewUser: true,
    forcePayFinished: true,
    disturb: 0,
    appId: appId ? String(appId).slice(0, 64) : null,
    createdAt: new Date().toISOString(),
  }
  ctx.db.get('users').push(row).write()
  const bonus = Number(fixture('apps.json').signupBonusDiamonds ?? 0)
  if (bonus > 0) ctx.move(userId, bonus, 'signup.bonus', { key: 'signup' })
  ctx.log(`registered ${email} as user ${userId}`)
  return ctx.userById(userId)!
}

function baseConfig(ctx: HarnessContext, { payload, user, headers }: EndpointCall) {
  const appId = String(payload.appId ?? payload.searchValue ?? headers.appid ?? fixture('apps.json').defaultAppId)
  const { perApp, ...base } = collection(ctx, 'baseConfig').value()
  const own = (perApp ?? {})[appId] ?? {}
  return {
    ...base,
    appId,
    sysConfigParams: { ...base.sysConfigParams, ...own.sysConfigParams },
    businessConfig: { ...base.businessConfig, ...own.businessConfig },
    // the forced first payment applies to a user who never finished it (the new-user fixture)
    forcePayConfig: { ...base.forcePayConfig, isFinished: user ? user.forcePayFinished !== false : true },
    // ENG-04: the balance transfer offered to this user, if any (the engage slice decides)
    appShift: appShiftFor(ctx, user, headers) ?? base.appShift ?? null,
  }
}

const today = () => new Date().toISOString().slice(0, 10)

function tasks(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const ar = langOf(call.headers) === 'ar'
  const claims = collection(ctx, 'taskClaims').filter({ userId: user.userId }).value()
  const follows = followedIds(ctx, user.userId).size
  const list = collection(ctx, 'tasks').value().map((t) => {
    const claimed = claims.some((c) => c.taskId === t.taskId && (t.rule !== 'daily' || c.day === today()))
    const done = t.rule === 'daily' || (t.rule === 'hasEmail' && !!user.email) || (t.rule === 'firstPay' && !!user.firstPayTime) || (t.rule === 'follow3' && follows >= 3)
    const claimable = done && !claimed
    return { taskId: t.taskId, taskName: ar ? t.taskNameAr : t.taskName, rewardDiamond: t.rewardDiamond, status: claimed ? 2 : claimable ? 1 : 0, claimable }
  })
  // the daily check-in counts as a task: its day still to claim lights the user tab's dot too
  const signin = signinClaimable(ctx, user)
  return { list, hasClaimable: signin || list.some((t) => t.claimable), signinClaimable: signin }
}

/** Not shown in the spec: claim one task's reward (ledger reason task.reward, once per day for daily ones). */
function claimTask(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const taskId = Number(call.payload.taskId ?? call.payload.searchValue)
  const task = tasks(ctx, call).list.find((t) => t.taskId === taskId)
  if (!task) throw refuse(`no task ${taskId}`)
  if (!task.claimable) throw refuse(task.status === 2 ? { en: 'Already claimed', ar: 'تم الاستلام من قبل' } : { en: 'Task not finished yet', ar: 'لم تكتمل المهمة بعد' })
  const rule = collection(ctx, 'tasks').find({ taskId }).value()?.rule
  const day = today()
  const entry = ctx.move(user.userId, task.rewardDiamond, 'task.reward', { key: `task:${taskId}:${rule === 'daily' ? day : 'once'}` })
  ctx.db.get('taskClaims').push({ userId: user.userId, taskId, day }).write()
  return { diamondNum: entry.balanceAfter, rewardDiamond: task.rewardDiamond }
}

/** Follow list: type 3 (default) the hosts I follow; type 1 my fans (hosts following me; its total
 *  is the follow count on the message-tab badge). */
function userFriend(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const type = Number(call.payload.type ?? 3)
  const mineFollows = followedIds(ctx, user.userId)
  const rows = collection(ctx, 'follows').value()
  const ids = type === 1 ? rows.filter((r) => r.followUserId === user.userId).map((r) => r.userId) : [...mineFollows]
  // ENG-11: a host the user blocked leaves the follow lists
  const list = withoutBlocked(ctx, user.userId, ids.map((id) => ctx.userById(id)).filter((u): u is UserRow => !!u))
    .map((u) => hostCard(ctx, u, mineFollows.has(u.userId)))
  return page(list, { currentPage: call.payload.currentPage, pageSize: call.payload.pageSize ?? 200 }, 200)
}

/** d1 §7 /api/user/level/v2/userLevel; the spec does not show the growth table: the harness uses
 *  1000 EXP per level up to 80 (1 dollar = 100 EXP), stage = level / 10 (eight stages 0-7). */
const MAX_LEVEL = 80
const EXP_PER_LEVEL = 1000
function userLevel(_ctx: unknown, call: { requireUser(): UserRow }) {
  const user = call.requireUser()
  const cur = Math.max(0, Math.min(MAX_LEVEL, Number(user.userLevel ?? 0)))
  return {
    curUserLevel: cur,
    isLastLv: cur >= MAX_LEVEL,
    lvIcon: `/__harness/avatar/level-${Math.floor(cur / 10)}.svg`,
    nowLvStage: Math.min(7, Math.floor(cur / 10)),
    // the row's growthValue when set, else 40 % into the current level
    growthValue: Number(user.growthValue ?? cur * EXP_PER_LEVEL + (cur < MAX_LEVEL ? EXP_PER_LEVEL * 0.4 : 0)),
    list: Array.from({ length: MAX_LEVEL + 1 }, (_, lv) => ({
      userLevel: lv,
      startGrowthValue: lv * EXP_PER_LEVEL,
      endGrowthValue: (lv + 1) * EXP_PER_LEVEL - 1,
    })),
  }
}

/** d1 §7 updateUserInfo: the nickname only (the one field a viewer edits), 1-20 characters */
function updateUserInfo(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const nickname = String(call.payload.nickname ?? '').trim()
  if (!nickname || [...nickname].length > 20) throw refuse('nickname must be 1 to 20 characters')
  ctx.db.get('users').find({ userId: user.userId }).assign({ nickname }).write()
  return mine(ctx.userById(user.userId)!)
}

/** d1 §7 account info: an e-mail bound to the account after a code sent to it (kept in memory) */
const accountsOf = (ctx: HarnessContext) => memoryOf(ctx, 'shell.accounts', () => ({ codes: new Map<string, string>(), bound: new Map<number, string[]>() }))
function accountCode(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const email = String(call.payload.email ?? '').trim().toLowerCase()
  if (email.length > 254 || !EMAIL.test(email)) throw refuse('E-mail format is incorrect')
  accountsOf(ctx).codes.set(`${user.userId}:${email}`, String(100000 + (user.userId % 900000)))
  return { sent: true }
}
function bindAccount(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const email = String(call.payload.email ?? '').trim().toLowerCase()
  const a = accountsOf(ctx)
  if (!email || a.codes.get(`${user.userId}:${email}`) !== String(call.payload.code ?? '')) throw refuse('Invalid verification code')
  a.codes.delete(`${user.userId}:${email}`)
  a.bound.set(user.userId, [...new Set([...(a.bound.get(user.userId) ?? []), email])].slice(0, 5))
  return boundAccounts(ctx, user)
}
const boundAccounts = (ctx: HarnessContext, user: UserRow) => (accountsOf(ctx).bound.get(user.userId) ?? []).map((email) => ({ type: 'email', account: email }))

/** SHELL-09: the server forgets the token the request came with (the user's other devices keep theirs);
 *  its open realtime socket is closed with 4401 within a second (harness/realtime.ts) */
function logout(ctx: HarnessContext, call: EndpointCall) {
  const me = call.requireUser()
  const raw = call.headers[Header.token.toLowerCase()]
  const token = Array.isArray(raw) ? raw[0] : raw
  const tokens = Array.isArray(me.tokens) ? (me.tokens as unknown[]).filter((t) => t !== token) : []
  ctx.db.get('users').find({ userId: me.userId }).assign({ token: me.token === token ? null : me.token, tokens }).write()
  return { loggedOut: true }
}

export default defineFake({
  seed(db) {
    db.baseConfig = fixture('base-config.json')
    db.tasks = fixture('tasks.json')
    db.taskClaims = []
    db.evaluations = []
  },
  endpoints: {
    // d1 §7 paths whose payloads the spec does not show (docs/assumptions.md "Requests and answers")
    '/api/user/updateUserInfo': (ctx, call) => updateUserInfo(ctx, call),
    '/user/account/info/send': (ctx, call) => accountCode(ctx, call),
    '/user/account/info/bind': (ctx, call) => bindAccount(ctx, call),
    '/user/account/info/list': (ctx, call) => boundAccounts(ctx, call.requireUser()),
    // analytics configuration (ShuShu): none in the harness, so the app sends nothing anywhere
    '/api/ShuShuDetail/getDetail': () => ({ enabled: false, appId: null, serverUrl: null }),
    // d3 §7 pictures of the app by type: the harness has none beyond the avatars
    '/api/index/v3/getAppPicByType': () => [],
    '/api/login/v2/email': login,
    '/api/index/v2/getBaseConfigForIntoBag': baseConfig,
    '/api/index/v3/getBaseConfigForIntoBag': baseConfig,
    '/api/user/getUserInfo': (_ctx, call) => mine(call.requireUser()),
    [LOGOUT_PATH]: logout,
    '/api/user/level/v2/userLevel': userLevel,
    '/api/user/queryUserBalance': (_ctx, call) => ({ diamondNum: call.requireUser().diamondNum }),
    '/api/index/getConfigByKey': (ctx, { payload }) => {
      const key = String(payload.searchValue ?? '')
      if (!key) throw refuse('searchValue (a config key) is required')
      const params = collection(ctx, 'baseConfig').value().sysConfigParams
      return params[key] ?? null
    },
    '/api/index/getServerTime': () => ({ serverTime: Date.now(), timeZone: 'UTC' }),
    '/api/user/saveEvaluation': saveEvaluation,
    '/api/userTask/get': tasks,
    '/api/userTask/receive': claimTask,
    '/api/user/userFriend': userFriend,
  },
})
