// Main tab helpers: which tab a path belongs to and whether a path needs login.
import { routePaths } from '../../kernel/plugin.ts'
import type { Kernel, TabSetting } from '../../kernel/types.ts'

/** The main tab whose path is exactly `path`; the bars show on these paths only (SHELL-05). */
export function tabAt(kernel: Kernel, path: string): TabSetting | undefined {
  return kernel.app.settings.tabs.find((t) => t.path === path)
}

/** Does the route declared for `path` need login (RouteDef.auth)? */
export function needsLogin(kernel: Kernel, path: string): boolean {
  for (const p of kernel.plugins) {
    for (const r of p.routes ?? []) {
      if (routePaths(r, kernel.app.settings.tabs).includes(path)) return !!r.auth
    }
  }
  return false
}

/** Is a path one of the app's well-known deep links (exact, or below it: /getcoin/diamond-records)? */
export function isWellKnown(paths: readonly string[], path: string): boolean {
  return paths.some((p) => path === p || (p !== '/' && path.startsWith(p.endsWith('/') ? p : p + '/')))
}
