// LIVE-12: the host weekly task popup ('Girl weekly task'): the Live Gift progress bar
// (value/condition) that fills after 3 s to the first unfinished task, a button to the host
// weekly rank, the Gift History list, and the footer with the host and 'Help her >>'.
import { useEffect, useMemo, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import type { OverlayProps } from '../../kernel/types.ts'
import { giftRef } from '../gift/api.ts'
import { answer } from '../../kernel/guard.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import { RankOverlay, RankPath, weeklyTaskAnswer, type RoomRef } from './api.ts'
import { loader } from './state.ts'
import { useRankTimers } from './refs.ts'
import { TASK_ANIMATE_MS, taskProgress } from './rules.ts'
import { HelpHer, ListState } from './parts.tsx'
import css from './rank.css'

injectStyle(css)

export type TaskProps = RoomRef & { nickname?: string; icon?: string }

export default function WeeklyTask({ props, close }: OverlayProps<TaskProps>) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const task = useMemo(() => loader(() => kernel.api.post(RankPath.task, { anchorUserId: props.hostId }, { silent: true }).then(answer(weeklyTaskAnswer, RankPath.task))), [kernel, props.hostId])
  const timers = useRankTimers()
  const [filled, setFilled] = useState(false)
  useEffect(() => {
    void task.load()
    // d2 §4.7: the bar animates to its percent 3 s after opening
    const id = timers.setTimeout(() => setFilled(true), TASK_ANIMATE_MS)
    return () => timers.clearTimeout(id)
  }, [task])
  const data = task.data.value
  const progress = taskProgress(data?.taskList)
  const history = data?.giftHistory ?? []
  const gift = kernel.get(giftRef)

  return (
    <Sheet title={t('rank.taskTitle')} onClose={() => close()} testId="rank-task">
      <section className="rk-task" data-testid="rank-task-progress" data-percent={progress?.percent ?? 0} data-filled={filled}>
        <div className="rk-task__head">
          <span>{t('rank.liveGift')}</span>
          <span dir="ltr" data-testid="rank-task-value">
            {progress ? `${progress.task.taskValue}/${progress.task.taskCondition}` : '0/0'}
          </span>
        </div>
        <div className="rk-task__bar">
          <span className="rk-task__fill" style={{ inlineSize: `${filled ? (progress?.percent ?? 0) : 0}%` }} />
        </div>
        <button
          type="button"
          className="rk-btn rk-btn--ghost"
          data-testid="rank-task-to-rank"
          onClick={() => {
            close()
            void kernel.overlays.open(RankOverlay.host, props)
          }}
        >
          {t('rank.hostRank')}
        </button>
      </section>
      <h3 className="rk-subtitle">{t('rank.giftHistory')}</h3>
      <div className="rk-list rk-list--short" data-testid="rank-task-history">
        <ListState loading={task.loading.value} failed={task.failed.value} empty={history.length === 0} onRetry={() => void task.load()}>
          {history.map((g, i) => (
            <div key={i} className="rk-row" data-testid="rank-task-gift">
              <Avatar src={g.icon} name={g.nickname} size={36} />
              <span className="rk-row__who">
                <bdi className="rk-row__name">{g.nickname}</bdi>
                <span className="rk-row__time" dir="ltr">
                  {g.formattedTime}
                </span>
              </span>
              <GiftIcon src={g.giftIcon} />
              <span className="rk-row__count">{t('rank.count', { n: Number(g.giftNum) || 1 })}</span>
            </div>
          ))}
        </ListState>
      </div>
      <footer className="rk-foot">
        <Avatar src={props.icon} name={props.nickname} size={34} />
        <span className="rk-foot__text">
          <bdi className="rk-row__name">{props.nickname}</bdi>
        </span>
        {gift && (
          <HelpHer
            onClick={() => {
              close()
              gift.openPanel({ scene: 'LIVE', hostId: props.hostId, path: 'weekly_task' })
            }}
          />
        )}
      </footer>
    </Sheet>
  )
}

/** a gift's picture (through the one URL check), or a drawn box when it has none or it fails */
export function GiftIcon({ src: raw }: { src: string }) {
  const [failed, setFailed] = useState(false)
  const src = safeImageUrl(raw)
  if (!src || failed)
    return (
      <svg className="rk-gift" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
        <rect x="3" y="9" width="18" height="12" rx="2" fill="#ff5fa2" />
        <rect x="2" y="6" width="20" height="4" rx="1.5" fill="#ff86bb" />
        <path d="M12 6v15" stroke="#ffd76a" strokeWidth="2.5" />
      </svg>
    )
  return <img className="rk-gift" src={src} alt="" width={28} height={28} onError={() => setFailed(true)} />
}
