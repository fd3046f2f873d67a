// ENG-10: /free/loading?task=: the server checks a task (a submitted review); this page asks every
// 2 s for 30 s, then leaves the check to the server (it credits within 24 hours).
import { useEffect, useState } from 'react'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { FREE_POLL_FOR_MS, FREE_POLL_MS, freePath, isFreeTask, taskStatus } from './free.ts'
import { gameServiceRef } from './state.ts'
import css from './game.css'

export default function FreeLoadingPage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const raw = search.get('task')
  const task = isFreeTask(raw) ? raw : 'review'
  const [gaveUp, setGaveUp] = useState(false)
  useEffect(() => {
    const { timers } = kernel.need(gameServiceRef)
    const started = timers.now()
    let on = true
    let id: unknown = null
    const ask = async () => {
      const s = await taskStatus(kernel, task)
      if (!on) return
      if (s && (s.status === 2 || s.status === 3)) return kernel.router.navigate(freePath('result', task), { replace: true })
      if (timers.now() - started >= FREE_POLL_FOR_MS) return setGaveUp(true)
      id = timers.setTimeout(ask, FREE_POLL_MS)
    }
    void ask()
    return () => {
      on = false
      if (id !== null) timers.clearTimeout(id)
    }
  }, [task])
  return (
    <main className="gm-page" data-testid="free-loading-page">
      <PageBar title={t('game.free.title')} />
      <div className="gm-page__body gm-centre">
        {gaveUp ? (
          <>
            <p data-testid="free-loading-later">{t('game.free.later')}</p>
            <Button testId="free-back" onClick={() => kernel.router.navigate('/free', { replace: true })}>{t('game.free.backToTasks')}</Button>
          </>
        ) : (
          <>
            <Spinner size={40} />
            <p data-testid="free-checking">{t('game.free.checking')}</p>
          </>
        )}
      </div>
    </main>
  )
}
