import { injectStyle } from '../style.ts'
import css from './ui.css'

export function Spinner({ size, label }: { size?: number; label?: string }) {
  injectStyle(css)
  return (
    <span
      className="k-spinner"
      role="progressbar"
      aria-label={label ?? 'Loading'}
      style={size ? ({ '--k-spinner': `${size}px` } as React.CSSProperties) : undefined}
    />
  )
}

/** Centred spinner for a page that is still loading. `chunk`: its code is on the way (a Suspense
 *  fallback), marked so a test's settle() knows the page is not done. */
export function PageSpinner({ chunk }: { chunk?: boolean }) {
  return (
    <div className="k-page-spinner" data-testid="page-loading" data-chunk-loading={chunk || undefined}>
      <Spinner />
    </div>
  )
}
