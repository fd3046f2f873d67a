// Games (ENG-07) and free coins (ENG-10): the game centre and its rank and rules, the game list
// popup, the /game page and half-screen games in a sandboxed frame that drive the recharge sheet,
// and the free-coin tasks at /free. A late plugin: nothing of it is on the first screen; every page
// and popup is a lazy chunk.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { gameRef, GameOverlay, GamePage } from './api.ts'
import { createGameService, gameServiceRef, type GameDeps } from './state.ts'
import { gamePopupRef } from '../message/api.ts'

export function createGamePlugin(deps: GameDeps = {}) {
  return definePlugin({
    id: 'game',
    requires: ['shell'],
    routes: [
      { path: GamePage.play, page: () => import('./GamePage.tsx'), auth: true },
      { path: GamePage.centre, page: () => import('./GameCenterPage.tsx'), auth: true },
      { path: GamePage.rank, page: () => import('./GameRankPage.tsx'), auth: true },
      { path: GamePage.rule, page: () => import('./GameRulePage.tsx') },
      { path: GamePage.free, page: () => import('./FreePage.tsx'), auth: true },
      { path: '/free/email', page: () => import('./FreeCodePage.tsx'), auth: true },
      { path: '/free/phone', page: () => import('./FreeCodePage.tsx'), auth: true },
      { path: '/free/review', page: () => import('./FreeReviewPage.tsx'), auth: true },
      { path: '/free/loading', page: () => import('./FreeLoadingPage.tsx'), auth: true },
      { path: '/free/result', page: () => import('./FreeResultPage.tsx'), auth: true },
    ],
    overlays: [
      { id: GameOverlay.list, tier: 'sheet', component: () => import('./GameListPopup.tsx') },
      // a float: the room under a half-screen game stays in sight (its mask comes after 2 s)
      { id: GameOverlay.half, tier: 'float', component: () => import('./HalfGame.tsx'), dismissable: false },
    ],
    services: [
      provide(gameServiceRef, (kernel) => createGameService(kernel, deps)),
      provide(gameRef, (kernel) => ({
        openList: () => void kernel.overlays.open(GameOverlay.list),
        openHalf: (game) => void kernel.overlays.open(GameOverlay.half, { game }),
      })),
      // customer service opened from the game list reopens the list on its way back (IM-06)
      provide(gamePopupRef, (kernel) => ({ open: () => void kernel.overlays.open(GameOverlay.list) })),
    ],
    strings: { en: () => import('../../locales/en/game.json'), ar: () => import('../../locales/ar/game.json') },
  })
}

const game = createGamePlugin()
export default game
