// What the first screen at a path needs before it paints: the plugins whose strings it shows (the
// frame's, the widgets', the page's) and the page. The entry loads them beside each
// other; the build asks the same of the main path, to list their chunks in index.html.
import { serves } from '../kernel/router.tsx'
import type { Plugin, RouteDef, TabSetting } from '../kernel/types.ts'

export function firstScreen(plugins: readonly Plugin[], path: string, loggedIn: boolean, tabs: readonly TabSetting[] = []): { plugins: Plugin[]; pages: RouteDef[] } {
  const here = (r: RouteDef) => serves(r, path, tabs)
  const first = plugins.filter((p) => p.frame || p.widgets?.length || p.routes?.some(here))
  return { plugins: first, pages: first.flatMap((p) => p.routes?.filter((r) => here(r) && (loggedIn || !r.auth)) ?? []) }
}
