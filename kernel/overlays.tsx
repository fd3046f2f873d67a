// Overlays: everything that shows over the routed page (sheets, centre popups, full-screen call and
// live screens, toasts), and the popup queue (SHELL-17).
//
// Nothing shows over the first screen, so only a facade and a placeholder host are in the first
// bundle: the engine (overlay-engine.ts: what is open, the queue, toasts) and the host that draws
// them (overlay-host.tsx, with its style and the kernel's own dialogs) load when something first
// shows, or in the background after the first screen (preloadOverlayHost).
import { useEffect, useState, type ComponentType } from 'react'
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel } from './hooks.ts'
import { once } from './once.ts'
import { reloadSoon } from './errors.ts'
import { Tier, type OverlayContext, type OverlayDef } from './types.ts'
import type { OverlayEngine } from './overlay-engine.ts'
import { Button } from './ui/Button.tsx'
import { useText } from './ui/text.ts'

export type ToastType = 'info' | 'warning' | 'success'
export interface ToastOptions {
  type?: ToastType
  position?: 'top' | 'center'
  /** ms, default 2000 */
  duration?: number
}

export interface ConfirmOptions {
  title?: string
  message: string
  ok?: string
  cancel?: string | null
}

export interface OpenOverlay {
  key: number
  id: string
  props: unknown
}

export interface ToastItem {
  key: number
  text: string
  type: ToastType
  position: 'top' | 'center'
}

export interface Overlays {
  /** open now (over whatever shows); resolves with what the overlay passes to close() */
  open<R = unknown>(id: string, props?: unknown): Promise<R | undefined>
  /** queue a popup (SHELL-17): shows when no other queued popup shows, lowest priority number first among those whose `when` holds */
  enqueue(id: string, props?: unknown): void
  close(id: string): void
  isOpen(id: string): boolean
  toast(text: string, opts?: ToastOptions): void
  /** centre confirmation popup (SHELL-18), buttons debounced 1 s; resolves true on OK */
  confirm(opts: ConfirmOptions): Promise<boolean>
  /** what renders now, for the host component */
  stack: ReadonlySignal<OpenOverlay[]>
  /** toasts showing now */
  toasts: ReadonlySignal<ToastItem[]>
  /** the definition behind an overlay id */
  def(id: string): OverlayDef | undefined
  /** close the overlay with this key (what an overlay's own close() calls) */
  closeKey(key: number, result?: unknown): void
  /** the update dialog was asked for but the overlay code cannot load (SHELL-03's last resort) */
  stale: Signal<boolean>
  /** load the overlay code now (the app does after the first screen; tests before they render) */
  load(): Promise<void>
}

/** Ids of the overlays the kernel itself brings. */
export const CONFIRM_DIALOG = 'kernel.confirm'
export const UPDATE_DIALOG = 'kernel.update'

export const DEFAULT_TOAST_MS = 2000

export interface OverlaysOptions {
  defs: readonly OverlayDef[]
  context: ReadonlySignal<OverlayContext>
  /** an id nobody defines yet may still come (a late plugin): a promise of its arrival, or null */
  missing?: () => Promise<void> | null
  /** how the engine's code arrives (tests hold it back or fail it) */
  engine?: () => Promise<typeof import('./overlay-engine.ts')>
  /** SHELL-17 at launch: queued popups arriving within `gatherMs` of the first are ranked by priority
   *  before one shows, and at most `max` queued popups show in this visit (the rest wait for a later one) */
  launch?: { gatherMs: number; max: number }
}

export type KernelOverlays = Overlays & {
  dispose(): void
  define(defs: readonly OverlayDef[]): void
}

interface Early {
  id: string | null
  run(engine: OverlayEngine): void
  drop(): void
}

/**
 * kernel.overlays: the definitions at hand (a duplicate id still fails at once), the engine
 * (overlay-engine.ts) loaded after the first screen or with the first call. Calls made before it
 * arrives are replayed on it in order, and count as open for isOpen().
 */
export function createOverlays(opts: OverlaysOptions): KernelOverlays {
  const engine = signal<OverlayEngine | null>(null)
  const defs = new Map<string, OverlayDef>()
  const define = (list: readonly OverlayDef[]) => {
    for (const d of list) {
      if (defs.has(d.id)) throw new Error(`overlay "${d.id}" is defined twice`)
      defs.set(d.id, d)
    }
    engine.peek()?.define(list)
  }
  define([...builtIns, ...opts.defs])
  const stale = signal(false)
  let early: Early[] = []
  let disposed = false
  const load = once(() =>
    (opts.engine ?? (() => import('./overlay-engine.ts')))().then(
      (m) => {
        if (disposed) return
        const e = m.createOverlayEngine({ ...opts, defs: [...defs.values()] })
        engine.value = e
        for (const c of early.splice(0)) {
          try {
            c.run(e)
          } catch (err) {
            console.error(`[app] overlay "${c.id}" failed`, err)
          }
        }
      },
      (err) => {
        // SHELL-03 when the overlay code itself cannot load (a deploy removed it): the host draws
        // the update prompt from what the first bundle has
        if (early.some((c) => c.id === UPDATE_DIALOG)) stale.value = true
        for (const c of early.splice(0)) c.drop()
        throw err
      },
    ),
  )
  const run = (id: string | null, fn: (e: OverlayEngine) => void, drop = () => {}) => {
    const e = engine.peek()
    if (e) return fn(e)
    // an id no plugin defines, nor a late one may bring, fails now, naming it
    if (id !== null && !defs.has(id) && !opts.missing?.()) throw new Error(`no overlay "${id}": no plugin of this build defines it`)
    early.push({ id, run: fn, drop })
    load().catch((err) => console.error('[app] overlays failed to load', err))
  }

  return {
    stack: computed(() => engine.value?.stack.value ?? []),
    toasts: computed(() => engine.value?.toasts.value ?? []),
    stale,
    define,
    load,
    def: (id) => defs.get(id),
    closeKey: (key, result) => engine.peek()?.closeKey(key, result),
    open<R>(id: string, props?: unknown) {
      const e = engine.peek()
      if (e) return e.open<R>(id, props)
      return new Promise<R | undefined>((resolve, reject) => run(id, (e) => e.open<R>(id, props).then(resolve, reject), () => resolve(undefined)))
    },
    enqueue: (id, props) => run(id, (e) => e.enqueue(id, props)),
    close(id) {
      const e = engine.peek()
      if (e) return e.close(id)
      for (const c of early) if (c.id === id) c.drop()
      early = early.filter((c) => c.id !== id)
    },
    isOpen: (id) => engine.peek()?.isOpen(id) ?? early.some((c) => c.id === id),
    toast: (text, o) => run(null, (e) => e.toast(text, o)),
    confirm(o) {
      return this.open<boolean>(CONFIRM_DIALOG, o).then((r) => r === true)
    },
    dispose() {
      disposed = true
      engine.peek()?.dispose()
      for (const c of early.splice(0)) c.drop()
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Host

let Layers: ComponentType | null = null
const loadLayers = once(() => import('./overlay-host.tsx').then((m) => (Layers = m.OverlayLayers)))

/** Load the host (layers, toasts, the kernel's dialogs), and the engine when given; the app calls it after the first screen. */
export function preloadOverlayHost(overlays?: Overlays): Promise<unknown> {
  return overlays ? Promise.all([loadLayers(), overlays.load()]) : loadLayers()
}

/** Renders the open overlays and toasts; mount once inside <KernelApp>. Nothing to draw: nothing loaded. */
export function OverlayHost() {
  useSignals()
  const { overlays } = useKernel()
  const busy = overlays.stack.value.length > 0 || overlays.toasts.value.length > 0
  const [, loaded] = useState(0)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!busy || Layers) return
    preloadOverlayHost().then(
      () => loaded((n) => n + 1),
      (err) => {
        console.error('[app] the overlay host failed to load', err)
        setFailed(true)
      },
    )
  }, [busy])
  if (overlays.stale.value) return <StaleUpdatePrompt close={() => void (overlays.stale.value = false)} />
  if (Layers) return <Layers />
  const update = failed ? overlays.stack.value.find((o) => o.id === UPDATE_DIALOG) : undefined
  return update ? <StaleUpdatePrompt close={() => overlays.closeKey(update.key)} /> : null
}

/**
 * SHELL-03 when the overlay code cannot load (a deploy removed it, the very case the update dialog
 * is for): the same prompt, drawn with what the first bundle has.
 */
function StaleUpdatePrompt({ close }: { close: () => void }) {
  const text = useText()
  // the markup of ui/Dialog (whose code is the host's), with the first stylesheet's classes
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="k-stale-title" style={{ position: 'fixed', inset: 0, zIndex: 1000 + Tier.system, display: 'grid', placeItems: 'center', padding: 24, background: 'rgba(0,0,0,.6)' }}>
      <div className="k-dialog" data-testid="update-dialog">
        <h2 className="k-dialog__title" id="k-stale-title">
          {text('kernel.newVersion')}
        </h2>
        <div className="k-dialog__actions">
          <Button variant="secondary" testId="update-later" onClick={close}>
            {text('kernel.later')}
          </Button>
          <Button testId="update-now" onClick={() => reloadSoon(500)}>
            {text('kernel.update')}
          </Button>
        </div>
      </div>
    </div>
  )
}

// The kernel's own overlays live with the host, which draws them without a second load.
const builtIns: OverlayDef[] = [
  { id: CONFIRM_DIALOG, tier: 'system', component: () => import('./overlay-host.tsx').then((m) => ({ default: m.ConfirmDialog })) },
  { id: UPDATE_DIALOG, tier: 'system', component: () => import('./overlay-host.tsx').then((m) => ({ default: m.UpdateDialog })) },
]
