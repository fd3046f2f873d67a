// The calls plugin: outgoing, incoming and match calls with billing (CALL-01..16), the host
// profile (ENG-11), the call records and the match pages. The only file an app manifest imports.
//
// Routes: /detail (host profile), /callRecords (CALL-15; the spec lists no records route, so
// the plugin names it), /match, /match/history, /match/NoResult (CALL-12).
// Overlays follow the engine (overlays.ts): calls.waiting, calls.screen, calls.incoming (hidden
// on the paths of d1 §2 by its when()), and calls.post after a connected call.
//
// Only what the first screen needs is imported here: the engine loads on first use (facade.ts),
// the rest of the wiring (setup.ts) once the first screen is shown.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { afterFirstScreen } from '../../kernel/first-screen.ts'
import type { Disposer } from '../../kernel/types.ts'
import { callsRef } from './ref.ts'
import { createCallsFacade, incomingAllowed, type CallsFacade } from './facade.ts'
import { CallOverlay } from './hooks.ts'
import { push } from './push.ts'
import type { CallsOptions } from './service.ts'

export function createCallsPlugin(opts: CallsOptions = {}) {
  return definePlugin({
    id: 'calls',
    push,
    routes: [
      { path: ['/detail', '/detail/'], page: () => import('./DetailPage.tsx') },
      { path: ['/callRecords', '/callRecords/'], page: () => import('./RecordsPage.tsx'), auth: true },
      { path: ['/match', '/match/', '/match/history', '/match/NoResult'], page: () => import('./MatchPage.tsx'), auth: true },
    ],
    overlays: [
      { id: CallOverlay.waiting, tier: 'sheet', component: () => import('./WaitingScreen.tsx'), dismissable: false },
      { id: CallOverlay.screen, tier: 'sheet', component: () => import('./CallScreen.tsx'), dismissable: false },
      { id: CallOverlay.incoming, tier: 'modal', component: () => import('./IncomingPopup.tsx'), dismissable: false, when: (ctx) => incomingAllowed(ctx.path) },
      { id: CallOverlay.post, tier: 'sheet', component: () => import('./PostCallSheet.tsx') },
    ],
    services: [
      provide(callsRef, (kernel) =>
        createCallsFacade(kernel, {
          ...opts,
          ended: (last, k) => {
            opts.ended?.(last, k)
            void k.overlays.open(CallOverlay.post, last)
          },
        }),
      ),
    ],
    strings: { en: () => import('../../locales/en/calls.json'), ar: () => import('../../locales/ar/calls.json') },
    setup(kernel) {
      const calls = kernel.need(callsRef) as CallsFacade
      let stop: Disposer | null = null
      let disposed = false
      // a user's call wiring (a pending call, robot invitations) starts at once, as soon as there
      // is a user; a guest's waits for the first screen
      let stopLogin = () => {}
      const loggedIn = new Promise<void>((resolve) => {
        stopLogin = kernel.session.loggedIn.subscribe((yes) => yes && resolve())
      })
      Promise.race([loggedIn, afterFirstScreen(kernel)])
        .then(() => {
          stopLogin()
          return disposed ? null : import('./setup.ts')
        })
        .then(
          (m) => {
            if (m && !disposed) stop = m.startCalls(kernel, calls, opts)
          },
          (err) => console.error('[app] the calls plugin failed to start', err),
        )
      return () => {
        disposed = true
        stopLogin()
        stop?.()
        calls.dispose()
      }
    },
  })
}

export const calls = createCallsPlugin()
export default calls
