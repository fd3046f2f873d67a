// Gifts (LIVE-07, LIVE-08): the gift panel (a sheet any scene opens through giftRef: the live
// room, a call, a chat), lucky gifts and lucky boxes, and the gift layer (banners, combos, the
// full-screen player, the lucky win). A late plugin: nothing of it is on the first screen, and the
// animation player loads on first use (or 5 s after the plugin joins, as the spec does, later if
// a live room is opening then, never on a device that plays no full-screen animation: preload.ts).
import { definePlugin, provide } from '../../kernel/plugin.ts'
import type { Kernel } from '../../kernel/types.ts'
import { giftRef } from './api.ts'
import { GiftLayer } from './GiftLayer.tsx'
import { loadPlayer, releaseRoomPlayers } from './player.ts'
import { preloadPlayer } from './preload.ts'
import { liveRef } from '../live/api.ts'
import { giftServiceRef } from './refs.ts'
import { BOXES_ID, createGiftService, PANEL_ID, type GiftDeps, type GiftService } from './state.ts'

export function createGiftPlugin(deps: GiftDeps & { preload?: boolean } = {}) {
  const services = new WeakMap<Kernel, GiftService>()
  const serviceOf = (kernel: Kernel) => {
    let s = services.get(kernel)
    if (!s) services.set(kernel, (s = createGiftService(kernel, deps)))
    return s
  }
  return definePlugin({
    id: 'gift',
    overlays: [
      { id: PANEL_ID, tier: 'sheet', component: () => import('./GiftPanel.tsx') },
      { id: BOXES_ID, tier: 'modal', component: () => import('./LuckyBoxes.tsx') },
    ],
    services: [provide(giftServiceRef, serviceOf), provide(giftRef, (k) => ({ openPanel: (o) => serviceOf(k).openPanel(o), play: (g) => serviceOf(k).play(g), send: (id, n, o) => serviceOf(k).sendById(id, n, o) }))],
    strings: { en: () => import('../../locales/en/gift.json'), ar: () => import('../../locales/ar/gift.json') },
    widgets: [GiftLayer],
    setup(kernel) {
      const load = () => void loadPlayer().catch(() => undefined)
      const plays = () => serviceOf(kernel).queue.playsFullScreen()
      const stopPreload = deps.preload === false ? () => {} : preloadPlayer(kernel.get(liveRef)?.current, load, plays)
      // the SVGA and MP4 players live as long as the room they play in: leaving it, or moving to the
      // next host's room, lets them go (an app without rooms keeps them to the end)
      let roomHost: number | undefined
      const stopWatching = kernel.get(liveRef)?.current.subscribe((room) => {
        if (room?.hostId !== roomHost) releaseRoomPlayers()
        roomHost = room?.hostId
      })
      return () => {
        stopPreload()
        stopWatching?.()
        releaseRoomPlayers()
        services.get(kernel)?.dispose()
      }
    },
  })
}

const gift = createGiftPlugin()
export default gift
