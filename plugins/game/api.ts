// The game plugin's public face: the service other plugins open the game list popup and a
// half-screen game with, the wire shapes of d3 §3 (Game, game store) and the scene marks the call
// and pay rules read. Import this file (and widgets.tsx for the user page's entries) only, never
// the plugin's internals.
import { ref } from '../../kernel/plugin.ts'
import { id, int, list, num, obj, or, str, type Guard } from '../../kernel/guard.ts'

export { GamePath } from './paths.ts'

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

// ---- guards of the answers (kernel/guard.ts): a game without its id or link is left out, a bad
// optional field is dropped, a text that is not text is blank

const maybe = (max = 2000) => or(str(max), undefined)
const count = or(num, 0)

/** guard of one game (d3 §3 Game) */
export const gameGuard: Guard<Game> = obj({
  gameId: int,
  gameName: or(str(100), ''),
  gameLink: id(2000),
  loadingIcon: maybe(),
  livePopIcon: maybe(),
  gameType: or(int, undefined),
  exposurePosition: or(list(int, 10), undefined),
  priority: or(num, undefined),
  isLiveFixedShow: or(int, undefined),
  gameCategories: maybe(100),
  gameCategoriesName: maybe(100),
})

/** a list answer: a bare array, or an object holding one under `key`; nothing (null) is none. The
 *  rows `row` refuses are left out; any other answer is malformed (undefined). */
export const listAnswer =
  <T>(row: Guard<T>, key = 'list', max = 500): Guard<T[]> =>
  (v) =>
    v === null ? [] : list(row, max)(Array.isArray(v) ? v : v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined)

export interface GameScroll {
  nickname: string
  gameName: string
  winDiamond: number
}
export interface GameBanner {
  id: number
  imgUrl?: string
  title?: string
  gameId?: number
}
export interface GameRankRow {
  rank: number
  userId: number
  nickname: string
  icon?: string
  winDiamond: number
}

/** guard of the full game list answer: its games and the winners' marquee */
export const fullGameList = obj({
  gameList: or(list(gameGuard, 500), []),
  scrollScreen: or(obj({ scrolls: or(list(obj({ nickname: or(str(100), ''), gameName: or(str(100), ''), winDiamond: count }), 100), []), showTime: or(num, 3) }), { scrolls: [], showTime: 3 }),
})

export const gameBanners: Guard<GameBanner[]> = listAnswer(obj({ id: int, imgUrl: maybe(), title: maybe(100), gameId: or(int, undefined) }), 'list', 20)

export const gameRankRows: Guard<GameRankRow[]> = listAnswer(obj({ rank: count, userId: int, nickname: or(str(100), ''), icon: maybe(), winDiamond: count }), 'list', 100)

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
