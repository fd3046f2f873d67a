// The overlay host proper (see overlays.tsx): layers with focus handling and error boundaries,
// toasts, and the kernel's own confirm and update dialogs. Loaded when something first shows.
import { Component, Suspense, lazy, useEffect, useRef, useState, type ComponentType, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from './hooks.ts'
import { serverText } from './server-text.ts'
import { reloadSoon } from './errors.ts'
import { injectStyle } from './style.ts'
import { Tier, type OverlayDef, type OverlayProps, type TierName } from './types.ts'
import { CONFIRM_DIALOG, UPDATE_DIALOG, type ConfirmOptions, type OpenOverlay, type ToastItem, type ToastType } from './overlays.tsx'
import { Button } from './ui/Button.tsx'
import { Dialog } from './ui/Dialog.tsx'
import { Spinner } from './ui/Spinner.tsx'
import { IconAlert, IconCheck, IconInfo, IconUpdate } from './ui/icons.tsx'
import { useText } from './ui/text.ts'
import { RouteLoadError, loadWithRetry } from './router.tsx'
import css from './overlays.css'

const CONFIRM_DEBOUNCE_MS = 1000

// ---------------------------------------------------------------------------------------------
// Components: a LazyComponent loads on first open, then stays. A function declared without
// parameters is taken for a loader (`() => import('./X')`); an overlay component takes its props.

const components = new Map<OverlayDef['component'], ComponentType<OverlayProps<any>>>()

function isLoader(c: OverlayDef['component']): c is () => Promise<{ default: ComponentType<OverlayProps<any>> }> {
  return typeof c === 'function' && c.length === 0 && !(c.prototype && c.prototype.isReactComponent)
}

/** strings: its plugin's dictionaries in the active language, which a lazy overlay waits for (its
 *  moreStrings may still be on their way when it first opens; a failure shows English or keys, not an error) */
function componentOf(def: OverlayDef, strings: () => Promise<void>): ComponentType<OverlayProps<any>> {
  let c = components.get(def.component)
  if (!c) {
    const source = def.component
    // a popup's code is loaded like a page's (SHELL-04): tried 3 times, then the update dialog
    c = isLoader(source) ? lazy(() => Promise.all([loadWithRetry(source), strings().catch(() => undefined)]).then(([m]) => m)) : (source as ComponentType<OverlayProps<any>>)
    components.set(source, c)
  }
  return c
}

// ---------------------------------------------------------------------------------------------
// Host

injectStyle(css)

const DISMISSABLE_TIERS: TierName[] = ['modal', 'sheet']
const isDismissable = (d: OverlayDef) => d.dismissable ?? DISMISSABLE_TIERS.includes(d.tier)

/** What OverlayHost draws once loaded: the open overlays and toasts. */
export function OverlayLayers() {
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
  const { i18n, overlays } = useKernel()
  // a popup whose code is gone (a deploy happened) closes and offers the new version, as a page does
  const failed = (err: unknown, done: () => void) => {
    done()
    if (err instanceof RouteLoadError && !overlays.isOpen(UPDATE_DIALOG)) void overlays.open(UPDATE_DIALOG)
  }
  const Comp = kernelDialogs[def.id] ?? componentOf(def, () => i18n.ready(undefined, def.plugin ? [def.plugin] : undefined))
  const panel = useRef<HTMLDivElement>(null)
  const float = def.tier === 'float'
  const hasScrim = !float && def.tier !== 'toast'

  // move focus in, and give it back to where it was when the overlay goes
  useEffect(() => {
    if (float) return
    const before = document.activeElement as HTMLElement | null
    const el = panel.current
    // named by its title, or by the name a dialog drawn inside it already carries
    const label = () => {
      const title = el?.querySelector('[data-dialog-title]')
      const inner = el?.querySelector('[role="dialog"][aria-label]')?.getAttribute('aria-label')
      if (!el || (!title && !inner)) return false
      if (title) {
        title.id ||= `overlay-title-${entry.key}`
        el.setAttribute('aria-labelledby', title.id)
      } else el.setAttribute('aria-label', inner!)
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
        onKeyDown={float ? undefined : keepFocusIn}
      >
        <LayerBoundary id={def.id} source={def.component} onFail={(err) => failed(err, close)}>
          <Suspense fallback={def.tier === 'float' ? null : <span data-chunk-loading><Spinner /></span>}>
            <Comp props={entry.props} close={close} />
          </Suspense>
        </LayerBoundary>
      </div>
    </div>
  )
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Tab and Shift+Tab go round the dialog's own controls: a modal never hands focus to the page beneath. */
function keepFocusIn(e: ReactKeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'Tab') return
  const panel = e.currentTarget
  const all = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[aria-hidden="true"], [hidden]'))
  const first = all[0]
  const last = all[all.length - 1]
  const at = document.activeElement
  const wrapTo = !first ? panel : e.shiftKey ? (at === first || at === panel ? last : null) : at === last ? first : null
  if (!wrapTo) return
  e.preventDefault()
  wrapTo.focus()
}

/** An overlay that fails to load or crashes closes itself; the page underneath stays usable. */
class LayerBoundary extends Component<{ id: string; source: OverlayDef['component']; onFail: (err: unknown) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(err: unknown) {
    console.error(`[app] overlay "${this.props.id}" failed`, err)
    // forget a failed lazy component, so the next open tries to load it again
    if (isLoader(this.props.source)) components.delete(this.props.source)
    this.props.onFail(err)
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
                <ToastText text={t.text} />
              </div>
            ))}
          </div>
        )
      })}
    </>
  )
}

/** a toast's words: a server's key is worded (server-text.ts), loading the kernel's table first */
function ToastText({ text }: { text: string }) {
  const { i18n } = useKernel()
  const t = useT()
  // once loading is over, a table that still cannot word it gives the catalogue's 'Error!' (first bundle)
  const [tried, setTried] = useState(false)
  const shown = serverText(t, text) ?? (tried ? t('kernel.serverError') : null)
  useEffect(() => {
    const over = () => setTried(true)
    if (shown === null) void i18n.ready(undefined, []).then(over, over)
  }, [shown, i18n])
  return <span>{shown}</span>
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

/** the kernel's own overlays, drawn directly (their defs in overlays.tsx load this module) */
const kernelDialogs: Record<string, ComponentType<OverlayProps<any>>> = {
  [CONFIRM_DIALOG]: ConfirmDialog,
  [UPDATE_DIALOG]: UpdateDialog,
}
