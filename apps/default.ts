// The default app: every tab, the match (home) tab included.
import { defineApp } from '../kernel/plugin.ts'
import shell from '../plugins/shell/index.ts'
import home from '../plugins/home/index.ts'
import wall from '../plugins/wall/index.ts'
import moments from '../plugins/moments/index.ts'
import message from '../plugins/message/index.ts'
import user from '../plugins/user/index.ts'
import calls from '../plugins/calls/index.ts'
import recharge from '../plugins/recharge/index.ts'
import usdt from '../plugins/usdt/index.ts'
import vip from '../plugins/vip/index.ts'
import offers from '../plugins/offers/index.ts'
import { defaultTabs, wellKnownPaths } from './tabs.ts'

export const DEFAULT_APP_ID = 'callwall'

export default defineApp({
  appId: DEFAULT_APP_ID,
  name: 'CallWall',
  plugins: [shell, home, wall, moments, message, user, calls, recharge, usdt, vip, offers],
  settings: {
    tabs: defaultTabs,
    mainPath: '/wall',
    wellKnownPaths,
  },
})
