import type { ReactNode } from 'react'
import { injectStyle } from '../style.ts'
import css from './ui.css'

export interface DialogProps {
  icon?: ReactNode
  title?: ReactNode
  message?: ReactNode
  /** buttons, laid out side by side */
  actions?: ReactNode
  children?: ReactNode
  testId?: string
}

/**
 * The card of a centre popup. The overlay host gives it the backdrop, role="dialog" and focus;
 * the title's id lets the host label the dialog.
 */
export function Dialog({ icon, title, message, actions, children, testId }: DialogProps) {
  injectStyle(css)
  return (
    <div className="k-dialog" data-testid={testId}>
      {icon && <div className="k-dialog__icon">{icon}</div>}
      {title && <h2 className="k-dialog__title" data-dialog-title>{title}</h2>}
      {message && <p className="k-dialog__message">{message}</p>}
      {children}
      {actions && <div className="k-dialog__actions">{actions}</div>}
    </div>
  )
}
