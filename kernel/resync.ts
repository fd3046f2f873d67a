// When the app may have missed what the server said: the realtime socket opened again after a
// drop (pushes sent meanwhile are lost), or the app came back to the foreground (a phone freezes
// a page in the background). The kernel only says so, with the 'resync' event; each plugin then
// asks the server for its own state again (the shell the balance, USDT its pending order).
// It loads with the socket's code (realtime.ts): a guest has nothing to catch up on.
import type { ReadonlySignal } from '@preact/signals-react'
import type { RealtimeState } from './realtime.ts'
import type { Disposer, KernelEvents } from './types.ts'

type Reason = KernelEvents['resync']['reason']

export function watchResync(state: ReadonlySignal<RealtimeState>, emit: (reason: Reason) => void, doc: Document | undefined): Disposer {
  let opened = false
  const stopState = state.subscribe((s) => {
    if (s !== 'open') return
    // the first open is the start, not a catch-up
    if (opened) emit('reconnect')
    opened = true
  })
  const onVisibility = () => {
    if (doc?.visibilityState === 'visible') emit('foreground')
  }
  doc?.addEventListener('visibilitychange', onVisibility)
  return () => {
    stopState()
    doc?.removeEventListener('visibilitychange', onVisibility)
  }
}
