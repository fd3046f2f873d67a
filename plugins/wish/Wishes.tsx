// LIVE-09: the wishful-gift carousel in the room's deck (d2 §2.2), the room's own carousel (every
// 3 s the next wish, dots, a swipe turns it): each wish shows the gift, a bar that animates to the
// percent done (transform only) and done/goal. A completed wish stays full for about 3 s, then
// leaves (state.ts). A tap gives the gift (the agree popup first).
import { useSignals } from '@preact/signals-react/runtime'
import { useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { LiveApi } from '../live/api.ts'
import { GiftPicture } from './GiftPicture.tsx'
import { WISH_AUTOPLAY_MS } from './paths.ts'
import { isDone, percentOf, type Wish, type WishState } from './state.ts'
import css from './wish.css'
import { sentence } from '../../kernel/ui/sentence.tsx'

injectStyle(css)

export function Wishes({ wish, live }: { wish: WishState; live: LiveApi }) {
  useSignals()
  const t = useT()
  const { Carousel } = live
  return (
    <Carousel
      items={wish.wishes.value}
      intervalMs={WISH_AUTOPLAY_MS}
      testId="wish-carousel"
      className="ws-carousel"
      label={t('wish.carousel')}
      keyOf={(w) => w.giftId}
      onPick={(w) => void wish.tap(w)}
      render={(w) => <WishCard w={w} />}
    />
  )
}

function WishCard({ w }: { w: Wish }) {
  const t = useT()
  const percent = percentOf(w)
  return (
    <span className={`ws-card${isDone(w) ? ' ws-card--done' : ''}`} data-testid="wish-item" data-gift={w.giftId} data-done={isDone(w)}>
      <span className="ws-card__title">{t('wish.title')}</span>
      <GiftPicture src={w.img} size={36} />
      <span className="ws-bar" aria-hidden="true">
        <i className="ws-bar__fill" data-testid="wish-progress" data-percent={percent} style={{ transform: `scaleX(${percent / 100})` }} />
      </span>
      <span className="ws-card__count" dir="ltr" data-testid="wish-count">
        {w.done}/{w.target}
      </span>
      {/* the slide is named by what it shows, then which gift: voice control finds it by its words */}
      {' '}
      <span className="k-visually-hidden">{w.name ? sentence(t, 'wish.item', { name: w.name }) : t('wish.item', { name: t('wish.unnamed') })}</span>
    </span>
  )
}
