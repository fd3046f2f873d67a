import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestKernel } from '../../kernel/testing.tsx'
import { CallOverlay, CallPath, CallStatus } from './api.ts'
import { createCallsPlugin } from './index.ts'
import { callsServiceRef, startedFor } from './service.ts'
import { waitFor } from '../../test/wait.ts'

function kernelWith(locale: 'en' | 'ar' = 'en') {
  const tk = createTestKernel({ plugins: [createCallsPlugin()], token: 'test-token-100001', locale, api: () => null })
  tk.kernel.session.setUser({ userId: 100001, nickname: 'Test', icon: '', diamondNum: 150, yxAccid: 'user_100001' })
  return { tk, calls: tk.kernel.need(callsServiceRef) }
}

test('CALL-13 the plugin toasts Insufficient balance in the user language and asks for the shop', async () => {
  for (const [locale, text] of [
    ['en', 'Insufficient balance'],
    ['ar', 'الرصيد غير كافٍ'],
  ] as const) {
    const { tk, calls } = kernelWith(locale)
    const shops: unknown[] = []
    tk.kernel.events.on('insufficient-balance', (e) => void shops.push(e))
    // the engine starts with this first call
    assert.is(await calls.start({ hostId: 200001, videoPrice: 100 }), false)
    assert.is(tk.toasts.at(-1)?.text, text)
    assert.equal(shops, [{ path: '/', source: 'call' }])
    tk.dispose()
  }
})

test('CALL-04 a call.incoming push reaches the engine through the kernel push bus', async () => {
  const { tk, calls } = kernelWith()
  const service = calls
  tk.push('call.incoming', { channelId: 'ch1', callUserId: 200001, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  assert.is(service.engine.incoming.call.value?.channelId, 'ch1')
  tk.push('call.incoming', { channelId: 'ch2', callUserId: 200001, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  // a second call while one rings is answered busy
  assert.is(service.engine.incoming.call.value?.channelId, 'ch1')
  await tk.settle()
  assert.ok(tk.requests.some((r) => r.path === '/api/call/record/v2/missCall' && r.payload.channelId === 'ch2' && r.payload.missedReason === 1))
  tk.dispose()
})

test('IM-04 a VIP with do-not-disturb for calls is not rung by a push; the flag off, the next push rings', async () => {
  const { tk, calls } = kernelWith()
  const service = calls
  const vip = { userId: 100001, nickname: 'Test', icon: '', diamondNum: 150, yxAccid: 'user_100001', vipInfo: { isVip: 1, expireTime: null } }
  tk.kernel.session.setUser({ ...vip, disturb: 1 })
  tk.push('call.incoming', { channelId: 'quiet', callUserId: 200001, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  tk.kernel.session.setUser({ ...vip, disturb: 2 })
  tk.push('call.incoming', { channelId: 'rings', callUserId: 200001, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  assert.is(service.engine.incoming.call.value?.channelId, 'rings', 'the silenced push was dropped, the next one rang')
  tk.dispose()
})

test('CALL-04 the incoming popup is drawn above a popup the queue opens while it rings', async () => {
  const popup = { id: 'queue.popup', tier: 'modal' as const, component: async () => ({ default: () => null }) }
  const tk = createTestKernel({ plugins: [createCallsPlugin(), { id: 'popups', overlays: [popup] }], token: 'test-token-100001', api: () => null })
  tk.kernel.session.setUser({ userId: 100001, nickname: 'Test', icon: '', diamondNum: 150, yxAccid: 'user_100001' })
  tk.push('call.incoming', { channelId: 'ch1', callUserId: 200001, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  await waitFor(() => tk.kernel.overlays.stack.value.some((o) => o.id === CallOverlay.incoming), { what: 'the incoming popup' })
  void tk.kernel.overlays.open('queue.popup')
  await waitFor(() => tk.kernel.overlays.stack.value.length === 2, { what: 'the queued popup' })
  assert.equal(tk.kernel.overlays.stack.value.map((o) => o.id), ['queue.popup', CallOverlay.incoming], 'drawn bottom to top')
  tk.dispose()
})

test('CALL-04 the call engine starts when needed; a host calling a guest-free app starts it and rings', async () => {
  const tk = createTestKernel({ plugins: [createCallsPlugin()], api: () => null })
  assert.is(startedFor(tk.kernel), undefined, 'a guest starts without the engine')
  tk.push('call.notify', { channelId: 'x', type: 1 })
  assert.is(startedFor(tk.kernel), undefined, 'a notify without a call starts nothing')
  const calls = tk.kernel.need(callsServiceRef)
  assert.is(calls.info.value.status, CallStatus.INIT)
  calls.hangUp() // nothing to hang up: no error
  tk.kernel.session.setUser({ userId: 100001, nickname: 'Test', icon: '', diamondNum: 150, yxAccid: 'user_100001' })
  tk.push('call.incoming', { channelId: 'ch9', callUserId: 200001, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  assert.is(calls.engine.incoming.call.value?.channelId, 'ch9', 'the push reached it')
  tk.dispose()
})

test('CALL-04 a logged-in start starts the engine to check for a pending call', async () => {
  const tk = createTestKernel({ plugins: [createCallsPlugin()], token: 'test-token-100001', api: () => null })
  await waitFor(() => tk.requests.some((r) => r.path === CallPath.pushCall))
  assert.ok(startedFor(tk.kernel), 'started')
  assert.ok(tk.requests.some((r) => r.path === CallPath.pushCall), 'asked for a pending call')
  tk.dispose()
})

test.run()
