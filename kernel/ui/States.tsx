import type { ReactNode } from 'react'
import { injectStyle } from '../style.ts'
import { Button } from './Button.tsx'
import { Sprite } from './sprite.tsx'
import css from './ui.css'

export interface EmptyStateProps {
  icon?: ReactNode
  title: ReactNode
  message?: ReactNode
  action?: ReactNode
  testId?: string
}

/** Nothing to show: a soft icon, a line of text, maybe one action. */
export function EmptyState({ icon = <Sprite id="k-inbox" className="k-icon" />, title, message, action, testId = 'empty-state' }: EmptyStateProps) {
  injectStyle(css)
  return (
    <section className="k-state" data-testid={testId}>
      <div className="k-state__icon">{icon}</div>
      <h2 className="k-state__title">{title}</h2>
      {message && <p className="k-state__text">{message}</p>}
      {action && <div className="k-state__action">{action}</div>}
    </section>
  )
}

export interface ErrorStateProps {
  title: ReactNode
  message?: ReactNode
  retryLabel: ReactNode
  onRetry: () => void
  /** a second way out beside Retry (a page that failed: back where the user came from) */
  extra?: ReactNode
  testId?: string
}

/** Something failed: say so and offer a retry. */
export function ErrorState({ title, message, retryLabel, onRetry, extra, testId = 'error-state' }: ErrorStateProps) {
  injectStyle(css)
  return (
    <section className="k-state k-state--error" data-testid={testId} role="alert">
      <div className="k-state__icon">
        <Sprite id="k-alert" className="k-icon" />
      </div>
      <h2 className="k-state__title">{title}</h2>
      {message && <p className="k-state__text">{message}</p>}
      <div className="k-state__action">
        <Button variant="secondary" testId={`${testId}-retry`} onClick={onRetry}>
          {retryLabel}
        </Button>
        {extra}
      </div>
    </section>
  )
}
