// Store purchases through the native shell (bridge.ts loads this with the first purchase).
// Android answers from purchase() or later through window.__nativePurchaseResult; iOS always later.
import type { NativeWindow, StorePurchase } from './bridge.ts'

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
export function nativePurchase(w: NativeWindow, p: StorePurchase): Promise<{ receipt: string }> {
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
