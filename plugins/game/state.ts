// The game plugin's own service: its timers and randomness (injected in tests), the requests of its
// pages, and how a game link becomes a frame (rules.ts framePlan with this user's IM token and the
// base config's token hosts). A loaded list is kept, so reopening the popup shows it at once.
import { signal, type Signal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import { StoreKey } from '../../kernel/session.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import type { Kernel } from '../../kernel/types.ts'
import { shellRef } from '../shell/api.ts'
import { answer, type Guard } from '../../kernel/guard.ts'
import { gameGuard, listAnswer, type Game } from './api.ts'
import { GamePath } from './paths.ts'
import { framePlan, tokenHostsOf, type FramePlan } from './rules.ts'

export interface GameDeps {
  timers?: Timers
  /** [0, 1): the loading steps' randomness */
  random?: () => number
  /** the app's origin (location.origin in the browser) */
  appOrigin?: () => string
}

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' }

export interface GameService {
  timers: Timers
  random: () => number
  /** the half-screen games of the list popup, kept once loaded */
  halfGames: Signal<Load<Game[]>>
  loadHalf(): Promise<void>
  /** one request of the game pages: its answer as its guard (api.ts) accepts it, or null when it
   *  failed or was malformed (silently: the page shows why) */
  fetch<T>(path: string, guard: Guard<T>, payload?: Record<string, unknown>): Promise<T | null>
  /** the frame for a game link, for this user */
  plan(link: string): FramePlan | null
}

export const gameServiceRef = ref<GameService>('game.service')

export function createGameService(kernel: Kernel, deps: GameDeps): GameService {
  const halfGames = signal<Load<Game[]>>({ status: 'loading' })
  const fetch = async <T,>(path: string, guard: Guard<T>, payload: Record<string, unknown> = {}) => {
    try {
      return answer(guard, path)(await kernel.api.post(path, payload, { silent: true }))
    } catch {
      return null
    }
  }
  return {
    timers: deps.timers ?? realTimers,
    random: deps.random ?? Math.random,
    halfGames,
    fetch,
    async loadHalf() {
      if (halfGames.peek().status !== 'ready') halfGames.value = { status: 'loading' }
      const games = await fetch(GamePath.halfList, listAnswer(gameGuard, 'gameList'))
      if (games === null) {
        if (halfGames.peek().status !== 'ready') halfGames.value = { status: 'failed' }
        return
      }
      halfGames.value = { status: 'ready', value: games }
    },
    plan(link) {
      const user = kernel.session.user.peek()
      const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(StoreKey.imToken) : null
      const config = kernel.get(shellRef)?.baseConfig.peek()
      return framePlan(link, {
        appOrigin: deps.appOrigin?.() ?? location.origin,
        tokenHosts: tokenHostsOf(config?.sysConfigParams?.game_token_hosts),
        imToken: user?.imToken || stored,
        userId: user?.userId ?? null,
      })
    },
  }
}
