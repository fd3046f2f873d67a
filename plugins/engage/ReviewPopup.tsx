// ENG-05: the forced five-star review (force 1 and no record: no way around it but rating) and the
// rate-us popup (can 1, no guide step active: 'Later' closes it). Rating opens the store page and
// tells the server, which credits giveDiamond once; then 'Welcome The reward has been sent to your
// account' (success, 3 s).
import { useRef, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { shellRef } from '../shell/api.ts'
import { EngagePath, type ReviewState } from './api.ts'
import css from './engage.css'

export const REWARD_TOAST_MS = 3000

/** the store page opens outside the app, and only over https */
const storeLink = (url: unknown) => {
  try {
    return typeof url === 'string' && new URL(url).protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

export default function ReviewPopup({ props, close }: OverlayProps<{ state: ReviewState; forced: boolean }>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)
  const s = props.state
  const rate = async () => {
    if (sending.current) return
    sending.current = true
    setBusy(true)
    const link = storeLink(s.skipUrl)
    if (link) kernel.bridge.openExternal(link)
    try {
      await kernel.api.post(EngagePath.goEval, { force: props.forced ? 1 : 0 })
      kernel.overlays.toast(t('engage.review.reward'), { type: 'success', duration: REWARD_TOAST_MS })
      void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
      close(true)
    } catch {
      /* the api client said why; the popup stays to try again */
    } finally {
      sending.current = false
      setBusy(false)
    }
  }
  return (
    <div className="en-pop en-review" data-testid={props.forced ? 'review-forced' : 'review-rate'}>
      <div className="en-review__stars" aria-hidden="true">★★★★★</div>
      <h2 className="en-pop__title" data-dialog-title>{t('engage.review.title')}</h2>
      <p className="en-pop__text">{t('engage.review.text', { n: Number(s.giveDiamond) || 0 })}</p>
      <div className="en-pop__actions">
        {!props.forced && (
          <Button variant="secondary" testId="review-later" onClick={() => close()}>
            {t('engage.review.later')}
          </Button>
        )}
        <Button testId="review-go" loading={busy} onClick={() => void rate()}>
          {t('engage.review.go')}
        </Button>
      </div>
    </div>
  )
}
