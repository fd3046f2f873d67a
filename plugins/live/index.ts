// Live rooms (LIVE-01..06, 16, 17, 18): the room page at /live?id=<host>, its picture-in-picture
// window and the full-server notice banner (widgets), the notice push, and the 'live' service
// that opens a room from any card (the wall's Live tab and live hosts included). A late plugin:
// nothing of it is on the first screen.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import type { Kernel } from '../../kernel/types.ts'
import { Floating } from './Floating.tsx'
import { liveOpenerRef } from '../wall/api.ts'
import { LIVE_PATH, liveRef } from './api.ts'
import { livePush } from './push.ts'
import { liveServiceRef } from './refs.ts'
import { createLiveService, type LiveService } from './service.ts'
import type { RoomDeps } from './state.ts'
import { warmOnTouchDown } from './touch-down.ts'
import { preloadRtc } from '../../kernel/rtc/modules.ts'

export function createLivePlugin(deps: RoomDeps = {}) {
  const livePage = () => import('./LivePage.tsx')
  const services = new WeakMap<Kernel, LiveService>()
  const serviceOf = (kernel: Kernel) => {
    let s = services.get(kernel)
    if (!s) services.set(kernel, (s = createLiveService(kernel, deps)))
    return s
  }
  return definePlugin({
    id: 'live',
    requires: ['wall'],
    routes: [{ path: LIVE_PATH, page: livePage, auth: true }],
    push: livePush,
    services: [
      provide(liveServiceRef, serviceOf),
      provide(liveRef, (k) => serviceOf(k).api),
      provide(liveOpenerRef, (k) => ({
        open: (host, from) => serviceOf(k).api.open({ userId: host.userId, nickname: host.nickname, icon: host.icon, yxAccid: host.yxAccid }, from),
      })),
    ],
    strings: { en: () => import('../../locales/en/live.json'), ar: () => import('../../locales/ar/live.json') },
    widgets: [Floating],
    setup: (kernel) => {
      const stopWarming =
        typeof document === 'undefined'
          ? () => {}
          : warmOnTouchDown(document, () => {
              livePage().catch(() => undefined)
              preloadRtc(kernel.config)
              serviceOf(kernel).room.warm()
            })
      return () => {
        stopWarming()
        services.get(kernel)?.dispose()
      }
    },
  })
}

const live = createLivePlugin()
export default live
