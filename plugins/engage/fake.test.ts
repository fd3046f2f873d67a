import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { EngagePath } from './paths.ts'
import { instantClock, loadScenarios, runScenario } from '../../harness/scenario-runner.ts'

let h: TestHarness
const NEW_TOKEN = 'new-token-100003'
const VIP_TOKEN = 'vip-token-100002'

test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'calls', 'engage'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(() => h.reset())

const ledger = async (userId: number) => (await h.control('GET', `/__harness/ledger?userId=${userId}`)).body.entries as any[]
const ctl = (path: string, body: unknown) => h.control('POST', `/__harness/${path}`, body)

test('ENG-02 the check-in cycle: seven days for 1510 diamonds, day 1 claimable, paid users x2, credited once however often it is asked', async () => {
  const d = (await h.api(EngagePath.signinDetail, {}, { token: TEST_TOKEN })).data
  assert.is(d.list.length, 7)
  assert.is(d.list.reduce((n: number, x: any) => n + x.awardNum, 0), 1510)
  assert.equal(d.list.map((x: any) => x.canReceiveFlag), [1, 0, 0, 0, 0, 0, 0])
  assert.is(d.list[0].payUserMagnification, 2)
  // a double tap, or a retried request: two at once, one credit
  const [a, b] = await Promise.all([h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN }), h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN })])
  const ok = [a, b].filter((r) => r.body.code === '0000')
  const refused = [a, b].filter((r) => r.body.code !== '0000')
  assert.is(ok.length, 1)
  assert.equal([ok[0].data.awardNum, ok[0].data.magnification, ok[0].data.diamondNum], [100, 2, 5100])
  assert.is(refused[0].body.msg, 'Signed in today')
  assert.is((await h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN })).body.msg, 'Signed in today')
  const credits = (await ledger(100001)).filter((e) => e.reason === 'signin.reward')
  assert.equal(credits.map((e) => e.delta), [100])
  // Checked, and the next day counts down to midnight before it may be claimed
  const after = (await h.api(EngagePath.signinDetail, {}, { token: TEST_TOKEN })).data
  assert.equal([after.signedToday, after.list[0].receiveFlag, after.list[1].canReceiveFlag], [true, 1, 0])
  assert.ok(after.list[1].countdown > 0 && after.list[1].countdown <= 86_400)
  // the next day: day 2 opens
  await ctl('engage/signin/advance', { userId: 100001 })
  const next = (await h.api(EngagePath.signinDetail, {}, { token: TEST_TOKEN })).data
  assert.equal([next.signedToday, next.list[1].canReceiveFlag, next.list[1].countdown], [false, 1, 0])
  assert.is((await h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN })).data.awardNum, 200)
})

test('ENG-02 a level 0 user is refused with LV1 or higher required to claim.; an unpaid user gets the plain award', async () => {
  const r = await h.api(EngagePath.signinPerform, {}, { token: NEW_TOKEN })
  assert.is(r.body.msg, 'LV1 or higher required to claim.')
  assert.equal(await ledger(100003), [])
  await ctl('engage/user', { userId: 100003, level: 1 })
  const ok = await h.api(EngagePath.signinPerform, {}, { token: NEW_TOKEN })
  assert.equal([ok.data.awardNum, ok.data.magnification], [50, 1])
})

test('SHELL-07 the user task list says claimable while the check-in is due, and not after', async () => {
  await ctl('engage/user', { userId: 100002, level: 12 })
  const before = (await h.api('/api/userTask/get', {}, { token: VIP_TOKEN })).data
  assert.is(before.signinClaimable, true)
  assert.is(before.hasClaimable, true)
  await h.api(EngagePath.signinPerform, {}, { token: VIP_TOKEN })
  assert.is((await h.api('/api/userTask/get', {}, { token: VIP_TOKEN })).data.signinClaimable, false)
  await ctl('engage/signin/reset', { userId: 100002 })
  assert.is((await h.api('/api/userTask/get', {}, { token: VIP_TOKEN })).data.signinClaimable, true)
})

test('ENG-03 transfer codes: wrong, emoji, spaces inside or 1,000 characters answer 1111; a good one credits once, for one user', async () => {
  for (const bad of ['NOPE1234', 'TR15😀10', 'TR 1510', 'A'.repeat(1000)]) {
    const r = await h.api(EngagePath.transfer, { searchValue: bad }, { token: TEST_TOKEN })
    assert.is(r.body.code, '1111', bad.slice(0, 20))
    assert.ok(r.body.msg)
  }
  assert.is((await h.api(EngagePath.transfer, { searchValue: '  ' }, { token: TEST_TOKEN })).body.msg, 'Please fill in Invitation Code')
  const ok = await h.api(EngagePath.transfer, { searchValue: ' tr1510 ' }, { token: TEST_TOKEN })
  assert.equal([ok.body.code, ok.data.transferDiamond, ok.data.diamondNum], ['0000', 1510, 6510])
  // the same request again (a retry): no second credit
  assert.is((await h.api(EngagePath.transfer, { searchValue: 'TR1510' }, { token: TEST_TOKEN })).data.diamondNum, 6510)
  assert.equal((await ledger(100001)).map((e) => e.delta), [1510])
  const other = await h.api(EngagePath.transfer, { searchValue: 'TR1510' }, { token: VIP_TOKEN })
  assert.equal([other.body.code, other.body.msg], ['1111', 'This code has already been used'])
})

test('ENG-03 host codes: query, link (1), expired (2) and already linked (4) follow the host instead; a failing link answers an error', async () => {
  const q = (await h.api(EngagePath.queryHost, { searchValue: 'h200001' }, { token: TEST_TOKEN })).data
  assert.equal([q.userId, typeof q.nickname, q.followed], [200001, 'string', false])
  assert.is((await h.api(EngagePath.queryHost, { searchValue: 'H999' }, { token: TEST_TOKEN })).body.code, '1111')
  assert.equal((await h.api(EngagePath.linkHost, { searchValue: 'H200001' }, { token: TEST_TOKEN })).data, { isSuccess: 1, hostId: 200001 })
  // now linked: another host's code is 'already linked', and she is followed instead
  assert.is((await h.api(EngagePath.linkHost, { searchValue: 'H200002' }, { token: TEST_TOKEN })).data.isSuccess, 4)
  assert.is((await h.api(EngagePath.queryHost, { searchValue: 'H200002' }, { token: TEST_TOKEN })).data.followed, true)
  // an expired code (seeded for 200005): followed instead
  assert.is((await h.api(EngagePath.linkHost, { searchValue: 'H200005' }, { token: VIP_TOKEN })).data.isSuccess, 2)
  assert.is((await h.api(EngagePath.queryHost, { searchValue: 'H200005' }, { token: VIP_TOKEN })).data.followed, true)
  await ctl('engage/invite', { hostId: 200003, state: 'fail' })
  assert.is((await h.api(EngagePath.linkHost, { searchValue: 'H200003' }, { token: VIP_TOKEN })).body.code, '5000')
  assert.ok((await h.api(EngagePath.myCode, {}, { token: TEST_TOKEN })).data.inviteCode)
})

test('ENG-04 the base config carries this user’s balance transfer, its text in the asked language', async () => {
  const none = (await h.api('/api/index/v2/getBaseConfigForIntoBag', { searchValue: 'callwall' }, { token: TEST_TOKEN })).data
  assert.is(none.appShift, null)
  await ctl('engage/user', { userId: 100001, level: 4 })
  await ctl('engage/shift', { userId: 100001, on: true })
  const en = (await h.api('/api/index/v2/getBaseConfigForIntoBag', { searchValue: 'callwall' }, { token: TEST_TOKEN })).data.appShift
  assert.equal([en.appName, en.shiftAppName, en.balanceDiamond, en.levelAwardDiamond, en.recordCode], ['CallWall', 'CallWall Lite', 5000, 400, 'SH100001'])
  assert.match(en.shiftContent, 'We are moving to CallWall Lite')
  const ar = (await h.api('/api/index/v2/getBaseConfigForIntoBag', { searchValue: 'callwall' }, { token: TEST_TOKEN, lang: 'ar' })).data.appShift
  assert.match(ar.shiftContent, 'ننتقل')
})

test('ENG-05 the review: force and can as set, the reward credited once and the record kept', async () => {
  const first = (await h.api(EngagePath.queryEval, { force: 1 }, { token: TEST_TOKEN })).data
  assert.equal([first.force, first.can, first.myForceEvaluationRecord], [0, 0, null])
  await ctl('engage/review', { userId: 100001, force: 1, can: 1 })
  assert.equal((await h.api(EngagePath.queryEval, { force: 1 }, { token: TEST_TOKEN })).data.force, 1)
  const [a, b] = await Promise.all([h.api(EngagePath.goEval, { force: 1 }, { token: TEST_TOKEN }), h.api(EngagePath.goEval, { force: 1 }, { token: TEST_TOKEN })])
  assert.equal([a.data.diamondNum, b.data.diamondNum], [5100, 5100])
  assert.equal((await ledger(100001)).map((e) => [e.delta, e.reason]), [[100, 'review.reward']])
  const after = (await h.api(EngagePath.queryEval, { force: 1 }, { token: TEST_TOKEN })).data
  assert.ok(after.myForceEvaluationRecord)
  assert.is(after.can, 0)
})

test('SHELL-17 the popup merge: a welcome activity for new users, and what the control queued', async () => {
  assert.equal((await h.api(EngagePath.popups, {}, { token: TEST_TOKEN })).data.activityPopups, [])
  const fresh = (await h.api(EngagePath.popups, {}, { token: NEW_TOKEN, lang: 'ar' })).data
  assert.equal([fresh.isNewUser, fresh.activityPopups.length, fresh.activityPopups[0].title], [true, 1, 'هدية الترحيب'])
  await ctl('engage/popup', { userId: 100001, popup: { id: 'x1', title: 'Hello', jumpUrl: 'javascript:alert(1)' } })
  assert.equal((await h.api(EngagePath.popups, {}, { token: TEST_TOKEN })).data.activityPopups.map((p: any) => p.id), ['x1'])
  assert.is((await ctl('engage/popup', { userId: 100001 })).status, 400)
  assert.is((await ctl('engage/auto-call', { seconds: 5 })).status, 200)
  assert.is((await h.api('/api/index/v2/getBaseConfigForIntoBag', { searchValue: 'callwall' }, { token: TEST_TOKEN })).data.businessConfig.home_auto_call_time, 5)
  assert.is((await ctl('engage/auto-call', { seconds: -1 })).status, 400)
  await ctl('engage/popup/clear', { userId: 100001 })
  assert.equal((await h.api(EngagePath.popups, {}, { token: TEST_TOKEN })).data.activityPopups, [])
})

async function play(name: string, between?: (step: number) => Promise<void>) {
  const scenario = (await loadScenarios()).get(name)
  assert.ok(scenario, `no scenario ${name}`)
  // one step at a time, so the test can act between them as a user would
  for (let i = 0; i < scenario!.steps.length; i++) {
    const one = { ...scenario!, steps: [{ ...scenario!.steps[i], at: 0 }] }
    const r = await runScenario(one, h.ops, { clock: instantClock() }).done
    assert.ok(r.steps.every((s) => s.ok), JSON.stringify(r.steps))
    await between?.(i)
  }
}

test('ENG-02 HAR-05 eng-check-in-week: a claim each day of the week, each credited once, x2 for the paid test user', async () => {
  const got: number[] = []
  await play('eng-check-in-week', async () => {
    const r = await h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN })
    if (r.body.code === '0000') got.push(r.data.awardNum)
  })
  assert.equal(got, [100, 200, 300, 400, 500, 600, 920, 100])
  assert.is((await ledger(100001)).filter((e) => e.reason === 'signin.reward').length, 8)
})

test('SHELL-16 HAR-05 eng-new-user-first-day: a new level-0 user, the welcome popup, level 1 later, a second popup queued', async () => {
  await play('eng-new-user-first-day', async (i) => {
    if (i === 2) {
      const me = (await h.api('/api/user/getUserInfo', {}, { token: TEST_TOKEN })).data
      assert.equal([me.isNewUser, me.userLevel, me.firstPayTime], [true, 0, null])
      assert.is((await h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN })).body.msg, 'LV1 or higher required to claim.')
      assert.equal((await h.api(EngagePath.popups, {}, { token: TEST_TOKEN })).data.activityPopups.map((p: any) => p.id), ['welcome'])
    }
  })
  assert.is((await h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN })).data.awardNum, 50)
  assert.equal((await h.api(EngagePath.popups, {}, { token: TEST_TOKEN })).data.activityPopups.map((p: any) => p.id), ['welcome', 'first-day-vip'])
})

test.run()
