// ENG-10: /free/result?task=: what the server says of a task: credited (the reward and the balance it
// answered), pending, or rejected (try again).
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { shellRef } from '../shell/api.ts'
import { freePath, isFreeTask, taskStatus, type FreeTask } from './free.ts'
import css from './game.css'

export default function FreeResultPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const raw = search.get('task')
  const task = isFreeTask(raw) ? raw : 'email'
  const [state, setState] = useState<FreeTask | null | 'failed'>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let on = true
    setState(null)
    void taskStatus(kernel, task).then((s) => on && setState(s ?? 'failed'))
    // the balance shown below is the server's (the user info, refreshed)
    void kernel.get(shellRef)?.refreshUser()
    return () => {
      on = false
    }
  }, [task, attempt])
  const balance = kernel.session.user.value?.diamondNum
  const toTasks = () => kernel.router.navigate('/free', { replace: true })
  let body
  if (state === 'failed') body = <ErrorState testId="free-result-error" title={t('game.free.failed')} retryLabel={t('game.retry')} onRetry={() => setAttempt(attempt + 1)} />
  else if (!state) body = <PageSpinner />
  else if (state.status === 2)
    body = (
      <div className="gm-result gm-result--ok" data-testid="free-result" data-status="2">
        <p className="gm-result__burst" aria-hidden="true">💎</p>
        <h2 className="gm-result__title">{t('game.free.done')}</h2>
        <p className="gm-result__n" dir="ltr" data-testid="free-result-reward">+{Number(state.rewardDiamond) || 0}</p>
        {typeof balance === 'number' && <p className="gm-muted" data-testid="free-result-balance">{t('game.free.balance', { n: balance })}</p>}
        <Button block testId="free-result-ok" onClick={toTasks}>{t('game.free.backToTasks')}</Button>
      </div>
    )
  else if (state.status === 3)
    body = (
      <div className="gm-result" data-testid="free-result" data-status="3">
        <h2 className="gm-result__title">{t('game.free.rejected')}</h2>
        <Button block testId="free-result-retry" onClick={() => kernel.router.navigate(freePath(task), { replace: true })}>{t('game.free.tryAgain')}</Button>
      </div>
    )
  else
    body = (
      <div className="gm-result" data-testid="free-result" data-status={state.status}>
        <h2 className="gm-result__title">{t(state.status === 1 ? 'game.free.later' : 'game.free.notDone')}</h2>
        <Button block testId="free-result-ok" onClick={toTasks}>{t('game.free.backToTasks')}</Button>
      </div>
    )
  return (
    <main className="gm-page" data-testid="free-result-page">
      <PageBar title={t('game.free.title')} />
      <div className="gm-page__body gm-centre">{body}</div>
    </main>
  )
}
