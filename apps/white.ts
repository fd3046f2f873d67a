// The white-label app (SHELL-08): no home/match plugin, tabs on the /white-* paths, main path /white-wall.
import { defineApp } from '../kernel/plugin.ts'
import shell from '../plugins/shell/index.ts'
import wall from '../plugins/wall/index.ts'
import moments from '../plugins/moments/index.ts'
import message from '../plugins/message/index.ts'
import user from '../plugins/user/index.ts'
import calls from '../plugins/calls/index.ts'
import recharge from '../plugins/recharge/index.ts'
import usdt from '../plugins/usdt/index.ts'
import vip from '../plugins/vip/index.ts'
import offers from '../plugins/offers/index.ts'
import { whiteTabs, wellKnownPaths } from './tabs.ts'

export const WHITE_APP_ID = 'callwall-white'

export default defineApp({
  appId: WHITE_APP_ID,
  name: 'CallWall Lite',
  plugins: [shell, wall, moments, message, user, calls, recharge, usdt, vip, offers],
  settings: {
    tabs: whiteTabs,
    mainPath: '/white-wall',
    wellKnownPaths,
  },
})
