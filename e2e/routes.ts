// The default app's route table as the router serves it, for suites that visit every route.
import { register } from 'node:module'
import { isLate, routePaths } from '../kernel/plugin.ts'
import type { Plugin } from '../kernel/types.ts'

// the plugins' index files import their stylesheets and sprites as text, as the build does
register('../test/css-hooks.mjs', import.meta.url)

/** Every path the default app's plugins register (late ones loaded here). */
export async function registeredPaths(): Promise<string[]> {
  const app = (await import('../apps/default.ts')).default
  const plugins = await Promise.all(app.plugins.map(async (p) => (isLate(p) ? unwrap(await p.load()) : p)))
  const paths = plugins.flatMap((p) => (p ? (p.routes ?? []).flatMap((r) => routePaths(r, app.settings.tabs)) : []))
  return [...new Set(paths.map((p) => p.replace(/(.)\/$/, '$1')))]
}
const unwrap = (m: Plugin | { default: Plugin }): Plugin => ('default' in m ? m.default : m)

/** The root sends a user through the landing page (SHELL-02); /forcePay sends one who has paid onwards (SHELL-11). */
export const LEADS_ON = ['/', '/landingPage', '/forcePay']
