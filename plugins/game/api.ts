// The game plugin's public face: the service other plugins open the game list popup and a
// half-screen game with, the wire shapes of d3 §3 (Game, game store) and the scene marks the call
// and pay rules read. Import this file only, never the plugin's internals.
import { ref } from '../../kernel/plugin.ts'

export { GamePath } from './paths.ts'
export { GameEntries } from './Entries.tsx'

/** d3 §3 Game */
export interface Game {
  gameId: number
  gameName: string
  gameLink: string
  loadingIcon?: string
  livePopIcon?: string
  /** 1 half-screen, 2 full page (harness decision; the spec lists the field only) */
  gameType?: number
  /** 1 home, 2 moments, 3 user, 4 live fixed, 5 message */
  exposurePosition?: number[]
  priority?: number
  isLiveFixedShow?: number
  gameCategories?: string
  gameCategoriesName?: string
}

export const GameOverlay = {
  list: 'game.list',
  half: 'game.half',
} as const

export const GamePage = {
  play: '/game',
  centre: '/gameCenter',
  rank: '/gameRank',
  rule: '/gameRule',
  free: '/free',
} as const

export interface GameApi {
  /** the game list popup (Game center) */
  openList(): void
  /** a half-screen game over the page (a live room, the list popup) */
  openHalf(game: Game): void
}

export const gameRef = ref<GameApi>('game')

declare module '../../kernel/types.ts' {
  interface SceneMarks {
    /** a half-screen game shows (calls are rejected, no robot invitation, no seller list) */
    halfGame: boolean
    /** the game list popup (Game center) shows (the floating pay button hides) */
    gameCentre: boolean
  }
}
