// The 'live' service: one room (state.ts) and the full-server notices (notices.ts) per kernel,
// the links other plugins use to open a room, and the rules that tie the room to the app: a
// call starting elsewhere leaves picture-in-picture first (d1 §4, d2 §4.11). The lists it asks
// beside the room are in room-extras.ts, the swipe's neighbours in neighbours.ts.
import type { ComponentType } from 'react'
import { computed, effect, signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import type { LiveApi, LiveHostHint, RoomSlot } from './api.ts'
import { liveHref } from './api.ts'
import { createNoticeQueue, noticeAllowed, parseNotice, type Notice } from './notices.ts'
import { createRoom, type LiveRoom, type RoomDeps } from './state.ts'
import { realTimers } from '../../kernel/timers.ts'
import { Carousel } from './Carousel.tsx'
import { createActivities, createEndRecommend, createGameList, liveRooms } from './room-extras.ts'
import { createNeighbours } from './neighbours.ts'

export type LiveService = ReturnType<typeof createLiveService>

export function createLiveService(kernel: Kernel, deps: RoomDeps = {}) {
  const timers = deps.timers ?? realTimers
  const room = createRoom(kernel, deps)
  const notices = createNoticeQueue({
    ...(deps.timers && { timers: deps.timers }),
    // d2 §4.1: notices stop while a room loads
    paused: () => room.status.peek() === 'loading',
    visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  })
  const gameList = createGameList(kernel)
  const activities = createActivities(kernel, room, gameList.ask)
  const slots = signal<Partial<Record<RoomSlot, ComponentType>>>({})
  const endRecommend = createEndRecommend(kernel, room)

  const open: LiveApi['open'] = (host, from) => {
    void room.enter(host)
    const href = liveHref(host.userId, from?.path)
    if (kernel.router.path.peek() === '/live') kernel.router.navigate(href, { replace: true })
    else kernel.router.navigate(href)
  }
  const offCall = leaveWhenACallStarts(kernel, room)
  const neighbours = createNeighbours(kernel, room, timers, (h) => open(h, { path: 'swipe' }))

  const api: LiveApi = {
    current: computed(() => {
      const id = room.hostId.value
      return id == null ? null : { hostId: id, status: room.status.value, pip: room.pip.value }
    }),
    fields: room.fields,
    open,
    leave: () => room.leave(),
    rooms: (which) => liveRooms(kernel, which),
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
    timers,
    notices,
    games: gameList.games,
    activities: activities.activities,
    slots,
    /** a pushed notice (LIVE-17): parsed, gated by level, queued */
    notice(data: unknown) {
      // a notice not shown says why in the log (never its data, which may name users)
      const n = parseNotice(data, Date.now(), (why) => console.info(`[live] notice not shown: ${why}`))
      if (!n) return
      gameList.ask()
      const level = Number(kernel.session.user.peek()?.userLevel ?? 0)
      if (noticeAllowed(n, level, gameList.userLevels())) notices.add(n)
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
    neighbour: neighbours.neighbour,
    knownNeighbour: neighbours.knownNeighbour,
    endRecommend: endRecommend.endRecommend,
    dispose() {
      neighbours.dispose()
      endRecommend.dispose()
      offCall()
      activities.dispose()
      notices.dispose()
      room.dispose()
    },
  }
}

/** a call starting elsewhere leaves the room (and its picture-in-picture) first */
const leaveWhenACallStarts = (kernel: Kernel, room: LiveRoom) =>
  effect(() => {
    if (kernel.scene.value.call && room.status.peek() !== 'idle') void room.leave()
  })
