// Moments: the hosts' feed tab, on '/moments' and the path the app manifest gives the tab, and a
// post's detail with its comments (ENG-08).
import { definePlugin } from '../../kernel/plugin.ts'
import { MOMENTS_DETAIL_PATH } from './paths.ts'

const moments = definePlugin({
  id: 'moments',
  routes: [
    { path: '/moments', page: () => import('./MomentsPage.tsx'), tab: 'moments' },
    { path: [MOMENTS_DETAIL_PATH, `${MOMENTS_DETAIL_PATH}/`], page: () => import('./DetailPage.tsx'), auth: true },
  ],
  strings: { en: () => import('../../locales/en/moments.json'), ar: () => import('../../locales/ar/moments.json') },
})
export default moments
