import { injectStyle } from '../style.ts'
import css from './ui.css'

/** A spinner; with a label it is a named progress bar, without one it is decoration inside a region
 *  that says it is busy (PageSpinner) or a control that does (Button). */
export function Spinner({ size, label }: { size?: number; label?: string }) {
  injectStyle(css)
  return (
    <span
      className="k-spinner"
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-hidden={!label}
      style={size ? ({ '--k-spinner': `${size}px` } as React.CSSProperties) : undefined}
    />
  )
}

/** Centred spinner for a page that is still loading. `chunk`: its code is on the way (a Suspense
 *  fallback), marked so a test's settle() knows the page is not done. */
export function PageSpinner({ chunk }: { chunk?: boolean }) {
  return (
    <div className="k-page-spinner" data-testid="page-loading" aria-busy="true" data-chunk-loading={chunk || undefined}>
      <Spinner />
    </div>
  )
}
