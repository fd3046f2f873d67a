// LIVE-15: the intimacy entrance in the live room's side column (the room's 'bond' slot): a heart
// that opens the bind sheet for the host of the room watched now.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { LiveApi } from '../live/api.ts'
import { INTIMACY_SHEET, type IntimacySheetProps } from './api.ts'
import { IconHeart } from './icons.tsx'
import css from './intimacy.css'

injectStyle(css)

export function BondEntrance({ live }: { live: LiveApi }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const hostId = live.current.value?.hostId
  if (hostId == null) return null
  return (
    <button
      type="button"
      className="lv-side__btn im-entrance"
      data-testid="intimacy-entrance"
      aria-label={t('intimacy.open')}
      onClick={() => void kernel.overlays.open(INTIMACY_SHEET, { hostId, inLive: true } satisfies IntimacySheetProps)}
    >
      <IconHeart size={22} />
    </button>
  )
}
