// Overlays: everything that shows over the routed page (sheets, centre popups, full-screen call and
// live screens, toasts). Like Jitsi's overlay list, what renders is derived, not pushed around:
// `entries` holds what is open, and `stack` is the part whose `when` holds now, ordered by tier.
//
// The popup queue (SHELL-17) sits beside it: enqueue() parks a popup; one queued popup shows at a
// time, the lowest priority number first among those whose `when` holds for the current route and
// scene. A popup whose condition does not hold waits without blocking the others, and one that
// loses its condition while showing goes back to waiting.
import { Component, Suspense, lazy, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel } from './hooks.ts'
import { reloadSoon } from './errors.ts'
import { injectStyle } from './style.ts'
import { Tier, type OverlayContext, type OverlayDef, type OverlayProps, type TierName } from './types.ts'
import { Button } from './ui/Button.tsx'
import { Dialog } from './ui/Dialog.tsx'
import { Spinner } from './ui/Spinner.tsx'
import { IconAlert, IconCheck, IconInfo, IconUpdate } from './ui/icons.tsx'
import { useText } from './ui/text.ts'
import css from './overlays.css'

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
}

/** Ids of the overlays the kernel itself brings. */
export const CONFIRM_DIALOG = 'kernel.confirm'
export const UPDATE_DIALOG = 'kernel.update'

export const DEFAULT_TOAST_MS = 2000
const CONFIRM_DEBOUNCE_MS = 1000
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

export function createOverlays(opts: { defs: readonly OverlayDef[]; context: ReadonlySignal<OverlayContext> }): Overlays & { dispose(): void } {
  const defs = new Map<string, OverlayDef>()
  for (const d of [...builtIns, ...opts.defs]) {
    if (defs.has(d.id)) throw new Error(`overlay "${d.id}" is defined twice`)
    defs.set(d.id, d)
  }
  const need = (id: string) => {
    const d = defs.get(id)
    if (!d) throw new Error(`no overlay "${id}": no plugin of this build defines it`)
    return d
  }
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
    if (!next) return
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

  // route or scene changed: conditions may now hold, or no longer
  const stopWatching = effect(() => {
    opts.context.value
    untracked(pump)
  })

  const toasts = signal<ToastItem[]>([])
  let toastKey = 0

  return {
    stack,
    toasts,
    def: (id) => defs.get(id),
    closeKey,
    open<R>(id: string, props?: unknown) {
      try {
        return add(need(id), props, false, 0) as Promise<R | undefined>
      } catch (err) {
        return Promise.reject(err)
      }
    },
    enqueue(id, props) {
      need(id) // fail now, naming the id, rather than when the popup's turn comes
      waiting.push({ id, props, seq: ++nextSeq })
      pump()
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
      setTimeout(() => {
        toasts.value = toasts.peek().filter((t) => t !== item)
      }, o.duration ?? DEFAULT_TOAST_MS)
    },
    confirm(o) {
      return this.open<boolean>(CONFIRM_DIALOG, o).then((r) => r === true)
    },
    dispose() {
      stopWatching()
      waiting = []
      for (const e of entries.peek()) e.resolve(undefined)
      entries.value = []
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Components: a LazyComponent loads on first open, then stays. A function declared without
// parameters is taken for a loader (`() => import('./X')`); an overlay component takes its props.

const components = new Map<OverlayDef['component'], ComponentType<OverlayProps<any>>>()

function isLoader(c: OverlayDef['component']): c is () => Promise<{ default: ComponentType<OverlayProps<any>> }> {
  return typeof c === 'function' && c.length === 0 && !(c.prototype && c.prototype.isReactComponent)
}

function componentOf(def: OverlayDef): ComponentType<OverlayProps<any>> {
  let c = components.get(def.component)
  if (!c) {
    const source = def.component
    c = isLoader(source) ? lazy(source) : (source as ComponentType<OverlayProps<any>>)
    components.set(source, c)
  }
  return c
}

// ---------------------------------------------------------------------------------------------
// Host

injectStyle(css)

const DISMISSABLE_TIERS: TierName[] = ['modal', 'sheet']
const isDismissable = (d: OverlayDef) => d.dismissable ?? DISMISSABLE_TIERS.includes(d.tier)

/** Renders the open overlays and toasts; mount once inside <KernelApp>. */
export function OverlayHost() {
  useSignals()
  const { overlays } = useKernel()
  const stack = overlays.stack.value
  const toasts = overlays.toasts.value

  // Escape closes the topmost overlay if it may be dismissed, never one beneath it
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      const top = [...overlays.stack.peek()].reverse().find((o) => {
        const tier = overlays.def(o.id)?.tier
        return tier !== 'float' && tier !== 'toast'
      })
      const def = top && overlays.def(top.id)
      if (top && def && isDismissable(def)) {
        e.preventDefault()
        overlays.closeKey(top.key)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [overlays])

  return (
    <>
      {stack.map((o) => {
        const def = overlays.def(o.id)
        return def ? <Layer key={o.key} entry={o} def={def} close={(r) => overlays.closeKey(o.key, r)} /> : null
      })}
      <Toasts items={toasts} />
    </>
  )
}

function Layer({ entry, def, close }: { entry: OpenOverlay; def: OverlayDef; close: (result?: unknown) => void }) {
  const Comp = componentOf(def)
  const panel = useRef<HTMLDivElement>(null)
  const float = def.tier === 'float'
  const hasScrim = !float && def.tier !== 'toast'

  // move focus in, and give it back to where it was when the overlay goes
  useEffect(() => {
    if (float) return
    const before = document.activeElement as HTMLElement | null
    const el = panel.current
    const label = () => {
      const title = el?.querySelector('[data-dialog-title]')
      if (!el || !title) return false
      title.id ||= `overlay-title-${entry.key}`
      el.setAttribute('aria-labelledby', title.id)
      return true
    }
    let watcher: MutationObserver | undefined
    if (!label() && el && typeof MutationObserver !== 'undefined') {
      // a lazy component renders its title later
      watcher = new MutationObserver(() => label() && watcher?.disconnect())
      watcher.observe(el, { childList: true, subtree: true })
    }
    const first = el?.querySelector<HTMLElement>('[autofocus], [data-autofocus]')
    ;(first ?? el)?.focus({ preventScroll: true })
    return () => {
      watcher?.disconnect()
      if (before && before.isConnected && typeof before.focus === 'function') before.focus({ preventScroll: true })
    }
  }, [float, entry.key])

  return (
    <div className={`k-layer k-layer--${def.tier}`} style={{ zIndex: 1000 + Tier[def.tier] }} data-overlay={def.id}>
      {hasScrim && (
        <div className="k-layer__scrim" aria-hidden="true" data-testid="overlay-backdrop" onClick={isDismissable(def) ? () => close() : undefined} />
      )}
      <div
        ref={panel}
        className="k-layer__panel"
        role={float ? undefined : 'dialog'}
        aria-modal={float ? undefined : true}
        tabIndex={float ? undefined : -1}
      >
        <LayerBoundary id={def.id} source={def.component} onFail={() => close()}>
          <Suspense fallback={def.tier === 'float' ? null : <Spinner />}>
            <Comp props={entry.props} close={close} />
          </Suspense>
        </LayerBoundary>
      </div>
    </div>
  )
}

/** An overlay that fails to load or crashes closes itself; the page underneath stays usable. */
class LayerBoundary extends Component<{ id: string; source: OverlayDef['component']; onFail: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(err: unknown) {
    console.error(`[app] overlay "${this.props.id}" failed`, err)
    // forget a failed lazy component, so the next open tries to load it again
    if (isLoader(this.props.source)) components.delete(this.props.source)
    this.props.onFail()
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}

const toastIcons: Record<ToastType, ReactNode> = {
  info: <IconInfo size={20} />,
  warning: <IconAlert size={20} />,
  success: <IconCheck size={20} />,
}

function Toasts({ items }: { items: ToastItem[] }) {
  return (
    <>
      {(['top', 'center'] as const).map((position) => {
        const here = items.filter((t) => t.position === position)
        if (!here.length) return null
        return (
          <div key={position} className={`k-toasts k-toasts--${position}`} style={{ zIndex: 1000 + Tier.toast }} role="status" aria-live="polite">
            {here.map((t) => (
              <div key={t.key} className={`k-toast k-toast--${t.type}`} data-testid="toast" data-type={t.type} data-position={t.position}>
                {toastIcons[t.type]}
                <span>{t.text}</span>
              </div>
            ))}
          </div>
        )
      })}
    </>
  )
}

// ---------------------------------------------------------------------------------------------
// The kernel's own overlays

/** Generic centre confirmation (SHELL-18); both buttons share one 1 s debounce. */
export function ConfirmDialog({ props, close }: OverlayProps<ConfirmOptions>) {
  const text = useText()
  const lastTap = useRef(-Infinity)
  const answer = (ok: boolean) => {
    const now = Date.now()
    if (now - lastTap.current < CONFIRM_DEBOUNCE_MS) return
    lastTap.current = now
    close(ok)
  }
  return (
    <Dialog
      testId="confirm-dialog"
      title={props.title ?? text('kernel-ui.confirmTitle')}
      message={props.message}
      actions={
        <>
          {props.cancel !== null && (
            <Button variant="secondary" testId="confirm-cancel" onClick={() => answer(false)}>
              {props.cancel ?? text('kernel.cancel')}
            </Button>
          )}
          <Button testId="confirm-ok" onClick={() => answer(true)}>
            {props.ok ?? text('kernel.ok')}
          </Button>
        </>
      }
    />
  )
}

/** 'A new version is available Update now' (SHELL-03): Update reloads after 500 ms, Later closes. */
export function UpdateDialog({ close }: OverlayProps<unknown>) {
  const text = useText()
  const [updating, setUpdating] = useState(false)
  return (
    <Dialog
      testId="update-dialog"
      icon={<IconUpdate size={28} />}
      title={text('kernel.newVersion')}
      actions={
        <>
          <Button variant="secondary" testId="update-later" disabled={updating} onClick={() => close(false)}>
            {text('kernel.later')}
          </Button>
          <Button
            testId="update-now"
            loading={updating}
            onClick={() => {
              setUpdating(true)
              reloadSoon(500)
            }}
          >
            {text('kernel.update')}
          </Button>
        </>
      }
    />
  )
}

const builtIns: OverlayDef[] = [
  { id: CONFIRM_DIALOG, tier: 'system', component: ConfirmDialog },
  { id: UPDATE_DIALOG, tier: 'system', component: UpdateDialog },
]
