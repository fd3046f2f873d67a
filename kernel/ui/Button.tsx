import { useRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { injectStyle } from '../style.ts'
import { Spinner } from './Spinner.tsx'
import css from './ui.css'

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  size?: 'normal' | 'small'
  block?: boolean
  /** shows a spinner and ignores taps */
  loading?: boolean
  /** ignore taps for this long after one is handled (double taps on pay / confirm buttons) */
  debounceMs?: number
  testId?: string
  type?: 'button' | 'submit'
  children?: ReactNode
}

/** Handle the first call, then ignore calls for `ms` (leading-edge debounce, SHELL-18). */
export function leadingDebounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, now = () => Date.now()) {
  let last = -Infinity
  return (...args: A) => {
    const t = now()
    if (t - last < ms) return
    last = t
    fn(...args)
  }
}

export function Button({ variant = 'primary', size = 'normal', block, loading, debounceMs = 0, testId, type = 'button', className, onClick, disabled, children, ...rest }: ButtonProps) {
  injectStyle(css)
  const lastTap = useRef(-Infinity)
  const handle = (e: MouseEvent<HTMLButtonElement>) => {
    if (loading) return
    if (debounceMs > 0) {
      const t = Date.now()
      if (t - lastTap.current < debounceMs) return
      lastTap.current = t
    }
    onClick?.(e)
  }
  const cls = ['k-btn', variant !== 'primary' && `k-btn--${variant}`, size === 'small' && 'k-btn--small', block && 'k-btn--block', className]
  return (
    <button
      {...rest}
      type={type}
      className={cls.filter(Boolean).join(' ')}
      data-testid={testId}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={handle}
    >
      {children}
      {loading && <Spinner />}
    </button>
  )
}
