// One game as a tile: its icon (a safe image URL only) and name.
import { safeImageUrl } from '../../kernel/url.ts'
import type { Game } from './api.ts'

export function GameTile({ game, onPlay, testId }: { game: Game; onPlay: (g: Game) => void; testId?: string }) {
  const icon = safeImageUrl(game.loadingIcon ?? game.livePopIcon)
  return (
    <button type="button" className="gm-tile" data-testid={testId ?? `game-${game.gameId}`} onClick={() => onPlay(game)}>
      {icon ? <img className="gm-tile__icon" src={icon} alt="" loading="lazy" /> : <span className="gm-tile__icon" aria-hidden="true">🎮</span>}
      <span className="gm-tile__name">
        <bdi>{game.gameName}</bdi>
      </span>
    </button>
  )
}
