import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestKernel } from '../../kernel/testing.tsx'
import { callsRef } from './api.ts'
import { createCallsPlugin } from './index.ts'
import type { CallsService } from './service.ts'

function kernelWith(locale: 'en' | 'ar' = 'en') {
  const tk = createTestKernel({ plugins: [createCallsPlugin()], token: 'test-token-100001', locale, api: () => null })
  tk.kernel.session.user.value = { userId: 100001, nickname: 'Test', icon: '', diamondNum: 150, yxAccid: 'user_100001' }
  const service = tk.kernel.need(callsRef) as CallsService
  return { tk, service }
}

test('CALL-13 the plugin toasts Insufficient balance in the user language and asks for the shop', async () => {
  for (const [locale, text] of [
    ['en', 'Insufficient balance'],
    ['ar', 'الرصيد غير كافٍ'],
  ] as const) {
    const { tk, service } = kernelWith(locale)
    const shops: unknown[] = []
    tk.kernel.events.on('insufficient-balance', (e) => void shops.push(e))
    assert.is(await service.start({ hostId: 200001, videoPrice: 100 }), false)
    assert.is(tk.toasts.at(-1)?.text, text)
    assert.equal(shops, [{ path: '/', source: 'call' }])
    tk.dispose()
  }
})

test('CALL-04 a call.incoming push reaches the engine through the kernel push bus', async () => {
  const { tk, service } = kernelWith()
  tk.push('call.incoming', { channelId: 'ch1', callUserId: 200001, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  assert.is(service.engine.incoming.call.value?.channelId, 'ch1')
  tk.push('call.incoming', { channelId: 'ch2', callUserId: 200001, beCallUserId: 100001, waitTime: 10, videoPrice: 100 })
  // a second call while one rings is answered busy
  assert.is(service.engine.incoming.call.value?.channelId, 'ch1')
  await tk.settle()
  assert.ok(tk.requests.some((r) => r.path === '/api/call/record/v2/missCall' && r.payload.channelId === 'ch2' && r.payload.missedReason === 1))
  tk.dispose()
})

test.run()
