// The room's front states over the video (LIVE-02): loading with the host's picture, 'in a private
// call', "can't connect" with Retry, and the next host's cover while a swipe switches rooms (LIVE-04).
import { cssImage } from '../../kernel/ui/css-image.ts'
import { useT } from '../../kernel/hooks.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import type { LiveHostHint } from './api.ts'
import type { FailReason } from './state.ts'

interface Host {
  name: string
  icon: string
}

export function LoadingState({ name, icon }: Host) {
  const t = useT()
  return (
    <div className="lv-center" data-testid="live-loading">
      <Avatar src={icon} name={name} size={88} className="lv-pulse" />
      <Spinner label={t('live.loading')} />
      <p className="lv-center__text">{t('live.loading')}</p>
    </div>
  )
}

export function CallingState({ name, icon }: Host) {
  const t = useT()
  return (
    <div className="lv-center lv-center--calling" data-testid="live-calling">
      <Avatar src={icon} name={name} size={64} />
      <p className="lv-center__title">{t('live.calling')}</p>
      <p className="lv-center__text">{t('live.callingHint')}</p>
    </div>
  )
}

export function FailedState({ name, icon, reason, onRetry, onLeave }: Host & { reason: FailReason | null; onRetry: () => void; onLeave: () => void }) {
  const t = useT()
  return (
    <div className="lv-center lv-center--failed" role="alert" data-testid="live-failed" data-reason={reason ?? ''}>
      <Avatar src={icon} name={name} size={88} />
      <bdi className="lv-end__name">{name}</bdi>
      <p className="lv-center__title">{t('live.cantConnect')}</p>
      <p className="lv-center__text">{t('live.cantConnectHint')}</p>
      <div className="lv-end__actions">
        <button type="button" className="lv-btn lv-btn--primary" data-testid="live-retry" onClick={onRetry}>
          {t('live.retry')}
        </button>
        <button type="button" className="lv-btn lv-btn--ghost" data-testid="live-failed-leave" onClick={onLeave}>
          {t('live.leave')}
        </button>
      </div>
    </div>
  )
}

/** the next host's cover (her picture and name, when known) over the whole room while it is asked */
export function SwitchingCover({ to }: { to: LiveHostHint | null }) {
  const t = useT()
  return (
    <div className="lv-switching" data-testid="live-switching" data-host={to?.userId ?? ''}>
      <div className="lv-backdrop" style={cssImage(to?.icon ?? '')} aria-hidden="true" />
      {to && <Avatar src={to.icon} name={to.nickname ?? ''} size={88} />}
      {to?.nickname && <bdi className="lv-end__name" data-testid="live-switching-name">{to.nickname}</bdi>}
      <Spinner />
      <span>{t('live.switching')}</span>
    </div>
  )
}
