// The white-label app (SHELL-08): no home/match plugin, tabs on the /white-* paths, main path
// /white-wall. As in the default app, the frame and the main page load with the first screen.
import { defineApp, later } from '../kernel/plugin.ts'
import shell from '../plugins/shell/index.ts'
import wall from '../plugins/wall/index.ts'
import type { TabSetting } from '../kernel/types.ts'
import { wellKnownPaths } from './tabs.ts'

export const WHITE_APP_ID = 'callwall-white'

/** The home (match) tab is dropped and three tabs use their white paths. */
export const whiteTabs: TabSetting[] = [
  { id: 'wall', path: '/white-wall', icon: 'wall', label: 'shell.tabs.wall' },
  { id: 'moments', path: '/white-moments', icon: 'moments', label: 'shell.tabs.moments' },
  { id: 'message', path: '/white-message', icon: 'message', label: 'shell.tabs.message' },
  { id: 'user', path: '/user', icon: 'user', label: 'shell.tabs.user' },
]

export default defineApp({
  appId: WHITE_APP_ID,
  name: 'CallWall Lite',
  plugins: [
    shell,
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
    tabs: whiteTabs,
    mainPath: '/white-wall',
    wellKnownPaths,
  },
})
