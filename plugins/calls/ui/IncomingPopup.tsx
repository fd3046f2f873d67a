// CALL-04: a host is calling. Accept or decline; the engine debounces both (3 s), checks the
// balance on accept and reports a missed call when the ring runs out. The overlay's when()
// keeps it hidden on the pages where the popup is suppressed (d1 §2).
import { cssImage } from '../../../kernel/ui/css-image.ts'
import { useSignals } from '@preact/signals-react/runtime'
import { useT } from '../../../kernel/hooks.ts'
import { injectStyle } from '../../../kernel/style.ts'
import { Avatar } from '../../../kernel/ui/Avatar.tsx'
import type { OverlayProps } from '../../../kernel/types.ts'
import { flagOf } from './format.ts'
import { useCalls } from './hooks.ts'
import { IconDiamond, IconHangUp, IconVideo } from './icons.tsx'
import css from './calls.css'

injectStyle(css)

export default function IncomingPopup(_: OverlayProps) {
  useSignals()
  const t = useT()
  const { engine } = useCalls()
  const call = engine.incoming.call.value
  const left = engine.incoming.left.value
  if (!call) return null
  return (
    <section className="cl-incoming" data-testid="call-incoming" data-channel={call.channelId}>
      {cssImage(call.icon) && <div className="cl-incoming__bg" style={cssImage(call.icon)} aria-hidden="true" />}
      <div className="cl-incoming__body">
        <div className="cl-ring cl-ring--small">
          <Avatar src={call.icon} name={call.nickname} size={84} />
        </div>
        <h2 className="cl-incoming__name" data-dialog-title>
          <bdi>{call.nickname}</bdi>
          {call.age != null && <span className="cl-wait__age">{t('calls.age', { age: call.age })}</span>}
          {flagOf(call.countryCode) && <span aria-hidden="true">{flagOf(call.countryCode)}</span>}
        </h2>
        <p className="cl-incoming__text">{t('calls.incoming.invites')}</p>
        <p className="cl-incoming__price">
          {call.free ? (
            <span className="cl-chip">{t('calls.incoming.freeCall')}</span>
          ) : (
            <>
              <IconDiamond size={14} /> {t('calls.perMin', { price: call.videoPrice })}
            </>
          )}
          <span className="cl-incoming__left" data-testid="call-incoming-left">
            {t('calls.waiting.left', { n: left })}
          </span>
        </p>
        <div className="cl-incoming__actions">
          <button type="button" className="cl-round cl-round--end" data-testid="call-reject" onClick={() => engine.incoming.reject()}>
            <IconHangUp size={30} />
            <span className="cl-round__label">{t('calls.incoming.reject')}</span>
          </button>
          <button type="button" className="cl-round cl-round--accept" data-testid="call-accept" data-autofocus onClick={() => void engine.incoming.accept()}>
            <IconVideo size={28} />
            <span className="cl-round__label">{t('calls.incoming.accept')}</span>
          </button>
        </div>
      </div>
    </section>
  )
}
