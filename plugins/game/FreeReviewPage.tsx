// ENG-10: /free/review: rate the app five stars in the store, then say so; the server checks the
// review (d3 §9: completes within 24 hours) and the loading page waits for its answer.
import { useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { freePath } from './free.ts'
import { FreePath } from './paths.ts'
import css from './game.css'

export default function FreeReviewPage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [busy, setBusy] = useState(false)
  async function submit() {
    if (busy) return
    setBusy(true)
    try {
      await kernel.api.post(FreePath.submitReview, {}, { silent: true })
      kernel.router.navigate(freePath('loading', 'review'), { replace: true })
    } catch {
      kernel.overlays.toast(t('game.free.sendFailed'), { type: 'warning' })
      setBusy(false)
    }
  }
  return (
    <main className="gm-page" data-testid="free-review-page">
      <PageBar title={t('game.free.review.title')} />
      <div className="gm-page__body gm-form">
        <p className="gm-stars" aria-hidden="true">★★★★★</p>
        <ol className="gm-rules">
          <li>{t('game.free.review.step1')}</li>
          <li>{t('game.free.review.step2')}</li>
          <li>{t('game.free.review.step3')}</li>
        </ol>
        <Button block testId="free-review-submit" loading={busy} onClick={submit}>
          {t('game.free.review.done')}
        </Button>
      </div>
    </main>
  )
}
