import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'game'] })
})
test.after(async () => {
  await h.close()
})

/** the wallTagId hint /app-config.js carries, if any */
async function wallTagHint(): Promise<unknown> {
  const window: { __APP_CONFIG__?: Record<string, unknown> } = {}
  new Function('window', (await httpRequest(`${h.url}/app-config.js`, 'GET')).text)(window)
  return window.__APP_CONFIG__?.wallTagId
}

test('ENG-01 NET-01 /app-config.js names the tab the wall opens on (wallTagId) while it is open to anyone, and follows the tags', async () => {
  assert.is(await wallTagHint(), 1, 'the All tab, first by sort')
  const tags = h.ctx.db.get('tags')
  tags.find({ tagId: 1 }).assign({ lock: 2 }).write()
  assert.is(await wallTagHint(), undefined, 'a locked first tab: no hint')
  tags.find({ tagId: 1 }).assign({ lock: 0, sort: 9 }).write()
  assert.is(await wallTagHint(), 2, 'Live comes first now')
  tags.find({ tagId: 1 }).assign({ sort: 1 }).write()
})

const list = (payload: Record<string, unknown>, token: string | null = TEST_TOKEN) => h.api('/api/anchor/v4/anchorList', payload, { token })
const rank = (s: number) => ({ [-1]: 0, 1: 1, 2: 2, 3: 3 })[s]!

test('ENG-01 tags come in the request language with their locks', async () => {
  const en = (await h.api('/api/index/indexTag')).data
  assert.equal(en.map((t: any) => t.tagName), ['All', 'Live', 'Follow', 'New', 'Game', 'Like You'])
  assert.is(en.find((t: any) => t.kind === 'likeYou').lock, 'vip')
  const ar = (await h.api('/api/index/indexTag', {}, { lang: 'ar-SA' })).data
  assert.is(ar[0].tagName, 'الكل')
})

test('ENG-01 All lists live, online and busy hosts (live first), paged by 10; onlineStatus 2 gives the offline ones', async () => {
  const pages: any[] = []
  for (let p = 1; ; p++) {
    const r = (await list({ currentPage: p, pageSize: 10, tagId: 1 }, null)).data
    pages.push(...r.list)
    assert.is(r.currentPage, p)
    if (r.list.length < 10) break
  }
  assert.ok(pages.length > 10)
  assert.ok(pages.every((x) => x.onlineStatus !== 3))
  const ranks = pages.map((x) => rank(x.onlineStatus))
  assert.equal(ranks, ranks.slice().sort((a, b) => a - b))
  assert.is(new Set(pages.map((x) => x.userId)).size, pages.length) // no host twice across pages
  const live = pages.find((x) => x.onlineStatus === -1)
  assert.ok(live.agoraLiveSimpleVO.agoraChannelId)
  assert.match(live.liveUrl, '/rtc?channel=')
  const offline = (await list({ currentPage: 1, pageSize: 50, tagId: 1, onlineStatus: 2 })).data
  assert.ok(offline.total > 0)
  assert.ok(offline.list.every((x: any) => x.onlineStatus === 3))
  assert.is(offline.total + pages.length, 64)
  // no tag, or tag 0, is the All list (the home strip asks so)
  const untagged = (await list({ currentPage: 1, pageSize: 10, tagId: 0 }, null)).data
  assert.equal(untagged.list.map((x: any) => x.userId), pages.slice(0, 10).map((x) => x.userId))
})

test('ENG-01 Live, Follow, New, Like You and country filters', async () => {
  const live = (await list({ tagId: 2, pageSize: 50 })).data.list
  assert.ok(live.length > 0 && live.every((x: any) => x.onlineStatus === -1))
  const follow = (await list({ tagId: 3, pageSize: 50 })).data.list
  assert.ok(follow.length > 0 && follow.every((x: any) => x.followed))
  assert.is((await list({ tagId: 1, isFollow: 1, pageSize: 50 })).data.total, follow.length)
  assert.is((await list({ tagId: 3 }, null)).body.code, '4010')
  const fresh = (await list({ tagId: 4, pageSize: 50 })).data.list
  assert.ok(fresh.length > 0 && fresh.every((x: any) => x.anchorLevelName === 'NEW'))
  assert.ok((await list({ tagId: 6, pageSize: 50 })).data.total > 0)
  assert.is((await list({ tagId: 5 })).data.total, 0)
  const saudi = (await list({ tagId: 1, onlineStatus: 2, countryIds: '1', pageSize: 50 })).data.list
  assert.ok(saudi.every((x: any) => x.countryId === 1))
  assert.is((await list({ tagId: 99 })).body.code, '5000')
})

test('ENG-01 the ForMeArea variant keeps Middle-East hosts only', async () => {
  const r = (await h.api('/api/anchor/v4/anchorListForMeArea', { tagId: 1, onlineStatus: 2, pageSize: 50 })).data
  assert.ok(r.total > 0)
  assert.ok(r.list.every((x: any) => x.countryId <= 8))
})

test('NET-08 host status look-ups by chat id and by user id follow status changes', async () => {
  await h.control('POST', '/__harness/hosts/200002/status', { status: 'busy' })
  const byAcc = (await h.api('/api/anchor/batchQueryYxStat', { searchValue: 'host_200002,host_200001,nobody' })).data
  assert.equal(byAcc.find((x: any) => x.userId === 200002), { userId: 200002, yxAccid: 'host_200002', onlineStatus: 2, live: false })
  assert.is(byAcc.length, 2)
  const byUid = (await h.api('/api/anchor/batchQueryYxStatByUid', { searchValue: '200001' })).data
  assert.is(byUid[0].yxAccid, 'host_200001')
  assert.is((await h.api('/api/anchor/batchQueryYxStat', {})).body.code, '5000')
  // the wall list reflects it too
  const busy = (await list({ tagId: 1, pageSize: 50 })).data.list.find((x: any) => x.userId === 200002)
  assert.is(busy.onlineStatus, 2)
})

test('NET-09 countries carry codes, flags and names in the request language; the game list feeds the Game tab', async () => {
  const ar = (await h.api('/api/index/getCountryList', {}, { lang: 'ar' })).data
  assert.equal(ar[0], { countryId: 1, code: 'SA', area: 'me', flag: '🇸🇦', nameEn: 'Saudi Arabia', nameAr: 'السعودية', name: 'السعودية' })
  assert.is((await h.api('/api/index/country')).data[0].name, 'Saudi Arabia')
  const games = (await h.api('/api/full/geme/list')).data
  assert.ok(games.gameList.length > 0)
  assert.ok(Array.isArray(games.scrollScreen.scrolls))
})

test('ENG-01 follow and unfollow change the Follow tab', async () => {
  const before = (await list({ tagId: 3, pageSize: 50 })).data.total
  assert.equal((await h.api('/api/user/followUser', { followType: 1, followUserId: 200064 }, { token: TEST_TOKEN })).data, { followed: true, followUserId: 200064 })
  assert.is((await list({ tagId: 3, pageSize: 50 })).data.total, before + 1)
  await h.api('/api/user/followUser', { followType: 2, followUserId: 200064 }, { token: TEST_TOKEN })
  assert.is((await list({ tagId: 3, pageSize: 50 })).data.total, before)
})

test.run()
