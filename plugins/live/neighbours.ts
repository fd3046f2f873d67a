// LIVE-04: the next (up) or previous (down) room. Both neighbours are asked as soon as a room
// plays, so a swipe shows the next host's cover (her picture, name) at once rather than a black
// screen while the list is asked; the switch takes at least 1.2 s (the animation's wait); none:
// a warning, and the room stays.
import { effect, signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import { LIST_TIMEOUT } from '../../kernel/api.ts'
import type { Timers } from '../../kernel/timers.ts'
import type { LiveHostHint } from './api.ts'
import { LivePaths } from './paths.ts'
import { SWITCH_MIN_WAIT_MS } from './rules.ts'
import type { LiveRoom } from './state.ts'

type Direction = 'next' | 'previous'
const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** the first host the server names in that direction, other than this one; a failure is none (d2 §8) */
const askNeighbour = (kernel: Kernel, id: number, direction: Direction): Promise<LiveHostHint | null> =>
  kernel.api
    .post<unknown>(LivePaths.neighbours, { anchorId: id, type: direction === 'next' ? 2 : 1 }, { silent: true, timeout: LIST_TIMEOUT })
    .catch(() => []) // d2 §8: a failure is an empty list
    .then((rows) => {
      const first = (Array.isArray(rows) ? rows : []).find((r) => r && Number.isFinite(Number(r.userId)) && Number(r.userId) !== id)
      return first ? { userId: Number(first.userId), nickname: text(first.nickname), icon: text(first.icon), yxAccid: text(first.yxAccid) } : null
    })

export function createNeighbours(kernel: Kernel, room: LiveRoom, timers: Timers, open: (h: LiveHostHint) => void) {
  const neighbours = signal<{ hostId: number; next?: LiveHostHint | null; previous?: LiveHostHint | null } | null>(null)
  const dispose = effect(() => {
    if (room.status.value !== 'live') return
    const id = room.hostId.peek()
    if (id == null || neighbours.peek()?.hostId === id) return
    neighbours.value = { hostId: id }
    for (const direction of ['next', 'previous'] as const)
      void askNeighbour(kernel, id, direction).then((h) => {
        const now = neighbours.peek()
        if (now?.hostId === id) neighbours.value = { ...now, [direction]: h }
      })
  })

  /** the neighbour already known in that direction (undefined: not asked or not answered yet) */
  const knownNeighbour = (direction: Direction): LiveHostHint | null | undefined => {
    const n = neighbours.value
    return n && n.hostId === room.hostId.value ? n[direction] : undefined
  }

  let switching = false
  const neighbour = async (direction: Direction): Promise<boolean> => {
    const id = room.hostId.peek()
    if (id == null || switching) return false
    switching = true
    const wait = new Promise((ok) => timers.setTimeout(() => ok(null), SWITCH_MIN_WAIT_MS))
    try {
      const known = neighbours.peek()?.hostId === id ? neighbours.peek()![direction] : undefined
      const first = known ?? (await askNeighbour(kernel, id, direction))
      await wait
      if (!first || room.hostId.peek() !== id) {
        if (!first) kernel.overlays.toast(kernel.i18n.t('live.noMore'), { type: 'warning' })
        return false
      }
      open(first)
      return true
    } finally {
      switching = false
    }
  }

  return { knownNeighbour, neighbour, dispose }
}
