// The calls plugin: outgoing, incoming and match calls with billing (CALL-01..16), the host
// profile (ENG-11), the call records and the match pages. The only file an app manifest imports.
//
// Routes: /detail (host profile), /callRecords (CALL-15; the spec lists no records route, so
// the plugin names it), /match, /match/history, /match/NoResult (CALL-12).
// Overlays follow the engine (overlays.ts): calls.waiting, calls.screen, calls.incoming (hidden
// on the paths of d1 §2 by its when()), and calls.post after a connected call.
//
// Only what the first screen needs is imported here: the engine loads on first use (facade.ts).
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { callsRef } from './api.ts'
import { createCallsFacade, type CallsFacade } from './facade.ts'
import { CallOverlay } from './hooks.ts'
import { push } from './push.ts'
import { incomingPopupAllowed } from './rules.ts'
import { watchRobotInvites } from './robot-watch.ts'
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
      { id: CallOverlay.incoming, tier: 'modal', component: () => import('./IncomingPopup.tsx'), dismissable: false, when: (ctx) => incomingPopupAllowed(ctx.path) },
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
      // a host may have called while the app was closed (this loads the engine for a logged-in user)
      if (kernel.session.loggedIn.value) {
        calls.load().then(
          (s) => void s.engine.incoming.checkPending(),
          (err) => console.error('[app] the call engine failed to load', err),
        )
      }
      // IM-05: robot call invitations arrive over messaging
      const stopRobots = watchRobotInvites(kernel, calls, { timers: opts.timers })
      return () => {
        stopRobots()
        calls.dispose()
      }
    },
  })
}

export const calls = createCallsPlugin()
export default calls
