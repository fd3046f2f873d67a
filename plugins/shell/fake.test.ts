import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkLedger } from '../../harness/ledger.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness()
})
test.after(async () => {
  await h.close()
})

const loginPayload = (email: string, password: string) => ({ appId: 'callwall', appVersion: '1.0.0', channel: 'web', deviceId: 'dev-1', deviceType: 'web', email, password })

test('SHELL-10 email login with the right password answers token, deviceId, yxAccid, imToken; the token works', async () => {
  const r = await h.api('/api/login/v2/email', loginPayload('Viewer@Example.com', 'password123'))
  assert.is(r.body.code, '0000')
  assert.equal(Object.keys(r.data).sort(), ['deviceId', 'imToken', 'token', 'yxAccid'])
  assert.is(r.data.deviceId, 'dev-1')
  assert.is(r.data.yxAccid, 'user_100001')
  assert.is.not(r.data.token, TEST_TOKEN)
  assert.is((await h.api('/api/user/getUserInfo', {}, { token: r.data.token })).data.userId, 100001)
  // the earlier session stays valid
  assert.is((await h.api('/api/user/getUserInfo', {}, { token: TEST_TOKEN })).data.userId, 100001)
})

test('SHELL-09 logout: the server forgets the token it came with; the user\'s other sessions stay', async () => {
  const mine = (await h.api('/api/login/v2/email', loginPayload('viewer@example.com', 'password123'))).data.token
  const other = (await h.api('/api/login/v2/email', loginPayload('viewer@example.com', 'password123'))).data.token
  assert.is((await h.api('/api/user/logout', {}, { token: mine })).data.loggedOut, true)
  assert.is(h.ctx.userByToken(mine), null, 'revoked')
  assert.is(h.ctx.userByToken(other)?.userId, 100001)
  assert.is(h.ctx.userByToken(TEST_TOKEN)?.userId, 100001)
})

test('SHELL-10 IM tokens are not guessable: random at seed, new at every login, and the old one stops working at the IM service', async () => {
  const users = h.ctx.db.get('users').value() as Array<{ userId: number; imToken: string }>
  assert.ok(users.every((u) => /^im-[0-9a-f]{32}$/.test(u.imToken)), 'never im-<userId>')
  assert.is(new Set(users.map((u) => u.imToken)).size, users.length)
  const seeded = h.ctx.userById(100001)!.imToken
  const a = (await h.api('/api/login/v2/email', loginPayload('viewer@example.com', 'password123'))).data
  const b = (await h.api('/api/login/v2/email', loginPayload('viewer@example.com', 'password123'))).data
  assert.ok(a.imToken !== seeded && b.imToken !== a.imToken, 'one per login')
  assert.is((await h.api('/api/user/getUserInfo', {}, { token: b.token })).data.imToken, b.imToken)
  const im = h.ctx.userByAccid('user_100001')!
  for (const guess of ['im-100001', seeded, a.imToken, '', 'im-']) assert.is.not(im.imToken, guess)
})

test('SHELL-10 a wrong password answers 5000 Incorrect email or password; bad input is named', async () => {
  const r = await h.api('/api/login/v2/email', loginPayload('viewer@example.com', 'wrong-password'))
  assert.is(r.body.code, '5000')
  assert.is(r.body.msg, 'Incorrect email or password')
  assert.is((await h.api('/api/login/v2/email', loginPayload('nope', 'password123'))).body.msg, 'E-mail format is incorrect')
  assert.is((await h.api('/api/login/v2/email', loginPayload('', 'password123'))).body.msg, 'Please enter valid email address')
  assert.is((await h.api('/api/login/v2/email', loginPayload('new@x.io', ''))).body.msg, 'Please enter your password')
})

test('SHELL-10 an unknown email answers 4041 No account, and signs up only when sent with register: 1', async () => {
  const refused = await h.api('/api/login/v2/email', loginPayload('fresh@example.com', 'longenough'))
  assert.is(refused.body.code, '4041')
  assert.is(refused.body.msg, 'No account for this email')
  assert.not.ok(h.ctx.db.get('users').find({ email: 'fresh@example.com' }).value(), 'no account was made')
  const r = await h.api('/api/login/v2/email', { ...loginPayload('fresh@example.com', 'longenough'), register: 1 })
  assert.is(r.body.code, '0000')
  const me = (await h.api('/api/user/getUserInfo', {}, { token: r.data.token })).data
  assert.is(me.email, 'fresh@example.com')
  assert.is(me.diamondNum, 300)
  assert.is(me.isNewUser, true)
  const rows = h.ops.ledger(me.userId).entries
  assert.equal(rows.map((e) => [e.reason, e.delta]), [['signup.bonus', 300]])
  assert.ok(checkLedger(h.ctx.db.getState()).ok)
  // a second login is a login, not a second bonus
  await h.api('/api/login/v2/email', loginPayload('fresh@example.com', 'longenough'))
  assert.is(h.ops.ledger(me.userId).entries.length, 1)
  assert.is((await h.api('/api/login/v2/email', { ...loginPayload('short@example.com', 'short'), register: 1 })).body.msg, 'Password must be at least eight characters')
})

test('SHELL-11 base config (v2 and v3): forcePayConfig is unfinished only for the new user; per-app config values', async () => {
  const v2 = await h.api('/api/index/v2/getBaseConfigForIntoBag', { searchValue: 'callwall' }, { token: TEST_TOKEN })
  assert.is(v2.data.forcePayConfig.isFinished, true)
  assert.match(v2.data.sysConfigParams.payment_portal, '/wall')
  assert.ok(v2.data.businessConfig)
  const fresh = await h.api('/api/index/v3/getBaseConfigForIntoBag', { openParams: '', appId: 'callwall' }, { token: 'new-token-100003' })
  assert.is(fresh.data.forcePayConfig.isFinished, false)
  const guest = await h.api('/api/index/v3/getBaseConfigForIntoBag', { appId: 'callwall-white' })
  assert.is(guest.data.forcePayConfig.isFinished, true)
  assert.match(guest.data.sysConfigParams.payment_portal, '/white-wall')
})

test('SHELL-06 balance, config by key and server time', async () => {
  assert.equal((await h.api('/api/user/queryUserBalance', {}, { token: 'vip-token-100002' })).data, { diamondNum: 20000 })
  assert.is((await h.api('/api/index/getConfigByKey', { searchValue: 'match_card_diamond_num' })).data, '500')
  assert.is((await h.api('/api/index/getConfigByKey', { searchValue: 'no_such_key' })).data, null)
  assert.type((await h.api('/api/index/getServerTime')).data.serverTime, 'number')
  const vip = (await h.api('/api/user/getUserInfo', {}, { token: 'vip-token-100002' })).data
  assert.is(vip.isVipV2, true)
})

test('SHELL-07 tasks: a claimable task lights the user-tab dot; claiming pays through the ledger once', async () => {
  const before = (await h.api('/api/userTask/get', {}, { token: TEST_TOKEN, lang: 'ar' })).data
  assert.is(before.hasClaimable, true)
  assert.is(before.list[0].taskName, 'تسجيل الدخول اليومي')
  const claim = await h.api('/api/userTask/receive', { taskId: 1 }, { token: TEST_TOKEN })
  assert.is(claim.body.code, '0000')
  const again = await h.api('/api/userTask/receive', { taskId: 1 }, { token: TEST_TOKEN })
  assert.is(again.body.msg, 'Already claimed')
  const after = (await h.api('/api/userTask/get', {}, { token: TEST_TOKEN })).data
  assert.is(after.list[0].status, 2)
  assert.is((await h.api('/api/userTask/get')).body.code, '4010')
})

test('SHELL-07 follow counts for the message badge: my follows (type 3) and my fans (type 1)', async () => {
  const follows = (await h.api('/api/user/userFriend', { type: 3, currentPage: 1, pageSize: 200 }, { token: TEST_TOKEN })).data
  assert.ok(follows.total > 0)
  assert.ok(follows.list.every((x: any) => x.followed === true))
  const fans = (await h.api('/api/user/userFriend', { type: 1 }, { token: TEST_TOKEN })).data
  assert.ok(fans.total > 0)
})

test('ENG-01 the user level answers the level that tab locks compare with; guests must log in', async () => {
  const lv = (await h.api('/api/user/level/v2/userLevel', {}, { token: TEST_TOKEN })).data
  assert.is(lv.curUserLevel, 3)
  assert.is(lv.nowLvStage, 0)
  assert.is(lv.list[3].startGrowthValue, 3000)
  assert.is((await h.api('/api/user/level/v2/userLevel', {}, { token: 'new-token-100003' })).data.curUserLevel, 0)
  assert.is((await h.api('/api/user/level/v2/userLevel')).body.code, '4010')
})

test.run()
