// LIVE-03 and LIVE-05 on screen: the top bar (host, follow, audience Nk+, close), the task, rank
// and top-spender pills, the side entrances (call icon blinking when privateCallOpen is 1 and the
// room is live; game; the wheel and wishful-gift slots the next features fill), the entrance
// banner and the join list; and the exit and more sheets of LIVE-18.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { IconClose } from '../../kernel/ui/icons.tsx'
import { useLive } from './hooks.ts'
import { callHost, messageHref, report, toggleFollow } from './actions.ts'
import { IconChat, IconEye, IconFlag, IconGame, IconMinimize, IconMore, IconPlus, IconVideo } from './icons.tsx'
import { CallGameType } from '../calls/api.ts'
import { audienceLabel } from './api.ts'
import { gameRef } from '../game/api.ts'

export function RoomFurniture({ onClose, onMore }: { onClose: () => void; onMore: () => void }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const games = kernel.get(gameRef)
  const room = useLive().room
  const r = room.info.value
  const h = room.hint.value
  const status = room.status.value
  const banner = room.banner.value
  const joined = room.joined.value
  const name = r?.nickname || h?.nickname || ''
  return (
    <>
      <header className="lv-top" data-testid="live-topbar">
        <div className="lv-host">
          <Avatar src={r?.icon || h?.icon} name={name} size={36} />
          <div className="lv-host__text">
            <bdi className="lv-host__name">{name}</bdi>
            <span className="lv-host__sub">
              <IconFire />
              {r?.anchorLevelName || ''}
            </span>
          </div>
          {r && r.followFlag !== 1 && (
            <button type="button" className="lv-follow" data-testid="live-follow" aria-label={t('live.follow')} onClick={() => void toggleFollow(kernel, room)}>
              <IconPlus size={16} />
            </button>
          )}
        </div>
        <div className="lv-top__end">
          {r?.topSpender && <Avatar src={r.topSpender.icon} size={28} className="lv-top1" />}
          <span className="lv-pill lv-audience" data-testid="live-audience">
            <IconEye size={14} />
            {audienceLabel(room.audience.value)}
          </span>
          <button type="button" className="lv-icon-btn" data-testid="live-exit" aria-label={t('live.close')} onClick={onClose}>
            <IconClose size={20} />
          </button>
        </div>
      </header>
      <div className="lv-pills">
        {r?.task && r.task.goal > 0 && (
          <span className="lv-pill lv-task" data-testid="live-task">
            <span className="lv-task__bar" style={{ inlineSize: `${Math.min(100, (r.task.value / r.task.goal) * 100)}%` }} />
            <span className="lv-task__text">{t('live.task', { value: r.task.value, goal: r.task.goal })}</span>
          </span>
        )}
        {r?.currentAnchorRank != null && r.currentAnchorRank > 0 && (
          <span className="lv-pill lv-rank" data-testid="live-rank">
            {t('live.rank', { n: r.currentAnchorRank > 100 ? '100+' : r.currentAnchorRank })}
          </span>
        )}
      </div>
      <aside className="lv-side">
        {r?.privateCallOpen === 1 && (
          <button
            type="button"
            className={`lv-side__btn lv-call${status === 'live' ? ' lv-call--blink' : ''}`}
            data-testid="live-call"
            aria-label={t('live.privateCall')}
            onClick={() => (status === 'live' ? callHost(kernel, room, CallGameType.LIVE) : kernel.overlays.toast(kernel.i18n.t('live.calling'), { type: 'warning' }))}
          >
            <IconVideo size={22} />
          </button>
        )}
        <button type="button" className="lv-side__btn" data-testid="live-more" aria-label={t('live.more')} onClick={onMore}>
          <IconMore size={22} />
        </button>
        {games && (
          <button type="button" className="lv-side__btn lv-side__btn--game" data-testid="live-games" aria-label={t('live.games')} onClick={() => games.openList()}>
            <IconGame size={22} />
          </button>
        )}
      </aside>
      <div className="lv-banners" aria-live="polite">
        {banner && (
          <div key={banner.key} className="lv-entrance" data-testid="live-entrance">
            <span className="lv-lvl">{t('live.level', { n: banner.level })}</span>
            <bdi>{t('live.entered', { name: banner.nick })}</bdi>
          </div>
        )}
        {joined && (
          <div key={joined.key} className="lv-joined" data-testid="live-joined">
            <bdi>{t('live.joined', { name: joined.nick })}</bdi>
          </div>
        )}
      </div>
    </>
  )
}

function IconFire() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 22a7 7 0 0 0 7-7c0-4.5-4-6-4.5-11-2.8 1.7-4.4 4.4-3.9 7.2-1.6-.6-2.2-2.2-2.2-3.3C6.2 9.5 5 12.2 5 15a7 7 0 0 0 7 7z" />
    </svg>
  )
}

export function ExitSheet({ onExit, onMinimize, onCancel }: { onExit: () => void; onMinimize: () => void; onCancel: () => void }) {
  const t = useT()
  return (
    <div className="lv-sheet-backdrop" data-testid="live-exit-confirm" onClick={onCancel}>
      <div className="lv-sheet" role="dialog" aria-label={t('live.exitTitle')} onClick={(e) => e.stopPropagation()}>
        <p className="lv-sheet__title">{t('live.exitTitle')}</p>
        <div className="lv-sheet__row">
          <button type="button" className="lv-btn lv-btn--ghost" data-testid="live-minimize" onClick={onMinimize}>
            <IconMinimize size={18} />
            {t('live.minimize')}
          </button>
          <button type="button" className="lv-btn lv-btn--primary" data-testid="live-exit-confirm-exit" onClick={onExit}>
            {t('live.exit')}
          </button>
        </div>
      </div>
    </div>
  )
}

/** d2 §2.8 the report popup: Report (to /feedback, then leave) and Message */
export function MoreSheet({ onClose }: { onClose: () => void }) {
  const kernel = useKernel()
  const t = useT()
  const room = useLive().room
  const r = room.info.peek()
  return (
    <div className="lv-sheet-backdrop" data-testid="live-report" onClick={onClose}>
      <div className="lv-sheet" role="dialog" aria-label={t('live.more')} onClick={(e) => e.stopPropagation()}>
        <button type="button" className="lv-sheet__item" data-testid="live-report-report" onClick={() => void report(kernel, room)}>
          <IconFlag size={20} />
          {t('live.report')}
        </button>
        {r?.yxAccid && (
          <button
            type="button"
            className="lv-sheet__item"
            data-testid="live-report-message"
            onClick={() => {
              onClose()
              kernel.router.navigate(messageHref(r.yxAccid))
            }}
          >
            <IconChat size={20} />
            {t('live.message')}
          </button>
        )}
      </div>
    </div>
  )
}
