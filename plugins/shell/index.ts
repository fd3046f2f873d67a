// The shell: the page frame (header, tab bar), the landing page and the base config, login,
// the force-pay page, the balance push and backend links. The only file an app manifest imports.
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { shellRef } from './api.ts'
import { createShell, shellServiceRef, type ShellOptions } from './service.ts'
import { push } from './push.ts'
import { Frame } from './Frame.tsx'
import { startShell } from './start.ts'
// the frame's icons, drawn from the first paint (the build writes them into index.html)
import icons from './icons.svg'

type SpecPageName = 'AgreementPage' | 'H5LinkPage' | 'RedirectPage' | 'MandatoryCommentsPage' | 'ActivityRulePage' | 'ActivityTemplatePage'
const specPage = (name: SpecPageName) => import('./SpecPages.tsx').then((m) => ({ default: m[name] }))

export function createShellPlugin(opts: ShellOptions = {}) {
  return definePlugin({
    id: 'shell',
    routes: [
      { path: '/landingPage', page: () => import('./LandingPage.tsx') },
      { path: '/forcePay', page: () => import('./ForcePayPage.tsx') },
      // the rest of the route table (d1 §2), small pages in one chunk
      { path: ['/agreement', '/agreement/'], page: () => specPage('AgreementPage') },
      { path: ['/h5link', '/h5link/'], page: () => specPage('H5LinkPage') },
      { path: ['/redirect', '/redirect/', '/profile', '/profile/'], page: () => specPage('RedirectPage') },
      { path: ['/mandatory-comments', '/mandatory-comments/'], page: () => specPage('MandatoryCommentsPage'), auth: true },
      { path: ['/activity/actRule', '/activity/actRule/'], page: () => specPage('ActivityRulePage') },
      { path: ['/activity/template1', '/activity/template1/'], page: () => specPage('ActivityTemplatePage') },
    ],
    overlays: [
      { id: 'login-popup', tier: 'modal', component: () => import('./LoginPopup.tsx') },
      { id: 'login-sheet', tier: 'sheet', component: () => import('./LoginSheet.tsx') },
    ],
    push,
    services: [provide(shellServiceRef, (kernel) => createShell(kernel, opts)), provide(shellRef, (kernel) => kernel.need(shellServiceRef))],
    strings: { en: () => import('../../locales/en/shell.json'), ar: () => import('../../locales/ar/shell.json') },
    // the login forms' and the force-pay page's
    moreStrings: { en: () => import('../../locales/en/shell-more.json'), ar: () => import('../../locales/ar/shell-more.json') },
    frame: Frame,
    sprites: [icons],
    setup: startShell,
  })
}

const shell = createShellPlugin()
export default shell
