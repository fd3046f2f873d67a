import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { Code, Msg } from '../../kernel/protocol/envelope.ts'
import { fake, serverCode } from '../../kernel/testing.tsx'
import { waitFor } from '../../test/wait.ts'
import { rechargeRef, type RechargeOpenOptions } from '../recharge/api.ts'
import { liveKernel, ROOM } from '../live/testkit.ts'
import { createWheelPlugin } from './index.ts'
import { WHEEL_OFF, WHEEL_ON, WHEEL_TIP_MS, WHEEL_TURN_MS, WheelPaths } from './paths.ts'
import { toConfig } from './state.ts'

const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
const SECTORS = [
  { sectorId: 1, prize: 10 },
  { sectorId: 2, prize: 50 },
  { sectorId: 3, prize: 500 },
]

let open: ReturnType<typeof liveKernel> | null = null
test.after.each(() => {
  open?.t.dispose()
  open = null
  document.body.innerHTML = ''
})

interface Backend {
  enabled?: boolean
  sectors?: unknown[]
  /** what the spin answers, by call number */
  rotate?: (n: number, payload: any) => unknown
  locale?: 'en' | 'ar'
}

/** a live room on screen with the wheel plugin, its backend answering config and spins */
async function room(b: Backend = {}) {
  const asked = { config: [] as number[], rotate: [] as any[], recharge: [] as RechargeOpenOptions[] }
  const k = liveKernel({
    locale: b.locale,
    plugins: (timers) => [createWheelPlugin({ timers })],
    fakes: [fake(rechargeRef, { open: async (o) => void asked.recharge.push(o) })],
    answers: {},
    api: (path, payload) => {
      if (path === WheelPaths.config) {
        asked.config.push(payload.anchorId)
        return { anchorId: payload.anchorId, price: 100, wheelEnabled: b.enabled ?? false, wheelSectorList: b.sectors ?? SECTORS }
      }
      if (path === WheelPaths.rotate) {
        asked.rotate.push(payload)
        return b.rotate ? b.rotate(asked.rotate.length, payload) : { sectorIndex: 2, prize: 500, diamondNum: 410 }
      }
      if (path.endsWith('/getRoomAndJoinRoomV2')) return ROOM
      return null
    },
  })
  open = k
  await k.t.kernel.i18n.ready()
  await k.t.render()
  act(() => k.live.api.open({ userId: ROOM.userId, nickname: 'Layla' }))
  await waitFor(() => !!$('live-room') && asked.config.length > 0, { what: 'the room and the wheel config asked' })
  await k.t.settle()
  act(() => k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' }))
  await waitFor(() => $('live-room')?.dataset.status === 'live' && k.chat.rooms.length > 0, { what: 'live, in the chat room' })
  await k.t.settle()
  return { ...k, asked }
}
const push = (k: Awaited<ReturnType<typeof room>>, type: number) => act(() => k.chat.line({ from: ROOM.yxAccid, custom: { type } }))

test('LIVE-10 room messages 72 and 73 turn the entrance on and off; the config is asked by host id, again on 72', async () => {
  const k = await room()
  assert.equal(k.asked.config, [ROOM.userId])
  assert.is($('wheel-entrance'), null, 'off until 72 (wheelEnabled false)')
  push(k, WHEEL_ON)
  await waitFor(() => !!$('wheel-entrance'), { what: 'the entrance after 72' })
  // the entrance and the config's second asking both follow 72, in either order
  await waitFor(() => k.asked.config.length === 2, { what: '72 reloading the config' })
  assert.equal(k.asked.config, [ROOM.userId, ROOM.userId], '72 reloads the config')
  // 72/73 are not chat lines
  act(() => k.frames.flushFrames())
  await k.t.settle()
  assert.not.match(document.querySelector('[data-testid="live-chat"]')?.textContent ?? '', '72')
  push(k, WHEEL_OFF)
  await k.t.settle()
  assert.is($('wheel-entrance'), null, 'off after 73')
})

test('LIVE-10 a room whose wheel is on opens with the entrance; the spin is charged by the server once per request id, the tip hides after 3 s, the balance is the answer', async () => {
  const k = await room({ enabled: true })
  await waitFor(() => !!$('wheel-entrance'), { what: 'the entrance' })
  act(() => $('wheel-entrance')!.click())
  await waitFor(() => !!$('wheel-sheet'), { what: 'the sheet' })
  assert.match($('wheel-spin')!.textContent!, 'Spin · 100 diamonds')
  // a double tap: one spin
  act(() => {
    $('wheel-spin')!.click()
    $('wheel-spin')!.click()
  })
  await waitFor(() => k.asked.rotate.length === 1 && $('wheel-disc')?.dataset.turn === '1', { what: 'the wheel turning to the result' })
  assert.is($('wheel-disc')!.dataset.sector, '2', 'turned to the sector the server chose')
  assert.match($('wheel-disc')!.style.transform, 'rotate(1500deg)', 'five turns, the sector\'s middle under the pointer')
  assert.ok(($('wheel-spin') as HTMLButtonElement).disabled, 'no new spin while it turns')
  assert.is($('wheel-tip'), null, 'the tip waits for the wheel to stop')
  act(() => k.timers.tick(WHEEL_TURN_MS))
  assert.ok($('wheel-tip'), 'the tip once the wheel stopped')
  assert.is(k.asked.rotate.length, 1, 'one spin for a double tap')
  assert.equal(k.asked.rotate[0].anchorId, ROOM.userId)
  assert.match(k.asked.rotate[0].requestId, /^[\w-]{8,64}$/)
  assert.is($('wheel-tip')!.textContent, 'You won 500 diamonds')
  assert.is(k.t.kernel.session.user.peek()!.diamondNum, 410, 'the balance from the answer')
  act(() => k.timers.tick(WHEEL_TIP_MS - 1))
  assert.ok($('wheel-tip'), 'still shown just before 3 s')
  act(() => k.timers.tick(1))
  assert.is($('wheel-tip'), null, 'hidden after 3 s')
  // a second spin has its own request id
  act(() => $('wheel-spin')!.click())
  await waitFor(() => k.asked.rotate.length === 2 && $('wheel-disc')?.dataset.turn === '2', { what: 'the second spin' })
  act(() => k.timers.tick(WHEEL_TURN_MS))
  assert.ok($('wheel-tip'))
  assert.is.not(k.asked.rotate[1].requestId, k.asked.rotate[0].requestId)
})

test('LIVE-10 the wheelRes record the server posts shows in the room chat', async () => {
  const k = await room({ enabled: true })
  act(() => k.chat.line({ from: 'viewer_1', fromNick: 'Viewer', custom: { type: 'wheelRes', text: '500', fromNick: 'Viewer' } }))
  act(() => k.frames.flushFrames())
  // the name arrives isolated (FSI..PDI) inside the sentence
  await waitFor(() => /\u2068Viewer\u2069 won 500 on the wheel/.test(document.body.textContent ?? ''), { what: 'the wheelRes line' })
})

test('LIVE-10 a wheel config with no sectors: no entrance, no crash, even after 72', async () => {
  const k = await room({ enabled: true, sectors: [] })
  push(k, WHEEL_ON)
  await waitFor(() => k.asked.config.length === 2, { what: 'the config asked again' })
  await k.t.settle()
  assert.is($('wheel-entrance'), null)
  assert.ok($('live-room'), 'the room is still there')
  // junk sectors are dropped
  assert.equal(toConfig({ wheelSectorList: [null, { prize: 'x' }, { prize: 5 }], price: 10 }, 1)!.sectors, [{ sectorId: 1, prize: 5 }])
  assert.is(toConfig(null, 1), null)
})

test('LIVE-10 not enough diamonds opens the recharge sheet (source wheel, in live); another failure says so', async () => {
  const k = await room({ enabled: true, rotate: (n) => (n === 1 ? serverCode(Code.notEnough, Msg.notEnough) : serverCode('5000', 'down')) })
  await waitFor(() => !!$('wheel-entrance'), { what: 'the entrance' })
  act(() => $('wheel-entrance')!.click())
  act(() => $('wheel-spin')!.click())
  await waitFor(() => k.asked.recharge.length === 1, { what: 'the recharge sheet' })
  assert.equal(k.asked.recharge[0], { source: 'wheel', inLive: true })
  assert.is(k.t.kernel.session.user.peek()!.diamondNum, 10, 'the balance unchanged')
  await waitFor(() => !($('wheel-spin') as HTMLButtonElement).disabled, { what: 'spin usable again' })
  act(() => $('wheel-spin')!.click())
  await waitFor(() => /The wheel did not turn/.test(document.body.textContent ?? ''), { what: 'the failure toast' })
})

test('LIVE-10 in Arabic: the spin button and tip', async () => {
  const k = await room({ enabled: true, locale: 'ar' })
  await waitFor(() => !!$('wheel-entrance'), { what: 'the entrance' })
  act(() => $('wheel-entrance')!.click())
  assert.is($('wheel-spin')!.textContent, 'أدر · 100 ماسة')
  act(() => $('wheel-spin')!.click())
  await waitFor(() => k.asked.rotate.length === 1 && $('wheel-disc')?.dataset.turn === '1', { what: 'the spin answered' })
  await k.t.settle()
  act(() => k.timers.tick(WHEEL_TURN_MS))
  assert.is($('wheel-tip')?.textContent, 'ربحت 500 ماسة')
  assert.ok(k.asked.rotate.length === 1)
})

test.run()
