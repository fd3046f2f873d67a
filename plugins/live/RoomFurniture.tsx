// LIVE-03 and LIVE-05 on screen: the top bar (host, follow, top spender, audience Nk+, close),
// the task and 'No.x' rank pills, the pendant carousel (2 s) and the wishful-gift slot, the side
// entrances (the wheel slot, the activity carousel (5 s), the game icon when games exist, the
// call icon blinking when privateCallOpen is 1 and the room is live), the entrance banner and the
// join list; and the exit and more sheets of LIVE-18. The host, the top spender, the audience
// and the pills open the rank plugin's popups (LIVE-11, 12, 13).
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { IconClose } from '../../kernel/ui/icons.tsx'
import type { Kernel } from '../../kernel/types.ts'
import { hostRankLabel, RankOverlay, type UserCardProps } from '../rank/api.ts'
import type { RoomSlot } from './api.ts'
import { useLive } from './hooks.ts'
import { messageHref, privateCallAllowed, report, setFollowFlag, toggleFollow } from './actions.ts'
import { Carousel } from './Carousel.tsx'
import { IconChat, IconEye, IconFlag, IconGame, IconMinimize, IconMore, IconPlus, IconVideo } from './icons.tsx'
import { audienceLabel } from './api.ts'
import { ACTIVITY_AUTOPLAY_MS, PENDANT_AUTOPLAY_MS } from './rules.ts'
import { gameRef } from '../game/api.ts'
import { shellRef } from '../shell/api.ts'

/** a pendant or activity link is a backend-configured link: the shell's rules follow it (SHELL-14) */
const openLink = (kernel: Kernel, link: string) => void kernel.get(shellRef)?.linkRules().then((r) => r.follow(link))

/** the audience count moves with every entrance and leave (dozens a second in a busy room): it
 *  alone re-renders then, not the whole furniture */
function AudiencePill({ onOpen }: { onOpen: () => void }) {
  useSignals()
  const kernel = useKernel()
  const audience = useLive().room.audience.value
  return (
    <button type="button" className="lv-pill lv-audience" data-testid="live-audience" onClick={onOpen}>
      <IconEye size={14} />
      <bdi>{audienceLabel(audience, kernel.i18n.locale.value)}</bdi>
    </button>
  )
}

export function RoomFurniture({ onClose, onMore, onCall }: { onClose: () => void; onMore: () => void; onCall: () => void }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const gameService = kernel.get(gameRef)
  const live = useLive()
  const room = live.room
  const r = room.info.value
  const h = room.hint.value
  const status = room.status.value
  const name = r?.nickname || h?.nickname || ''
  const hostId = r?.userId ?? room.hostId.value ?? 0
  const roomRef = { hostId, nickname: name, icon: r?.icon || h?.icon || '' }
  const open = (id: string, props: object) => void kernel.overlays.open(id, props)
  const card = (userId: number) => open(RankOverlay.card, { userId, onFollow: (id, followed) => setFollowFlag(room, id, followed) } satisfies UserCardProps)
  const games = live.games.value
  const gameRouted = kernel.plugins.some((p) => p.routes?.some((x) => ([] as string[]).concat(x.path).includes('/game')))
  return (
    <>
      <header className="lv-top" data-testid="live-topbar">
        <div className="lv-host">
          <button type="button" className="lv-host__open" data-testid="live-host-card" onClick={() => hostId && card(hostId)}>
            <Avatar src={r?.icon || h?.icon} name={name} size={36} />
            <span className="lv-host__text">
              <bdi className="lv-host__name">{name}</bdi>
              <span className="lv-host__sub">
                <IconFire />
                {r?.anchorLevelName || ''}
              </span>
            </span>
          </button>
          {r && r.followFlag !== 1 && (
            <button type="button" className="lv-follow" data-testid="live-follow" aria-label={t('live.follow')} onClick={() => void toggleFollow(kernel, room)}>
              <IconPlus size={16} />
            </button>
          )}
        </div>
        <div className="lv-top__end">
          {r?.topSpender && (
            <button type="button" className="lv-top1" data-testid="live-top-spender" aria-label={t('live.topGifter')} onClick={() => open(RankOverlay.viewers, { ...roomRef, tab: 'gifters' })}>
              <Avatar src={r.topSpender.icon} size={28} />
            </button>
          )}
          <AudiencePill onOpen={() => open(RankOverlay.viewers, { ...roomRef, tab: 'viewers' })} />
          <button type="button" className="lv-icon-btn" data-testid="live-exit" aria-label={t('live.close')} onClick={onClose}>
            <IconClose size={20} />
          </button>
        </div>
      </header>
      {r && (
        <div className="lv-pills">
          {r.task && r.task.goal > 0 && (
            <button type="button" className="lv-pill lv-task" data-testid="live-task" onClick={() => open(RankOverlay.task, roomRef)}>
              <span className="lv-task__bar" style={{ inlineSize: `${Math.min(100, (r.task.value / r.task.goal) * 100)}%` }} />
              <span className="lv-task__text" dir="ltr">
                {t('live.task', { value: r.task.value, goal: r.task.goal })}
              </span>
            </button>
          )}
          <button type="button" className="lv-pill lv-rank" data-testid="live-rank" onClick={() => open(RankOverlay.host, roomRef)}>
            {t('live.rank', { n: hostRankLabel(r.currentAnchorRank) })}
          </button>
        </div>
      )}
      <div className="lv-deck">
        <Carousel
          items={r?.pendants ?? []}
          intervalMs={PENDANT_AUTOPLAY_MS}
          testId="live-pendants"
          label={t('live.pendants')}
          labelOf={() => t('live.pendant')}
          onPick={(p) => openLink(kernel, p.directUrl)}
          render={(p) => <img src={p.picUrl} alt="" className="lv-carousel__img" />}
        />
        <Slot name="wish" />
      </div>
      <aside className="lv-side">
        <Slot name="wheel" />
        <Slot name="bond" />
        <Carousel
          items={live.activities.value}
          intervalMs={ACTIVITY_AUTOPLAY_MS}
          testId="live-activities"
          onPick={(a) => openLink(kernel, a.liveLink)}
          render={(a) => (
            <>
              <img src={a.liveIcon} alt="" className="lv-carousel__img" />
              <bdi className="lv-carousel__name">{a.liveName}</bdi>
            </>
          )}
        />
        {(games.length > 0 || gameRouted) && (
          <button
            type="button"
            className="lv-side__btn lv-side__btn--game"
            data-testid="live-game"
            aria-label={t('live.games')}
            // the game feature's list popup when it is in the app; else the first game's page
            onClick={() => (gameService ? gameService.openList() : kernel.router.navigate(games[0] ? `/game?url=${encodeURIComponent(games[0].gameLink)}` : '/game'))}
          >
            <IconGame size={22} />
          </button>
        )}
        {r?.privateCallOpen === 1 && (
          <button
            type="button"
            className={`lv-side__btn lv-call${status === 'live' ? ' lv-call--blink' : ''}`}
            data-testid="live-call"
            data-blink={status === 'live'}
            aria-label={t('live.privateCall')}
            onClick={() => privateCallAllowed(kernel, room) && onCall()}
          >
            <IconVideo size={22} />
          </button>
        )}
        <button type="button" className="lv-side__btn" data-testid="live-more" aria-label={t('live.more')} onClick={onMore}>
          <IconMore size={22} />
        </button>
      </aside>
    </>
  )
}

/** what another feature put in a room slot; nothing when empty */
function Slot({ name }: { name: RoomSlot }) {
  useSignals()
  const Fill = useLive().slots.value[name]
  return Fill ? (
    <div className={`lv-slot lv-slot--${name}`} data-testid={`live-slot-${name}`}>
      <Fill />
    </div>
  ) : null
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
