// SHELL-16: the new-user guide over the wall. Each step lights up one element of the wall (a host
// card, the tabs) with a dim layer around it; the Skip button is lit all along, so a new user can
// always leave. While it shows, the scene mark `guide` holds every queued popup back (index.ts).
import { useEffect, useState } from 'react'
import { useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import css from './engage.css'

const STEPS = [
  { target: '[data-testid=host-card]', text: 'engage.guide.step1' },
  { target: '[data-testid=wall-tab]', text: 'engage.guide.step2' },
  { target: '[data-guide=skip]', text: 'engage.guide.step3' },
] as const

interface Box {
  top: number
  left: number
  width: number
  height: number
}

/** where the step's element is now (the wall may still be loading: measured again until found) */
function useBox(selector: string): Box | null {
  const [box, setBox] = useState<Box | null>(null)
  useEffect(() => {
    const measure = () => {
      const el = document.querySelector(selector)
      const r = el?.getBoundingClientRect()
      setBox(r && r.width > 0 ? { top: r.top, left: r.left, width: r.width, height: r.height } : null)
    }
    measure()
    const id = setInterval(measure, 400)
    window.addEventListener('resize', measure)
    return () => {
      clearInterval(id)
      window.removeEventListener('resize', measure)
    }
  }, [selector])
  return box
}

export default function Guide({ close }: OverlayProps) {
  injectStyle(css)
  const t = useT()
  const [step, setStep] = useState(0)
  const s = STEPS[step]
  const box = useBox(s.target)
  const last = step === STEPS.length - 1
  const pad = 6
  return (
    <div className="en-guide" data-testid="guide" data-step={step + 1}>
      {box ? (
        <div
          className="en-guide__hole"
          data-testid="guide-hole"
          style={{ top: box.top - pad, left: box.left - pad, width: box.width + pad * 2, height: box.height + pad * 2 }}
        />
      ) : (
        <div className="en-guide__dim" />
      )}
      <div className={box && box.top > window.innerHeight / 2 ? 'en-guide__tip en-guide__tip--up' : 'en-guide__tip'} style={box ? { top: box.top > window.innerHeight / 2 ? undefined : box.top + box.height + 18, bottom: box.top > window.innerHeight / 2 ? window.innerHeight - box.top + 18 : undefined } : undefined}>
        <p className="en-guide__text" data-testid="guide-text">{t(s.text)}</p>
        <div className="en-guide__dots" aria-hidden="true">
          {STEPS.map((_, i) => (
            <span key={i} className={i === step ? 'en-guide__dot en-guide__dot--on' : 'en-guide__dot'} />
          ))}
        </div>
        <Button size="small" testId="guide-next" onClick={() => (last ? close(true) : setStep(step + 1))}>
          {last ? t('engage.guide.done') : t('engage.guide.next')}
        </Button>
      </div>
      <button type="button" className="en-guide__skip" data-guide="skip" data-testid="guide-skip" onClick={() => close(true)}>
        {t('engage.guide.skip')}
      </button>
    </div>
  )
}
