// The white-label app (SHELL-08): no home/match plugin, tabs on the /white-* paths, main path
// /white-wall. The plugins every app has, and no more.
import { defineApp } from '../kernel/plugin.ts'
import { plugins } from './plugins.ts'
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
  plugins,
  settings: {
    tabs: whiteTabs,
    mainPath: '/white-wall',
    wellKnownPaths,
  },
})
