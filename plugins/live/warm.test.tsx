import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { waitFor } from '../../test/wait.ts'
import { LivePaths } from './paths.ts'
import { liveKernel, ROOM } from './testkit.ts'

const HOST = { userId: ROOM.userId, nickname: 'Layla' }
const $ = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null

test.after.each(() => {
  document.body.innerHTML = ''
})

/** a card as the wall draws it: its host and status as data attributes, a picture inside */
function card(status: string) {
  const el = document.createElement('button')
  el.dataset.hostId = String(ROOM.userId)
  el.dataset.status = status
  el.innerHTML = '<img alt="">'
  document.body.appendChild(el)
  return el.querySelector('img')!
}
const touchDown = (el: Element) => el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }))

test('LIVE-01 a touch-down on a live card starts loading the video client, and enters no room nor asks the server anything', async () => {
  const k = liveKernel()
  const before = k.t.requests.length
  touchDown(card('live'))
  await k.t.settle()
  assert.is(k.rtcLoads(), 1, 'the video client is asked for on touch-down')
  assert.is(k.room.status.value, 'idle')
  assert.is(k.t.location.path(), '/wall')
  assert.equal(k.t.requests.slice(before).map((r) => r.path), [], 'nothing asked of the server (a touch-down may become a scroll)')
  assert.is(k.rtc.joins.length, 0)
  k.t.dispose()
})

test('LIVE-01 a touch-down on a card that is not live loads nothing', async () => {
  const k = liveKernel()
  touchDown(card('live'))
  await k.t.settle()
  assert.is(k.rtcLoads(), 1, 'a live card warms (the listener is on)')
  touchDown(card('online'))
  touchDown(document.body)
  await k.t.settle()
  assert.is(k.rtcLoads(), 1)
  k.t.dispose()
})

test("LIVE-02 the video client's code loads while the enter call is out, not after its answer", async () => {
  let answer: (v: unknown) => void = () => {}
  const k = liveKernel({
    answers: { [LivePaths.enter]: new Promise((ok) => (answer = ok)) },
  })
  k.live.api.open(HOST)
  await waitFor(() => k.t.requests.some((r) => r.path === LivePaths.enter), { what: 'the enter call' })
  await k.t.settle()
  assert.is(k.room.status.value, 'loading', 'the enter call has not answered')
  assert.is(k.rtcLoads(), 1, 'the video client is asked for already')
  assert.is(k.rtc.joins.length, 0, 'but nothing is joined before the answer')
  answer(ROOM)
  await waitFor(() => k.rtc.joins.length === 1, { what: 'the join after the answer' })
  k.t.dispose()
})

test("LIVE-05 entrances move the audience count and the banners, not the room's furniture (a render each)", async () => {
  let renders = 0
  const Counted = () => {
    renders++
    return <span data-testid="counted" />
  }
  // a small room: its count shows every viewer (above 999 it shows as 1k+)
  const k = liveKernel({ room: { audienceNum: 5 }, answers: { [LivePaths.quickMessages]: 'Hi', '/api/full/geme/list': { gameList: [] }, [LivePaths.activities]: [] } })
  await k.t.kernel.i18n.ready()
  await k.t.render()
  k.live.api.fill('wheel', Counted)
  act(() => k.live.api.open(HOST))
  await waitFor(() => !!$('live-room'), { what: 'the room page' })
  act(() => k.rtc.emit('user-published', { uid: ROOM.yxAccid, mediaType: 'video' }))
  await waitFor(() => !!$('counted'), { what: 'the furniture, live' })
  await k.t.settle()
  act(() => k.frames.flushFrames())
  const shown = $('live-audience')!.textContent
  const before = renders
  for (let i = 0; i < 5; i++) {
    act(() => k.chat.notice({ type: 0, account: `v${i}`, nick: `Guest ${i}`, level: 0 }))
    act(() => k.frames.flushFrames())
  }
  await waitFor(() => $('live-audience')!.textContent !== shown, { what: 'the count moved' })
  assert.is(renders, before, 'the furniture did not render again')
  k.t.dispose()
})

test.run()
