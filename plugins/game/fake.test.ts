import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { instantClock, loadScenarios, runScenario } from '../../harness/scenario-runner.ts'
import { FreePath, GamePath, HarnessGame } from './paths.ts'
import { FREE_REWARDS } from './fake-free.ts'

let h: TestHarness
const USER = 100001

test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'game'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(() => h.reset())

const ledger = async () => (await h.control('GET', `/__harness/ledger?userId=${USER}`)).body as { entries: any[]; check: { ok: boolean } }
const ctl = (path: string, body: unknown) => h.control('POST', `/__harness/${path}`, body)
const api = (path: string, payload: unknown = {}, lang = 'en') => h.api(path, payload, { token: TEST_TOKEN, lang })
const imToken = async () => (await h.control('GET', '/__harness/users')).body.find((u: any) => u.userId === USER)
/** a spin as the game's own page sends it (text/plain, no preflight) */
async function spin(body: Record<string, unknown>) {
  const res = await httpRequest(`${h.url}/__harness/${HarnessGame.spend}`, 'POST', JSON.stringify(body), { 'content-type': 'text/plain' })
  return { cors: res.headers['access-control-allow-origin'], ...JSON.parse(res.text) }
}
async function player() {
  const state = JSON.parse((await import('node:fs')).readFileSync(h.statePath, 'utf8'))
  const u = state.users.find((x: any) => x.userId === USER)
  return { userId: USER, imToken: u.imToken as string }
}

test('ENG-07 SHELL-12 game names in the request\'s language (Accept-Language), as a real server answers: the lists, a game by id, the winners\' scroll', async () => {
  const ar = (await api(GamePath.fullList, {}, 'ar')).data
  assert.is(ar.gameList.find((g: any) => g.gameId === 101).gameName, 'عجلة الحظ')
  assert.is(ar.scrollScreen.scrolls[0].gameName, 'عجلة الحظ')
  assert.is((await api(GamePath.halfById, { gameId: 102 }, 'ar')).data.gameName, 'حفلة الفواكه')
  assert.ok((await api(GamePath.recommend, {}, 'ar-SA')).data.every((g: any) => /\p{Script=Arabic}/u.test(g.gameName)))
  const en = (await api(GamePath.fullList, {}, 'en')).data
  assert.is(en.gameList.find((g: any) => g.gameId === 101).gameName, 'Lucky Wheel')
  assert.is(en.scrollScreen.scrolls[0].gameName, 'Lucky Wheel')
})

test('ENG-07 the game lists: full (gameList and scrollScreen), half (type 1), by id, recommended, banners, localised categories', async () => {
  const full = (await api(GamePath.fullList, {}, 'ar')).data
  assert.ok(full.gameList.length >= 3)
  assert.ok(Array.isArray(full.scrollScreen.scrolls))
  assert.ok(full.gameList.every((g: any) => g.gameLink.startsWith(h.url + '/__harness/game/play?id=')))
  assert.is(full.gameList.find((g: any) => g.gameId === 101).gameCategoriesName, 'ألعاب رائجة')
  const half = (await api(GamePath.halfList)).data
  assert.ok(half.length > 0 && half.every((g: any) => g.gameType === 1))
  assert.is((await api(GamePath.halfById, { gameId: 102 })).data.gameName, 'Fruit Party')
  assert.is((await api(GamePath.halfById, { gameId: 999 })).body.code, '5000')
  assert.is((await api(GamePath.recommend)).data.length, 3)
  assert.is((await api(GamePath.banners)).data[0].title, 'Spin the Lucky Wheel: up to 10x')
  assert.equal((await api(GamePath.recently)).data, [])
  // hidden games: every list answers empty (the wall's Game tab hides)
  await ctl('game/list', { hidden: true })
  assert.equal((await api(GamePath.fullList)).data.gameList, [])
  assert.equal((await api(GamePath.halfList)).data, [])
  assert.equal((await api(GamePath.banners)).data, [])
})

test('ENG-07 the provider serves real game pages that speak the message protocol, and hostile behaviours on request', async () => {
  const page = await httpRequest(`${h.url}/__harness/${HarnessGame.page}?id=101`)
  assert.is(page.status, 200)
  assert.match(page.text, /postMessage/)
  assert.match(page.text, /"mode":"normal"/)
  assert.match(page.text, /loadDone/)
  assert.is((await ctl('game/behaviour', { gameId: 101, mode: 'navigate' })).status, 200)
  assert.match((await httpRequest(`${h.url}/__harness/${HarnessGame.page}?id=101`)).text, /"mode":"navigate"/)
  assert.is((await ctl('game/behaviour', { gameId: 101, mode: 'evil' })).status, 400)
  assert.is((await ctl('game/behaviour', { gameId: 7, mode: 'normal' })).status, 400)
  // the foreign frame comes from the harness's other loopback name: another origin
  const away = /"awayUrl":"([^"]+)"/.exec((await httpRequest(`${h.url}/__harness/${HarnessGame.page}?id=103`)).text)![1]
  assert.is.not(new URL(away).origin, new URL(h.url).origin)
  assert.is(new URL(away).port, new URL(h.url).port)
  assert.match((await httpRequest(`${h.url}/__harness/${HarnessGame.away}?post=1`)).text, /postMessage/)
})

test('ENG-07 a spin bets and wins through the ledger, once per round, only for the player the URL named; too few diamonds answers 1080', async () => {
  const p = await player()
  const before = (await ledger()).entries.length
  const r = await spin({ ...p, gameId: 101, action: 'spin', bet: 100, roundId: 'r-1' })
  assert.is(r.cors, '*')
  assert.type(r.balance, 'number')
  // the same round again (a retried request) moves nothing
  const again = await spin({ ...p, gameId: 101, action: 'spin', bet: 100, roundId: 'r-1' })
  assert.is(again.repeated, true)
  const rows = (await ledger()).entries.slice(before)
  assert.is(rows.filter((e) => e.reason === 'game.bet').length, 1)
  assert.is(rows.find((e) => e.reason === 'game.bet').delta, -100)
  assert.ok(rows.filter((e) => e.reason === 'game.win').length <= 1)
  assert.is(r.balance, 5000 - 100 + r.win)
  assert.ok((await ledger()).check.ok)
  // the balance pushed to the app
  assert.ok(h.sent.some((s: any) => s.userId === USER && s.pushType === 'user.balance'))
  // wrong token, bad bet, unknown game
  assert.is((await spin({ ...p, imToken: 'nope', gameId: 101, action: 'spin', bet: 100, roundId: 'r-2' })).error, 'unknown player')
  assert.ok((await spin({ ...p, gameId: 101, action: 'spin', bet: 7, roundId: 'r-3' })).error)
  assert.ok((await spin({ ...p, gameId: 999, action: 'spin', bet: 100, roundId: 'r-4' })).error)
  // too few diamonds: the game is told 1080 and asks the app for a recharge
  await h.control('POST', `/__harness/users/${USER}/balance`, { diamondNum: 50 })
  const poor = await spin({ ...p, gameId: 101, action: 'spin', bet: 100, roundId: 'r-5' })
  assert.is(poor.code, '1080')
  assert.is((await spin({ ...p, action: 'balance' })).balance, 50)
  // played games show as recently played and the player in the rank
  assert.equal((await api(GamePath.recently)).data.map((g: any) => g.gameId), [101])
  assert.ok(Array.isArray((await api(GamePath.rank)).data))
})

test('ENG-10 free coins: the email task sends a code, refuses a wrong one, credits once; the phone task likewise', async () => {
  const tasks = (await api(FreePath.tasks)).data.list
  assert.equal(tasks.map((t: any) => [t.taskId, t.status, t.rewardDiamond]), [['email', 0, 300], ['phone', 0, 200], ['review', 0, 500]])
  assert.is((await api(FreePath.sendCode, { taskId: 'email', target: '' })).body.msg, 'Email must not be empty')
  assert.is((await api(FreePath.sendCode, { taskId: 'email', target: 'no-at-sign' })).body.msg, 'Email must be a well-formed email address')
  assert.is((await api(FreePath.sendCode, { taskId: 'email', target: 'me@example.com' })).data.sent, true)
  const code = (await h.control('GET', `/__harness/free/outbox?userId=${USER}`)).body.find((r: any) => r.task === 'email').code
  assert.match(code, /^\d{6}$/)
  assert.is((await api(FreePath.verifyCode, { taskId: 'email', code: '000000' === code ? '111111' : '000000' })).body.msg, 'Incorrect verification code')
  const [a, b] = await Promise.all([api(FreePath.verifyCode, { taskId: 'email', code }), api(FreePath.verifyCode, { taskId: 'email', code })])
  assert.is(a.body.code, '0000')
  assert.is(b.body.code, '0000')
  const credits = (await ledger()).entries.filter((e) => e.reason === 'free.email')
  assert.is(credits.length, 1)
  assert.is(credits[0].delta, FREE_REWARDS.email)
  assert.is((await api(FreePath.status, { taskId: 'email' })).data.status, 2)
  assert.is((await api(FreePath.sendCode, { taskId: 'phone', target: '12ab' })).body.code, '5000')
  await api(FreePath.sendCode, { taskId: 'phone', target: '+971 50 123 4567' })
  const sms = (await h.control('GET', `/__harness/free/outbox?userId=${USER}`)).body.find((r: any) => r.task === 'phone').code
  assert.is((await api(FreePath.verifyCode, { taskId: 'phone', code: sms })).data.rewardDiamond, FREE_REWARDS.phone)
  // done tasks stay done after a reset of the tasks: the ledger key never pays twice
  await ctl('free/reset', { userId: USER })
  await api(FreePath.sendCode, { taskId: 'email', target: 'me@example.com' })
  const code2 = (await h.control('GET', `/__harness/free/outbox?userId=${USER}`)).body.find((r: any) => r.task === 'email').code
  assert.is((await api(FreePath.verifyCode, { taskId: 'email', code: code2 })).data.rewardDiamond, 0)
  assert.is((await ledger()).entries.filter((e) => e.reason === 'free.email').length, 1)
  assert.ok((await ledger()).check.ok)
})

test('ENG-10 free coins: a review is pending until approved (or its time), then credited once; a rejected one may be sent again', async () => {
  assert.is((await api(FreePath.submitReview)).data.status, 1)
  assert.is((await api(FreePath.status, { taskId: 'review' })).data.status, 1)
  await ctl('free/review', { userId: USER, outcome: 'reject' })
  assert.is((await api(FreePath.status, { taskId: 'review' })).data.status, 3)
  assert.is((await api(FreePath.submitReview)).data.status, 1)
  assert.is((await ctl('free/review', { userId: USER, outcome: 'approve' })).body.rewardDiamond, FREE_REWARDS.review)
  assert.is((await api(FreePath.status, { taskId: 'review' })).data.status, 2)
  assert.is((await ledger()).entries.filter((e) => e.reason === 'free.review').length, 1)
  // the harness approves by itself once freeReviewMs has passed
  await ctl('free/reset', { userId: USER })
  await h.control('POST', '/__harness/settings', { freeReviewMs: 0 })
  await api(FreePath.submitReview)
  assert.is((await api(FreePath.status, { taskId: 'review' })).data.status, 2)
  assert.is((await ledger()).entries.filter((e) => e.reason === 'free.review').length, 1)
})

test('ENG-07 scenario eng-game-recharge-loop: games normal and listed, 150 diamonds (one spin)', async () => {
  await ctl('game/behaviour', { gameId: 101, mode: 'malformed' })
  await ctl('game/list', { hidden: true })
  const scenario = (await loadScenarios()).get('eng-game-recharge-loop')!
  assert.ok(scenario.description.includes('recharge'))
  const r = await runScenario(scenario, h.ops, { clock: instantClock() }).done
  assert.is(r.status, 'done')
  assert.ok(r.steps.every((s: any) => s.ok !== false), JSON.stringify(r.steps))
  assert.match((await httpRequest(`${h.url}/__harness/${HarnessGame.page}?id=101`)).text, /"mode":"normal"/)
  assert.ok((await api(GamePath.fullList)).data.gameList.length > 0)
  assert.is((await imToken()).diamondNum, 150)
})

test.run()
