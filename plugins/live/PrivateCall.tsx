// LIVE-14: the private call popup (d2 §2.7): 'Let's go Private Chat', '5 mins for free
// afterwards {unitPrice} / min', and Go Private with the entry price giftPrice in diamonds.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { useLive } from './hooks.ts'
import { privateCall } from './actions.ts'
import { IconVideo } from './icons.tsx'

export function PrivateCallSheet({ onClose }: { onClose: () => void }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const room = useLive().room
  const r = room.info.value
  if (!r) return null
  return (
    <div className="lv-sheet-backdrop" data-testid="live-private" onClick={onClose}>
      <div className="lv-sheet lv-private" role="dialog" aria-label={t('live.privateTitle')} onClick={(e) => e.stopPropagation()}>
        <Avatar src={r.icon} name={r.nickname} size={72} className="lv-private__avatar" />
        <p className="lv-sheet__title">{t('live.privateTitle')}</p>
        <p className="lv-private__text" data-testid="live-private-terms">
          {t('live.privateTerms', { unitPrice: r.unitPrice })}
        </p>
        <button
          type="button"
          className="lv-btn lv-btn--primary lv-private__go"
          data-testid="live-private-go"
          onClick={() => {
            if (privateCall(kernel, room)) onClose()
          }}
        >
          <IconVideo size={20} />
          {t('live.goPrivate')}
          <span className="lv-private__price" dir="ltr">
            <DiamondIcon />
            {f.number(r.giftPrice)}
          </span>
        </button>
      </div>
    </div>
  )
}

function DiamondIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M6 3h12l4 6-10 12L2 9z" fill="#9fe0ff" />
    </svg>
  )
}
