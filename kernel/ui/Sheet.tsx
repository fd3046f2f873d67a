import type { ReactNode } from 'react'
import { injectStyle } from '../style.ts'
import { IconClose } from './icons.tsx'
import { useText } from './text.ts'
import css from './ui.css'
import sheetCss from './sheet.css'

export interface SheetProps {
  title?: ReactNode
  /** shows a close button in the header */
  onClose?: () => void
  children?: ReactNode
  testId?: string
}

/** The panel of a bottom sheet: grab handle, optional title and close button, scrolling body. */
export function Sheet({ title, onClose, children, testId }: SheetProps) {
  injectStyle(css)
  injectStyle(sheetCss)
  const text = useText()
  return (
    <div className="k-sheet" data-testid={testId}>
      <div className="k-sheet__handle" aria-hidden="true" />
      {(title || onClose) && (
        <div className="k-sheet__head">
          <h2 className="k-sheet__title" data-dialog-title>{title}</h2>
          {onClose && (
            <button type="button" className="k-icon-btn" aria-label={text('kernel-ui.close')} onClick={onClose} data-testid="sheet-close">
              <IconClose size={22} />
            </button>
          )}
        </div>
      )}
      <div className="k-sheet__body">{children}</div>
    </div>
  )
}
