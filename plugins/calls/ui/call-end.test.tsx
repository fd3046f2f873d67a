import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { CallPath, CallStatus, HangupReason, NotifyType } from '../api.ts'
import { cleanup, connect, uiRig, type UiRig } from './testkit.tsx'

test.after.each(cleanup)

async function endByUser(r: UiRig) {
  await r.click('call-end')
  await r.click('confirm-ok')
  assert.is(r.engine.info.value.status, CallStatus.HANG_UP)
}

const toasts = (r: UiRig) => r.kernel.overlays.toasts.value.map((x) => x.text)

test('CALL-14 two calls in a row leave one post-call sheet, the last call’s', async () => {
  const r = await uiRig({ balance: 100_000 })
  await connect(r, 200001)
  await r.advance(5000)
  await endByUser(r)
  await r.find('post-call')
  // the user calls again without touching the sheet
  await connect(r, 200002)
  await r.advance(5000)
  await endByUser(r)
  await r.advance(1000)
  await r.tk.settle()
  assert.is(r.$$('post-call').length, 1, 'one sheet')
  assert.is(r.kernel.overlays.stack.value.filter((o) => o.id.endsWith('post')).length, 1, 'one in the overlay stack')
  r.dispose()
})

test('CALL-07 a connected call the host cancels says it ended', async () => {
  const r = await uiRig({ balance: 100_000 })
  await connect(r, 200001)
  await r.advance(3000)
  await act(async () => void r.engine.onNotify({ channelId: r.engine.info.value.channelId!, type: NotifyType.CANCEL }))
  await r.tk.settle()
  assert.is(r.engine.info.value.status, CallStatus.HANG_UP)
  assert.ok(toasts(r).length > 0, 'a word when the call ends')
  r.dispose()
})

test('CALL-07 CALL-08 a call ended by failed deductions says it ended', async () => {
  const r = await uiRig({ balance: 100_000 })
  const said: string[] = []
  const toast = r.kernel.overlays.toast.bind(r.kernel.overlays)
  r.kernel.overlays.toast = (text, o) => (said.push(text), toast(text, o))
  await connect(r, 200001)
  r.control('calls/fail-deductions', { count: 10 })
  await r.advance(120_000)
  assert.is(r.engine.info.value.status, CallStatus.HANG_UP, 'ended after the failed deductions')
  assert.is(r.sent(CallPath.over).at(-1)?.overReason, HangupReason.deduction)
  assert.ok(said.length > 0, 'a word when the call ends')
  r.dispose()
})

test.run()
