import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { definePlugin } from '../../kernel/plugin.ts'
import { fake, serverCode } from '../../kernel/testing.tsx'
import { waitFor } from '../../test/wait.ts'
import { callsRef, type StartCallOptions } from '../calls/api.ts'
import { RankPath } from '../rank/api.ts'
import { shellRef } from '../shell/api.ts'
import { createRankPlugin } from '../rank/index.ts'
import { LivePaths } from './paths.ts'
import { LIVE_LIST_PATH } from '../wall/api.ts'
import { ACTIVITY_AUTOPLAY_MS, PENDANT_AUTOPLAY_MS } from './rules.ts'
import { liveKernel, ROOM } from './testkit.ts'
import { toggleFollow } from './actions.ts'

const HOST = { userId: ROOM.userId, nickname: 'Layla' }
const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const $$ = (id: string) => [...document.querySelectorAll(`[data-testid="${id}"]`)] as HTMLElement[]
const pic = (w: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg"><text>${w}</text></svg>`)}`
const FURNISHED = {
  pendantList: [
    { id: 1, picUrl: pic('TOP'), directUrl: '/rank', clickType: 1 },
    { id: 2, picUrl: pic('VIP'), directUrl: '/vip', clickType: 1 },
  ],
  bigBrotherList: [{ userId: 100002, icon: '', cost: 1200 }],
  giftPrice: 99,
  unitPrice: 110,
}
const ANSWERS = {
  [LivePaths.activities]: [
    { liveIcon: pic('x2'), liveLink: '/getcoin', openType: 1, liveName: 'Double' },
    { liveIcon: pic('★'), liveLink: '/rank', openType: 1, liveName: 'Star' },
  ],
  [LivePaths.quickMessages]: 'Hi,So beautiful',
  '/api/full/geme/list': { gameList: [] },
}

let open: ReturnType<typeof liveKernel> | null = null
test.after.each(() => {
  open?.t.dispose()
  open = null
  document.body.innerHTML = ''
})

/** the room on screen, live (its first frame shown) */
async function watching(o: Parameters<typeof liveKernel>[0] = {}) {
  const k = liveKernel({ ...o, room: { ...FURNISHED, ...o.room }, answers: { ...ANSWERS, ...o.answers } })
  open = k
  await k.t.kernel.i18n.ready()
  await k.t.render()
  act(() => k.live.api.open(HOST))
  await waitFor(() => !!$('live-room'), { what: 'the room page' })
  await k.t.settle()
  act(() => k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' }))
  await waitFor(() => $('live-room')?.dataset.status === 'live' && !!$('live-topbar'), { what: 'live' })
  await k.t.settle()
  return k
}

test("LIVE-03 the top bar and furniture: close, task pill, 'No.x', top spender, Nk+, pendants every 2 s, activities every 5 s, empty slots draw nothing, the call icon blinking while live, quick-message chips, clear-screen mode", async () => {
  const k = await watching()
  assert.ok($('live-exit'), 'close')
  assert.is($('live-task')!.textContent, '200/1,000')
  assert.is($('live-rank')!.textContent, 'No.7')
  assert.ok($('live-top-spender'))
  k.frames.flushFrames()
  await k.t.settle()
  assert.match($('live-audience')!.textContent!, '1k+')
  // the carousels turn by their own clocks
  await waitFor(() => $('live-activities')?.dataset.count === '2', { what: 'the activities' })
  assert.equal([$('live-pendants')!.dataset.index, $('live-activities')!.dataset.index], ['0', '0'])
  act(() => k.timers.tick(PENDANT_AUTOPLAY_MS))
  assert.equal([$('live-pendants')!.dataset.index, $('live-activities')!.dataset.index], ['1', '0'])
  act(() => k.timers.tick(ACTIVITY_AUTOPLAY_MS - PENDANT_AUTOPLAY_MS))
  assert.is($('live-activities')!.dataset.index, '1', 'the activities after 5 s')
  assert.is($('live-pendants')!.dataset.index, '0', 'the pendants round again at 4 s')
  // the wishful-gift and wheel slots: nothing until a feature fills them
  assert.equal([$('live-slot-wish'), $('live-slot-wheel')], [null, null])
  act(() => k.live.api.fill('wheel', () => <span data-testid="wheel-entrance">wheel</span>))
  assert.ok($('wheel-entrance'))
  act(() => k.live.api.fill('wheel', null))
  assert.is($('live-slot-wheel'), null)
  // no game: no game icon
  await waitFor(() => k.t.answered.some((a) => a.path === '/api/full/geme/list'), { what: 'the game list answered' })
  await k.t.settle()
  assert.is($('live-game'), null)
  // the call icon blinks while live, not while the host is away
  assert.is($('live-call')!.dataset.blink, 'true')
  act(() => k.chat.line({ from: ROOM.yxAccid, custom: { type: -1 } }))
  await waitFor(() => $('live-room')?.dataset.status === 'calling', { what: 'calling' })
  assert.is($('live-call')!.dataset.blink, 'false')
  // quick-message chips
  await waitFor(() => $$('live-quick-chip').length === 2, { what: 'the chips' })
  // clear-screen mode hides the furniture; restore brings it back
  act(() => void (k.room.clearScreen.value = true))
  assert.equal([$('live-topbar'), $('live-pendants'), $('live-chat')], [null, null, null])
  act(() => $('live-restore')!.click())
  assert.ok($('live-topbar'))
})

test("LIVE-03 the rank pill says '--' without a rank and '100+' above 100; no call icon when privateCallOpen is 0; a game icon when games exist or a /game page is registered", async () => {
  let k = await watching({ room: { currentAnchorRank: null, privateCallOpen: 0, pendantList: [] }, answers: { '/api/full/geme/list': { gameList: [{ gameId: 1, gameName: 'Wheel', gameLink: '/__harness/game/1' }] } } })
  assert.is($('live-rank')!.textContent, 'No.--')
  assert.is($('live-call'), null)
  assert.is($('live-pendants'), null, 'no pendants: no carousel')
  await waitFor(() => !!$('live-game'), { what: 'the game icon' })
  act(() => $('live-game')!.click())
  assert.is(k.t.location.path(), '/game')
  k.t.dispose()
  document.body.innerHTML = ''
  k = await watching({ room: { currentAnchorRank: 150 }, plugins: () => [definePlugin({ id: 'games', routes: [{ path: '/game', page: async () => ({ default: () => null }) }] })] })
  assert.is($('live-rank')!.textContent, 'No.100+')
  await waitFor(() => k.t.answered.some((a) => a.path === '/api/full/geme/list'), { what: 'the game list answered' })
  assert.ok($('live-game'), 'a /game page is there')
})

test("LIVE-14 the private call popup: 'Let's go Private Chat', the terms, Go Private at giftPrice starts a LIVE call (3 s apart); not live: 'Host private calling, please try again later'", async () => {
  const calls: StartCallOptions[] = []
  const k = await watching({ fakes: [fake(callsRef, { start: async (x: StartCallOptions) => (calls.push(x), true) })] })
  act(() => $('live-call')!.click())
  await waitFor(() => !!$('live-private'), { what: 'the popup' })
  assert.match($('live-private')!.textContent!, "Let's go Private Chat")
  assert.is($('live-private-terms')!.textContent, '5 mins for free afterwards 110 / min')
  assert.match($('live-private-go')!.textContent!, 'Go Private')
  assert.match($('live-private-go')!.textContent!, '99')
  act(() => $('live-private-go')!.click())
  assert.equal(calls, [{ hostId: ROOM.userId, videoPrice: 99, yxAccid: ROOM.yxAccid, source: 'live', gameType: 4 }])
  assert.is($('live-private'), null, 'closed')
  act(() => $('live-call')!.click())
  act(() => $('live-private-go')!.click())
  assert.is(calls.length, 1, 'a second start within 3 s is ignored')
  act(() => $('live-private')?.click())
  act(() => k.chat.line({ from: ROOM.yxAccid, custom: { type: -1 } }))
  await waitFor(() => $('live-room')?.dataset.status === 'calling', { what: 'calling' })
  act(() => $('live-call')!.click())
  assert.ok(k.t.toasts.some((x) => x.text === 'Host private calling, please try again later'))
  assert.is($('live-private'), null)
})

test('LIVE-14 LIVE-13 following from the host card turns the room follow button off; rank popups open from the top bar', async () => {
  const k = await watching({
    plugins: (timers) => [createRankPlugin({ timers })],
    answers: {
      [RankPath.card]: { userId: ROOM.userId, nickname: 'Layla', icon: '', userType: 2, age: 24, country: 'SA', levelName: 'A', vip: 0, fans: 1, follow: 0, isFollow: false, yxAccid: ROOM.yxAccid, liveWelcome: '', giftWalls: [] },
      '/api/user/followUser': { followed: true },
      [RankPath.send]: [{ userId: 100001, rank: 0, costNum: 0 }],
      [RankPath.receive]: { anchorReceiveRankList: [], costNum: 0, currentAnchorRank: 7 },
      [RankPath.task]: { taskList: [], giftHistory: [] },
    },
  })
  assert.ok($('live-follow'))
  act(() => $('live-host-card')!.click())
  await waitFor(() => !!$('rank-card-follow'), { what: 'the host card' })
  act(() => $('rank-card-follow')!.click())
  await waitFor(() => !$('live-follow'), { what: 'the room follows' })
  assert.is(k.room.info.value?.followFlag, 1)
  act(() => k.t.kernel.overlays.close('rank.card'))
  for (const [button, popup] of [
    ['live-rank', 'rank-host'],
    ['live-task', 'rank-task'],
    ['live-top-spender', 'rank-viewers'],
  ]) {
    act(() => $(button)!.click())
    await waitFor(() => !!$(popup), { what: popup })
    act(() => $('sheet-close')!.click())
    await waitFor(() => !$(popup), { what: `${popup} closed` })
  }
})

test('LIVE-14 the room follow: action 1 then 2, 1 s apart, the flag turns after success, a failure is swallowed', async () => {
  const k = await watching()
  const asked = () => k.t.requests.filter((r) => r.path === '/api/user/followUser').map((r) => r.payload as any)
  act(() => $('live-follow')!.click())
  await waitFor(() => !$('live-follow'), { what: 'followed' })
  assert.equal(asked(), [{ yxAccid: ROOM.yxAccid, action: 1, userId: ROOM.userId, levelName: 'A', source: 'live', followUserId: ROOM.userId, followType: 1 }])
  assert.is(k.room.info.value?.followFlag, 1)
  const at = Date.now() + 10_000
  await toggleFollow(k.t.kernel, k.room, at + 500)
  assert.is(asked().length, 2)
  assert.is(asked()[1].action, 2, 'followed: unfollow')
  assert.is(k.room.info.value?.followFlag, 0)
  await toggleFollow(k.t.kernel, k.room, at + 900)
  assert.is(asked().length, 2, 'within 1 s: nothing')
})

test('LIVE-03 SHELL-14 a pendant or an activity is a backend link: tapping it hands the link to the shell, whose rules decide where it goes', async () => {
  const followed: string[] = []
  await watching({ fakes: [fake(shellRef, { linkRules: async () => ({ follow: (url) => followed.push(url) > 0, allows: () => true }) })] })
  await waitFor(() => $('live-activities')?.dataset.count === '2', { what: 'the activities' })
  act(() => $('live-pendants')!.querySelector<HTMLElement>('.lv-carousel__slide')!.click())
  act(() => $('live-activities')!.querySelector<HTMLElement>('.lv-carousel__slide')!.click())
  await waitFor(() => followed.length === 2, { what: 'both links handed over' })
  assert.equal(followed, ['/rank', '/getcoin'])
})

test('LIVE-14 a failed follow is swallowed: no toast, the flag stays', async () => {
  const k = await watching({ answers: { '/api/user/followUser': serverCode('5000', 'down') } })
  await toggleFollow(k.t.kernel, k.room, Date.now() + 60_000)
  assert.is(k.t.answered.filter((a) => a.path === '/api/user/followUser').length, 1)
  assert.is(k.room.info.value?.followFlag, 0)
  assert.is(k.t.toasts.length, 0)
})


for (const [locale, failed, retry] of [
  ['en', "Chat couldn't connect.", 'Retry'],
  ['ar', 'تعذّر اتصال الدردشة.', 'إعادة المحاولة'],
] as const) {
  test(`LIVE-06 a chat room that cannot be entered: the chat area says so with Retry (${locale}), which enters again; the video plays on`, async () => {
    const k = liveKernel({ locale, room: FURNISHED, answers: ANSWERS })
    open = k
    k.chat.failEnter(true)
    await k.t.kernel.i18n.ready()
    await k.t.render()
    act(() => k.live.api.open(HOST))
    await waitFor(() => !!$('live-room'), { what: 'the room page' })
    act(() => k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' }))
    await waitFor(() => !!$('live-chat-failed'), { what: "the chat's failure" })
    assert.is($('live-room')?.dataset.status, 'live', 'the video plays on')
    assert.ok($('live-chat-failed')!.textContent!.includes(failed), $('live-chat-failed')!.textContent!)
    assert.is($('live-chat-retry')!.textContent, retry)
    assert.is(k.chat.rooms.length, 0)
    k.chat.failEnter(false)
    act(() => $('live-chat-retry')!.click())
    await waitFor(() => !$('live-chat-failed'), { what: 'the chat entered' })
    assert.is(k.chat.last().roomId, 'room_200001')
    // the SDK gave up on the room later (onChatroomExited): the chat says so again, the live goes on
    act(() => k.chat.last().events.emit('connect-state', { state: 'failed', reason: 'exited' }))
    await waitFor(() => !!$('live-chat-failed'), { what: 'the lost chat' })
    assert.ok(k.chat.last().left)
    assert.is($('live-room')?.dataset.status, 'live')
  })
}

test('LIVE-18 the end screen asks for the rooms live when it opens: a host who ended since is not shown LIVE; none live: the empty hint', async () => {
  const liveNow: unknown[] = [{ userId: 200003, nickname: 'Nour', icon: '/n.svg', yxAccid: 'host_200003' }]
  const k = await watching({ answers: { [LIVE_LIST_PATH]: { list: liveNow } } })
  const asked = () => k.t.requests.filter((r) => r.path === LIVE_LIST_PATH).length
  const before = asked()
  act(() => k.room.end('ended'))
  await waitFor(() => $$('live-recommend').length > 0, { what: 'the recommendations' })
  assert.is(asked(), before + 1, 'asked when the end screen opened')
  // Mia (200002) was recommended by the enter answer, but is no longer live
  assert.equal($$('live-recommend').map((b) => b.textContent), ['LIVENour'])
  assert.is($('live-end-empty'), null)
  // another room that ended, with nobody live now
  liveNow.length = 0
  act(() => k.live.api.open({ userId: 200003, nickname: 'Nour' }))
  await k.t.settle()
  act(() => k.room.end('ended'))
  await waitFor(() => !!$('live-end-empty'), { what: 'the empty hint' })
  assert.is($$('live-recommend').length, 0)
  assert.is($('live-next'), null)
})

test.run()
