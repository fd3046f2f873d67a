// What the gift plugin shows over the room (a widget): the sent-gift banners with their combo
// count, the full-screen animation (the player loads on first use and is destroyed after each
// play), and the lucky win with its tip (3.5 s). Reduced motion: banners stand still and no
// full-screen animation plays (the queue skips them).
import { useEffect, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { useGift } from './hooks.ts'
import { IconDiamond, IconGiftBox } from './icons.tsx'
import { playAnimation } from './player.ts'
import type { FullShow } from './queue.ts'
import css from './gift.css'
import { sentence, shownCount, shownText } from '../../kernel/ui/sentence.tsx'

export function GiftLayer() {
  useSignals()
  injectStyle(css)
  const t = useT()
  const gift = useGift()
  const banners = gift.queue.banners.value
  const full = gift.queue.full.value
  const win = gift.luckyWin.value
  if (!banners.length && !full && !win) return null
  return (
    <div className="gf-layer" aria-live="polite">
      <div className="gf-banners">
        {banners.map((b) => (
          <div key={b.key} className="gf-banner" data-testid="gift-banner" data-gift={b.giftId}>
            {b.img ? <img className="gf-banner__img" src={b.img} alt="" /> : <IconGiftBox size={28} />}
            <span className="gf-banner__text">
              <bdi className="gf-banner__nick">{shownText(b.senderNick)}</bdi>
              <span>{sentence(t, 'gift.sent', { gift: b.giftName })}</span>
            </span>
            <span className="gf-banner__combo" data-testid="gift-combo">
              ×{shownCount(b.combo, 9999)}
            </span>
          </div>
        ))}
      </div>
      {full && <FullScreen key={full.key} show={full} />}
      {win && (
        <div key={win.key} className={`gf-win gf-win--${Math.min(3, win.style)}`} data-testid="gift-lucky-win">
          <p className="gf-win__title">{t('gift.luckyWin')}</p>
          <p className="gf-win__num">
            <IconDiamond size={22} />
            {win.reward.toLocaleString()}
          </p>
          <p className="gf-win__tip">{t('gift.luckyTip')}</p>
        </div>
      )}
    </div>
  )
}

function FullScreen({ show }: { show: FullShow }) {
  const gift = useGift()
  const el = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const abort = new AbortController()
    playAnimation(el.current!, show.animation, abort.signal)
      .catch(() => undefined)
      .finally(() => gift.queue.fullDone(show.key))
    return () => abort.abort()
  }, [show.key])
  return <div ref={el} className="gf-full" data-testid="gift-full" data-gift={show.giftId} aria-hidden="true" />
}
