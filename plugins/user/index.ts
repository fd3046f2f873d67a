// User: the own profile tab at '/user' (login needed).
import { definePlugin } from '../../kernel/plugin.ts'
import { USER_PATH } from './api.ts'

const user = definePlugin({
  id: 'user',
  routes: [{ path: USER_PATH, page: () => import('./UserPage.tsx'), auth: true, tab: 'user' }],
  strings: { en: () => import('../../locales/en/user.json'), ar: () => import('../../locales/ar/user.json') },
})
export default user
