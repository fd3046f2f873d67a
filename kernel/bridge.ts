// What the app asks of the native shell it runs in, and nothing more.
//
// The shells speak one of two dialects:
//   Android  window.NativeBridge: closeWebview(), openExternal(url), appId() -> string,
//            purchase(json) -> Promise<receipt> | void; when it returns nothing, the shell answers
//            later by calling window.__nativePurchaseResult(orderCode, receipt | null, error?)
//   iOS      window.webkit.messageHandlers.bridge.postMessage({ method, ...args }); the app id
//            is injected as window.__NATIVE_APP_ID__; purchases answer through the same callback
// In a plain browser (or the harness) the calls fall back to what a browser can do.
export interface StorePurchase {
  productId: string
  orderCode: string
}

export interface NativeBridge {
  /** app id the native shell reports, if any */
  appId(): string | null
  closeWebview(): void
  openExternal(url: string): void
  /** buy an app-store item; resolves with the store receipt or rejects when cancelled */
  purchase(p: StorePurchase): Promise<{ receipt: string }>
}

export interface AndroidBridge {
  closeWebview?: () => void
  openExternal?: (url: string) => void
  appId?: () => string | null | undefined
  purchase?: (json: string) => unknown
}

export interface NativeWindow {
  NativeBridge?: AndroidBridge
  webkit?: { messageHandlers?: { bridge?: { postMessage(m: unknown): void } } }
  __NATIVE_APP_ID__?: string
  __nativePurchaseResult?: (orderCode: string, receipt: string | null, error?: string) => void
  __bridgeLog?: BridgeCall[]
}

/** Only http(s) leaves the app: a configured link must never run script in the shell. */
function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

export interface BridgeCall {
  method: 'closeWebview' | 'openExternal' | 'purchase'
  args: unknown[]
}

/**
 * The bridge to the native shell. `harness`: nothing native exists, every call is recorded in
 * window.__bridgeLog instead (see harnessCalls), and the app id is the one given.
 */
export function createBridge(win: Window = window, harness?: { appId?: string | null }): NativeBridge {
  const w = win as Window & NativeWindow
  const calls = harness ? harnessCalls(w) : nativeCalls(w)
  return {
    appId: () => (harness ? harness.appId ?? null : w.NativeBridge?.appId?.() || w.__NATIVE_APP_ID__ || null),
    closeWebview: () => calls.closeWebview(),
    openExternal(url) {
      if (!isWebUrl(url)) throw new Error(`openExternal refuses "${url}": only http and https links open outside the app`)
      calls.openExternal(url)
    },
    purchase: (p) => calls.purchase(p),
  }
}

/** The bridge in harness mode (see createBridge). */
export const createHarnessBridge = (opts: { appId?: string | null; win?: Window } = {}) => createBridge(opts.win ?? window, { appId: opts.appId })

// ---------------------------------------------------------------------------------------------
// The calls: two dialects (see the top), a plain browser's fallbacks, and the harness's recording fake.

type Calls = Omit<NativeBridge, 'appId'>

function nativeCalls(w: Window & NativeWindow): Calls {
  const android = () => w.NativeBridge
  const ios = () => w.webkit?.messageHandlers?.bridge
  return {
    closeWebview() {
      const a = android()
      if (a?.closeWebview) return a.closeWebview()
      const i = ios()
      if (i) return i.postMessage({ method: 'closeWebview' })
      // a browser: leave the page the way the user came, or close a window we opened
      if (w.history.length > 1) w.history.back()
      else w.close()
    },
    openExternal(url) {
      const a = android()
      if (a?.openExternal) return a.openExternal(url)
      const i = ios()
      if (i) return i.postMessage({ method: 'openExternal', url })
      w.open(url, '_blank', 'noopener,noreferrer')
    },
    purchase: (p) => nativePurchase(w, p),
  }
}

/**
 * The harness's shell: nothing native exists, so every call is recorded in window.__bridgeLog, and
 * closeWebview also sets <html data-webview-closed="1">, so an end-to-end test can assert that the
 * app asked to close (NET-02 code 1004). A purchase is bought at the harness's fake store
 * (POST /__harness/store/purchase, on the page's own origin), which answers a receipt signed with
 * a secret only the harness holds, as a real store does: the app can hand it on, never make one.
 */
const HARNESS_STORE = '/__harness/store/purchase'

function harnessCalls(w: Window & NativeWindow): Calls {
  const record = (method: BridgeCall['method'], ...args: unknown[]) => (w.__bridgeLog ??= []).push({ method, args })
  return {
    closeWebview() {
      record('closeWebview')
      w.document.documentElement.dataset.webviewClosed = '1'
    },
    openExternal: (url) => void (isWebUrl(url) && record('openExternal', url)),
    async purchase(p) {
      record('purchase', p)
      if (!p?.orderCode) throw new Error('purchase needs an order code')
      const res = await w.fetch(new URL(HARNESS_STORE, w.location.href).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderCode: p.orderCode, productId: p.productId }),
      })
      const answer = (await res.json().catch(() => null)) as { receipt?: unknown; error?: unknown } | null
      if (!res.ok || typeof answer?.receipt !== 'string') throw new Error(String(answer?.error ?? `the store answered ${res.status}`))
      return { receipt: answer.receipt }
    },
  }
}

// Store purchases: Android answers from purchase() or later through window.__nativePurchaseResult;
// iOS always later.

type Waiting = Map<string, { resolve: (r: { receipt: string }) => void; reject: (e: Error) => void }>
// one answer callback per window, shared by every bridge over it
const waitingBy = new WeakMap<object, Waiting>()

function waitingOf(w: NativeWindow): Waiting {
  let pending = waitingBy.get(w)
  if (!pending) {
    const map: Waiting = (pending = new Map())
    waitingBy.set(w, map)
    w.__nativePurchaseResult ??= (orderCode, receipt, error) => {
      const p = map.get(orderCode)
      if (!p) return
      map.delete(orderCode)
      if (receipt) p.resolve({ receipt })
      else p.reject(new Error(error || 'cancelled'))
    }
  }
  return pending
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)))

/** Buy an app-store item; resolves with the store receipt, rejects when cancelled or unsupported. */
function nativePurchase(w: NativeWindow, p: StorePurchase): Promise<{ receipt: string }> {
  const a = w.NativeBridge
  const i = w.webkit?.messageHandlers?.bridge
  if (!a?.purchase && !i) return Promise.reject(new Error('unsupported: store purchases need the native app'))
  const pending = waitingOf(w)
  return new Promise((resolve, reject) => {
    pending.set(p.orderCode, { resolve, reject })
    try {
      const answer = a?.purchase ? a.purchase(JSON.stringify(p)) : i!.postMessage({ method: 'purchase', ...p })
      if (answer && typeof (answer as Promise<unknown>).then === 'function') {
        pending.delete(p.orderCode)
        ;(answer as Promise<unknown>).then(
          (receipt) => (receipt ? resolve({ receipt: String(receipt) }) : reject(new Error('cancelled'))),
          (e) => reject(asError(e)),
        )
      }
    } catch (e) {
      pending.delete(p.orderCode)
      reject(asError(e))
    }
  })
}
