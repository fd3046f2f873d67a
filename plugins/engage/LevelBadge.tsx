// The one level badge (ENG-09, d2 §5): the tier's look for levels 1-19, 20-34, 35-44, 45-49,
// 50-59 and 60-99, and the name bar whose colour (1-45) or border (46 and up) follows the level.
// Every plugin that shows a user's level draws it with these (through api.ts).
import type { ReactNode } from 'react'
import { useText } from '../../kernel/ui/text.ts'
import { injectStyle } from '../../kernel/style.ts'
import { badgeTier, nameBarStyle } from './level-rules.ts'
import css from './level.css'

export function LevelBadge({ level, testId = 'level-badge' }: { level: number | null | undefined; testId?: string }) {
  injectStyle(css)
  const text = useText()
  const lv = Math.floor(Number(level) || 0)
  const tier = badgeTier(lv)
  if (!tier) return null
  return (
    <span className={`lv-badge lv-badge--t${tier}`} data-testid={testId} data-tier={tier} dir="ltr">
      <span className="lv-badge__gem" aria-hidden="true" />
      {text('kernel-ui.levelShort')}
      {lv}
    </span>
  )
}

/** a name in the bar of its level: a colour, or from LV46 a drawn border */
export function NameBar({ level, children, testId = 'name-bar' }: { level: number | null | undefined; children: ReactNode; testId?: string }) {
  injectStyle(css)
  const style = nameBarStyle(Number(level) || 0)
  if (!style) return <span className="lv-name" data-testid={testId}>{children}</span>
  return (
    <span
      className={style.border ? `lv-name lv-name--${style.border}` : 'lv-name lv-name--colour'}
      style={style.color ? { color: style.color } : undefined}
      data-testid={testId}
      data-bar={style.border ?? style.color}
    >
      {children}
    </span>
  )
}
