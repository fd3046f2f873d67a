import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { signal } from '@preact/signals-react'
import { fake } from '../../kernel/testing.tsx'
import { waitFor } from '../../test/wait.ts'
import { CallStatus, callsRef, emptyInfo, FrontType, type CallInfo } from '../calls/api.ts'
import { giftRef, type GiftPanelOptions, type GiftSendOutcome } from '../gift/api.ts'
import { rechargeRef, type RechargeOpenOptions } from '../recharge/api.ts'
import { liveKernel, ROOM } from '../live/testkit.ts'
import { createWishPlugin } from './index.ts'
import { WISH_AUTOPLAY_MS, WISH_BROKE_TOAST_MS, WISH_DONE_MS, WISH_UPDATE, WishPaths } from './paths.ts'
import { percentOf, toWishes } from './state.ts'

const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const $$ = (id: string) => [...document.querySelectorAll(`[data-testid="${id}"]`)] as HTMLElement[]

const wish = (giftId: number, giftNum: number, compelteGiftNum: number, giftPrice = 10) => ({ giftId, giftName: `Gift ${giftId}`, giftSmallImg: `/g/${giftId}.svg`, giftPrice, giftNum, compelteGiftNum })
const LIST = [wish(1003, 10, 3), wish(1005, 5, 0, 50), wish(1007, 2, 2, 199)]

let open: ReturnType<typeof liveKernel> | null = null
test.after.each(() => {
  open?.t.dispose()
  open = null
  document.body.innerHTML = ''
})

interface Setup {
  list?: unknown
  clickAgreement?: number
  balance?: number
  locale?: 'en' | 'ar'
  call?: Partial<CallInfo>
  send?: GiftSendOutcome
  agreement?: 'ok' | 'fail'
}

/** a live room on screen with the wish plugin; the gift, recharge and calls features faked */
async function room(s: Setup = {}) {
  const asked = { sends: [] as Array<{ giftId: number; num: number; o: GiftPanelOptions }>, recharge: [] as RechargeOpenOptions[], agreement: [] as any[] }
  const toasts: Array<{ text: string; type?: string; duration?: number }> = []
  const k = liveKernel({
    locale: s.locale,
    room: { liveWishList: s.list ?? LIST, clickAgreement: s.clickAgreement ?? 0 },
    plugins: (timers) => [createWishPlugin({ timers })],
    fakes: [
      fake(giftRef, { send: async (giftId, num, o) => (asked.sends.push({ giftId, num, o }), s.send ?? 'sent') }),
      fake(rechargeRef, { open: async (o) => void asked.recharge.push(o) }),
      fake(callsRef, { info: signal<CallInfo>({ ...emptyInfo(), ...s.call }) }),
    ],
    api: (path, payload) => {
      if (path === WishPaths.agreement) {
        asked.agreement.push(payload)
        if (s.agreement === 'fail') throw new Error('down')
        return { clickAgreement: 1 }
      }
      if (path.endsWith('/getRoomAndJoinRoomV2')) return { ...ROOM, liveWishList: s.list ?? LIST, clickAgreement: s.clickAgreement ?? 0 }
      return null
    },
  })
  open = k
  const toast = k.t.kernel.overlays.toast.bind(k.t.kernel.overlays)
  k.t.kernel.overlays.toast = (text, o) => {
    toasts.push({ text, type: o?.type, duration: o?.duration })
    toast(text, o)
  }
  k.t.kernel.session.setUser({ ...k.t.kernel.session.user.peek()!, diamondNum: s.balance ?? 5000 })
  await k.t.kernel.i18n.ready()
  await k.t.render()
  act(() => k.live.api.open({ userId: ROOM.userId, nickname: 'Layla' }))
  await waitFor(() => !!$('live-room') && k.t.answered.some((a) => a.path.endsWith('/getRoomAndJoinRoomV2')), { what: 'the room answered' })
  await k.t.settle()
  act(() => k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' }))
  await waitFor(() => $('live-room')?.dataset.status === 'live' && k.chat.rooms.length > 0, { what: 'live, in the chat room' })
  await k.t.settle()
  return { ...k, asked, toasts }
}
const update = (k: Awaited<ReturnType<typeof room>>, list: unknown[]) => act(() => k.chat.line({ from: ROOM.yxAccid, custom: { type: WISH_UPDATE, anchorId: ROOM.userId, liveWishList: list } }))
const bars = () => $$('wish-progress').map((e) => [e.dataset.percent, e.style.transform])
const tapWish = (giftId: number) => act(() => document.querySelector<HTMLElement>(`[data-testid="wish-item"][data-gift="${giftId}"]`)!.click())

test('LIVE-09 the carousel: the room\'s wishes (one completed before entry left out), bars animating to the percent done, done/goal, the next wish every 3 s; room message 80 moves a bar; a completed wish stays full, then leaves after about 3 s', async () => {
  const k = await room()
  await waitFor(() => !!$('wish-carousel'), { what: 'the carousel' })
  assert.ok($('live-slot-wish')?.contains($('wish-carousel')), 'in the room\'s wish slot')
  assert.equal($$('wish-item').map((e) => e.dataset.gift), ['1003', '1005'], 'the wish completed before the viewer came is not shown')
  assert.equal(bars(), [['30', 'scaleX(0.3)'], ['0', 'scaleX(0)']], 'each bar\'s target: the percent done')
  assert.equal($$('wish-count').map((e) => e.textContent), ['3/10', '0/5'])
  assert.is($('wish-carousel')!.dataset.index, '0')
  act(() => k.timers.tick(WISH_AUTOPLAY_MS))
  assert.is($('wish-carousel')!.dataset.index, '1', 'the next wish after 3 s')
  // gifts in the room: the server's new counts move the bars (the CSS transition animates to them)
  update(k, [wish(1003, 10, 7), wish(1005, 5, 5, 50), wish(1007, 2, 2, 199)])
  await waitFor(() => bars()[0]?.[0] === '70', { what: 'the bar moved' })
  assert.equal(bars(), [['70', 'scaleX(0.7)'], ['100', 'scaleX(1)']])
  assert.is(document.querySelector('[data-gift="1005"]')!.getAttribute('data-done'), 'true')
  assert.equal($$('wish-count').map((e) => e.textContent), ['7/10', '5/5'])
  act(() => k.timers.tick(WISH_DONE_MS - 1))
  assert.ok(document.querySelector('[data-gift="1005"]'), 'still there just before 3 s')
  act(() => k.timers.tick(1))
  assert.equal($$('wish-item').map((e) => e.dataset.gift), ['1003'], 'the completed wish left after 3 s')
  // a later list still naming it does not bring it back; a wish the host set anew does
  update(k, [wish(1003, 10, 8), wish(1005, 5, 5, 50)])
  await waitFor(() => $$('wish-count')[0]?.textContent === '8/10', { what: 'the next update' })
  assert.equal($$('wish-item').map((e) => e.dataset.gift), ['1003'])
  update(k, [wish(1003, 10, 8), wish(1009, 3, 0, 999)])
  await waitFor(() => $$('wish-item').length === 2, { what: 'the new wish' })
  // every wish done and gone: the slot draws nothing
  update(k, [wish(1003, 10, 10), wish(1009, 3, 3, 999)])
  act(() => k.timers.tick(WISH_DONE_MS))
  await waitFor(() => !$('wish-carousel'), { what: 'no carousel' })
})

test('LIVE-09 the agree popup: Reminder, the text, No more reminders checked by default, Cancel and Agree; Cancel sends nothing; Agree sends one gift and records the agreement once; later taps send at once', async () => {
  const k = await room()
  await waitFor(() => !!$('wish-carousel'), { what: 'the carousel' })
  tapWish(1003)
  await waitFor(() => !!$('wish-agree'), { what: 'the popup' })
  const popup = $('wish-agree')!
  assert.is(popup.querySelector('h2')!.textContent, 'Reminder')
  assert.match(popup.textContent!, 'Give the host with this special gift')
  assert.match(popup.textContent!, 'No more reminders')
  assert.ok(($('wish-no-more') as HTMLInputElement).checked, 'checked by default')
  assert.equal([$('wish-cancel')!.textContent, $('wish-agree-ok')!.textContent], ['Cancel', 'Agree'])
  await act(async () => $('wish-cancel')!.click())
  await waitFor(() => !$('wish-agree'), { what: 'closed' })
  await k.t.settle()
  assert.equal([k.asked.sends, k.asked.agreement], [[], []], 'Cancel: nothing sent, nothing recorded')
  // again, and Agree (a double tap answers once)
  tapWish(1003)
  await waitFor(() => !!$('wish-agree-ok'), { what: 'the popup again' })
  await act(async () => {
    $('wish-agree-ok')!.click()
    $('wish-agree-ok')?.click()
  })
  await waitFor(() => k.asked.sends.length === 1 && k.asked.agreement.length === 1, { what: 'sent and recorded' })
  assert.equal(k.asked.sends[0], { giftId: 1003, num: 1, o: { scene: 'LIVE', hostId: ROOM.userId, path: 'wish' } }, 'quantity 1, to this host, in the live scene')
  assert.equal(k.asked.agreement[0], { anchorId: ROOM.userId, clickAgreement: 1 })
  // agreed: no popup any more, no second record
  tapWish(1003)
  await waitFor(() => k.asked.sends.length === 2, { what: 'the second send' })
  await k.t.settle()
  assert.is($('wish-agree'), null)
  assert.is(k.asked.agreement.length, 1, 'recorded once')
})

test('LIVE-09 Agree with No more reminders unchecked sends but records nothing (the popup comes again); a room whose clickAgreement is 1 sends at once', async () => {
  const k = await room()
  await waitFor(() => !!$('wish-carousel'), { what: 'the carousel' })
  tapWish(1005)
  await waitFor(() => !!$('wish-no-more'), { what: 'the popup' })
  act(() => $('wish-no-more')!.click())
  assert.not.ok(($('wish-no-more') as HTMLInputElement).checked)
  await act(async () => $('wish-agree-ok')!.click())
  await waitFor(() => k.asked.sends.length === 1, { what: 'sent' })
  assert.is(k.asked.agreement.length, 0)
  tapWish(1005)
  await waitFor(() => !!$('wish-agree'), { what: 'the popup again' })
  open?.t.dispose()
  document.body.innerHTML = ''
  const agreed = await room({ clickAgreement: 1 })
  await waitFor(() => !!$('wish-carousel'), { what: 'the carousel' })
  tapWish(1003)
  await waitFor(() => agreed.asked.sends.length === 1, { what: 'sent without asking' })
  assert.is($('wish-agree'), null)
})

test('LIVE-09 in a bot call the popup has no Cancel (Agree only)', async () => {
  await room({ call: { callFrontGameType: FrontType.BOT, status: CallStatus.CALLING_ING } })
  await waitFor(() => !!$('wish-carousel'), { what: 'the carousel' })
  tapWish(1003)
  await waitFor(() => !!$('wish-agree-ok'), { what: 'the popup' })
  assert.is($('wish-cancel'), null)
})

test('LIVE-09 too few diamonds for the wish: \'Not enough diamonds please recharge\' (warning, 1 s) and the recharge sheet (source giftclickout, in the room); nothing sent', async () => {
  const k = await room({ balance: 30, clickAgreement: 1 })
  await waitFor(() => !!$('wish-carousel'), { what: 'the carousel' })
  tapWish(1005) // 50 diamonds
  await waitFor(() => k.asked.recharge.length === 1, { what: 'the recharge sheet' })
  assert.equal(k.asked.recharge[0], { source: 'giftclickout', inLive: true })
  assert.equal(k.toasts.filter((x) => /diamonds/.test(x.text)), [{ text: 'Not enough diamonds please recharge', type: 'warning', duration: WISH_BROKE_TOAST_MS }])
  assert.is(WISH_BROKE_TOAST_MS, 1000)
  assert.equal(k.asked.sends, [])
  // after the agree popup too: the check comes before the send
  open?.t.dispose()
  document.body.innerHTML = ''
  const again = await room({ balance: 30 })
  await waitFor(() => !!$('wish-carousel'), { what: 'the carousel' })
  tapWish(1005)
  await waitFor(() => !!$('wish-agree-ok'), { what: 'the popup' })
  await act(async () => $('wish-agree-ok')!.click())
  await waitFor(() => again.asked.recharge.length === 1, { what: 'the recharge sheet' })
  assert.equal(again.asked.sends, [])
})

test('LIVE-09 in Arabic: the popup\'s texts and the carousel', async () => {
  await room({ locale: 'ar' })
  await waitFor(() => !!$('wish-carousel'), { what: 'the carousel' })
  assert.is($$('wish-item')[0].querySelector('.ws-card__title')!.textContent, 'أمنية')
  tapWish(1003)
  await waitFor(() => !!$('wish-agree'), { what: 'the popup' })
  assert.is($('wish-agree')!.querySelector('h2')!.textContent, 'تذكير')
  assert.match($('wish-agree')!.textContent!, 'لا مزيد من التذكيرات')
  assert.equal([$('wish-cancel')!.textContent, $('wish-agree-ok')!.textContent], ['إلغاء', 'موافق'])
})

test('LIVE-09 bad lists: junk entries and repeats dropped, counts capped at the goal, unsafe pictures become placeholders; no list, no carousel', async () => {
  const list = toWishes([null, 5, { giftId: 'x', giftNum: 3 }, { giftId: 7, giftNum: 0 }, { giftId: 8, giftNum: 4, compelteGiftNum: 9, giftSmallImg: 'javascript:alert(1)', giftPrice: -3 }, { giftId: 8, giftNum: 1 }])
  assert.equal(list, [{ giftId: 8, target: 4, done: 4, name: '', img: '', price: 0 }])
  assert.is(percentOf(list[0]), 100)
  assert.equal(toWishes('nope'), [])
  await room({ list: 'nope' })
  await waitFor(() => !!$('live-room'), { what: 'the room' })
  assert.is($('wish-carousel'), null)
  assert.is($('live-slot-wish')?.children.length ?? 0, 0, 'an empty slot draws nothing')
})

test.run()
