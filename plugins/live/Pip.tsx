// LIVE-16 the picture-in-picture window: the room's own video element, draggable
// (@use-gesture/react), with 'Live ended' or 'Private Call' over it; a tap returns to the room,
// or toasts 'The live stream has ended' and leaves; actions 1 s apart.
import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useDrag } from '@use-gesture/react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { IconClose } from '../../kernel/ui/icons.tsx'
import { liveHref } from './api.ts'
import { useLive } from './hooks.ts'
import { PIP_DEBOUNCE_MS } from './rules.ts'

const W = 112
const H = 168
let lastAction = -Infinity

export default function Pip() {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const live = useLive()
  const room = live.room
  const box = useRef<HTMLDivElement>(null)
  // physical coordinates from the top left; it starts at the end side (right in English, left in Arabic)
  const [pos, setPos] = useState(() => ({ x: kernel.i18n.dir.peek() === 'rtl' ? 12 : Math.min(window.innerWidth, 450) - W - 12, y: 96 }))

  useEffect(() => {
    box.current?.appendChild(room.video)
  }, [])

  const debounced = (fn: () => void) => {
    const now = Date.now()
    if (now - lastAction < PIP_DEBOUNCE_MS) return
    lastAction = now
    fn()
  }
  const open = () =>
    debounced(() => {
      const id = room.hostId.peek()
      if (room.status.peek() === 'ended' || id == null) {
        kernel.overlays.toast(t('live.ended'), { type: 'warning' })
        return void room.leave()
      }
      kernel.router.navigate(liveHref(id, 'pip'))
    })

  const bind = useDrag(
    ({ offset: [x, y], tap }) => {
      if (tap) return open()
      const maxX = Math.max(0, Math.min(window.innerWidth, 450) - W - 8)
      const maxY = Math.max(0, window.innerHeight - H - 8)
      setPos({ x: Math.min(maxX, Math.max(8, x)), y: Math.min(maxY, Math.max(8, y)) })
    },
    { from: () => [pos.x, pos.y], filterTaps: true },
  )

  const status = room.status.value
  // the x is outside the dragged element: the drag's own click handler (capture phase, to swallow
  // the click that ends a drag) would otherwise eat the x's click, as it did
  return (
    <div className="lv-pip" data-testid="live-pip" data-status={status} style={{ transform: `translate3d(${pos.x}px, ${pos.y}px, 0)` }}>
      <div {...bind()} className="lv-pip__body" role="button" tabIndex={0} aria-label={room.hint.value?.nickname ?? ''} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && open()}>
        <div className="lv-pip__video" ref={box} />
        {status === 'ended' && <div className="lv-pip__over" data-testid="live-pip-ended">{t('live.pipEnded')}</div>}
        {status === 'calling' && <div className="lv-pip__over" data-testid="live-pip-calling">{t('live.privateCall')}</div>}
      </div>
      <button
        type="button"
        className="lv-pip__close"
        data-testid="live-pip-close"
        aria-label={t('live.close')}
        onClick={() => debounced(() => void room.leave())}
      >
        <IconClose size={14} />
      </button>
    </div>
  )
}
