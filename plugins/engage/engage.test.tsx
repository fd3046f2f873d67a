import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { definePlugin } from '../../kernel/plugin.ts'
import { memoryStorage } from '../../kernel/storage.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { fakeTimers } from '../../test/fake-timers.ts'
import { waitFor } from '../../test/wait.ts'
import type { Timers } from '../../kernel/timers.ts'
import { shellRef, type ShellApi } from '../shell/api.ts'
import { rulesFor } from '../shell/links.ts'
import { rechargeRef } from '../recharge/api.ts'
import { callsRef } from '../calls/api.ts'
import { EngagePath, Popup, engageRef } from './api.ts'
import { EngageEntries } from './widgets.tsx'
import { createEngagePlugin } from './index.ts'
import { guideKey } from './state.ts'

const NOW = new Date(2026, 2, 10, 12, 0, 0).getTime()
const tabs = [
  { id: 'wall', path: '/wall', icon: 'wall', label: 'x' },
  { id: 'moments', path: '/moments', icon: 'moments', label: 'x' },
  { id: 'user', path: '/user', icon: 'user', label: 'x' },
]
let current: TestKernel | null = null
test.after.each(() => {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
})

const days = (o: { claimable?: number; checked?: number; countdown?: number } = {}) =>
  [50, 100, 150, 200, 250, 300, 460].map((awardNum, i) => ({
    signInCycle: i + 1,
    awardNum,
    awardType: 1,
    awardUserType: 0,
    magnification: 1,
    payUserMagnification: 2,
    canReceiveFlag: o.claimable === i + 1 ? 1 : 0,
    receiveFlag: o.checked && i + 1 <= o.checked ? 1 : 0,
    currentFlag: 0,
    countdown: o.claimable === i + 1 ? (o.countdown ?? 0) : 0,
  }))

type Answer = unknown | ((payload: any, n: number) => unknown)
interface Setup {
  path?: string
  api?: Record<string, Answer>
  user?: Record<string, unknown>
  storage?: Storage
  timers?: Timers
  config?: Record<string, unknown>
  /** the base config answers once this settles */
  configGate?: Promise<void>
}

async function setup(o: Setup = {}) {
  const storage = o.storage ?? memoryStorage()
  const counts: Record<string, number> = {}
  const seen = { links: [] as string[], refreshUser: 0, badges: 0, recharge: [] as unknown[], calls: [] as unknown[] }
  const taskClaimable = signal(true)
  let kernelRef: TestKernel['kernel'] | null = null
  const config = { appShift: null, businessConfig: { home_auto_call_time: 60 }, sysConfigParams: {}, ...o.config }
  const shell = {
    baseConfig: signal(config),
    baseConfigStatus: signal('ready'),
    loadBaseConfig: async () => (await o.configGate, config),
    openLogin: async () => true,
    refreshUser: async () => void seen.refreshUser++,
    linkRules: async () => {
      const rules = rulesFor(kernelRef!)
      return { ...rules, follow: (url: string) => (seen.links.push(url), rules.follow(url)) }
    },
    badges: { followCount: signal(0), taskClaimable, refresh: async () => void seen.badges++ },
  }
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'shell' }), createEngagePlugin({ storage, now: () => NOW, timers: o.timers })],
    fakes: [
      fake(shellRef, shell as unknown as Partial<ShellApi>),
      fake(rechargeRef, { open: async (x) => void seen.recharge.push(x) }),
      fake(callsRef, { start: async (x) => (seen.calls.push(x), true) }),
    ],
    token: 'tok',
    path: o.path ?? '/user',
    settings: { tabs, mainPath: '/wall' },
    api: (p, payload) => {
      counts[p] = (counts[p] ?? 0) + 1
      const a = o.api?.[p]
      if (a === undefined) return serverCode('4004', `no ${p}`)
      return typeof a === 'function' ? (a as (x: any, n: number) => unknown)(payload, counts[p]) : a
    },
  })
  kernelRef = t.kernel
  current = t
  t.kernel.session.setUser({ userId: 7, nickname: 'Mia', icon: '', yxAccid: 'u7', diamondNum: 10, firstPayTime: '2025-01-01', isNewUser: 0, ...o.user } as any)
  await t.kernel.i18n.ready()
  await t.render()
  return { t, counts, seen, storage, taskClaimable }
}

const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
/** wait, bounded in time, until ready() holds */
const until = (_t: TestKernel, ready: () => boolean, what: string) => waitFor(ready, { what })
const click = (id: string) => act(async () => $(id)!.click())
const toasts = (t: TestKernel) => t.toasts.map((x) => `${x.type}:${x.text}`)
const level = (n: number) => ({ curUserLevel: n, isLastLv: false, lvIcon: '/lv.svg', nowLvStage: Math.floor(n / 10), growthValue: n * 1000 + 250, list: Array.from({ length: 80 }, (_, lv) => ({ userLevel: lv, startGrowthValue: lv * 1000, endGrowthValue: lv * 1000 + 999 })) })

test('ENG-02 the check-in popup: 3-column grid of 7 days, Unlock 3,020 diamonds for a paid user at x2 (what the days add to), one claim for a double tap, the success popup, the dot refreshed', async () => {
  const { t, counts, seen } = await setup({
    api: {
      [EngagePath.signinDetail]: { list: days({ claimable: 1 }), signedToday: false, isPayUser: true },
      [EngagePath.level]: level(3),
      [EngagePath.signinPerform]: () => new Promise((r) => setTimeout(() => r({ signInCycle: 1, awardNum: 100, magnification: 2, diamondNum: 110 }), 30)),
    },
  })
  act(() => t.kernel.need(engageRef).openCheckin())
  await until(t, () => !!$('checkin-day-7'), 'the days')
  // a paid user at x2: the header is what the seven days shown add to
  const shown = [...document.querySelectorAll('.en-day__award')].reduce((n, el) => n + Number(el.textContent!.replace(/[^\d]/g, '')), 0)
  assert.is($('checkin-unlock')!.textContent, `Unlock ${new Intl.NumberFormat('en').format(shown)} diamonds`)
  assert.is(shown, 3020)
  assert.is(document.querySelectorAll('.en-days > li').length, 7)
  assert.match($('checkin-bonus')!.textContent!, 'x2')
  assert.match($('checkin-day-1')!.textContent!, '+100')
  assert.is($('checkin-day-1')!.dataset.state, 'claimable')
  assert.is($('checkin-day-2')!.dataset.state, 'later')
  // a double tap: one request
  await act(async () => {
    $('checkin-claim')!.click()
    $('checkin-claim')!.click()
  })
  await until(t, () => !!$('checkin-done'), 'the success popup')
  assert.is(counts[EngagePath.signinPerform], 1)
  assert.match($('checkin-done')!.textContent!, '+100')
  assert.match($('checkin-done')!.textContent!, 'x2')
  assert.is($('checkin-popup'), null)
  assert.equal([seen.refreshUser, seen.badges], [1, 1])
})

test('ENG-02 a Checked day, a countdown before the claim, Signed in today, and LV1 or higher required to claim. opening recharge', async () => {
  // day 2 claimable in 1 s: the claim waits for the countdown, then the server is asked again
  const { t, counts, seen } = await setup({
    api: {
      [EngagePath.signinDetail]: (_p: unknown, n: number) => ({ list: days({ checked: 1, claimable: 2, countdown: n === 1 ? 1 : 0 }), isPayUser: false }),
      [EngagePath.level]: (_p: unknown, n: number) => level(n <= 2 ? 0 : 1),
    },
  })
  await act(async () => void t.kernel.overlays.open(Popup.checkin))
  await until(t, () => !!$('checkin-day-2'), 'the days')
  assert.is($('checkin-day-1')!.dataset.state, 'checked')
  assert.match($('checkin-day-1')!.textContent!, 'Checked')
  assert.is($('checkin-day-2')!.dataset.state, 'waiting')
  assert.match($('checkin-day-2')!.textContent!, '00:00:01')
  assert.ok(($('checkin-claim') as HTMLButtonElement).disabled)
  await until(t, () => $('checkin-day-2')?.dataset.state === 'claimable', 'the day after its countdown')
  assert.is(counts[EngagePath.signinDetail], 2)
  assert.match($('checkin-day-2')!.textContent!, '+100')
  // level 0: the toast, and recharge opens
  await click('checkin-claim')
  assert.ok(toasts(t).includes('warning:LV1 or higher required to claim.'))
  assert.equal(seen.recharge, [{ source: 'checkin' }])
  assert.is(counts[EngagePath.signinPerform], undefined)
  await until(t, () => !$('checkin-popup'), 'the popup closing')
  // already signed today
  current!.dispose()
  document.body.innerHTML = ''
  const again = await setup({ api: { [EngagePath.signinDetail]: { list: days({ checked: 1 }), signedToday: true }, [EngagePath.level]: level(5) } })
  await act(async () => void again.t.kernel.overlays.open(Popup.checkin))
  await until(again.t, () => !!$('checkin-claim'), 'the claim button')
  assert.is($('checkin-claim')!.textContent, 'Signed in today')
  await click('checkin-claim')
  assert.ok(toasts(again.t).includes('warning:Signed in today'))
  assert.is(again.counts[EngagePath.signinPerform], undefined)
})

test('ENG-02 a refused or failed claim loses nothing: the server says why and the popup shows its state again', async () => {
  const { t, counts } = await setup({
    api: {
      [EngagePath.signinDetail]: { list: days({ claimable: 1 }) },
      [EngagePath.level]: level(2),
      [EngagePath.signinPerform]: serverCode('5000', 'Signed in today'),
    },
  })
  await act(async () => void t.kernel.overlays.open(Popup.checkin))
  await until(t, () => $('checkin-day-1')?.dataset.state === 'claimable', 'the days')
  await click('checkin-claim')
  await until(t, () => counts[EngagePath.signinDetail] === 2, 'the reload')
  assert.ok(toasts(t).some((x) => x.endsWith('Signed in today')))
  assert.ok($('checkin-popup'))
  assert.is($('checkin-done'), null)
})

test('ENG-03 the invitation popup: empty code, 1111 as a warning, a transfer, codes with spaces, emoji or 1,000 characters, and copy', async () => {
  const sent: string[] = []
  const { t, seen } = await setup({
    api: {
      [EngagePath.myCode]: { inviteCode: 'CW7' },
      [EngagePath.transfer]: (p: any) => (sent.push(p.searchValue), p.searchValue === 'TR1510' ? { transferDiamond: 1510, diamondNum: 1520 } : serverCode('1111', 'Invalid invitation code')),
    },
  })
  act(() => t.kernel.need(engageRef).openInvite())
  await until(t, () => !!$('invite-mine'), 'the popup')
  assert.is($('invite-mine')!.textContent, 'CW7')
  const type = (v: string) =>
    act(async () => {
      const input = $('invite-input') as HTMLInputElement
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      set.call(input, v)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
  await type('   ')
  await click('invite-submit')
  assert.ok(toasts(t).includes('warning:Please fill in Invitation Code'))
  assert.equal(sent, [])
  await type('NOPE 99')
  await click('invite-submit')
  await until(t, () => toasts(t).includes('warning:Invalid invitation code'), 'the 1111 warning')
  await type('😀😀')
  await click('invite-submit')
  await until(t, () => sent.length === 2 && !$('invite-submit')!.hasAttribute('aria-busy'), 'the emoji code')
  await type('A'.repeat(1000))
  await click('invite-submit')
  await until(t, () => sent.length === 3, 'the long code')
  assert.equal(sent.slice(0, 2), ['NOPE99', '😀😀'])
  assert.is(sent[2].length, 64)
  await type(' TR 1510 ')
  await click('invite-submit')
  await until(t, () => toasts(t).includes('success:1,510 diamonds were transferred to your balance'), 'the transfer')
  assert.is(seen.refreshUser, 1)
  // copy
  const written: string[] = []
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (s: string) => void written.push(s) } })
  await click('invite-copy')
  await until(t, () => toasts(t).includes('success:copy success'), 'copy success')
  assert.equal(written, ['CW7'])
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => Promise.reject(new Error('denied')) } })
  await click('invite-copy')
  await until(t, () => toasts(t).includes('warning:copy failed'), 'copy failed')
})

test('ENG-03 the Host tab: query by code, confirm (0), linked (1), expired (2) and already linked (4) followed instead, Linking failed please try again', async () => {
  const host = { userId: 200001, icon: '', nickname: 'Layla', followed: false, videoPrice: 110 }
  let link: unknown = { isSuccess: 1 }
  const { t } = await setup({
    api: {
      [EngagePath.myCode]: { inviteCode: 'CW7' },
      [EngagePath.queryHost]: (p: any) => (p.searchValue === 'H200001' ? host : serverCode('1111', 'Invalid invitation code')),
      [EngagePath.linkHost]: () => link,
    },
  })
  act(() => t.kernel.need(engageRef).openInvite())
  await until(t, () => !!$('invite-tab-host'), 'the popup')
  await click('invite-tab-host')
  const type = (v: string) =>
    act(async () => {
      const input = $('invite-input') as HTMLInputElement
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
  const find = async (code: string) => {
    await type(code)
    await click('invite-search')
    await until(t, () => $('invite-found')?.dataset.state === '0', 'the host')
  }
  await type('H1')
  await click('invite-search')
  await until(t, () => toasts(t).includes('warning:Invalid invitation code'), '1111')
  await find('H 200001')
  assert.match($('invite-found')!.textContent!, 'Layla')
  await click('invite-confirm')
  await until(t, () => $('invite-found')?.dataset.state === '1', 'linked')
  assert.match($('invite-outcome')!.textContent!, 'You are now linked with Layla')
  link = { isSuccess: 2 }
  await find('H200001')
  await click('invite-confirm')
  await until(t, () => $('invite-found')?.dataset.state === '2', 'expired')
  assert.match($('invite-outcome')!.textContent!, 'expired. You now follow Layla')
  assert.match($('invite-found')!.textContent!, 'Following')
  link = { isSuccess: 4 }
  await find('H200001')
  await click('invite-confirm')
  await until(t, () => $('invite-found')?.dataset.state === '4', 'already linked')
  assert.match($('invite-outcome')!.textContent!, 'already linked with another host')
  link = serverCode('5000', 'link.failed')
  await find('H200001')
  await click('invite-confirm')
  await until(t, () => toasts(t).includes('warning:Linking failed please try again'), 'the failure')
  link = { isSuccess: 9 }
  await click('invite-confirm')
  await until(t, () => toasts(t).filter((x) => x === 'warning:Linking failed please try again').length === 2, 'an unknown answer')
})

const shift = { appIcon: '/a.svg', appName: 'CallWall', shiftAppIcon: 'javascript:alert(1)', shiftAppName: 'CallWall Lite', shiftAppUrl: '/landingPage?appid=callwall-white', nickname: 'Mia', shiftContent: 'We are moving.', recordCode: 'SH7', balanceDiamond: 5000, levelAwardDiamond: 300 }

test('ENG-04 the balance-transfer popup: both apps, the balance and level award, the server text, and the link through the link rules', async () => {
  const { t, seen } = await setup({ path: '/user' })
  await act(async () => void t.kernel.overlays.open(Popup.derivation, shift))
  await until(t, () => !!$('derivation-popup'), 'the popup')
  const text = $('derivation-popup')!.textContent!
  for (const s of ['CallWall', 'CallWall Lite', 'Hi Mia', 'We are moving.', 'Record SH7']) assert.match(text, s)
  assert.match($('derivation-balance')!.textContent!, '5,000')
  assert.match($('derivation-award')!.textContent!, '300')
  // an icon with a hostile source is not drawn as an image
  assert.is(document.querySelectorAll('.en-app__icon--plain').length, 1)
  await click('derivation-go')
  assert.equal(seen.links, ['/landingPage?appid=callwall-white'])
  await until(t, () => t.location.path() === '/landingPage', 'the shift link')
  // a hostile link leads nowhere
  await act(async () => void t.kernel.overlays.open(Popup.derivation, { ...shift, shiftAppUrl: 'javascript:alert(document.cookie)' }))
  await until(t, () => !!$('derivation-go'), 'the popup again')
  await click('derivation-go')
  await t.settle()
  assert.is(seen.links.length, 2)
  assert.is(t.location.path(), '/landingPage')
})

test('ENG-05 the forced review cannot be skipped; rating credits once with Welcome The reward has been sent to your account (success, 3 s); rate-us has Later', async () => {
  const { t, counts } = await setup({ api: { [EngagePath.goEval]: () => new Promise((r) => setTimeout(() => r({ giveDiamond: 100, diamondNum: 110 }), 20)) } })
  const state = { force: 1, can: 0, giveDiamond: 100, skipUrl: 'https://apps.example.com/r', myForceEvaluationRecord: null }
  let closed: Promise<unknown> = Promise.resolve()
  act(() => void (closed = t.kernel.overlays.open(Popup.review, { state, forced: true })))
  let result: unknown
  void closed.then((r) => (result = r))
  await until(t, () => !!$('review-forced'), 'the forced review')
  assert.is($('review-later'), null)
  // the backdrop does not close it
  await act(async () => (document.querySelector('[data-testid=overlay-backdrop]') as HTMLElement).click())
  assert.ok($('review-forced'))
  await act(async () => {
    $('review-go')!.click()
    $('review-go')!.click()
  })
  await until(t, () => result === true && !$('review-forced'), 'the rating')
  assert.is(counts[EngagePath.goEval], 1)
  assert.equal(t.bridge.calls, [['openExternal', 'https://apps.example.com/r']])
  assert.ok(toasts(t).includes('success:Welcome The reward has been sent to your account'))
  // the rate-us popup: Later closes it, nothing is asked; a hostile store link is never opened
  let later: Promise<unknown> = Promise.resolve()
  act(() => void (later = t.kernel.overlays.open(Popup.review, { state: { ...state, force: 0, can: 1, skipUrl: 'javascript:alert(1)' }, forced: false })))
  await until(t, () => !!$('review-rate'), 'rate-us')
  await click('review-later')
  assert.is(await later, undefined)
  await act(async () => void t.kernel.overlays.open(Popup.review, { state: { ...state, skipUrl: 'javascript:alert(1)' }, forced: false }))
  await until(t, () => !!$('review-go'), 'rate-us again')
  await click('review-go')
  await until(t, () => counts[EngagePath.goEval] === 2, 'the second rating')
  assert.is(t.bridge.calls.length, 1)
})

const activities = [
  { id: 'good', title: 'Welcome gift', text: 'Recharge today', imgUrl: '/x.svg', jumpUrl: '/getcoin?source=activity', frontPriority: 1 },
  { id: 'evil', title: 'Free diamonds', jumpUrl: 'javascript:alert(document.cookie)', imgUrl: 'javascript:alert(1)', frontPriority: 2 },
  { title: 'no id at all' },
  { id: 'empty' },
]
const queueApi = (o: { force?: number; can?: number } = {}) => ({
  [EngagePath.queryEval]: { force: o.force ?? 1, can: o.can ?? 0, giveDiamond: 100, skipUrl: 'https://apps.example.com/r', myForceEvaluationRecord: null },
  [EngagePath.popups]: { activityPopups: activities },
  [EngagePath.signinDetail]: { list: days({ claimable: 1 }) },
  [EngagePath.level]: level(3),
})

test('SHELL-17 the popups one at a time by priority: derivation 1, forced review 2, activity 3, check-in last; activity only on the wall; bad configs dropped; hostile links get no button', async () => {
  const storage = memoryStorage()
  const { t } = await setup({ path: '/wall', storage, api: queueApi(), config: { appShift: shift } })
  await until(t, () => !!$('derivation-popup'), 'derivation first')
  assert.is(t.kernel.overlays.stack.value.length, 1)
  await click('derivation-later')
  await until(t, () => !!$('review-forced'), 'the forced review second')
  assert.is(t.kernel.overlays.stack.value.length, 1)
  // off the wall an activity waits; the forced review may show anywhere
  t.location.navigate('/user')
  await t.settle()
  assert.ok($('review-forced'))
  await act(async () => t.kernel.overlays.closeKey(t.kernel.overlays.stack.value[0].key))
  await t.settle()
  assert.is($('activity-popup'), null)
  assert.ok(t.kernel.overlays.isOpen(Popup.review) === false)
  t.location.navigate('/wall')
  await until(t, () => $('activity-popup')?.dataset.id === 'good' && !!$('activity-go'), 'the good activity on the wall, with its button')
  await click('activity-close')
  await until(t, () => $('activity-popup')?.dataset.id === 'evil' && $('activity-popup')?.dataset.linkChecked === 'true', 'the hostile activity, its link checked')
  // drawn, but with no way to its link, and no hostile image
  assert.is($('activity-go'), null)
  assert.is(document.querySelector('.en-activity__img'), null)
  await click('activity-close')
  // two popups a visit (SHELL-17): the check-in waits for the next visit of the wall
  await t.settle()
  assert.is($('checkin-popup'), null, 'not a third on this visit')
  t.location.navigate('/user')
  t.location.navigate('/wall')
  await until(t, () => !!$('checkin-popup'), 'the check-in last')
  assert.is(document.querySelectorAll('[data-testid=activity-popup]').length, 0)
  // the popups shown today are remembered as month-date: a new start the same day queues only the forced review
  assert.is(storage.getItem(`popupShown.${Popup.derivation}`), '3-10')
  current!.dispose()
  document.body.innerHTML = ''
  const again = await setup({ path: '/wall', storage, api: queueApi(), config: { appShift: shift } })
  await until(again.t, () => !!$('review-forced'), 'the forced review again')
  await click('review-go')
  await again.t.settle()
  assert.is($('derivation-popup'), null)
  assert.is($('activity-popup'), null)
  assert.is($('checkin-popup'), null)
})

test('SHELL-17 the priority holds whichever answer comes first: a base config slower than the review still shows the derivation first', async () => {
  let answerConfig = () => {}
  const configGate = new Promise<void>((r) => (answerConfig = r))
  const { t, counts } = await setup({ path: '/wall', api: queueApi(), config: { appShift: shift }, configGate })
  await until(t, () => !!counts[EngagePath.queryEval] && !!counts[EngagePath.signinDetail], 'the review and check-in asked')
  await t.settle()
  answerConfig()
  await until(t, () => !!$('derivation-popup'), 'derivation first')
  assert.is($('review-forced'), null)
  await click('derivation-later')
  await until(t, () => !!$('review-forced'), 'the forced review second')
})

test('SHELL-17 configs missing fields show nothing and break nothing', async () => {
  const { t, counts } = await setup({
    path: '/wall',
    api: {
      [EngagePath.queryEval]: { can: 'x' },
      [EngagePath.popups]: { activityPopups: 'not a list' },
      [EngagePath.signinDetail]: { list: [{ nope: 1 }] },
    },
    config: { appShift: { appName: 'only a name' } },
  })
  await until(t, () => !!counts[EngagePath.signinDetail] && !!counts[EngagePath.popups] && !!counts[EngagePath.queryEval], 'the queue feeding')
  await t.settle()
  assert.equal(t.kernel.overlays.stack.value, [])
})

test('SHELL-17 the auto call: after home_auto_call_time on the All tab, not in a call, once a day; it calls through the calls plugin', async () => {
  const timers = fakeTimers()
  const host = { userId: 200001, yxAccid: 'h1', icon: '', nickname: 'Layla', status: 1, videoPrice: 110 }
  const { t, counts, seen } = await setup({ path: '/wall', timers, api: { [EngagePath.queryEval]: { force: 0, can: 0 }, '/api/anchor/recommendAnchor': [{ ...host, userId: 200009, status: 2 }, host] }, config: { businessConfig: { home_auto_call_time: 30 } } })
  await t.settle()
  // not on the All tab yet: no clock
  await act(async () => timers.tick(60_000))
  assert.is(counts['/api/anchor/recommendAnchor'], undefined)
  act(() => void (t.kernel.scene.value = { ...t.kernel.scene.peek(), wallAll: true, call: true }))
  await act(async () => timers.tick(60_000))
  assert.is(counts['/api/anchor/recommendAnchor'], undefined)
  act(() => void (t.kernel.scene.value = { ...t.kernel.scene.peek(), call: false }))
  await act(async () => timers.tick(29_000))
  assert.is(counts['/api/anchor/recommendAnchor'], undefined)
  await act(async () => timers.tick(1_000))
  await until(t, () => !!$('autocall-popup'), 'the auto call')
  assert.match($('autocall-popup')!.textContent!, 'Layla is free now')
  // in a call it steps back, and comes again after
  act(() => void (t.kernel.scene.value = { ...t.kernel.scene.peek(), call: true }))
  await t.settle()
  assert.is($('autocall-popup'), null)
  act(() => void (t.kernel.scene.value = { ...t.kernel.scene.peek(), call: false }))
  await until(t, () => !!$('autocall-call'), 'the auto call back')
  await click('autocall-call')
  assert.equal(seen.calls, [{ hostId: 200001, videoPrice: 110, source: 'auto_call', yxAccid: 'h1' }])
  await act(async () => timers.tick(600_000))
  assert.is(counts['/api/anchor/recommendAnchor'], 1)
})

test("SHELL-17 SHELL-14 the activity popup's button follows its link by the shell's rules: the popup closes and the link's page opens", async () => {
  const { t, seen } = await setup({ path: '/wall', api: queueApi({ force: 0, can: 0 }) })
  await until(t, () => $('activity-popup')?.dataset.id === 'good' && !!$('activity-go'), 'the good activity, with its button')
  await click('activity-go')
  await until(t, () => t.location.path() === '/getcoin', 'the link followed')
  assert.is(t.location.search().get('source'), 'activity')
  assert.equal(seen.links, ['/getcoin?source=activity'])
  assert.is(document.querySelector('[data-testid=activity-popup][data-id=good]'), null)
})

test('SHELL-16 a new user’s guide: forced to /wall, the skip element lit, other popups held back (rate-us not even queued), shown once', async () => {
  const storage = memoryStorage()
  const { t } = await setup({ path: '/moments', storage, user: { isNewUser: 1 }, api: queueApi({ force: 0, can: 1 }) })
  await until(t, () => !!$('guide'), 'the guide')
  assert.is(t.location.path(), '/wall')
  assert.ok(t.kernel.scene.value.guide)
  assert.ok(document.querySelector('[data-guide=skip]'))
  assert.is($('guide-text')!.textContent, 'Tap a host to start a video call')
  await click('guide-next')
  assert.is($('guide')!.dataset.step, '2')
  await t.settle()
  // queued behind it: nothing else shows
  assert.equal(t.kernel.overlays.stack.value.map((o) => o.id), [Popup.guide])
  assert.ok(t.kernel.get(engageRef)!.guideActive())
  await click('guide-skip')
  await until(t, () => $('activity-popup')?.dataset.id === 'good', 'the first popup after the guide')
  assert.not.ok(t.kernel.scene.value.guide)
  assert.is(storage.getItem(guideKey(7)), '1')
  await click('activity-close')
  await click('activity-close')
  // two popups a visit (SHELL-17): the check-in comes on the next visit of the wall
  t.location.navigate('/user')
  t.location.navigate('/wall')
  await until(t, () => !!$('checkin-popup'), 'the check-in')
  assert.is($('review-rate'), null)
  // shown once
  current!.dispose()
  document.body.innerHTML = ''
  const again = await setup({ path: '/wall', storage, user: { isNewUser: 1 }, api: queueApi({ force: 0, can: 0 }) })
  await again.t.settle()
  assert.is($('guide'), null)
})

test('ENG-09 the level page: curUserLevel, lvIcon, growth, eight stages, and the rule page with 1 dollar = 100 EXP and the six tiers', async () => {
  const { t } = await setup({ path: '/personal/userLevel', api: { [EngagePath.level]: level(12) } })
  await until(t, () => !!$('level-card'), 'the level')
  assert.is($('level-current')!.textContent, 'LV12')
  assert.is(($('level-card')!.querySelector('img') as HTMLImageElement).getAttribute('src'), '/lv.svg')
  assert.match($('level-card')!.textContent!, 'Stage 2')
  assert.match($('level-growth')!.textContent!, 'Growth 12,250 / 13,000')
  assert.match($('level-growth')!.textContent!, '750 EXP to LV13')
  assert.is(document.querySelectorAll('[data-testid=level-stages] > li').length, 8)
  assert.ok($('level-stage-1')!.className.includes('en-stage--on'))
  assert.is($('level-badge')!.dataset.tier, '1')
  assert.is($('name-bar')!.dataset.bar, nameColour(12))
  await click('level-rule-link')
  await until(t, () => !!$('level-rule-page'), 'the rule page')
  assert.match($('level-rule-exp')!.textContent!, '1 dollar = 100 EXP')
  assert.equal([1, 20, 35, 45, 50, 60].map((lv) => $(`tier-${lv}`)!.dataset.tier), ['1', '2', '3', '4', '5', '6'])
  assert.is($('bar-48')!.dataset.bar, 'b1')
  assert.is($('bar-70')!.dataset.bar, 'b5')
})

test('ENG-09 a level that cannot be loaded says so and retries', async () => {
  const { t, counts } = await setup({ path: '/personal/userLevel', api: { [EngagePath.level]: (_p: unknown, n: number) => (n === 1 ? serverCode('5000', 'x') : level(1)) } })
  await until(t, () => !!$('level-error'), 'the error')
  await act(async () => ($('level-error')!.querySelector('button') as HTMLElement).click())
  await until(t, () => $('level-current')?.textContent === 'LV1', 'the level after retry')
  assert.is(counts[EngagePath.level], 2)
})

test('SHELL-07 ENG-09 the profile entries: the check-in with the dot while a task is claimable, the invitation, the level with its badge', async () => {
  const { t, taskClaimable } = await setup({ api: { [EngagePath.signinDetail]: { list: days({ claimable: 1 }) }, [EngagePath.level]: level(21), [EngagePath.myCode]: { inviteCode: 'CW7' } } })
  const view = await t.render(<EngageEntries level={21} />)
  await until(t, () => !!view.container.querySelector('[data-testid=entry-checkin]'), 'the entries')
  assert.ok(view.container.querySelector('[data-testid=entry-checkin-dot]'))
  assert.is((view.container.querySelector('[data-testid=entry-level-badge]') as HTMLElement).dataset.tier, '2')
  act(() => void (taskClaimable.value = false))
  await t.settle()
  assert.is(view.container.querySelector('[data-testid=entry-checkin-dot]'), null)
  await act(async () => (view.container.querySelector('[data-testid=entry-checkin]') as HTMLElement).click())
  await until(t, () => !!$('checkin-day-1'), 'the check-in')
  await act(async () => $('checkin-close')!.click())
  await act(async () => (view.container.querySelector('[data-testid=entry-invite]') as HTMLElement).click())
  await until(t, () => !!$('invite-popup'), 'the invitation')
  await act(async () => (view.container.querySelector('[data-testid=entry-level]') as HTMLElement).click())
  assert.is(t.location.path(), '/personal/userLevel')
})

function nameColour(lv: number) {
  return lv <= 20 && lv >= 11 ? '#66bb6a' : ''
}

test.run()
