// ENG-07: a half-screen game over the page (from the game list popup or a live room). While it shows
// the scene says so (calls and invitations wait, d1 §4); over a live room a mask dims the room after
// 2 s (d3 §4).
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { IconClose } from '../../kernel/ui/icons.tsx'
import type { Game } from './api.ts'
import { GameFrame } from './GameFrame.tsx'
import { LIVE_MASK_MS } from './rules.ts'
import { gameServiceRef } from './state.ts'
import css from './game.css'

export default function HalfGame({ props, close }: OverlayProps<{ game: Game }>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const game = props?.game
  const [mask, setMask] = useState(false)
  useEffect(() => {
    kernel.scene.value = { ...kernel.scene.peek(), halfGame: true }
    const { timers } = kernel.need(gameServiceRef)
    const id = kernel.scene.peek().live ? timers.setTimeout(() => setMask(true), LIVE_MASK_MS) : null
    return () => {
      if (id !== null) timers.clearTimeout(id)
      kernel.scene.value = { ...kernel.scene.peek(), halfGame: false }
    }
  }, [])
  if (!game) return null
  return (
    <>
      {mask && <div className="gm-mask" data-testid="game-live-mask" aria-hidden="true" />}
      <section className="gm-half" data-testid="game-half" aria-label={game.gameName}>
        <header className="gm-half__head">
          <h2 className="gm-half__title" data-dialog-title><bdi>{game.gameName}</bdi></h2>
          <button type="button" className="k-icon-btn" aria-label={t('game.close')} data-testid="game-half-close" onClick={() => close()}>
            <IconClose size={22} />
          </button>
        </header>
        <GameFrame link={game.gameLink} name={game.gameName} onClose={() => close()} source="game" />
      </section>
    </>
  )
}
