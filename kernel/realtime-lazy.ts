// The realtime socket as the first bundle knows it: its code (realtime.ts) loads once there is a
// token to connect with, so a guest never downloads it. Until then it is idle and remembers what
// was asked. A user's socket waits for the first screen to be shown (`after`), not for it to
// settle: its code and the chunks it imports would share the network and the main thread with
// the first card, and the plugins that handle most pushes join later still.
import { signal } from '@preact/signals-react'
import type { Realtime, RealtimeOptions, RealtimeState } from './realtime.ts'

type RealtimeModule = Pick<typeof import('./realtime.ts'), 'createRealtime'>

export function lazyRealtime(
  opts: RealtimeOptions,
  load: () => Promise<RealtimeModule> = () => import('./realtime.ts'),
  after: Promise<unknown> = Promise.resolve(),
): Realtime & { dispose(): void } {
  const state = signal<RealtimeState>('idle')
  let real: (Realtime & { dispose(): void }) | null = null
  let loading = false
  let wanted = false
  let disposed = false
  let channel: string | null = null
  let stopMirror = () => {}

  const ensure = () => {
    if (real || loading || disposed || !wanted || !opts.token.peek()) return
    loading = true
    after.then(load).then(
      (m) => {
        loading = false
        if (disposed) return
        real = m.createRealtime(opts)
        stopMirror = real.state.subscribe((s) => (state.value = s))
        if (channel) real.setCallChannel(channel)
        // it follows login and logout itself from here on
        if (wanted) real.connect()
      },
      (err) => {
        // the next login or connect() tries again
        loading = false
        console.error('[app] the realtime socket failed to load', err)
      },
    )
  }
  const stopToken = opts.token.subscribe(ensure)

  return {
    state,
    connect() {
      wanted = true
      if (real) real.connect()
      else ensure()
    },
    disconnect() {
      wanted = false
      real?.disconnect()
    },
    setCallChannel(channelId) {
      channel = channelId
      real?.setCallChannel(channelId)
    },
    dispose() {
      disposed = true
      stopToken()
      stopMirror()
      real?.dispose()
    },
  }
}
