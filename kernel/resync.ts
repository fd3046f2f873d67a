// When the app may have missed what the server said: the realtime socket opened again after a
// drop (pushes sent meanwhile are lost), or the app came back to the foreground (a phone freezes
// a page in the background). The kernel only says so, with the 'resync' event; each plugin then
// asks the server for its own state again (the shell the balance, USDT its pending order).
// It loads with the socket's code (realtime.ts): a guest has nothing to catch up on.
import type { ReadonlySignal } from '@preact/signals-react'
import type { RealtimeState } from './realtime.ts'
import type { Disposer, Events } from './types.ts'

export function watchResync(state: ReadonlySignal<RealtimeState>, events: Events, doc: Document | undefined): Disposer {
  let opened = false
  const stopState = state.subscribe((s) => {
    if (s !== 'open') return
    // the first open is the start, not a catch-up
    if (opened) events.emit('resync', { reason: 'reconnect' })
    opened = true
  })
  const onVisibility = () => {
    if (doc?.visibilityState === 'visible') events.emit('resync', { reason: 'foreground' })
  }
  doc?.addEventListener('visibilitychange', onVisibility)
  return () => {
    stopState()
    doc?.removeEventListener('visibilitychange', onVisibility)
  }
}
