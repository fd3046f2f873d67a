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

export interface BridgeCall {
  method: 'closeWebview' | 'openExternal' | 'purchase'
  args: unknown[]
}

/**
 * The bridge to the native shell. The app id is read at once (the entry picks the app by it); the
 * calls (bridge-calls.ts) load with the first one. `harness`: nothing native exists, every call is
 * recorded in window.__bridgeLog instead (see harnessCalls), and the app id is the one given.
 */
type Calls = Omit<NativeBridge, 'appId'>

export function createBridge(win: Window = window, harness?: { appId?: string | null }): NativeBridge {
  const w = win as Window & NativeWindow
  // one load, so the calls reach the shell in the order they were made
  let loaded: Promise<Calls> | null = null
  const calls = () =>
    (loaded ??= import('./bridge-calls.ts').then(
      (m) => (harness ? m.harnessCalls(w) : m.nativeCalls(w)),
      (err) => {
        loaded = null
        throw err
      },
    ))
  return {
    appId: () => (harness ? harness.appId ?? null : w.NativeBridge?.appId?.() || w.__NATIVE_APP_ID__ || null),
    closeWebview: () => void calls().then((c) => c.closeWebview()),
    openExternal(url) {
      if (!isWebUrl(url)) throw new Error(`openExternal refuses "${url}": only http and https links open outside the app`)
      void calls().then((c) => c.openExternal(url))
    },
    purchase: (p) => calls().then((c) => c.purchase(p)),
  }
}

/** The bridge in harness mode (see createBridge). */
export const createHarnessBridge = (opts: { appId?: string | null; win?: Window } = {}) => createBridge(opts.win ?? window, { appId: opts.appId })
