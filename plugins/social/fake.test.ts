import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { FRIENDS_PAGE_SIZE, RankType, SocialPath } from './paths.ts'
import { CallPath, CallRefusal } from '../calls/api.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'social', 'calls'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  await h.control('POST', '/__harness/reset')
})

const api = (path: string, payload: unknown = {}) => h.api(path, payload, { token: TEST_TOKEN })

test('ENG-11 harness: the server decides what a block does: a blocked host leaves search, recommendations, the wall and the follow list, her profile says so, no call goes to or from her; unblocking brings her back', async () => {
  const her = 200003 // Isabella, online, followed by the test user
  const ids = (rows: any): number[] => (Array.isArray(rows) ? rows : rows.list).map((r: any) => r.userId)
  const everywhere = async () => ({
    byName: ids((await api(SocialPath.search, { searchValue: 'Isabella' })).data),
    byUid: ids((await api(SocialPath.search, { searchValue: String(her) })).data),
    recommend: ids((await api(SocialPath.recommend)).data),
    wallFollow: ids((await api('/api/anchor/v4/anchorList', { currentPage: 1, pageSize: 50, tagId: 0, isFollow: 1 })).data),
    wallAll: ids((await api('/api/anchor/v4/anchorList', { currentPage: 1, pageSize: 50, tagId: 0 })).data),
    follows: ids((await api(SocialPath.friends, { type: 3, currentPage: 1, pageSize: FRIENDS_PAGE_SIZE })).data),
    postCall: ids((await api(CallPath.recommend, { searchValue: 0 })).data),
  })
  const before = await everywhere()
  // she, and the first host of each list that does not hold her (so every list loses someone)
  const blocked = [...new Set([her, ...Object.values(before).map((list) => (list.includes(her) ? her : list[0]))])]
  for (const list of Object.values(before)) assert.ok(list.some((id) => blocked.includes(id)), 'each list holds a host to block')
  for (const id of blocked) assert.is((await api(SocialPath.block, { type: 1, userId: id, yxAccid: `host_${id}` })).body.code, '0000')
  assert.equal(ids((await api(SocialPath.blackListV2, { currentPage: 1, pageSize: 20 })).data).sort(), [...blocked].sort())
  const after = await everywhere()
  for (const [where, list] of Object.entries(after)) assert.not.ok(list.some((id) => blocked.includes(id)), `${where} leaves the blocked hosts out`)
  const profile = (await api(CallPath.detail, { userId: her })).data
  assert.equal([profile.isBlockUser, profile.whoBlock], [1, 1])
  const call = await api(CallPath.create, { beCallUserId: her, callType: 1, discountFlag: 0, webSource: 'detail' })
  assert.equal([call.body.code, call.body.msg], [Code.refused, CallRefusal.blocked])
  const ring = await h.control('POST', '/__harness/calls/incoming', { hostId: her, userId: 100001 })
  assert.equal([ring.body.ok, ring.body.blocked, ring.body.channelId], [false, true, null])
  // unblocking brings them back everywhere
  for (const id of blocked) assert.is((await api(SocialPath.unblock, { type: 1, userId: id, yxAccid: `host_${id}` })).body.code, '0000')
  assert.equal(await everywhere(), before)
  assert.is((await api(CallPath.detail, { userId: her })).data.isBlockUser, 0)
  assert.ok((await h.control('POST', '/__harness/calls/incoming', { hostId: her, userId: 100001 })).body.ok)
})

test('ENG-11 harness: search by a name part or a uid; blank refused; emoji and 1,000 characters find nothing; recommendations are hosts online or live', async () => {
  const byName = (await api(SocialPath.search, { searchValue: 'sofia' })).data
  assert.ok(byName.list.some((r: any) => r.userId === 200002 && r.nickname === 'Sofia'))
  const byUid = (await api(SocialPath.search, { searchValue: ' 200003 ' })).data
  assert.equal(byUid.list.map((r: any) => r.userId), [200003])
  assert.is((await api(SocialPath.search, { searchValue: '   ' })).body.code, Code.refused)
  assert.is((await api(SocialPath.search, { searchValue: '🦄🦄' })).data.total, 0)
  assert.is((await api(SocialPath.search, { searchValue: 'x'.repeat(1000) })).data.total, 0)
  const rec = (await api(SocialPath.recommend)).data
  assert.ok(rec.length > 0 && rec.length <= 10)
  assert.ok(rec.every((r: any) => r.onlineStatus === 1 || r.onlineStatus === -1))
})

test('ENG-11 harness: the user ranking by day, week and month: top 100 by diamonds, ranks in order, the caller last', async () => {
  for (const rankType of Object.values(RankType)) {
    const rows = (await api(SocialPath.userRank, { rankType })).data
    const me = rows.at(-1)
    assert.is(me.userId, 100001, 'the last item is the caller')
    const list = rows.slice(0, -1)
    assert.ok(list.length >= 20 && list.length <= 100)
    assert.ok(list.every((r: any, i: number) => r.rank === i + 1 && (i === 0 || list[i - 1].costNum >= r.costNum)))
    assert.ok(['userId', 'nickname', 'icon', 'userLevel', 'vipFlag', 'costNum'].every((k) => k in list[0]))
  }
  const week = (await api(SocialPath.userRank, { rankType: RankType.week })).data
  const day = (await api(SocialPath.userRank, { rankType: RankType.day })).data
  assert.ok(week[0].costNum > day[0].costNum)
  assert.is((await api(SocialPath.userRank, { rankType: 9 })).body.code, Code.refused)
})

test('ENG-11 harness: block and unblock ({ type 1, userId, yxAccid }) fill and empty the block list; favourites; the card shows both marks', async () => {
  const host = { type: 1, userId: 200002, yxAccid: 'host_200002' }
  assert.equal((await api(SocialPath.block, host)).data, { userId: 200002, blocked: true })
  await api(SocialPath.block, host)
  const list = (await api(SocialPath.blackList, { currentPage: 1, pageSize: 20 })).data
  assert.equal(list.list.map((r: any) => r.userId), [200002], 'a repeated block is one row')
  assert.is((await api(SocialPath.block, { ...host, yxAccid: 'host_200003' })).body.code, Code.refused, 'the id and the chat id must agree')
  assert.is((await api(SocialPath.block, { ...host, type: 2 })).body.code, Code.refused)
  assert.is((await h.api(SocialPath.blackList, {})).body.code, Code.needLogin)

  assert.equal((await api(SocialPath.collect, { collectUserId: 200003, type: 1 })).data, { userId: 200003, collected: true })
  assert.equal((await api(SocialPath.collectList, {})).data.list.map((r: any) => r.userId), [200003])
  const card = (await api(SocialPath.card, { searchValue: 200002 })).data
  assert.equal([card.userId, card.isBlock, card.isCollect, card.yxAccid], [200002, 1, 0, 'host_200002'])
  assert.ok(['nickname', 'icon', 'userType', 'age', 'country', 'levelName', 'vip', 'fans', 'follow', 'isFollow', 'liveWelcome', 'giftWalls'].every((k) => k in card))

  await api(SocialPath.unblock, host)
  await api(SocialPath.collect, { collectUserId: 200003, type: 2 })
  assert.is((await api(SocialPath.blackList, {})).data.total, 0)
  assert.is((await api(SocialPath.collectList, {})).data.total, 0)
  assert.is((await api(SocialPath.card, { searchValue: 200002 })).data.isBlock, 0)
})

test('ENG-11 harness: the follow list answers up to 200 hosts a page (d3 §7 type 3)', async () => {
  const ids = (await h.control('GET', '/__harness/hosts')).body
  const hosts: any[] = Array.isArray(ids) ? ids : (ids.hosts ?? ids.items)
  for (const host of hosts.slice(0, 60)) await api(SocialPath.follow, { followType: 1, followUserId: host.userId })
  const page = (await api(SocialPath.friends, { currentPage: 1, pageSize: FRIENDS_PAGE_SIZE, type: 3 })).data
  assert.ok(page.list.length >= 60, `all ${page.list.length} in one page`)
  assert.is(page.pageSize, FRIENDS_PAGE_SIZE)
})

test('ENG-06 harness: feedback keeps type, text, email, pictures and the reported host; 501 characters, a fifth type and foreign pictures are refused', async () => {
  const pic = `${h.url}__harness/oss/file?key=callwall/feedback/1.jpg`
  const ok = await api(SocialPath.feedback, { email: 'me@example.com', feedbackType: 3, pics: pic, suggestion: 'x'.repeat(500), hostId: '200001', hostLvl: 'A' })
  assert.is(ok.body.code, Code.ok)
  const saved = (await h.control('GET', '/__harness/social/feedback')).body.items
  assert.equal(saved.map((f: any) => [f.userId, f.feedbackType, f.suggestion.length, f.email, f.pics, f.hostId, f.hostLvl]), [[100001, 3, 500, 'me@example.com', [pic], 200001, 'A']])
  assert.is((await api(SocialPath.feedback, { feedbackType: 1, suggestion: 'x'.repeat(501) })).body.code, Code.refused)
  assert.is((await api(SocialPath.feedback, { feedbackType: 5, suggestion: '' })).body.code, Code.refused)
  assert.is((await api(SocialPath.feedback, { feedbackType: 1, pics: 'javascript:alert(1)' })).body.code, Code.refused)
  assert.is((await api(SocialPath.feedback, { feedbackType: 1, suggestion: '', email: '' })).body.code, Code.ok, 'no emptiness checks (d3 §5)')
  assert.is((await h.api(SocialPath.feedback, { feedbackType: 1 })).body.code, Code.needLogin)
})

test.run()
