// The wall: the grid of hosts behind tabs (ENG-01), their statuses kept live by pushes (NET-08).
import { definePlugin, provide, routePaths } from '../../kernel/plugin.ts'
import type { Kernel, RouteDef } from '../../kernel/types.ts'
import { hostsRef } from './api.ts'
import { wallPush } from './push.ts'
import { createWallState, wallStateRef, type WallOptions } from './state.ts'
// the main page's look belongs to the first paint (the build puts it in the first stylesheet)
import css from './wall.css'
import icons from './icons.svg'

// on '/wall', and on the path the app manifest gives the wall tab (the white-label app's /white-wall)
const route: RouteDef = { path: '/wall', page: () => import('./WallPage.tsx'), tab: 'wall', first: true }

/** The wall plugin; options let tests (or a webview without localStorage) pass storage and timers. */
export function createWallPlugin(opts: WallOptions = {}) {
  // one state per kernel, dropped with it
  const states = new WeakMap<Kernel, ReturnType<typeof createWallState>>()
  const stateOf = (kernel: Kernel) => {
    let s = states.get(kernel)
    if (!s) states.set(kernel, (s = createWallState(kernel, opts)))
    return s
  }
  return definePlugin({
    id: 'wall',
    routes: [route],
    push: wallPush,
    styles: [css],
    sprites: [icons],
    services: [provide(wallStateRef, stateOf), provide(hostsRef, (k) => stateOf(k).service)],
    strings: { en: () => import('../../locales/en/wall.json'), ar: () => import('../../locales/ar/wall.json') },
    // the lock and game panels' and pull to refresh's words: they load after the first screen
    moreStrings: { en: () => import('../../locales/en/wall-more.json'), ar: () => import('../../locales/ar/wall-more.json') },
    setup(kernel) {
      // starting on the wall: its tags and first hosts are asked while its page's code loads, not after it
      if (routePaths(route, kernel.app.settings.tabs).includes(kernel.router.path.peek())) void stateOf(kernel).loadFirstScreen(kernel.router.search.peek())
      return () => states.get(kernel)?.dispose()
    },
  })
}

const wall = createWallPlugin()
export default wall
