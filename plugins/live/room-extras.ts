// What the service asks beside the room: the game list (its userLevels gate notices, LIVE-17; its
// games show the room's game icon, LIVE-03), the room's activities (the 5 s carousel), the live
// lists (LIVE-01) and the end screen's recommendations (LIVE-18).
import { effect, signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import { LIST_TIMEOUT } from '../../kernel/api.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import { LIVE_LIST_PATH, liveListQuery } from '../wall/api.ts'
import type { LiveApi, LiveHostHint } from './api.ts'
import { LivePaths } from './paths.ts'
import { FOLLOWED_PAGE_SIZE, toLiveCard } from './rules.ts'
import type { LiveRoom } from './state.ts'

/** d2 §3 Activity: the room's 5 s carousel */
export interface Activity {
  liveIcon: string
  liveLink: string
  liveName: string
}

export interface Game {
  gameId: number
  gameName: string
  gameLink: string
  icon: string
}

/** the game list (d2 §7 full-game list), asked once (again after a failure) */
export function createGameList(kernel: Kernel) {
  let userLevels: number[] | null = null
  let asked = false
  const games = signal<Game[]>([])
  const ask = () => {
    if (asked) return
    asked = true
    kernel.api
      .post<{ userLevels?: unknown; gameList?: Array<Record<string, unknown>> }>('/api/full/geme/list', {}, { silent: true })
      .then((res) => {
        const gameRows = Array.isArray(res?.gameList) ? res.gameList : []
        const list: unknown[] = Array.isArray(res?.userLevels) ? res.userLevels : gameRows.flatMap((g) => (Array.isArray(g?.userLevels) ? g.userLevels : []))
        userLevels = list.length ? list.map(Number).filter(Number.isFinite) : null
        games.value = toGames(res?.gameList)
      })
      .catch(() => (asked = false))
  }
  return { games, ask, userLevels: () => userLevels }
}

/** the activity list (5 s carousel), asked once per room entered; the game list with it */
export function createActivities(kernel: Kernel, room: LiveRoom, askGames: () => void) {
  const activities = signal<Activity[]>([])
  const dispose = effect(() => {
    const id = room.hostId.value
    if (id == null) return
    askGames()
    kernel.api
      .post<unknown>(LivePaths.activities, { anchorId: id }, { silent: true })
      .then((res) => room.hostId.peek() === id && (activities.value = toActivities(res)))
      .catch(() => (activities.value = []))
  })
  return { activities, dispose }
}

/** LIVE-01: the rooms live now, or the followed hosts live now */
export async function liveRooms(kernel: Kernel, which: 'live' | 'followed'): ReturnType<LiveApi['rooms']> {
  const [path, query] = which === 'live' ? [LIVE_LIST_PATH, liveListQuery(1, kernel.i18n.locale.peek())] : [LivePaths.followList, { currentPage: 1, pageSize: FOLLOWED_PAGE_SIZE }]
  const page = await kernel.api.post<{ list?: unknown } | null>(path, query, { silent: true, timeout: LIST_TIMEOUT })
  return (Array.isArray(page?.list) ? page.list : []).flatMap(toLiveCard)
}

/** LIVE-18: the end screen's recommendations are the rooms live when it opens, not those the
 *  enter answer named minutes before (those hosts may have ended since); null while asked */
export function createEndRecommend(kernel: Kernel, room: LiveRoom) {
  const endRecommend = signal<LiveHostHint[] | null>(null)
  const dispose = effect(() => {
    if (room.status.value !== 'ended') return
    const id = room.hostId.peek()
    const still = () => room.status.peek() === 'ended' && room.hostId.peek() === id
    endRecommend.value = null
    liveRooms(kernel, 'live').then(
      (list) => still() && (endRecommend.value = list.filter((h) => h.userId !== id)),
      () => still() && (endRecommend.value = []), // d2 §8: a failure is an empty list (the hint shows)
    )
  })
  return { endRecommend, dispose }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

function toActivities(raw: unknown): Activity[] {
  return (Array.isArray(raw) ? raw : [])
    .filter((a) => a && safeImageUrl(a.liveIcon))
    .slice(0, 10)
    .map((a) => ({ liveIcon: safeImageUrl(a.liveIcon), liveLink: text(a.liveLink), liveName: text(a.liveName) }))
}

/** the games of the list, those fixed in live rooms first */
function toGames(raw: unknown): Game[] {
  return (Array.isArray(raw) ? raw : [])
    .filter((g) => g && text(g.gameLink))
    .sort((a, b) => Number(b.isLiveFixedShow ?? 0) - Number(a.isLiveFixedShow ?? 0))
    .map((g) => ({ gameId: Number(g.gameId) || 0, gameName: text(g.gameName), gameLink: text(g.gameLink), icon: text(g.livePopIcon ?? g.loadingIcon) }))
}
