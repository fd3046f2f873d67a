// What the gift plugin shows over the room (a widget): the sent-gift banners with their combo
// count, the full-screen animation (the player loads on first use and is destroyed after each
// play), and the lucky win with its tip (3.5 s). Reduced motion: banners stand still and no
// full-screen animation plays (the queue skips them).
import { useEffect, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { formatNumber } from '../../kernel/i18n.ts'
import { injectStyle } from '../../kernel/style.ts'
import { useGift } from './hooks.ts'
import { IconDiamond, IconGiftBox } from './icons.tsx'
import { playAnimation } from './player.ts'
import type { FullShow } from './queue.ts'
import { winMultiple, winTier } from './rules.ts'
import type { LuckyWin } from './lucky-moment.ts'
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
          <div key={b.key} className={b.light ? 'gf-banner gf-banner--light' : 'gf-banner'} data-testid="gift-banner" data-gift={b.giftId} data-light={b.light || undefined}>
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
      {win && <WinMoment key={win.key} win={win} />}
    </div>
  )
}

const TITLES = { small: 'gift.luckyWin', big: 'gift.luckyWin', huge: 'gift.bigWin', jackpot: 'gift.jackpot' } as const
/** sparks thrown by a huge win or a jackpot (CSS only, gone with the card) */
const SPARKS = Array.from({ length: 14 }, (_, i) => i)

/** a lucky win, scaled to its multiple of what the send cost (rules.ts winTier): a small card for
 *  2x, a glow from 5x, rays and sparks from 20x, the whole room lit for a 100x+ jackpot */
function WinMoment({ win }: { win: LuckyWin }) {
  const t = useT()
  const locale = useKernel().i18n.locale.value
  const tier = winTier(win.reward, win.spent)
  const multiple = winMultiple(win.reward, win.spent)
  const lit = tier === 'huge' || tier === 'jackpot'
  return (
    <div className={`gf-win gf-win--${tier}`} data-testid="gift-lucky-win" data-tier={tier} data-style={win.style}>
      {tier === 'jackpot' && <div className="gf-win__flash" aria-hidden="true" />}
      {lit && <div className="gf-win__rays" aria-hidden="true" />}
      {lit && (
        <div className="gf-win__sparks" aria-hidden="true">
          {SPARKS.map((i) => (
            <i key={i} style={{ transform: `rotate(${i * (360 / SPARKS.length)}deg)` }} />
          ))}
        </div>
      )}
      <p className="gf-win__title">{t(TITLES[tier])}</p>
      {multiple >= 2 && (
        <p className="gf-win__times" dir="ltr" data-testid="gift-lucky-times">
          ×{formatNumber(multiple, locale)}
        </p>
      )}
      <p className="gf-win__num" dir="ltr">
        <IconDiamond size={tier === 'small' ? 22 : 28} />
        {formatNumber(win.reward, locale)}
      </p>
      <p className="gf-win__tip">{t('gift.luckyTip')}</p>
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
