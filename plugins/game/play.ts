// How a game is started from a list: a half-screen game (gameType 1) over the page, any other in the
// /game page.
import type { Kernel } from '../../kernel/types.ts'
import { GameOverlay, GamePage, type Game } from './api.ts'

export function playGame(kernel: Kernel, game: Game) {
  if (Number(game.gameType) === 1) void kernel.overlays.open(GameOverlay.half, { game })
  else kernel.router.navigate(`${GamePage.play}?url=${encodeURIComponent(game.gameLink)}&name=${encodeURIComponent(game.gameName)}`)
}
