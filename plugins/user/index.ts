// User: the own profile tab at '/user' (login needed).
import { definePlugin } from '../../kernel/plugin.ts'
import en from '../../locales/en/user.json'
import ar from '../../locales/ar/user.json'
import { USER_PATH } from './api.ts'

export const user = definePlugin({
  id: 'user',
  routes: [{ path: USER_PATH, page: () => import('./UserPage.tsx'), auth: true, tab: 'user' }],
  strings: { en, ar },
})
export default user
