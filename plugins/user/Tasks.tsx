// The Me tab's tasks (SHELL-07): the tab's red dot means one of these (or the daily check-in) can
// be claimed, so they are claimed here. The reward and the balance are the server's answer.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { shellRef } from '../shell/api.ts'
import { answer, int, list, obj, oneOf, or, str } from '../../kernel/guard.ts'

const TASKS_PATH = '/api/userTask/get'
const CLAIM_PATH = '/api/userTask/receive'

/** a task as the list answers it (0 not done, 1 claimable, 2 claimed); a malformed row is left out */
const task = obj({ taskId: int, taskName: or(str(), ''), rewardDiamond: or(int, 0), status: or(oneOf(0, 1, 2), 0) })
const taskList = obj({ list: or(list(task), []) })
type Task = NonNullable<ReturnType<typeof task>>

type View = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; tasks: Task[] }

export function Tasks() {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const [view, setView] = useState<View>({ kind: 'loading' })
  const [claiming, setClaiming] = useState<number | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    kernel.api.post<unknown>(TASKS_PATH, {}, { silent: true }).then(answer(taskList, TASKS_PATH)).then(
      (r) => live && setView({ kind: 'ready', tasks: r.list }),
      () => live && setView({ kind: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [attempt])

  const claim = async (task: Task) => {
    if (claiming !== null) return // a double tap claims once
    setClaiming(task.taskId)
    try {
      const r = await kernel.api.post<{ rewardDiamond?: number } | null>(CLAIM_PATH, { taskId: task.taskId })
      kernel.overlays.toast(t('user.tasks.claimed', { n: r?.rewardDiamond ?? task.rewardDiamond }), { type: 'success' })
      const shell = kernel.get(shellRef)
      await Promise.all([shell?.refreshUser().catch(() => undefined), shell?.badges.refresh().catch(() => undefined)])
    } catch {
      // the api client has toasted the server's reason
    } finally {
      setClaiming(null)
      setAttempt((n) => n + 1)
    }
  }

  if (view.kind === 'loading') return null
  if (view.kind === 'failed') {
    return (
      <section className="us-tasks" data-testid="user-tasks-error">
        <p className="us-tasks__error">{t('user.tasks.error')}</p>
        <button type="button" className="us-task__claim" onClick={() => setAttempt(attempt + 1)}>
          {t('user.retry')}
        </button>
      </section>
    )
  }
  if (!view.tasks.length) return null
  return (
    <section className="us-tasks" data-testid="user-tasks" aria-label={t('user.tasks.title')}>
      <h3 className="us-tasks__title">{t('user.tasks.title')}</h3>
      {view.tasks.map((task) => (
        <div key={task.taskId} className="us-task" data-testid="user-task" data-status={task.status}>
          <span className="us-task__name" title={task.taskName}>
            <bdi>{task.taskName}</bdi>
          </span>
          <span className="us-task__reward">{t('user.tasks.reward', { n: task.rewardDiamond })}</span>
          {task.status === 1 ? (
            <button type="button" className="us-task__claim" data-testid={`user-task-claim-${task.taskId}`} disabled={claiming !== null} onClick={() => void claim(task)}>
              {t('user.tasks.claim')}
            </button>
          ) : (
            <span className="us-task__state">{t(task.status === 2 ? 'user.tasks.done' : 'user.tasks.todo')}</span>
          )}
          {task.status === 1 && <span className="us-task__dot" aria-hidden="true" />}
        </div>
      ))}
    </section>
  )
}
