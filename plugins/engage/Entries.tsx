// The engagement entries of the own profile page: the daily check-in (with the dot while a task
// can be claimed, SHELL-07), the invitation code and the level (with its badge). Shown by the user
// plugin through api.ts; nothing shows in a build without this plugin.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { shellRef } from '../shell/api.ts'
import { engageRef, LEVEL_PATH } from './api.ts'
import { LevelBadge } from './LevelBadge.tsx'
import css from './level.css'

export function EngageEntries({ level }: { level?: number | null }) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const engage = kernel.get(engageRef)
  // the plugin may still be joining: its strings and service arrive with it
  if (!engage || kernel.pending.value.includes('engage')) return null
  const dot = !!kernel.get(shellRef)?.badges.taskClaimable.value
  return (
    <nav className="en-entries" data-testid="engage-entries">
      <button type="button" className="en-entry" data-testid="entry-checkin" onClick={() => engage.openCheckin()}>
        <span className="en-entry__icon" aria-hidden="true">📅</span>
        <span className="en-entry__label">{t('engage.entry.checkin')}</span>
        {dot && <span className="en-entry__dot" data-testid="entry-checkin-dot" />}
        <span className="en-entry__chev" aria-hidden="true">›</span>
      </button>
      <button type="button" className="en-entry" data-testid="entry-invite" onClick={() => engage.openInvite()}>
        <span className="en-entry__icon" aria-hidden="true">🎟️</span>
        <span className="en-entry__label">{t('engage.entry.invite')}</span>
        <span className="en-entry__chev" aria-hidden="true">›</span>
      </button>
      <button type="button" className="en-entry" data-testid="entry-level" onClick={() => kernel.router.navigate(LEVEL_PATH)}>
        <span className="en-entry__icon" aria-hidden="true">🏅</span>
        <span className="en-entry__label">{t('engage.entry.level')}</span>
        <LevelBadge level={level} testId="entry-level-badge" />
        <span className="en-entry__chev" aria-hidden="true">›</span>
      </button>
    </nav>
  )
}
