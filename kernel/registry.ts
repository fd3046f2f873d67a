// From the app manifest's plugin list to one checked, ordered registry.
//
// Everything here fails fast and names the culprit: a plugin set that cannot work
// should stop the build's first test, not show a blank page on a phone.
import { isLate, routePaths } from './plugin.ts'
import type { BusHandler, LatePlugin, OverlayDef, Plugin, PluginEntry, RouteDef, ServiceProvider, TabSetting } from './types.ts'

/** A plugin's push handlers as the bus keeps them: by name (each was typed by its push type). */
export const pushEntries = (p: Pick<Plugin, 'push'>) => Object.entries(p.push ?? {}) as Array<[string, BusHandler]>

export interface Registry {
  /** requirements first; otherwise in manifest order */
  plugins: Plugin[]
  /** the manifest's late plugins, in manifest order, not loaded yet */
  late: LatePlugin[]
  routes: Array<RouteDef & { plugin: string }>
  /** the manifest's tabs, whose paths their routes serve too (routePaths) */
  tabs: readonly TabSetting[]
  overlays: OverlayDef[]
  push: Array<{ pushType: string; handler: BusHandler; plugin: string }>
  /** by service ref id */
  services: Map<string, { provider: ServiceProvider; plugin: string }>
}

export function buildRegistry(entries: readonly PluginEntry[], tabs: readonly TabSetting[] = []): Registry {
  const { plugins, late } = orderPlugins(entries)
  const reg: Registry = { plugins, late, routes: [], overlays: [], push: [], services: new Map(), tabs }
  const overlayOwner = new Map<string, string>()
  const pathOwner = new Map<string, string>()
  let frameOwner = ''

  for (const p of plugins) {
    for (const route of p.routes ?? []) {
      for (const path of routePaths(route, tabs)) {
        const other = pathOwner.get(path)
        if (other) throw new Error(`route "${path}" is declared by both plugin "${other}" and plugin "${p.id}"`)
        pathOwner.set(path, p.id)
      }
      reg.routes.push({ ...route, plugin: p.id })
    }
    for (const o of p.overlays ?? []) {
      const other = overlayOwner.get(o.id)
      if (other) throw new Error(`overlay "${o.id}" is declared by both plugin "${other}" and plugin "${p.id}"`)
      overlayOwner.set(o.id, p.id)
      reg.overlays.push({ ...o, plugin: p.id })
    }
    for (const [pushType, handler] of pushEntries(p)) reg.push.push({ pushType, handler, plugin: p.id })
    for (const provider of p.services ?? []) {
      const other = reg.services.get(provider.ref.id)
      if (other) throw new Error(`service "${provider.ref.id}" is provided by both plugin "${other.plugin}" and plugin "${p.id}"`)
      reg.services.set(provider.ref.id, { provider, plugin: p.id })
    }
    if (p.frame) {
      if (frameOwner) throw new Error(`plugins "${frameOwner}" and "${p.id}" both bring a page frame; only one may`)
      frameOwner = p.id
    }
  }
  return reg
}

/**
 * Drop falsy entries, check ids and requirements, and put requirements first (stable otherwise).
 * Late plugins stay aside: they are checked again, with their definitions, once loaded.
 */
export function orderPlugins(entries: readonly PluginEntry[]): { plugins: Plugin[]; late: LatePlugin[] } {
  const all = entries.filter((p): p is Plugin | LatePlugin => !!p)
  const seen = new Set<string>()
  for (const p of all) {
    if (!p.id || typeof p.id !== 'string') throw new Error(`a plugin has no id (keys: ${Object.keys(p).join(', ')})`)
    if (seen.has(p.id)) throw new Error(`plugin "${p.id}" is listed twice`)
    if (p.id === 'kernel') throw new Error('plugin id "kernel" is reserved for the kernel\'s own strings')
    seen.add(p.id)
  }
  const late = all.filter(isLate)
  const list = all.filter((p): p is Plugin => !isLate(p))
  const byId = new Map(list.map((p) => [p.id, p]))
  for (const p of list) {
    for (const need of p.requires ?? []) {
      if (late.some((l) => l.id === need)) throw new Error(`plugin "${p.id}" requires plugin "${need}", which the app loads later; load "${p.id}" later too`)
      if (!byId.has(need)) throw new Error(`plugin "${p.id}" requires plugin "${need}", which this app does not list`)
    }
  }

  // depth-first: each plugin's requirements are placed before it; `path` holds the current chain for cycle errors
  const done = new Set<string>()
  const path: string[] = []
  const out: Plugin[] = []
  const visit = (p: Plugin) => {
    if (done.has(p.id)) return
    const at = path.indexOf(p.id)
    if (at >= 0) throw new Error(`plugins require each other in a cycle: ${[...path.slice(at), p.id].join(' -> ')}`)
    path.push(p.id)
    for (const need of p.requires ?? []) visit(byId.get(need)!)
    path.pop()
    done.add(p.id)
    out.push(p)
  }
  list.forEach(visit)
  return { plugins: out, late }
}
