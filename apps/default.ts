// The default app: every tab, the match (home) tab included.
import { defineApp, later } from '../kernel/plugin.ts'
import { plugins } from './plugins.ts'
import { defaultTabs, wellKnownPaths } from './tabs.ts'

export const DEFAULT_APP_ID = 'callwall'

export default defineApp({
  appId: DEFAULT_APP_ID,
  name: 'CallWall',
  plugins: [...plugins, later('home', () => import('../plugins/home/index.ts'))],
  settings: {
    tabs: defaultTabs,
    mainPath: '/wall',
    wellKnownPaths,
  },
})
