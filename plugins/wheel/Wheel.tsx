// LIVE-10: the wheel entrance in the room's side column and its sheet: the sectors, the price,
// the spin and the result tip (3 s). Drawn only while the room's wheel is on with sectors.
import { useSignals } from '@preact/signals-react/runtime'
import { useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { injectStyle } from '../../kernel/style.ts'
import css from './wheel.css'
import { turnMs, type Wheel } from './state.ts'

injectStyle(css)

const COLORS = ['#ff5a7a', '#ffb13b', '#46d39a', '#3fa7ff', '#a66bff', '#ff7ad1']

export function WheelEntrance({ wheel }: { wheel: Wheel }) {
  useSignals()
  const t = useT()
  if (!wheel.visible()) return null
  return (
    <>
      <button type="button" className="lv-side__btn wh-entrance" data-testid="wheel-entrance" aria-label={t('wheel.open')} onClick={() => (wheel.open.value = true)}>
        <span className="wh-entrance__disc" aria-hidden="true" />
      </button>
      {wheel.open.value && <WheelSheet wheel={wheel} />}
    </>
  )
}

function WheelSheet({ wheel }: { wheel: Wheel }) {
  useSignals()
  const t = useT()
  const f = useFormat()
  const c = wheel.config.value
  if (!c) return null
  const n = c.sectors.length
  const step = 360 / n
  const res = wheel.result.value
  // the chosen sector's middle under the pointer at the top, after five turns per spin
  const angle = res ? res.seq * 1800 - (res.sectorIndex + 0.5) * step : 0
  const paint = `conic-gradient(${c.sectors.map((_, i) => `${COLORS[i % COLORS.length]} ${i * step}deg ${(i + 1) * step}deg`).join(',')})`
  return (
    <div className="wh-backdrop" onClick={(e) => e.target === e.currentTarget && (wheel.open.value = false)}>
      <section className="wh-sheet" role="dialog" aria-label={t('wheel.title')} data-testid="wheel-sheet">
        <header className="wh-sheet__head">
          <h2>{t('wheel.title')}</h2>
          <button type="button" className="wh-close" aria-label={t('wheel.close')} onClick={() => (wheel.open.value = false)}>
            ×
          </button>
        </header>
        <div className="wh-stage" dir="ltr">
          <div className="wh-pointer" aria-hidden="true" />
          <div className="wh-disc" style={{ background: paint, transform: `rotate(${angle}deg)`, transitionDuration: `${turnMs()}ms` }} data-testid="wheel-disc" data-turn={res?.seq ?? 0} data-sector={res?.sectorIndex}>
            {c.sectors.map((s, i) => (
              <span key={s.sectorId} className="wh-label" style={{ transform: `rotate(${(i + 0.5) * step}deg) translateY(-96px)` }}>
                {f.number(s.prize)}
              </span>
            ))}
          </div>
          {wheel.tip.value != null && (
            <p className="wh-tip" role="status" data-testid="wheel-tip">
              {t('wheel.won', { n: wheel.tip.value })}
            </p>
          )}
        </div>
        <button type="button" className="wh-spin" data-testid="wheel-spin" disabled={wheel.spinning.value} onClick={() => void wheel.spin()}>
          {t('wheel.spin', { n: c.price })}
        </button>
      </section>
    </div>
  )
}
