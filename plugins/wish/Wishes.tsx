// LIVE-09: the wishful-gift carousel in the room's deck (d2 §2.2): one wish at a time, the gift,
// a bar that animates to the percent done (transform only) and done/goal; every 3 s the next
// wish, dots under it. A completed wish stays full for about 3 s, then leaves (state.ts). A tap
// gives the gift (the agree popup first).
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { Timers } from '../../kernel/timers.ts'
import { GiftPicture } from './GiftPicture.tsx'
import { WISH_AUTOPLAY_MS } from './paths.ts'
import { isDone, percentOf, type Wish, type WishState } from './state.ts'
import css from './wish.css'

injectStyle(css)

export function Wishes({ wish, timers }: { wish: WishState; timers: Timers }) {
  useSignals()
  const t = useT()
  const list = wish.wishes.value
  const [at, setAt] = useState(0)
  const count = list.length
  useEffect(() => {
    if (count < 2) return
    const id = timers.setInterval(() => setAt((i) => (i + 1) % count), WISH_AUTOPLAY_MS)
    return () => timers.clearInterval(id)
  }, [count, at])
  if (!count) return null
  const index = at % count
  // slides run in the reading direction: in right-to-left the next one is to the left
  const sign = document.documentElement.dir === 'rtl' ? 1 : -1
  return (
    <div className="ws-carousel" role="group" aria-label={t('wish.carousel')} data-testid="wish-carousel" data-index={index} data-count={count}>
      <div className="ws-track" style={{ transform: `translate3d(${sign * index * 100}%, 0, 0)` }}>
        {list.map((w, i) => (
          <WishCard key={w.giftId} w={w} shown={i === index} onTap={() => void wish.tap(w)} />
        ))}
      </div>
      {count > 1 && (
        <span className="ws-dots" aria-hidden="true">
          {list.map((w, i) => (
            <i key={w.giftId} className={i === index ? 'on' : undefined} />
          ))}
        </span>
      )}
    </div>
  )
}

function WishCard({ w, shown, onTap }: { w: Wish; shown: boolean; onTap: () => void }) {
  const t = useT()
  const percent = percentOf(w)
  return (
    <button
      type="button"
      className={`ws-card${isDone(w) ? ' ws-card--done' : ''}`}
      data-testid="wish-item"
      data-gift={w.giftId}
      data-done={isDone(w)}
      aria-hidden={!shown}
      tabIndex={shown ? 0 : -1}
      aria-label={t('wish.item', { name: w.name || t('wish.unnamed'), done: w.done, target: w.target })}
      onClick={onTap}
    >
      <span className="ws-card__title">{t('wish.title')}</span>
      <GiftPicture src={w.img} size={36} />
      <span className="ws-bar" aria-hidden="true">
        <i className="ws-bar__fill" data-testid="wish-progress" data-percent={percent} style={{ transform: `scaleX(${percent / 100})` }} />
      </span>
      <span className="ws-card__count" dir="ltr" data-testid="wish-count">
        {w.done}/{w.target}
      </span>
    </button>
  )
}
