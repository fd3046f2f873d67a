// Overlays: everything that shows over the routed page (sheets, centre popups, full-screen call and
// live screens, toasts), and the popup queue (SHELL-17). Like Jitsi's overlay list, what renders is
// derived, not pushed around: `entries` holds what is open, and `stack` is the part whose `when`
// holds now, ordered by tier.
//
// One queued popup shows at a time, the lowest priority number first among those whose `when`
// holds for the current route and scene. A popup whose condition does not hold waits without
// blocking the others, and one that loses its condition while showing goes back to waiting.
//
// Nothing shows over the first screen, so the host that draws the overlays (overlay-host.tsx: the
// layers, toasts, their style and the kernel's own dialogs, over 3 KB) loads through once() when
// something first shows, or in the background after the first screen (overlays.load()).
import { useEffect, useState, type ComponentType } from 'react'
import { computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel } from './hooks.ts'
import { once } from './once.ts'
import { reloadSoon } from './errors.ts'
import { Tier, type OverlayContext, type OverlayDef } from './types.ts'
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
  /** the host that draws them, once loaded */
  host: ReadonlySignal<ComponentType | null>
  /** load the host's code now (the app does after the first screen; tests before they render) */
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
  /** how the host's code arrives (tests fail it) */
  host?: () => Promise<{ OverlayLayers: ComponentType }>
  /** SHELL-17 at launch: queued popups arriving within `gatherMs` of the first are ranked by priority
   *  before one shows, and at most `max` queued popups show in this visit (the rest wait for a later one) */
  launch?: { gatherMs: number; max: number }
}

export type KernelOverlays = Overlays & {
  dispose(): void
  define(defs: readonly OverlayDef[]): void
}

const UNQUEUED = Number.POSITIVE_INFINITY

interface Entry extends OpenOverlay {
  def: OverlayDef
  queued: boolean
  /** enqueue order, so equal priorities keep first-come order */
  seq: number
  resolve: (result: unknown) => void
}

interface Waiting {
  id: string
  props: unknown
  seq: number
}

/** kernel.overlays: what is open, the popup queue and the toasts; the host loads on first show. */
/** The overlays the plugins define, by id: the built-ins and the first screen's at once, a late
 *  plugin's when it joins (an id asked before that waits for the late plugins). */
function overlayDefs(opts: OverlaysOptions) {
  const defs = new Map<string, OverlayDef>()
  const define = (list: readonly OverlayDef[]) => {
    for (const d of list) {
      if (defs.has(d.id)) throw new Error(`overlay "${d.id}" is defined twice`)
      defs.set(d.id, d)
    }
  }
  define([...builtIns, ...opts.defs])
  /** run fn now, or once the plugin defining id has arrived */
  const whenDefined = <T,>(id: string, fn: () => T): T | Promise<T> => {
    const more = defs.has(id) ? null : opts.missing?.()
    return more ? more.then(fn) : fn()
  }
  const need = (id: string) => {
    const d = defs.get(id)
    if (!d) throw new Error(`no overlay "${id}": no plugin of this build defines it`)
    return d
  }
  return { defs, define, whenDefined, need }
}

export function createOverlays(opts: OverlaysOptions): KernelOverlays {
  const { defs, define, whenDefined, need } = overlayDefs(opts)
  const host = signal<ComponentType | null>(null)
  const load = once(() => (opts.host ?? loadHost)().then((m) => void (host.value = m.OverlayLayers)))
  const holds = (d: OverlayDef, ctx: OverlayContext) => {
    try {
      return !d.when || d.when(ctx)
    } catch (err) {
      console.error(`[app] overlay "${d.id}" when() failed`, err)
      return false
    }
  }

  let nextKey = 0
  let nextSeq = 0
  const entries = signal<Entry[]>([])
  let waiting: Waiting[] = []

  const stack = computed<OpenOverlay[]>(() => {
    const ctx = opts.context.value
    return entries.value
      .filter((e) => holds(e.def, ctx))
      .sort((a, b) => Tier[a.def.tier] - Tier[b.def.tier] || a.key - b.key)
      .map(({ key, id, props }) => ({ key, id, props }))
  })

  const add = (def: OverlayDef, props: unknown, queued: boolean, seq: number) =>
    new Promise<unknown>((resolve) => {
      entries.value = [...entries.peek(), { key: ++nextKey, id: def.id, props, def, queued, seq, resolve }]
    })

  const priority = (id: string) => defs.get(id)?.priority ?? UNQUEUED

  // SHELL-17 at launch: the first queued popup waits for the others arriving with it, so the order is
  // the priority's, not the arrival's; and only `max` show in a visit
  let gathering: 'idle' | 'waiting' | 'done' = opts.launch ? 'idle' : 'done'
  let gatherTimer: ReturnType<typeof setTimeout> | undefined
  let shownQueued = 0
  const gathered = () => {
    if (gathering === 'done') return true
    if (gathering === 'idle') {
      gathering = 'waiting'
      gatherTimer = setTimeout(() => {
        gathering = 'done'
        pump()
      }, opts.launch!.gatherMs)
    }
    return false
  }

  /** Show the next queued popup if none shows; send the showing one back if its condition went. */
  const pump = () => {
    const ctx = opts.context.peek()
    const active = entries.peek().find((e) => e.queued)
    if (active) {
      if (holds(active.def, ctx)) return
      entries.value = entries.peek().filter((e) => e !== active)
      waiting.push({ id: active.id, props: active.props, seq: active.seq })
    }
    const next = waiting
      .filter((w) => holds(need(w.id), ctx))
      .sort((a, b) => priority(a.id) - priority(b.id) || a.seq - b.seq)[0]
    if (!next || !gathered()) return
    // a popup sent back to wait (its condition went) does not count twice
    if (opts.launch && !active && shownQueued >= opts.launch.max) return
    if (!active) shownQueued++
    waiting = waiting.filter((w) => w !== next)
    void add(need(next.id), next.props, true, next.seq)
  }

  const closeKey = (key: number, result?: unknown) => {
    const entry = entries.peek().find((e) => e.key === key)
    if (!entry) return
    entries.value = entries.peek().filter((e) => e !== entry)
    entry.resolve(result)
    if (entry.queued) pump()
  }

  // route or scene changed: conditions may now hold, or no longer. A new page is a new visit: the
  // popups held back by the cap may show on it (the wall again, later)
  let visited = ''
  const stopWatching = effect(() => {
    const { path } = opts.context.value
    untracked(() => {
      if (path !== visited && visited && !entries.peek().some((e) => e.queued)) shownQueued = 0
      visited = path
      pump()
    })
  })

  const toasts = signal<ToastItem[]>([])
  let toastKey = 0

  return {
    stack,
    toasts,
    host,
    load,
    define,
    def: (id) => defs.get(id),
    closeKey,
    open<R>(id: string, props?: unknown) {
      try {
        return Promise.resolve(whenDefined(id, () => add(need(id), props, false, 0))) as Promise<R | undefined>
      } catch (err) {
        return Promise.reject(err)
      }
    },
    enqueue(id, props) {
      const park = () => {
        need(id) // fail naming the id, rather than when the popup's turn comes
        waiting.push({ id, props, seq: ++nextSeq })
        pump()
      }
      const later = whenDefined(id, park)
      if (later instanceof Promise) later.catch((err) => console.error(`[app] popup "${id}" could not be queued`, err))
    },
    close(id) {
      waiting = waiting.filter((w) => w.id !== id)
      for (const e of entries.peek()) if (e.id === id) closeKey(e.key)
    },
    isOpen: (id) => entries.peek().some((e) => e.id === id),
    toast(text, o = {}) {
      const item: ToastItem = { key: ++toastKey, text, type: o.type ?? 'info', position: o.position ?? 'top' }
      // one toast per position: a newer message replaces the older, as on the phone
      toasts.value = [...toasts.peek().filter((t) => t.position !== item.position), item]
      const expire = () => setTimeout(() => (toasts.value = toasts.peek().filter((t) => t !== item)), o.duration ?? DEFAULT_TOAST_MS)
      // its time counts once it can be seen: the code that draws it may still be on its way
      if (host.peek()) expire()
      else load().then(expire, expire)
    },
    confirm(o) {
      return this.open<boolean>(CONFIRM_DIALOG, o).then((r) => r === true)
    },
    dispose() {
      stopWatching()
      clearTimeout(gatherTimer)
      waiting = []
      for (const e of entries.peek()) e.resolve(undefined)
      entries.value = []
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Host

const loadHost = () => import('./overlay-host.tsx')

/** Renders the open overlays and toasts; mount once inside <KernelApp>. Nothing to draw: nothing loaded. */
export function OverlayHost() {
  useSignals()
  const { overlays } = useKernel()
  const busy = overlays.stack.value.length > 0 || overlays.toasts.value.length > 0
  const [failed, setFailed] = useState(false)
  const Layers = overlays.host.value
  useEffect(() => {
    if (!busy || Layers) return
    overlays.load().catch((err) => {
      console.error('[app] the overlay host failed to load', err)
      setFailed(true)
    })
  }, [busy, Layers, overlays])
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
