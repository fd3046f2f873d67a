// Home: the match scene landing at '/' (default app only; the white-label app drops it, SHELL-08).
import { definePlugin } from '../../kernel/plugin.ts'

const home = definePlugin({
  id: 'home',
  routes: [{ path: '/', page: () => import('./HomePage.tsx'), tab: 'home' }],
  strings: { en: () => import('../../locales/en/home.json'), ar: () => import('../../locales/ar/home.json') },
})
export default home
