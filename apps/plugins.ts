// The plugins every app has (an app adds its own: the default app, home). The frame (shell) and the main page (wall) load with the first
// screen; every other plugin joins right after it, or at once when the app opens on one of its pages.
import { later } from '../kernel/plugin.ts'
import type { PluginEntry } from '../kernel/types.ts'
import shell from '../plugins/shell/index.ts'
import wall from '../plugins/wall/index.ts'

export const plugins: PluginEntry[] = [
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
  later('game', () => import('../plugins/game/index.ts')),
  later('social', () => import('../plugins/social/index.ts')),
  later('rank', () => import('../plugins/rank/index.ts')),
  later('gift', () => import('../plugins/gift/index.ts')),
  later('wheel', () => import('../plugins/wheel/index.ts')),
  later('wish', () => import('../plugins/wish/index.ts')),
  later('intimacy', () => import('../plugins/intimacy/index.ts')),
]

