// INTERFACE ONLY for now.
import type { ReadonlySignal } from '@preact/signals-react'

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

export interface Overlays {
  /** open now (over whatever shows); resolves with what the overlay passes to close() */
  open<R = unknown>(id: string, props?: unknown): Promise<R | undefined>
  /** queue a popup (SHELL-17): shows when nothing of lower priority number waits and its `when` holds */
  enqueue(id: string, props?: unknown): void
  close(id: string): void
  isOpen(id: string): boolean
  toast(text: string, opts?: ToastOptions): void
  /** centre confirmation popup (SHELL-18), buttons debounced 1 s; resolves true on OK */
  confirm(opts: ConfirmOptions): Promise<boolean>
  /** what renders now, for the host component */
  stack: ReadonlySignal<OpenOverlay[]>
}

// Factory and host to implement:
// export function createOverlays(opts: { defs: OverlayDef[]; context: ReadonlySignal<OverlayContext> }): Overlays
// export function OverlayHost(): JSX.Element   // renders stack + toasts, inside <KernelApp>
