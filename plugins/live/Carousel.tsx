// LIVE-03: the room's small carousels (pendants every 2 s, activities every 5 s): one picture at
// a time, sliding with transform only, dots under it; a tap opens the item. A single item stands
// still; none draws nothing. Swiping it (@use-gesture/react, as the room's swipes) turns it by hand.
import { useEffect, useState } from 'react'
import { useDrag } from '@use-gesture/react'
import type { CarouselProps } from './api.ts'
import { useLive } from './hooks.ts'
import { prefersReducedMotion } from '../../kernel/style.ts'

export function Carousel<T>({ items, intervalMs, testId, render, onPick, label, labelOf, keyOf, className }: CarouselProps<T>) {
  const timers = useLive().timers
  const [at, setAt] = useState(0)
  const count = items.length
  // autoplay, unless the user asked for less motion; a turn by hand starts the wait again
  useEffect(() => {
    if (count < 2 || prefersReducedMotion()) return
    const id = timers.setInterval(() => setAt((i) => (i + 1) % count), intervalMs)
    return () => timers.clearInterval(id)
  }, [count, intervalMs, at])
  // a swipe turns it (and the room's own swipes do not see it)
  const bind = useDrag(({ last, movement: [mx], tap, event }) => {
    event.stopPropagation()
    if (tap || !last || Math.abs(mx) < 20 || count < 2) return
    const rtl = document.documentElement.dir === 'rtl'
    const forward = rtl ? mx > 0 : mx < 0
    setAt((i) => (i + (forward ? 1 : count - 1)) % count)
  }, { axis: 'x', filterTaps: true })
  if (!count) return null
  const index = at % count
  // slides run in the reading direction: in right-to-left the next one is to the left
  const sign = typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 1 : -1
  return (
    <div className={className ? `lv-carousel ${className}` : 'lv-carousel'} role={label ? 'group' : undefined} aria-label={label} data-testid={testId} data-index={index} data-count={count} {...bind()}>
      <div className="lv-carousel__track" style={{ transform: `translate3d(${sign * index * 100}%, 0, 0)` }}>
        {items.map((item, i) => (
          <button key={keyOf?.(item) ?? i} type="button" className="lv-carousel__slide" aria-label={labelOf?.(item)} aria-hidden={i !== index} tabIndex={i === index ? 0 : -1} onClick={() => onPick(item)}>
            {render(item)}
          </button>
        ))}
      </div>
      {count > 1 && (
        <span className="lv-carousel__dots" aria-hidden="true">
          {items.map((item, i) => (
            <i key={keyOf?.(item) ?? i} className={i === index ? 'on' : undefined} />
          ))}
        </span>
      )}
    </div>
  )
}
