// How late plugins join a running kernel (they and this code load together, after the first
// screen): checked with the rest, then wired in the way createKernel wired the first ones.
import type { Signal } from '@preact/signals-react'
import { buildRegistry, pushEntries, type Registry } from './registry.ts'
import { injectStyle } from './style.ts'
import { injectSprite } from './ui/sprite.tsx'
import { preloadPage, serves } from './router.tsx'
import type { KernelI18n } from './i18n.ts'
import type { PushBus } from './push.ts'
import type { Disposer, Kernel, OverlayDef, Plugin } from './types.ts'

export interface JoinContext {
  registry: Registry
  /** make `registry` the kernel's, before any setup runs or anyone hears of the change */
  use(registry: Registry): void
  overlays: { define(defs: readonly OverlayDef[]): void }
  i18n: KernelI18n
  push: PushBus
  disposers: Disposer[]
  /** run a plugin's setup, keeping its disposer; throws what the setup threw */
  runSetup(p: Plugin): void
  pending: Signal<readonly string[]>
}

/** A late plugin as it arrives, before the others have. When it serves the address (a tap that came
 *  before the join, a deep link), its page and strings load now, beside the other plugins' code, and
 *  the join waits for them, so the router draws the page as it ends: no spinner, which React would
 *  keep for at least 300 ms, and no round trip of their own after every plugin. A page that fails
 *  to load here is the router's to load again. */
export async function arrived(kernel: Pick<Kernel, 'router' | 'app' | 'session'> & { i18n: KernelI18n }, mod: Plugin | { default: Plugin }): Promise<Plugin> {
  const p = 'default' in mod ? mod.default : mod
  const path = kernel.router.path.peek()
  const route = p.routes?.find((r) => serves(r, path, kernel.app.settings.tabs))
  if (route && (!route.auth || kernel.session.loggedIn.peek())) {
    kernel.i18n.include([p])
    await preloadPage(route.page, kernel.i18n.ready(undefined, [p.id], route.first)).catch(() => undefined)
  }
  return p
}

/** Throws naming the plugin when one does not fit (nothing changed then). Otherwise the kernel
 *  has every plugin, and the error names any whose setup failed (the others are set up). */
export function joinLate(k: JoinContext, loaded: Plugin[]): Error | null {
  k.registry.late.forEach((l, i) => {
    if (loaded[i]?.id !== l.id) throw new Error(`late plugin "${l.id}" loaded a plugin with the id "${loaded[i]?.id}"`)
  })
  const framed = loaded.find((p) => p.frame)
  if (framed) throw new Error(`plugin "${framed.id}" brings a page frame, so it cannot load later`)
  const next = buildRegistry([...k.registry.plugins, ...loaded], k.registry.tabs)
  const added = next.plugins.filter((p) => !k.registry.plugins.includes(p))
  k.use(next)
  k.overlays.define(next.overlays.filter((o) => added.some((p) => p.id === o.plugin)))
  k.i18n.include(added)
  for (const p of added) {
    for (const [pushType, handler] of pushEntries(p)) k.disposers.push(k.push.on(pushType, handler))
    p.styles?.forEach(injectStyle)
    p.sprites?.forEach(injectSprite)
  }
  const failed: string[] = []
  for (const p of added) {
    try {
      k.runSetup(p)
    } catch (err) {
      failed.push(`plugin "${p.id}" failed in setup: ${err instanceof Error ? err.message : String(err)}`)
      console.error(`[app] ${failed[failed.length - 1]}`, err)
    }
  }
  k.pending.value = []
  return failed.length ? new Error(failed.join('; ')) : null
}
