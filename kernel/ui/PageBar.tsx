import type { ReactNode } from 'react'
import { useKernel } from '../hooks.ts'
import { injectStyle } from '../style.ts'
import type { Kernel } from '../types.ts'
import { IconBack } from './icons.tsx'
import { useText } from './text.ts'
import css from './ui.css'
import pageBarCss from './pagebar.css'

export interface PageBarProps {
  title: string
  /** shown at the end of the bar, e.g. a records link */
  end?: ReactNode
  /** replaces the default back behaviour */
  onBack?: () => void
}

/** Back one in-app page; on a page opened directly (a deep link, a push, a payment return) there
 *  is none, and history.back() would leave the app (or do nothing in a webview), so go home. */
export function goBackOrHome(kernel: Pick<Kernel, 'router' | 'app'>): void {
  const { router } = kernel
  if (router.canGoBack?.()) router.back()
  else router.navigate(kernel.app.settings.mainPath || '/', { replace: true })
}

/** The top bar of a page outside the tabs: back button, title, optional end slot. Sticky. */
export function PageBar({ title, end, onBack }: PageBarProps) {
  injectStyle(css)
  injectStyle(pageBarCss)
  const kernel = useKernel()
  const text = useText()
  return (
    <header className="k-pagebar" data-testid="page-bar">
      <button type="button" className="k-pagebar__btn" data-testid="page-back" aria-label={text('kernel-ui.back')} onClick={onBack ?? (() => goBackOrHome(kernel))}>
        <IconBack size={24} />
      </button>
      <h1 className="k-pagebar__title">{title}</h1>
      {end && <div className="k-pagebar__end">{end}</div>}
    </header>
  )
}
