import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createBridge, createHarnessBridge } from './bridge.ts'
import { waitFor } from '../test/wait.ts'

/** a window-like object with only what the bridge touches */
function fakeWindow(extra: Record<string, unknown> = {}) {
  const log: unknown[][] = []
  const w: any = {
    history: { length: 1, back: () => log.push(['back']) },
    close: () => log.push(['close']),
    open: (...a: unknown[]) => log.push(['open', ...a]),
    document,
    ...extra,
  }
  return { w: w as Window, log }
}

test('NET-02 bridge: closeWebview and openExternal go to window.NativeBridge when present', async () => {
  const calls: unknown[][] = []
  const { w } = fakeWindow({
    NativeBridge: { closeWebview: () => calls.push(['close']), openExternal: (u: string) => calls.push(['open', u]), appId: () => 'native-app' },
  })
  const b = createBridge(w)
  assert.is(b.appId(), 'native-app', 'at once: the entry picks the app by it')
  b.closeWebview()
  b.openExternal('https://x.com/')
  await waitFor(() => calls.length === 2)
  assert.equal(calls, [['close'], ['open', 'https://x.com/']])
})

test('NET-02 bridge: iOS message handlers get { method, ... }', async () => {
  const posted: any[] = []
  const { w } = fakeWindow({ webkit: { messageHandlers: { bridge: { postMessage: (m: unknown) => posted.push(m) } } }, __NATIVE_APP_ID__: 'ios-app' })
  const b = createBridge(w)
  b.closeWebview()
  const p = b.purchase({ productId: 'gem.100', orderCode: 'o-1' })
  // the store flow loads with the first purchase
  await waitFor(() => posted.length === 2)
  assert.equal(posted, [{ method: 'closeWebview' }, { method: 'purchase', productId: 'gem.100', orderCode: 'o-1' }])
  assert.is(b.appId(), 'ios-app')
  ;(w as any).__nativePurchaseResult('o-1', 'rcpt', undefined)
  assert.equal(await p, { receipt: 'rcpt' })
  const cancelled = b.purchase({ productId: 'gem.100', orderCode: 'o-2' })
  await waitFor(() => posted.length === 3)
  ;(w as any).__nativePurchaseResult('o-2', null, 'cancelled by user')
  try {
    await cancelled
    assert.unreachable()
  } catch (e) {
    assert.match((e as Error).message, 'cancelled by user')
  }
})

test('NET-02 bridge: a plain browser goes back or closes, opens with noopener, refuses purchases', async () => {
  const { w, log } = fakeWindow()
  const b = createBridge(w)
  b.closeWebview()
  await waitFor(() => log.length === 1)
  ;(w.history as any).length = 3
  b.closeWebview()
  b.openExternal('https://help.example.com/')
  await waitFor(() => log.length === 3)
  assert.equal(log, [['close'], ['back'], ['open', 'https://help.example.com/', '_blank', 'noopener,noreferrer']])
  assert.is(b.appId(), null)
  assert.throws(() => b.openExternal('javascript:alert(1)'), /only http and https/)
  try {
    await b.purchase({ productId: 'p', orderCode: 'o' })
    assert.unreachable()
  } catch (e) {
    assert.match((e as Error).message, 'unsupported')
  }
})

test('NET-02 harness bridge records calls, marks <html> when the webview closes, buys at the harness store', async () => {
  const bought: unknown[][] = []
  const fetch = async (url: string, init: RequestInit) => {
    bought.push([url, JSON.parse(String(init.body))])
    return { ok: true, status: 200, json: async () => ({ receipt: 'hsr1.signed.by-the-store' }) }
  }
  const { w } = fakeWindow({ fetch, location: { href: 'http://h.test/wall' } })
  const b = createHarnessBridge({ appId: 'h-app', win: w })
  assert.is(b.appId(), 'h-app')
  b.closeWebview()
  b.openExternal('https://a.b/')
  assert.throws(() => b.openExternal('javascript:alert(1)'), /only http and https/)
  assert.equal(await b.purchase({ productId: 'p', orderCode: 'ord-7' }), { receipt: 'hsr1.signed.by-the-store' })
  assert.equal(bought, [['http://h.test/__harness/store/purchase', { orderCode: 'ord-7', productId: 'p' }]])
  assert.is(document.documentElement.dataset.webviewClosed, '1')
  assert.equal((w as any).__bridgeLog.map((c: any) => c.method), ['closeWebview', 'openExternal', 'purchase'])
  delete document.documentElement.dataset.webviewClosed
})

test('NET-02 harness bridge: a store refusal rejects the purchase with its reason', async () => {
  const fetch = async () => ({ ok: false, status: 400, json: async () => ({ error: 'order ORD1 is paid' }) })
  const { w } = fakeWindow({ fetch, location: { href: 'http://h.test/' } })
  const b = createHarnessBridge({ win: w })
  try {
    await b.purchase({ productId: 'p', orderCode: 'ORD1' })
    assert.unreachable('should reject')
  } catch (e) {
    assert.is((e as Error).message, 'order ORD1 is paid')
  }
})

test.run()
