// Rankings, the weekly task and the user card (LIVE-11, 12, 13): popups over the live room,
// opened by id (api.ts RankOverlay) with kernel.overlays.open. A late plugin: its code loads
// when the live room first opens one of them.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import { RankOverlay } from './api.ts'
import { rankTimersRef } from './refs.ts'

export const createRankPlugin = (deps: { timers?: Timers } = {}) =>
  definePlugin({
    id: 'rank',
    services: [provide(rankTimersRef, () => deps.timers ?? realTimers)],
    overlays: [
      { id: RankOverlay.viewers, tier: 'sheet', component: () => import('./ViewerRank.tsx') },
      { id: RankOverlay.host, tier: 'sheet', component: () => import('./HostRank.tsx') },
      { id: RankOverlay.task, tier: 'sheet', component: () => import('./WeeklyTask.tsx') },
      { id: RankOverlay.card, tier: 'sheet', component: () => import('./UserCard.tsx') },
    ],
    strings: { en: () => import('../../locales/en/rank.json'), ar: () => import('../../locales/ar/rank.json') },
  })

export default createRankPlugin()
