// ENG-10: /free: the free-coin tasks (bind an email, bind a phone, rate the app), each with its
// reward as the server states it, and where it stands (to do, pending, done).
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { freePath, loadTasks, type FreeTask } from './free.ts'
import css from './game.css'

const ICONS = { email: '✉️', phone: '📱', review: '⭐' } as const

export default function FreePage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [tasks, setTasks] = useState<FreeTask[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let on = true
    setFailed(false)
    void loadTasks(kernel).then((r) => on && (r ? setTasks(r) : setFailed(true)))
    return () => {
      on = false
    }
  }, [attempt])
  const open = (task: FreeTask) => {
    if (task.status === 2) return
    kernel.router.navigate(task.status === 1 ? freePath('loading', task.taskId) : freePath(task.taskId))
  }
  let body
  if (failed) body = <ErrorState testId="free-error" title={t('game.free.failed')} retryLabel={t('game.retry')} onRetry={() => setAttempt(attempt + 1)} />
  else if (!tasks) body = <PageSpinner />
  else if (!tasks.length) body = <EmptyState testId="free-empty" title={t('game.free.empty')} />
  else
    body = (
      <ul className="gm-tasks" data-testid="free-tasks">
        {tasks.map((task) => (
          <li key={task.taskId}>
            <button type="button" className="gm-task" data-testid={`free-task-${task.taskId}`} data-status={task.status} disabled={task.status === 2} onClick={() => open(task)}>
              <span className="gm-task__icon" aria-hidden="true">{ICONS[task.taskId]}</span>
              <span className="gm-task__text">
                <span className="gm-task__title">{t(`game.free.${task.taskId}.title`)}</span>
                <span className="gm-task__reward" dir="auto">{t('game.free.reward', { n: Number(task.rewardDiamond) || 0 })}</span>
              </span>
              <span className={`gm-task__go gm-task__go--${task.status}`}>{t(`game.free.status.${task.status}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    )
  return (
    <main className="gm-page" data-testid="free-page">
      <PageBar title={t('game.free.title')} />
      <div className="gm-page__body">
        <p className="gm-muted gm-intro">{t('game.free.intro')}</p>
        {body}
      </div>
    </main>
  )
}
