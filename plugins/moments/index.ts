// Moments: the hosts' feed tab, on '/moments' and its white-label twin '/white-moments'.
import { definePlugin } from '../../kernel/plugin.ts'
import { MOMENTS_PATHS } from './api.ts'

const moments = definePlugin({
  id: 'moments',
  routes: [{ path: MOMENTS_PATHS, page: () => import('./MomentsPage.tsx'), tab: 'moments' }],
  strings: { en: () => import('../../locales/en/moments.json'), ar: () => import('../../locales/ar/moments.json') },
})
export default moments
