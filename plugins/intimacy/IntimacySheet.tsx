// LIVE-15: the intimacy bind sheet over a live room (or any page): the panel in a bottom sheet.
import { useMemo } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import type { IntimacySheetProps } from './api.ts'
import { IntimacyPanel } from './IntimacyPanel.tsx'
import { createIntimacy } from './state.ts'

export default function IntimacySheet({ props, close }: OverlayProps<IntimacySheetProps>) {
  const kernel = useKernel()
  const t = useT()
  const intimacy = useMemo(() => createIntimacy(kernel, props.hostId, { inLive: props.inLive }), [kernel, props.hostId, props.inLive])
  return (
    <Sheet title={t('intimacy.title')} onClose={() => close()} testId="intimacy-sheet">
      <IntimacyPanel intimacy={intimacy} />
    </Sheet>
  )
}
