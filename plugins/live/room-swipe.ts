// LIVE-04 and d2 §2.2 by gesture: up or down past the threshold switches to the next or previous
// room (the next host's cover shown at once), left or right toggles clear-screen while live or
// calling and leaves while loading; the stage follows the finger meanwhile.
import { useState, type RefObject } from 'react'
import { useDrag } from '@use-gesture/react'
import type { LiveHostHint } from './api.ts'
import { swipePasses } from './rules.ts'
import type { LiveService } from './service.ts'

export function useRoomSwipe(live: LiveService, stage: RefObject<HTMLDivElement | null>, opts: { blocked: boolean; exit: () => void }) {
  const room = live.room
  const [drag, setDrag] = useState<{ y: number; active: boolean }>({ y: 0, active: false })
  /** a swipe passed: the direction, and the next host's cover while her room is asked */
  const [switching, setSwitching] = useState<{ to: LiveHostHint | null } | null>(null)

  const switchRoom = async (direction: 'next' | 'previous') => {
    // the next host's cover at once (her picture and name, asked when this room began to play),
    // over the whole room: never the old room sliding away with its input bar, nor a black screen
    setSwitching({ to: live.knownNeighbour(direction) ?? null })
    setDrag({ y: 0, active: false })
    const moved = await live.neighbour(direction)
    setSwitching(null)
    return moved
  }

  const bind = useDrag(
    ({ last, movement: [mx, my], velocity: [vx, vy], direction: [, dy], axis, tap }) => {
      if (tap || switching || opts.blocked) return
      const status = room.status.peek()
      const height = stage.current?.clientHeight || window.innerHeight
      if (axis === 'y') {
        if (!last) return setDrag({ y: my, active: true })
        setDrag({ y: 0, active: false })
        if (status !== 'ended' && swipePasses(my, height, vy * dy)) void switchRoom(my < 0 ? 'next' : 'previous')
        return
      }
      if (axis === 'x' && last && (Math.abs(mx) > 60 || vx > 0.4)) {
        // d2 §2.2: left or right toggles clear-screen in live and calling, leaves in loading
        if (status === 'loading') opts.exit()
        else if (status === 'live' || status === 'calling') room.clearScreen.value = !room.clearScreen.peek()
      }
    },
    { axis: 'lock', filterTaps: true, from: () => [0, 0] },
  )

  return { bind, drag, switching }
}
