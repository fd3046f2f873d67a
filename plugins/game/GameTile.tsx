// One game as a tile: its icon (a safe image URL only) and name.
import type { Game } from './api.ts'

/** an icon URL the page may load: http(s) or an app path, nothing else */
export function safeIcon(src: unknown): string | null {
  if (typeof src !== 'string' || !src) return null
  if (src.startsWith('/') && !src.startsWith('//')) return src
  return /^https?:\/\//i.test(src) ? src : null
}

export function GameTile({ game, onPlay, testId }: { game: Game; onPlay: (g: Game) => void; testId?: string }) {
  const icon = safeIcon(game.loadingIcon ?? game.livePopIcon)
  return (
    <button type="button" className="gm-tile" data-testid={testId ?? `game-${game.gameId}`} onClick={() => onPlay(game)}>
      {icon ? <img className="gm-tile__icon" src={icon} alt="" loading="lazy" /> : <span className="gm-tile__icon" aria-hidden="true">🎮</span>}
      <span className="gm-tile__name">
        <bdi>{game.gameName}</bdi>
      </span>
    </button>
  )
}
