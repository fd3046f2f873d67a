import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearAppCaches, installGlobalErrorHandlers, isChunkLoadError, page, recoverFromChunkError, redact } from './errors.ts'
import { showAppError } from './app-error.ts'
import { waitFor } from '../test/wait.ts'

test('a logged error never carries a token, IM token or signature', () => {
  const seen: unknown[][] = []
  const warn = console.warn
  console.warn = (...a: unknown[]) => void seen.push(a)
  try {
    showAppError(new Error("A history state object with URL 'http://evil.example/wall?token=secret-1&imToken=secret-2&sign=secret-3#x' cannot be created")).remove()
  } finally {
    console.warn = warn
  }
  const text = seen.flat().map(String).join(' ')
  assert.not.match(text, /secret/)
  assert.match(text, /token=…/)
  assert.is(redact('a?loginToken=abc&x=1'), 'a?loginToken=…&x=1')
})

test('SHELL-04 chunk-load errors are told apart from other errors', () => {
  const chunk = [
    new TypeError('Failed to fetch dynamically imported module: https://app.example/chunks/wall-3f2a.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    new Error('Loading chunk 42 failed.'),
    Object.assign(new Error('x'), { name: 'ChunkLoadError' }),
    new TypeError("Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of 'text/html'."),
    new SyntaxError("Unexpected token '<'"),
    new Error('GET /chunks/live-9a.js 404 (Not Found)'),
    'Loading chunk 3 failed',
  ]
  for (const e of chunk) assert.ok(isChunkLoadError(e), String(e))
  const other = [new Error('Cannot read properties of undefined'), new TypeError('x is not a function'), new Error('Request failed with status 404'), null, undefined, 42]
  for (const e of other) assert.not.ok(isChunkLoadError(e), String(e))
})

function fakeBrowser() {
  const calls: string[] = []
  const saved = { reload: page.reload, log: page.log, now: page.now }
  const sw = (navigator as any).serviceWorker
  const cachesBefore = (globalThis as any).caches
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistrations: async () => [{ unregister: async () => (calls.push('unregister sw1'), true) }, { unregister: async () => (calls.push('unregister sw2'), true) }] },
  })
  ;(globalThis as any).caches = {
    keys: async () => ['v1', 'v2'],
    delete: async (k: string) => (calls.push(`delete ${k}`), true),
  }
  let now = 1_000_000
  page.reload = () => void calls.push('reload')
  page.log = (event) => void calls.push(`log ${event}`)
  page.now = () => now
  sessionStorage.clear()
  return {
    calls,
    advance: (ms: number) => (now += ms),
    restore() {
      Object.assign(page, saved)
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: sw })
      ;(globalThis as any).caches = cachesBefore
      sessionStorage.clear()
    },
  }
}

test('SHELL-04 recovering from a chunk error unregisters service workers, clears caches, logs and reloads once', async () => {
  const b = fakeBrowser()
  try {
    assert.is(await recoverFromChunkError(new Error('Loading chunk 1 failed')), true)
    assert.equal(b.calls, ['unregister sw1', 'unregister sw2', 'delete v1', 'delete v2', 'log reload', 'reload'])
    b.calls.length = 0
    b.advance(3000)
    assert.is(await recoverFromChunkError(new Error('Loading chunk 1 failed')), false, 'no reload loop')
    assert.not.ok(b.calls.includes('reload'))
    b.advance(60_000)
    assert.is(await recoverFromChunkError(new Error('Loading chunk 1 failed')), true, 'much later a reload is allowed again')
  } finally {
    b.restore()
  }
})

test('SHELL-04 clearing caches survives a browser without service workers or Cache Storage', async () => {
  const sw = (navigator as any).serviceWorker
  const c = (globalThis as any).caches
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined })
  ;(globalThis as any).caches = undefined
  await clearAppCaches()
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: sw })
  ;(globalThis as any).caches = c
})

test('SHELL-04 window errors and unhandled rejections go to one handler, chunk errors apart', async () => {
  const chunk: unknown[] = []
  const other: unknown[] = []
  const target = new EventTarget() as unknown as Window
  const dispose = installGlobalErrorHandlers({ target, onChunkError: (e) => chunk.push(e), onError: (e) => other.push(e) })
  const boom = new Error('boom')
  const lost = new TypeError('Failed to fetch dynamically imported module: /a.js')
  target.dispatchEvent(Object.assign(new Event('error'), { error: boom }))
  const rejection = Object.assign(new Event('unhandledrejection'), { reason: lost })
  target.dispatchEvent(rejection)
  target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'plain text' }))
  // the handlers tell errors apart with code that loads with the first error (slow on a cold machine)
  await waitFor(() => chunk.length === 1 && other.length === 2)
  assert.equal(chunk, [lost])
  // each waits for that code on its own, so they may arrive in either order
  assert.equal(new Set(other), new Set([boom, 'plain text']))
  dispose()
  // handlers still installed on the same target see the next error: once they have, the disposed ones had their chance
  const still: unknown[] = []
  const disposeStill = installGlobalErrorHandlers({ target, onChunkError: (e) => still.push(e), onError: (e) => still.push(e) })
  target.dispatchEvent(Object.assign(new Event('error'), { error: boom }))
  await waitFor(() => still.length === 1)
  assert.is(other.length, 2, 'disposed handlers stop listening')
  disposeStill()
})

test('SHELL-04 by default a chunk error reaching the window clears caches and reloads', async () => {
  const b = fakeBrowser()
  const target = new EventTarget() as unknown as Window
  const dispose = installGlobalErrorHandlers({ target })
  try {
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('Importing a module script failed.') }))
    await waitFor(() => b.calls.includes('reload'))
    assert.ok(b.calls.includes('delete v1'))
    assert.is(b.calls.filter((c) => c === 'reload').length, 1)
  } finally {
    dispose()
    b.restore()
  }
})

test('SHELL-04 an app-load error shows its own overlay whose Retry reloads', () => {
  const b = fakeBrowser()
  try {
    const el = showAppError(new Error('app config is missing apiBase'))
    assert.is(document.querySelector('[data-testid="app-error"]'), el)
    assert.is(el.getAttribute('role'), 'alertdialog')
    assert.match(el.textContent!, 'Something went wrong')
    showAppError(new Error('again'))
    assert.is(document.querySelectorAll('[data-testid="app-error"]').length, 1, 'never two overlays')
    ;(document.querySelector('[data-testid="app-error-retry"]') as HTMLElement).click()
    assert.ok(b.calls.includes('reload'))
    document.documentElement.lang = 'ar'
    const ar = showAppError(new Error('x'))
    assert.is(ar.dir, 'rtl')
    assert.match(ar.textContent!, 'إعادة المحاولة')
  } finally {
    document.documentElement.lang = 'en'
    document.querySelector('[data-testid="app-error"]')?.remove()
    b.restore()
  }
})

test('SHELL-04 SHELL-12 the start-up error speaks the app\'s locale before any string has loaded (?lang=ar, then the stored choice)', () => {
  const b = fakeBrowser()
  const url = location.href
  try {
    assert.is(document.documentElement.lang, 'en', 'the page as served: no i18n has run')
    history.replaceState(null, '', '/wall?lang=ar')
    const ar = showAppError(new Error('app config is missing apiBase'))
    assert.is(ar.dir, 'rtl')
    assert.match(ar.textContent!, 'حدث خطأ ما')
    assert.match(ar.textContent!, 'إعادة المحاولة')
    history.replaceState(null, '', '/wall')
    localStorage.setItem('lang', 'ar')
    assert.match(showAppError(new Error('x')).textContent!, 'حدث خطأ ما', 'a reload without ?lang= keeps the choice')
    localStorage.removeItem('lang')
    assert.match(showAppError(new Error('x')).textContent!, 'Something went wrong')
  } finally {
    localStorage.removeItem('lang')
    history.replaceState(null, '', url)
    document.querySelector('[data-testid="app-error"]')?.remove()
    b.restore()
  }
})

test.run()
