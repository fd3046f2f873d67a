// Home: the match scene landing at '/' (default app only; the white-label app drops it, SHELL-08).
import { definePlugin } from '../../kernel/plugin.ts'
import en from '../../locales/en/home.json'
import ar from '../../locales/ar/home.json'

export const home = definePlugin({
  id: 'home',
  routes: [{ path: '/', page: () => import('./HomePage.tsx'), tab: 'home' }],
  strings: { en, ar },
})
export default home
