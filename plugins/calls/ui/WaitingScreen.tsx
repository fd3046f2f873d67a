// CALL-03: the outgoing call's waiting screen. The host's picture blurred behind, her name,
// 'Calling…' and the countdown from the ring time-out; the cancel button appears once the
// remaining time is under the time-out minus 5 s (the engine decides, canCancel()).
import { cssImage } from '../../../kernel/ui/css-image.ts'
import { useSignals } from '@preact/signals-react/runtime'
import { useT } from '../../../kernel/hooks.ts'
import { injectStyle } from '../../../kernel/style.ts'
import { Avatar } from '../../../kernel/ui/Avatar.tsx'
import type { OverlayProps } from '../../../kernel/types.ts'
import { useCalls } from './hooks.ts'
import { IconDiamond, IconHangUp } from './icons.tsx'
import { flagOf } from './format.ts'
import css from './calls.css'

injectStyle(css)

export default function WaitingScreen(_: OverlayProps) {
  useSignals()
  const t = useT()
  const calls = useCalls()
  const i = calls.info.value
  const canCancel = calls.engine.canCancel()
  return (
    <section className="cl-full cl-wait" data-testid="call-waiting" data-left={i.waitLeft}>
      {cssImage(i.icon) && <div className="cl-wait__bg" style={cssImage(i.icon)} aria-hidden="true" />}
      <div className="cl-wait__shade" aria-hidden="true" />
      <div className="cl-wait__who">
        <div className="cl-ring">
          <Avatar src={i.icon} name={i.nickname} size={116} />
        </div>
        <h2 className="cl-wait__name" data-dialog-title>
          <bdi>{i.nickname}</bdi>
          {i.age != null && <span className="cl-wait__age">{t('calls.age', { age: i.age })}</span>}
          {flagOf(i.countryCode) && <span aria-hidden="true">{flagOf(i.countryCode)}</span>}
        </h2>
        <p className="cl-wait__calling">
          {t('calls.waiting.calling')}
          <span className="cl-dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
        </p>
        {/* the price the server answered for this call (what each period charges), as in the call */}
        {i.videoPrice > 0 && !i.free && (
          <p className="cl-wait__price" data-testid="call-waiting-price">
            <IconDiamond size={13} /> {t('calls.perMin', { price: i.videoPrice })}
          </p>
        )}
        <p className="cl-wait__left" data-testid="call-countdown" aria-live="off">
          {t('calls.waiting.left', { n: i.waitLeft })}
        </p>
      </div>
      <div className="cl-wait__actions">
        {canCancel && (
          <button type="button" className="cl-round cl-round--end" data-testid="call-cancel" onClick={() => calls.cancel()} aria-label={t('calls.waiting.cancel')}>
            <IconHangUp size={32} />
            <span className="cl-round__label">{t('calls.waiting.cancel')}</span>
          </button>
        )}
      </div>
    </section>
  )
}
