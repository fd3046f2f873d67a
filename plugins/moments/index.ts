// Moments: the hosts' feed tab, on '/moments' and the path the app manifest gives the tab.
import { definePlugin } from '../../kernel/plugin.ts'

const moments = definePlugin({
  id: 'moments',
  routes: [{ path: '/moments', page: () => import('./MomentsPage.tsx'), tab: 'moments' }],
  strings: { en: () => import('../../locales/en/moments.json'), ar: () => import('../../locales/ar/moments.json') },
})
export default moments
