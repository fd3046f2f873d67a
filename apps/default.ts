// The default app: every tab, the match (home) tab included. The frame (shell) and the main page
// (wall) load with the first screen; every other plugin joins right after it, or at once when the
// app opens on one of its pages.
import { defineApp, later } from '../kernel/plugin.ts'
import shell from '../plugins/shell/index.ts'
import wall from '../plugins/wall/index.ts'
import { defaultTabs, wellKnownPaths } from './tabs.ts'

export const DEFAULT_APP_ID = 'callwall'

export default defineApp({
  appId: DEFAULT_APP_ID,
  name: 'CallWall',
  plugins: [
    shell,
    later('home', () => import('../plugins/home/index.ts')),
    wall,
    later('moments', () => import('../plugins/moments/index.ts')),
    later('message', () => import('../plugins/message/index.ts')),
    later('user', () => import('../plugins/user/index.ts')),
    later('calls', () => import('../plugins/calls/index.ts')),
    later('recharge', () => import('../plugins/recharge/index.ts')),
    later('usdt', () => import('../plugins/usdt/index.ts')),
    later('vip', () => import('../plugins/vip/index.ts')),
    later('offers', () => import('../plugins/offers/index.ts')),
    later('engage', () => import('../plugins/engage/index.ts')),
    later('live', () => import('../plugins/live/index.ts')),
  ],
  settings: {
    tabs: defaultTabs,
    mainPath: '/wall',
    wellKnownPaths,
  },
})
