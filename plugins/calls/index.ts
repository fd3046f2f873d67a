// The calls plugin: outgoing, incoming and match calls with billing (CALL-01..16), the host
// profile (ENG-11), the call records and the match pages. The only file an app manifest imports.
//
// Routes: /detail (host profile), /callRecords (CALL-15; the spec lists no records route, so
// the plugin names it), /match, /match/history, /match/NoResult (CALL-12).
// Overlays follow the engine (overlays.ts): calls.waiting, calls.screen, calls.incoming (hidden
// on the paths of d1 §2 by its when()), and calls.post after a connected call.
//
// A late plugin: its code is already off the first screen, so it imports its engine statically;
// the engine starts on first use (service.ts), the rest of the wiring (setup.ts) once the first
// screen is shown or a user is logged in. Folders: engine/ (the call machine and what drives it),
// ui/ (pages and overlays), fake/ (the harness slice).

import { definePlugin, provide } from '../../kernel/plugin.ts'
import { afterFirstScreen } from '../../kernel/first-screen.ts'
import type { Disposer } from '../../kernel/types.ts'
import { CallOverlay, callsRef } from './api.ts'
import { callsServiceRef, createCallsServiceOf, startedFor } from './service.ts'
import { incomingPopupAllowed } from './rules.ts'
import { push } from './push.ts'
import { startCalls } from './setup.ts'
import type { CallsOptions } from './engine/start.ts'

export function createCallsPlugin(opts: CallsOptions = {}) {
  return definePlugin({
    id: 'calls',
    push,
    routes: [
      { path: ['/detail', '/detail/'], page: () => import('./ui/DetailPage.tsx') },
      { path: ['/callRecords', '/callRecords/'], page: () => import('./ui/RecordsPage.tsx'), auth: true },
      { path: ['/match', '/match/', '/match/history', '/match/NoResult'], page: () => import('./ui/MatchPage.tsx'), auth: true },
    ],
    overlays: [
      { id: CallOverlay.waiting, tier: 'sheet', component: () => import('./ui/WaitingScreen.tsx'), dismissable: false },
      { id: CallOverlay.screen, tier: 'sheet', component: () => import('./ui/CallScreen.tsx'), dismissable: false },
      // a ringing call is drawn above every popup (a check-in or offer shown after it rang included)
      { id: CallOverlay.incoming, tier: 'system', component: () => import('./ui/IncomingPopup.tsx'), dismissable: false, when: (ctx) => incomingPopupAllowed(ctx.path) },
      { id: CallOverlay.post, tier: 'sheet', component: () => import('./ui/PostCallSheet.tsx') },
    ],
    services: [
      provide(callsServiceRef, (kernel) =>
        createCallsServiceOf(kernel, {
          ...opts,
          ended: (last, k) => {
            opts.ended?.(last, k)
            // one sheet at a time: a second call's summary replaces the first's, never stacks on it
            k.overlays.close(CallOverlay.post)
            void k.overlays.open(CallOverlay.post, last)
          },
        }),
      ),
      // the public face is the same service, typed as CallsApi
      provide(callsRef, (kernel) => kernel.need(callsServiceRef)),
    ],
    strings: { en: () => import('../../locales/en/calls.json'), ar: () => import('../../locales/ar/calls.json') },
    setup(kernel) {
      let stop: Disposer | null = null
      let disposed = false
      // a user's call wiring (a pending call, robot invitations) starts at once, as soon as there
      // is a user; a guest's waits for the first screen
      let stopLogin = () => {}
      const loggedIn = new Promise<void>((resolve) => {
        stopLogin = kernel.session.loggedIn.subscribe((yes) => yes && resolve())
      })
      void Promise.race([loggedIn, afterFirstScreen(kernel)]).then(() => {
        stopLogin()
        if (!disposed) stop = startCalls(kernel, opts)
      })
      return () => {
        disposed = true
        stopLogin()
        stop?.()
        startedFor(kernel)?.dispose()
      }
    },
  })
}

const calls = createCallsPlugin()
export default calls
