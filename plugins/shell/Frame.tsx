// The page frame: header and tab bar around the routed page, on the main tab paths only and
// never during a call or a live room (SHELL-05). Its data-bottom-bar sets the widgets' strip above the tab bar.
import type { ReactNode } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import css from './shell.css'
import { Header } from './Header.tsx'
import { TabBar } from './TabBar.tsx'
import { tabAt } from './tabs.ts'

export function Frame({ children }: { children: ReactNode }) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const tab = tabAt(kernel, kernel.router.path.value)
  const scene = kernel.scene.value
  const bars = !!tab && !scene.call && !scene.live
  return (
    <div className={bars ? 'sh-frame sh-frame--bars' : 'sh-frame'} data-bottom-bar={bars || undefined}>
      {bars && <Header tab={tab} />}
      <div className="sh-main">{children}</div>
      {bars && <TabBar active={tab.id} />}
    </div>
  )
}
