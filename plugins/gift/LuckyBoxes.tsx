// LIVE-08 lucky boxes: open one or all (up to 99) of the boxes the viewer owns; a frame loop of
// 40 ms frames shows the box shaking, the prizes at frame 70 and the loop resets at 125; the count
// comes back from the server. The open-all prompt can be silenced for 24 h.
import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { safeStorage } from '../../kernel/storage.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { useGift } from './hooks.ts'
import { IconDiamond, LuckyBoxArt } from './icons.tsx'
import { MAX_NUM } from './rules.ts'
import css from './gift.css'

injectStyle(css)

const FRAME_MS = 40
const REWARD_FRAME = 70
const RESET_FRAME = 125
const SILENCE_KEY = 'gift.openAllSilencedUntil'
const DAY_MS = 24 * 3600 * 1000
const store = safeStorage(typeof localStorage === 'undefined' ? undefined : localStorage)

export default function LuckyBoxes({ close }: OverlayProps) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const gift = useGift()
  const count = gift.boxes.value ?? 0
  const [frame, setFrame] = useState(-1)
  const [result, setResult] = useState<{ totalReward: number; opened: number } | null>(null)
  // no word on an opening within the bound: the balance the server reports says what it brought
  const [unknown, setUnknown] = useState(false)
  const pending = gift.boxesPending.value
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined)

  useEffect(() => {
    void gift.loadBoxes()
    return () => clearInterval(timer.current)
  }, [])

  const open = async (num: number) => {
    if (frame >= 0 || pending || num < 1) return
    setResult(null)
    setUnknown(false)
    setFrame(0)
    const claimed = gift.openBoxes(Math.min(MAX_NUM, num))
    let f = 0
    clearInterval(timer.current)
    timer.current = setInterval(async () => {
      f++
      setFrame(f)
      if (f === REWARD_FRAME) {
        const r = await claimed
        setUnknown(r === 'unknown')
        setResult(r && r !== 'unknown' ? { totalReward: r.totalReward, opened: r.prizes.length } : null)
      }
      if (f >= RESET_FRAME) {
        clearInterval(timer.current)
        setFrame(-1)
      }
    }, FRAME_MS)
  }

  const openAll = async () => {
    const until = Number(store.get(SILENCE_KEY) ?? 0)
    if (Date.now() > until) {
      const ok = await kernel.overlays.confirm({ message: t('gift.openAllAsk', { n: Math.min(MAX_NUM, count) }), ok: t('gift.boxesOpenAll') })
      if (!ok) return
      store.set(SILENCE_KEY, String(Date.now() + DAY_MS))
    }
    void open(Math.min(MAX_NUM, count))
  }

  const shaking = frame >= 0 && frame < REWARD_FRAME
  return (
    <div className="gf-boxes" data-testid="gift-boxes" role="dialog" aria-label={t('gift.boxesTitle')}>
      <h2 className="gf-boxes__title">{t('gift.boxesTitle')}</h2>
      <div className={`gf-boxes__box${shaking ? ' gf-boxes__box--shake' : ''}`} data-frame={frame}>
        <LuckyBoxArt size={88} />
      </div>
      <p className="gf-boxes__count" data-testid="gift-boxes-count">
        {t('gift.boxesOwned', { n: count })}
      </p>
      {result && (
        <p className="gf-boxes__prize" data-testid="gift-boxes-prize">
          <IconDiamond size={18} />
          {t('gift.boxesWon', { diamonds: t('gift.diamonds', { n: result.totalReward }), count: result.opened, boxes: result.opened })}
        </p>
      )}
      {pending && (
        <p className="gf-boxes__prize" role="status" data-testid="gift-boxes-pending">
          {t('gift.boxesPending')}
        </p>
      )}
      {unknown && !pending && (
        <p className="gf-boxes__prize" role="status" data-testid="gift-boxes-unknown">
          {t('gift.boxesPendingLong')}
        </p>
      )}
      <div className="gf-boxes__row">
        <button type="button" className="gf-btn gf-btn--ghost" data-testid="gift-boxes-one" disabled={!count || frame >= 0 || pending} onClick={() => void open(1)}>
          {t('gift.boxesOpenOne')}
        </button>
        <button type="button" className="gf-btn" data-testid="gift-boxes-all" disabled={!count || frame >= 0 || pending} onClick={() => void openAll()}>
          {t('gift.boxesOpenAll')}
        </button>
      </div>
      <button type="button" className="gf-link" onClick={() => close()}>
        {t('gift.close')}
      </button>
    </div>
  )
}
