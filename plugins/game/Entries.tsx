// The game centre and free-diamond entries of the own profile page, shown by the user plugin
// through api.ts; nothing shows in a build without this plugin or while it is joining.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { gameRef, GamePage } from './api.ts'
import css from './entries.css'

export function GameEntries() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const game = kernel.get(gameRef)
  if (!game || kernel.pending.value.includes('game')) return null
  return (
    <nav className="gm-entries" data-testid="game-entries">
      <button type="button" className="gm-entry" data-testid="entry-games" onClick={() => game.openList()}>
        <span className="gm-entry__icon" aria-hidden="true">🎮</span>
        <span className="gm-entry__label">{t('game.centre')}</span>
        <span className="gm-entry__chev" aria-hidden="true">›</span>
      </button>
      <button type="button" className="gm-entry" data-testid="entry-free" onClick={() => kernel.router.navigate(GamePage.free)}>
        <span className="gm-entry__icon" aria-hidden="true">🎁</span>
        <span className="gm-entry__label">{t('game.free.title')}</span>
        <span className="gm-entry__chev" aria-hidden="true">›</span>
      </button>
    </nav>
  )
}
