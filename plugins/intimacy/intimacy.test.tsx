import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { Msg } from '../../kernel/protocol/envelope.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { waitFor } from '../../test/wait.ts'
import { liveKernel, ROOM } from '../live/testkit.ts'
import message from '../message/index.ts'
import { inboxControllerRef, socialRef } from '../message/refs.ts'
import { fakeInbox, fakeSocial, inboxOf, memoryIm } from '../message/testkit.ts'
import { rechargeRef, type RechargeOpenOptions } from '../recharge/api.ts'
import { INTIMACY_SHEET, intimacyRef, IntimacyPaths, shownLimit } from './api.ts'
import intimacy from './index.ts'

const HOST = 200002
const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const $$ = (id: string) => [...document.querySelectorAll(`[data-testid="${id}"]`)] as HTMLElement[]
const click = (el: HTMLElement | null) => act(async () => el!.click())

const PRIVILEGES = [
  { icon: 'data:image/svg+xml;utf8,<svg/>', content: 'A bond badge', level: 1 },
  { icon: 'javascript:alert(1)', content: 'An entrance banner', level: 2 },
  { icon: '', content: 'A golden frame', level: 3 },
]
const infoOf = (o: Record<string, unknown> = {}) => ({
  level: 0,
  experienceValue: 40,
  upNeddExperienceValue: 100,
  bindTime: 0,
  anchorId: HOST,
  avatarUrl: '',
  nickname: 'Sofia',
  anchorLevel: 'A',
  gift: { id: 9101, giftSmallImg: '', giftPrice: 99 },
  privilegeList: PRIVILEGES,
  addExperienceConfig: { chatAdd: 1, chatLimit: 20, giftAdd: 1, giftLimit: -1, callAdd: 5, callLimit: 0, chatToday: 7, giftToday: 12, callToday: 0 },
  ...o,
})

let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})

type Answer = unknown | ((payload: any, n: number) => unknown)
/** the sheet over a page, its backend answering by path (a function gets the call number) */
async function sheet(api: Record<string, Answer>, o: { locale?: 'en' | 'ar' } = {}) {
  const recharge: RechargeOpenOptions[] = []
  const counts: Record<string, number> = {}
  const t = createTestKernel({
    plugins: [intimacy],
    fakes: [fake(rechargeRef, { open: async (x) => void recharge.push(x) })],
    token: 'tok',
    path: '/wall',
    ...(o.locale && { locale: o.locale }),
    api: (p, payload) => {
      counts[p] = (counts[p] ?? 0) + 1
      const a = api[p]
      if (a === undefined) return serverCode('5000', `no ${p}`)
      return typeof a === 'function' ? (a as (x: any, n: number) => unknown)(payload, counts[p]) : a
    },
  })
  current = t
  await t.kernel.i18n.ready()
  await t.kernel.overlays.load()
  await t.render()
  act(() => void t.kernel.overlays.open(INTIMACY_SHEET, { hostId: HOST, inLive: true }))
  await waitFor(() => $('intimacy-panel') ?? $('intimacy-error'), { what: 'the panel' })
  return { t, recharge, asked: (p: string) => t.requests.filter((r) => r.path === p).map((r) => r.payload as any) }
}
const privileges = { privilegeList: PRIVILEGES }

test('LIVE-15 the sheet: tabs Privileges and Increase; level 0 is not bound (a lock); privileges above the level are locked', async () => {
  const { asked } = await sheet({ [IntimacyPaths.info]: infoOf(), [IntimacyPaths.privileges]: privileges })
  assert.equal(asked(IntimacyPaths.info), [{ anchorId: HOST }])
  assert.equal([$('intimacy-tab-privileges')?.textContent, $('intimacy-tab-increase')?.textContent], ['Privileges', 'Increase'])
  assert.is($('intimacy-level')?.textContent, 'Not bound yet')
  assert.ok($('intimacy-bond')?.querySelector('svg'), 'the lock')
  assert.not.ok($('intimacy-bond')?.classList.contains('im-bond--on'))
  await waitFor(() => $$('intimacy-privilege').length === 3, { what: 'the privileges' })
  assert.equal($$('intimacy-privilege').map((p) => p.dataset.locked), ['true', 'true', 'true'])
  assert.is($$('intimacy-privilege')[1].querySelector('img'), null, 'an unsafe icon is no picture')
})

test('LIVE-15 a bound pair: its level and bind time; privileges up to the level unlocked', async () => {
  await sheet({ [IntimacyPaths.info]: infoOf({ level: 2, bindTime: 30, experienceValue: 700, upNeddExperienceValue: 2000 }), [IntimacyPaths.privileges]: privileges })
  assert.match($('intimacy-level')?.textContent ?? '', /^Lv\.2 · Bound for 30 h$/)
  assert.ok($('intimacy-bond')?.classList.contains('im-bond--on'))
  await waitFor(() => $$('intimacy-privilege').length === 3)
  assert.equal($$('intimacy-privilege').map((p) => p.dataset.locked), ['false', 'false', 'true'])
})

test('LIVE-15 Increase: the bar current/needed; chat, gift and call with today\'s share; limits 0, -1 and null hidden', async () => {
  const c = { chatAdd: 1, chatLimit: 20, giftAdd: 1, giftLimit: -1, callAdd: 5, callLimit: null, chatToday: 7, giftToday: 12, callToday: 10 }
  await sheet({ [IntimacyPaths.info]: infoOf({ addExperienceConfig: c }), [IntimacyPaths.privileges]: privileges })
  await click($('intimacy-tab-increase'))
  await waitFor(() => $('intimacy-increase'))
  assert.is($('intimacy-progress')?.textContent, '40 / 100')
  assert.is($('intimacy-bar')?.getAttribute('aria-valuenow'), '40')
  assert.equal(['chat', 'gift', 'call'].map((s) => $(`intimacy-today-${s}`)?.textContent), ['Today 7/20', 'Today +12', 'Today +10'])
  assert.match($('intimacy-source-gift')?.textContent ?? '', '+1 per 10 diamonds')
  assert.equal([shownLimit(0), shownLimit(-1), shownLimit(null), shownLimit(20)], [null, null, null, 20])
})

test('LIVE-15 the maximum level: a null upNeddExperienceValue shows Maximum level and no gift', async () => {
  await sheet({ [IntimacyPaths.info]: infoOf({ level: 4, experienceValue: 12000, upNeddExperienceValue: null, gift: null }), [IntimacyPaths.privileges]: privileges })
  await click($('intimacy-tab-increase'))
  await waitFor(() => $('intimacy-max'))
  assert.is($('intimacy-max')?.textContent, 'Maximum level')
  assert.is($('intimacy-bar')?.getAttribute('aria-valuenow'), '100')
  assert.is($('intimacy-send'), null)
  assert.is($('intimacy-progress'), null)
})

test("LIVE-15 the gift before the bar is full: 'This gift can only be gifted when intimacy is full', nothing sent", async () => {
  const { t, asked } = await sheet({ [IntimacyPaths.info]: infoOf(), [IntimacyPaths.privileges]: privileges })
  await click($('intimacy-tab-increase'))
  await waitFor(() => $('intimacy-send'))
  assert.is($('intimacy-send')?.getAttribute('aria-disabled'), 'true')
  await click($('intimacy-send'))
  await waitFor(() => t.toasts.length > 0, { what: 'the toast' })
  assert.equal(t.toasts.map((x) => x.text), ['This gift can only be gifted when intimacy is full'])
  assert.equal(asked(IntimacyPaths.sendGift), [])
})

test('LIVE-15 the gift when full: confirmed (a double tap asks once), one gift sent (giftNum 1, one request id), the info reloaded to the new level', async () => {
  const { asked } = await sheet({
    [IntimacyPaths.info]: (_p: unknown, n: number) => (n === 1 ? infoOf({ experienceValue: 100 }) : infoOf({ level: 1, experienceValue: 100, upNeddExperienceValue: 500, gift: { id: 9102, giftSmallImg: '', giftPrice: 299 } })),
    [IntimacyPaths.privileges]: privileges,
    [IntimacyPaths.sendGift]: 'success',
  })
  await click($('intimacy-tab-increase'))
  await waitFor(() => $('intimacy-send'))
  assert.is($('intimacy-send')?.dataset.full, 'true')
  // a double tap asks once
  await click($('intimacy-send'))
  await click($('intimacy-send'))
  await click(await waitFor(() => $('confirm-ok'), { what: 'the confirmation' }))
  await waitFor(() => $('intimacy-panel')?.dataset.level === '1', { what: 'the reloaded level' })
  const sent = asked(IntimacyPaths.sendGift)
  assert.is(sent.length, 1)
  assert.equal({ ...sent[0], requestId: typeof sent[0].requestId }, { anchorId: HOST, giftId: 9101, giftNum: 1, requestId: 'string' })
  assert.is(asked(IntimacyPaths.info).length, 2, 'reloaded once')
  assert.is($('intimacy-progress')?.textContent, '100 / 500')
})

test('LIVE-15 a gift answered with diamond.not.enough opens recharge (source intimacy, in the room); cancelling sends nothing', async () => {
  const { recharge, asked } = await sheet({ [IntimacyPaths.info]: infoOf({ experienceValue: 100 }), [IntimacyPaths.privileges]: privileges, [IntimacyPaths.sendGift]: Msg.notEnough })
  await click($('intimacy-tab-increase'))
  await click(await waitFor(() => $('intimacy-send')))
  await click(await waitFor(() => $('confirm-cancel'), { what: 'the confirmation' }))
  await waitFor(() => !$('confirm-cancel'))
  assert.equal(asked(IntimacyPaths.sendGift), [])
  await click($('intimacy-send'))
  await click(await waitFor(() => $('confirm-ok')))
  await waitFor(() => recharge.length > 0, { what: 'the recharge sheet' })
  assert.equal(recharge, [{ source: 'intimacy', inLive: true }])
  assert.is(asked(IntimacyPaths.info).length, 1, 'not reloaded')
})

test('LIVE-15 intimacyRef (the call\'s heart) opens the sheet for a host', async () => {
  const { t, asked } = await sheet({ [IntimacyPaths.info]: infoOf(), [IntimacyPaths.privileges]: privileges })
  act(() => t.kernel.overlays.close(INTIMACY_SHEET))
  await waitFor(() => !$('intimacy-panel'))
  act(() => t.kernel.need(intimacyRef).open(200003))
  await waitFor(() => asked(IntimacyPaths.info).some((p) => p.anchorId === 200003), { what: 'the info of 200003' })
  await waitFor(() => $('intimacy-panel'))
})

test('LIVE-15 the info failing shows an error with Retry', async () => {
  let fail = true
  await sheet({ [IntimacyPaths.info]: () => (fail ? serverCode('5000', 'down') : infoOf()), [IntimacyPaths.privileges]: privileges })
  await waitFor(() => $('intimacy-error'), { what: 'the error' })
  fail = false
  await click($('intimacy-error-retry'))
  await waitFor(() => $('intimacy-level'), { what: 'loaded after Retry' })
})

test('LIVE-15 the heart in the live room opens the sheet for the room\'s host (in Arabic)', async () => {
  const k = liveKernel({ locale: 'ar', plugins: () => [intimacy], answers: { [IntimacyPaths.info]: infoOf({ anchorId: ROOM.userId }), [IntimacyPaths.privileges]: privileges } })
  current = k.t
  await k.t.kernel.i18n.ready()
  await k.t.kernel.overlays.load()
  await k.t.render()
  act(() => k.live.api.open({ userId: ROOM.userId, nickname: 'Layla' }))
  await waitFor(() => $('live-room'), { what: 'the room' })
  await k.t.settle()
  act(() => k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' }))
  await waitFor(() => $('live-room')?.dataset.status === 'live', { what: 'live' })
  await click(await waitFor(() => $('intimacy-entrance'), { what: 'the heart' }))
  await waitFor(() => $('intimacy-level'), { what: 'the sheet' })
  assert.equal(k.t.requests.filter((r) => r.path === IntimacyPaths.info).map((r) => (r.payload as any).anchorId), [ROOM.userId])
  assert.is($('intimacy-level')?.textContent, 'لم يتم الارتباط بعد')
  assert.is($('intimacy-tab-increase')?.textContent, 'زيادة')
})

test('LIVE-15 the chat\'s intimacy card (/talk/component/intimacy-card) is the panel for the chat\'s host', async () => {
  const peer = 'host_5'
  const im = memoryIm([])
  const inbox = fakeInbox({
    ...inboxOf(im.client, true),
    conversations: signal([]),
    unread: signal(0),
    profiles: signal(new Map([[peer, { userId: 5, yxAccid: peer, nickname: 'Nadia', icon: '', userType: 2, status: 'online' as const }]])),
  })
  const t = createTestKernel({
    plugins: [message, intimacy],
    path: `/talk/component/intimacy-card?to=${peer}`,
    token: 'tok',
    fakes: [fake(inboxControllerRef, inbox), fake(socialRef, fakeSocial())],
    api: (p) => (p === IntimacyPaths.info ? infoOf({ anchorId: 5, level: 1 }) : p === IntimacyPaths.privileges ? privileges : undefined),
  })
  current = t
  await t.render()
  await waitFor(() => $('intimacy-chat-card') && $('intimacy-level'), { what: 'the card' })
  assert.equal(t.requests.filter((r) => r.path === IntimacyPaths.info).map((r) => (r.payload as any).anchorId), [5])
  assert.match($('intimacy-level')?.textContent ?? '', 'Lv.1')
})

test('LIVE-15 a level gift whose answers are lost is pending, never "not sent": the same request id asks until the server says, no second paid try meanwhile, charged once and the new level shown', async () => {
  // the server: one level gift per request id (a repeat answers the same); the first two answers never arrive
  const charged = new Set<string>()
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const { t, asked } = await sheet({
    [IntimacyPaths.info]: () => (charged.size ? infoOf({ level: 1, experienceValue: 100, upNeddExperienceValue: 500, gift: { id: 9102, giftSmallImg: '', giftPrice: 299 } }) : infoOf({ experienceValue: 100 })),
    [IntimacyPaths.privileges]: privileges,
    [IntimacyPaths.sendGift]: async (p: { requestId: string }, n: number) => {
      charged.add(p.requestId)
      if (n <= 2) throw new Error('connection lost')
      await gate
      return 'success'
    },
  })
  await click($('intimacy-tab-increase'))
  await click(await waitFor(() => $('intimacy-send')))
  await click(await waitFor(() => $('confirm-ok'), { what: 'the confirmation' }))
  await waitFor(() => $('intimacy-pending'), { what: 'the pending note' })
  assert.ok(t.toasts.some((x) => /being confirmed/.test(x.text)), 'said pending')
  assert.ok(($('intimacy-send') as HTMLButtonElement).disabled, 'no second paid try while the first may land')
  release()
  await waitFor(() => $('intimacy-panel')?.dataset.level === '1', { what: 'the new level, once the server says', timeout: 9000 })
  assert.not.ok($('intimacy-pending'))
  assert.equal([charged.size, new Set(asked(IntimacyPaths.sendGift).map((x) => x.requestId)).size], [1, 1], 'charged once, always by the same id')
  assert.not.ok(t.toasts.some((x) => x.text === 'The gift was not sent. Please try again'), 'never "not sent"')
})

test.run()
