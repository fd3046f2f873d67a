// The bottom tab bar (SHELL-05, SHELL-07, SHELL-09): tabs from the app manifest, switched with
// replace; a guest tapping a protected tab gets the login popup and stays where they are.
import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import type { TabSetting } from '../../kernel/types.ts'
import { Sprite } from '../../kernel/ui/sprite.tsx'
import { shellRef, unreadRef } from './api.ts'
import { needsLogin } from './tabs.ts'

export function TabBar({ active }: { active: string }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const shell = kernel.need(shellRef)
  const unread = kernel.get(unreadRef)?.unread.value ?? 0
  const loggedIn = kernel.session.loggedIn.value
  // follows count on the tab until the inbox has shown them; unread messages until read
  const messageCount = loggedIn ? shell.badges.newFollows.value + unread : 0
  const follows = shell.badges.followCount.value
  useEffect(() => {
    if (active === 'message') shell.badges.markFollowsSeen()
  }, [active, follows, shell])
  const taskDot = loggedIn && shell.badges.taskClaimable.value

  const go = async (tab: TabSetting) => {
    if (tab.id === active) return
    // the tab's route may belong to a plugin that has not joined yet: it tells whether login is needed
    if (kernel.pending.peek().length) await kernel.loadPlugins().catch(() => undefined)
    if (!kernel.session.loggedIn.peek() && needsLogin(kernel, tab.path)) {
      kernel.events.emit('login-required', { to: tab.path })
      return
    }
    kernel.router.navigate(tab.path, { replace: true })
  }

  return (
    <nav className="sh-tabbar" data-testid="tabbar">
      {kernel.app.settings.tabs.map((tab) => {
        const on = tab.id === active
        return (
          <button
            key={tab.id}
            type="button"
            className={on ? 'sh-tab sh-tab--on' : 'sh-tab'}
            data-testid={`tab-${tab.id}`}
            aria-current={on ? 'page' : undefined}
            onClick={() => void go(tab)}
          >
            <span className="sh-tab__icon">
              <Sprite id={`sh-${tab.icon}`} />
              {tab.id === 'message' && messageCount > 0 && (
                <span className="sh-badge" data-testid="badge-message">
                  {messageCount > 99 ? '99+' : messageCount}
                </span>
              )}
              {tab.id === 'user' && taskDot && <span className="sh-dot" data-testid="badge-user-dot" />}
            </span>
            <span className="sh-tab__label">{t(tab.label)}</span>
          </button>
        )
      })}
    </nav>
  )
}
