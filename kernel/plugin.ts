// The few helpers a plugin or an app manifest is written with. They add no behaviour of
// their own: a plugin is a plain object and the app's plugin list is plain data, so a
// white-label build or a test picks any set (Sentry's integrations, Backstage's refs).
import type { AppManifest, Kernel, LatePlugin, Plugin, PluginEntry, RouteDef, ServiceProvider, ServiceRef, TabSetting } from './types.ts'

/** Identity with type checking; `cond && definePlugin(...)` in a manifest is dropped when false. */
export function definePlugin<P extends Plugin>(plugin: P): P {
  return plugin
}

/** A typed handle on a service. Two refs with the same id are the same service. */
export function ref<T>(id: string): ServiceRef<T> {
  if (!id) throw new Error('a service ref needs an id')
  return Object.freeze({ id, toString: () => `ref(${id})` }) as ServiceRef<T>
}

/** What a plugin lists under `services`: the service behind ref, created on first use. */
export function provide<T>(ref: ServiceRef<T>, create: (kernel: Kernel) => T): ServiceProvider<T> {
  return { ref, create }
}

/** A plugin the manifest loads after the first screen: `later('calls', () => import('../plugins/calls/index.ts'))`. */
export function later(id: string, load: LatePlugin['load']): LatePlugin {
  return { id, load }
}

/** Is this manifest entry a late plugin (not loaded yet)? */
export const isLate = (p: PluginEntry): p is LatePlugin => !!p && typeof (p as Partial<LatePlugin>).load === 'function'

/** Identity with type checking for apps/<id>.ts. */
export function defineApp(manifest: AppManifest): AppManifest {
  return manifest
}

/** The id of the main tab whose path is `path` (the app manifest's tabs), if any. */
export const tabAt = (app: AppManifest, path: string): string | undefined => app.settings.tabs.find((t) => t.path === path)?.id

/** A route's paths: its own and, for a main tab's route, the path the app manifest gives that tab
 *  (the white-label app's /white-wall), so no plugin writes another app's paths. */
export function routePaths(route: Pick<RouteDef, 'path' | 'tab'>, tabs: readonly TabSetting[]): string[] {
  const own = [route.path].flat()
  const tabPath = route.tab && tabs.find((t) => t.id === route.tab)?.path
  return tabPath && !own.includes(tabPath) ? [...own, tabPath] : own
}
