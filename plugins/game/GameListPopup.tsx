// ENG-07: the game list popup (Game center): the half-screen games; a customer-service icon and an
// agent-recharge icon only for a user who has paid before (d3 §2); the whole game centre one tap away.
import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { paidBefore } from '../../kernel/protocol/user.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { GameOverlay, GamePage, type Game } from './api.ts'
import { GameTile } from './GameTile.tsx'
import { gameServiceRef } from './state.ts'
import css from './game.css'

export default function GameListPopup({ close }: OverlayProps<unknown>) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const svc = kernel.need(gameServiceRef)
  const list = svc.halfGames.value
  const paid = paidBefore(kernel.session.user.value)
  useEffect(() => {
    void svc.loadHalf()
    kernel.scene.value = { ...kernel.scene.peek(), gameCentre: true }
    return () => void (kernel.scene.value = { ...kernel.scene.peek(), gameCentre: false })
  }, [])
  const go = (path: string) => {
    close()
    kernel.router.navigate(path)
  }
  const play = (game: Game) => {
    close()
    void kernel.overlays.open(GameOverlay.half, { game })
  }
  let body
  if (list.status === 'loading') body = <PageSpinner />
  else if (list.status === 'failed') body = <ErrorState testId="game-list-error" title={t('game.listFailed')} retryLabel={t('game.retry')} onRetry={() => void svc.loadHalf()} />
  else if (!list.value.length) body = <EmptyState testId="game-list-empty" title={t('game.empty')} />
  else
    body = (
      <ul className="gm-grid" data-testid="game-list">
        {list.value.map((g) => (
          <li key={g.gameId}>
            <GameTile game={g} onPlay={play} />
          </li>
        ))}
      </ul>
    )
  return (
    <Sheet title={t('game.centre')} onClose={() => close()} testId="game-list-popup">
      <div className="gm-list-tools">
        {paid && (
          <>
            <button type="button" className="gm-tool" data-testid="game-service" onClick={() => go('/customer?isGamePath=1')}>
              <span aria-hidden="true">🎧</span>
              {t('game.service')}
            </button>
            <button type="button" className="gm-tool" data-testid="game-agent" onClick={() => go('/proxyCharge?isGamePath=1')}>
              <span aria-hidden="true">💎</span>
              {t('game.agent')}
            </button>
          </>
        )}
        <button type="button" className="gm-tool gm-tool--end" data-testid="game-more" onClick={() => go(GamePage.centre)}>
          {t('game.more')}
        </button>
      </div>
      {body}
    </Sheet>
  )
}
