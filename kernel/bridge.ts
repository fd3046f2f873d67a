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
export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

export function createBridge(win: Window = window): NativeBridge {
  const w = win as unknown as Window & NativeWindow
  const android = () => w.NativeBridge
  const ios = () => w.webkit?.messageHandlers?.bridge

  return {
    appId() {
      const a = android()?.appId?.()
      return a || w.__NATIVE_APP_ID__ || null
    },
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
      if (!isWebUrl(url)) throw new Error(`openExternal refuses "${url}": only http and https links open outside the app`)
      const a = android()
      if (a?.openExternal) return a.openExternal(url)
      const i = ios()
      if (i) return i.postMessage({ method: 'openExternal', url })
      w.open(url, '_blank', 'noopener,noreferrer')
    },
    // the store flow loads with the first purchase, not with the first screen
    purchase: (p) => import('./bridge-purchase.ts').then((m) => m.nativePurchase(w, p)),
  }
}

export interface BridgeCall {
  method: 'closeWebview' | 'openExternal' | 'purchase'
  args: unknown[]
}

/**
 * The bridge in harness mode: nothing native exists, so every call is recorded in
 * window.__bridgeLog, and closeWebview also sets <html data-webview-closed="1">, so an
 * end-to-end test can assert that the app asked to close (NET-02 code 1004).
 * A purchase always succeeds with the receipt "harness-receipt:<orderCode>", which the
 * harness's store verification accepts.
 */
export function createHarnessBridge(opts: { appId?: string | null; win?: Window } = {}): NativeBridge & { calls: BridgeCall[] } {
  const w = (opts.win ?? window) as unknown as Window & NativeWindow
  const calls: BridgeCall[] = (w.__bridgeLog ??= [])
  const record = (method: BridgeCall['method'], ...args: unknown[]) => calls.push({ method, args })
  return {
    calls,
    appId: () => opts.appId ?? null,
    closeWebview() {
      record('closeWebview')
      w.document.documentElement.dataset.webviewClosed = '1'
    },
    openExternal(url) {
      if (!isWebUrl(url)) throw new Error(`openExternal refuses "${url}": only http and https links open outside the app`)
      record('openExternal', url)
    },
    async purchase(p) {
      record('purchase', p)
      if (!p?.orderCode) throw new Error('purchase needs an order code')
      return { receipt: harnessReceipt(p.orderCode) }
    },
  }
}

export const harnessReceipt = (orderCode: string) => `harness-receipt:${orderCode}`
