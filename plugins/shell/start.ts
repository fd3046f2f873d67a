// What the shell does once every plugin is registered: where the app starts (SHELL-02, SHELL-09),
// who opens the login popup, and the user refresh that follows the token.
import { effect, untracked } from '@preact/signals-react'
import type { Disposer, Kernel } from '../../kernel/types.ts'
import type { UrlTokenResult } from '../../kernel/session.ts'
import { shellRef } from './api.ts'
import { needsForcePay } from './base-config.ts'
import { isWellKnown } from './tabs.ts'
import { afterFirstScreen } from '../../kernel/first-screen.ts'

const LANDING_PATH = '/landingPage'
/** the landing page's query parameter naming where to go after it */
export const LANDING_TO = 'to'

export function startShell(kernel: Kernel): Disposer {
  const shell = kernel.need(shellRef)
  const { router, session, app } = kernel
  const stop: Disposer[] = []

  // The kernel took ?token= / from=anchor out of the URL at creation and tells what it did.
  const entry = (kernel as Kernel & { entry?: UrlTokenResult }).entry
  const path = router.path.peek()
  // SHELL-11: a forced first payment still due sends the user from a main tab to /forcePay, whether
  // the app started on the landing page (which does it) or on a deep link (done here); pay pages stay
  const forcePayIfDue = (config: Parameters<typeof needsForcePay>[0]) => {
    const here = router.path.peek()
    if (needsForcePay(config) && app.settings.tabs.some((tab) => tab.path === here)) router.navigate('/forcePay', { replace: true })
  }
  if (entry?.action === 'logout') {
    // from=anchor: a host opened the page; the token is gone, start over on the main path
    router.navigate(app.settings.mainPath, { replace: true })
    void shell.loadBaseConfig().catch(() => undefined)
  } else if (!isWellKnown(app.settings.wellKnownPaths, path)) {
    // the root (and any path that is not a deep link) starts on the landing page, which loads the base
    // config and then opens the path the user asked for (a reload of /moments stays on /moments)
    const query = router.search.peek().toString()
    router.navigate(path === '/' ? LANDING_PATH : `${LANDING_PATH}?${LANDING_TO}=${encodeURIComponent(path + (query && '?' + query))}`, { replace: true })
  } else if (path !== LANDING_PATH) {
    // a deep link opens where it points; the base config still loads behind it
    void shell.loadBaseConfig().then(forcePayIfDue, () => undefined)
  }

  // a guest tapped something that needs login (tab bar, protected route, any plugin)
  stop.push(kernel.events.on('login-required', (e) => void shell.openLogin({ to: e.to })))

  // logged in (from storage, the URL or the login form): who am I, and the tab badges
  const firstScreen = afterFirstScreen(kernel)
  stop.push(
    effect(() => {
      const token = session.token.value
      untracked(() => {
        if (token) void shell.refreshUser().catch(() => undefined)
        // the tab badges are decoration: their code and requests wait for the first screen
        void firstScreen.then(() => shell.badges.refresh())
      })
    }),
  )

  return () => stop.splice(0).forEach((d) => d())
}
