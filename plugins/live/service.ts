// The 'live' service: one room (state.ts) and the full-server notices (notices.ts) per kernel,
// the links other plugins use to open a room, and the rules that tie the room to the app: a
// call starting elsewhere leaves picture-in-picture first (d1 §4, d2 §4.11).
import { safeImageUrl } from '../../kernel/url.ts'
import type { ComponentType } from 'react'
import { computed, effect, signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import type { LiveApi, LiveHostHint, RoomSlot } from './api.ts'
import { liveHref } from './api.ts'
import { LIVE_LIST_PATH, liveListQuery } from '../wall/api.ts'
import { createNoticeQueue, noticeAllowed, parseNotice, type Notice } from './notices.ts'
import { createRoom, type RoomDeps } from './state.ts'
import { LivePaths } from './paths.ts'
import { FOLLOWED_PAGE_SIZE, SWITCH_MIN_WAIT_MS, toLiveCard } from './rules.ts'
import { LIST_TIMEOUT } from '../../kernel/api.ts'
import { realTimers } from '../../kernel/timers.ts'
import { Carousel } from './Carousel.tsx'


export type LiveService = ReturnType<typeof createLiveService>

export function createLiveService(kernel: Kernel, deps: RoomDeps = {}) {
  const room = createRoom(kernel, deps)
  const notices = createNoticeQueue({
    ...(deps.timers && { timers: deps.timers }),
    // d2 §4.1: notices stop while a room loads
    paused: () => room.status.peek() === 'loading',
    visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  })
  // the game list (d2 §7 full-game list), asked once: its userLevels gate notices (LIVE-17), its
  // games show the room's game icon (LIVE-03)
  let userLevels: number[] | null = null
  let gamesAsked = false
  const games = signal<Game[]>([])
  const askGames = () => {
    if (gamesAsked) return
    gamesAsked = true
    kernel.api
      .post<{ userLevels?: unknown; gameList?: Array<Record<string, unknown>> }>('/api/full/geme/list', {}, { silent: true })
      .then((res) => {
        const gameRows = Array.isArray(res?.gameList) ? res.gameList : []
        const list: unknown[] = Array.isArray(res?.userLevels) ? res.userLevels : gameRows.flatMap((g) => (Array.isArray(g?.userLevels) ? g.userLevels : []))
        userLevels = list.length ? list.map(Number).filter(Number.isFinite) : null
        games.value = toGames(res?.gameList)
      })
      .catch(() => (gamesAsked = false))
  }
  // the activity list (5 s carousel), asked once per room entered
  const activities = signal<Activity[]>([])
  const slots = signal<Partial<Record<RoomSlot, ComponentType>>>({})
  const offActivities = effect(() => {
    const id = room.hostId.value
    if (id == null) return
    askGames()
    kernel.api
      .post<unknown>(LivePaths.activities, { anchorId: id }, { silent: true })
      .then((res) => room.hostId.peek() === id && (activities.value = toActivities(res)))
      .catch(() => (activities.value = []))
  })

  // LIVE-18: the end screen's recommendations are the rooms live when it opens, not those the
  // enter answer named minutes before (those hosts may have ended since); null while asked
  const endRecommend = signal<LiveHostHint[] | null>(null)
  const offEndRecommend = effect(() => {
    if (room.status.value !== 'ended') return
    const id = room.hostId.peek()
    const still = () => room.status.peek() === 'ended' && room.hostId.peek() === id
    endRecommend.value = null
    rooms('live').then(
      (list) => still() && (endRecommend.value = list.filter((h) => h.userId !== id)),
      () => still() && (endRecommend.value = []), // d2 §8: a failure is an empty list (the hint shows)
    )
  })

  const open: LiveApi['open'] = (host, from) => {
    void room.enter(host)
    const href = liveHref(host.userId, from?.path)
    if (kernel.router.path.peek() === '/live') kernel.router.navigate(href, { replace: true })
    else kernel.router.navigate(href)
  }

  // a call starting elsewhere leaves the room (and its picture-in-picture) first
  const offCall = effect(() => {
    if (kernel.scene.value.call && room.status.peek() !== 'idle') void room.leave()
  })

  // LIVE-04: the next (up) or previous (down) room; two are fetched, the first is entered.
  // The switch takes at least 1.2 s (the animation's wait); none: a warning, and the room stays.
  // Both neighbours are asked as soon as a room plays, so a swipe shows the next host's cover
  // (her picture, name) at once rather than a black screen while the list is asked.
  const askNeighbour = (id: number, direction: 'next' | 'previous'): Promise<LiveHostHint | null> =>
    kernel.api
      .post<unknown>(LivePaths.neighbours, { anchorId: id, type: direction === 'next' ? 2 : 1 }, { silent: true, timeout: LIST_TIMEOUT })
      .catch(() => []) // d2 §8: a failure is an empty list
      .then((rows) => {
        const first = (Array.isArray(rows) ? rows : []).find((r) => r && Number.isFinite(Number(r.userId)) && Number(r.userId) !== id)
        return first ? { userId: Number(first.userId), nickname: text(first.nickname), icon: text(first.icon), yxAccid: text(first.yxAccid) } : null
      })
  const neighbours = signal<{ hostId: number; next?: LiveHostHint | null; previous?: LiveHostHint | null } | null>(null)
  const offNeighbours = effect(() => {
    if (room.status.value !== 'live') return
    const id = room.hostId.peek()
    if (id == null || neighbours.peek()?.hostId === id) return
    neighbours.value = { hostId: id }
    for (const direction of ['next', 'previous'] as const)
      void askNeighbour(id, direction).then((h) => {
        const now = neighbours.peek()
        if (now?.hostId === id) neighbours.value = { ...now, [direction]: h }
      })
  })
  /** the neighbour already known in that direction (undefined: not asked or not answered yet) */
  const knownNeighbour = (direction: 'next' | 'previous'): LiveHostHint | null | undefined => {
    const n = neighbours.value
    return n && n.hostId === room.hostId.value ? n[direction] : undefined
  }
  let switching = false
  const neighbour = async (direction: 'next' | 'previous'): Promise<boolean> => {
    const id = room.hostId.peek()
    if (id == null || switching) return false
    switching = true
    const timers = deps.timers ?? realTimers
    const wait = new Promise((ok) => timers.setTimeout(() => ok(null), SWITCH_MIN_WAIT_MS))
    try {
      const known = neighbours.peek()?.hostId === id ? neighbours.peek()![direction] : undefined
      const first = known ?? (await askNeighbour(id, direction))
      await wait
      if (!first || room.hostId.peek() !== id) {
        if (!first) kernel.overlays.toast(kernel.i18n.t('live.noMore'), { type: 'warning' })
        return false
      }
      open(first, { path: 'swipe' })
      return true
    } finally {
      switching = false
    }
  }

  async function rooms(which: 'live' | 'followed'): ReturnType<LiveApi['rooms']> {
    const [path, query] = which === 'live' ? [LIVE_LIST_PATH, liveListQuery(1, kernel.i18n.locale.peek())] : [LivePaths.followList, { currentPage: 1, pageSize: FOLLOWED_PAGE_SIZE }]
    const page = await kernel.api.post<{ list?: unknown } | null>(path, query, { silent: true, timeout: LIST_TIMEOUT })
    return (Array.isArray(page?.list) ? page.list : []).flatMap(toLiveCard)
  }

  const api: LiveApi = {
    current: computed(() => {
      const id = room.hostId.value
      return id == null ? null : { hostId: id, status: room.status.value, pip: room.pip.value }
    }),
    fields: room.fields,
    open,
    leave: () => room.leave(),
    rooms,
    fill(slot, component) {
      slots.value = { ...slots.peek(), [slot]: component ?? undefined }
    },
    onRoomMessage: (type, fn) => room.onCustom(type, fn),
    Carousel,
  }

  return {
    api,
    room,
    /** the clock of the room's own timers (the carousels), fake in tests */
    timers: deps.timers ?? realTimers,
    notices,
    games,
    activities,
    slots,
    /** a pushed notice (LIVE-17): parsed, gated by level, queued */
    notice(data: unknown) {
      // a notice not shown says why in the log (never its data, which may name users)
      const n = parseNotice(data, Date.now(), (why) => console.info(`[live] notice not shown: ${why}`))
      if (!n) return
      askGames()
      const level = Number(kernel.session.user.peek()?.userLevel ?? 0)
      if (noticeAllowed(n, level, userLevels)) notices.add(n)
      else console.info(`[live] notice not shown: level ${level} is not in the game list's userLevels for attachType ${n.attachType}`)
    },
    /** a tap on a notice: its room, or 'Already in this live room' when it is the one open */
    tapNotice(n: Notice) {
      if (!n.hostId) return
      const cur = api.current.peek()
      if (cur && cur.hostId === n.hostId && !cur.pip && kernel.router.path.peek() === '/live')
        return kernel.overlays.toast(kernel.i18n.t('live.alreadyHere'), { duration: 3000 })
      open({ userId: n.hostId, nickname: n.receiver, icon: n.receiverIcon }, { path: 'notice' })
    },
    openHint: (h: LiveHostHint, path?: string) => open(h, path ? { path } : undefined),
    neighbour,
    knownNeighbour,
    endRecommend,
    dispose() {
      offNeighbours()
      offEndRecommend()
      offCall()
      offActivities()
      notices.dispose()
      room.dispose()
    },
  }
}

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
