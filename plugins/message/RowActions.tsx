// IM-04: a conversation's actions (long press): pin to the top or unpin. Pins are for VIP users,
// at most 5; others are told, with the way to VIP.
import { useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import type { OverlayProps } from '../../kernel/types.ts'

import { isVip } from '../../kernel/protocol/user.ts'
import { canPin, MAX_PINS } from './rules.ts'
import css from './message.css'
import { inboxControllerRef } from './refs.ts'

export default function RowActions({ props, close }: OverlayProps<{ to: string; name: string }>) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const inbox = kernel.need(inboxControllerRef)
  const [busy, setBusy] = useState(false)
  const list = inbox.conversations.value
  const pinned = !!list.find((c) => c.to === props.to)?.isPin

  const pin = async () => {
    if (busy) return
    const check = canPin(list, props.to, isVip(kernel.session.user.peek(), Date.now()))
    if (check === 'vip-only') {
      close()
      const go = await kernel.overlays.confirm({ message: t('message.pinVipOnly'), ok: t('message.becomeVip') })
      if (go) kernel.router.navigate('/vip')
      return
    }
    if (check === 'limit') {
      kernel.overlays.toast(t('message.pinLimit', { n: MAX_PINS }), { type: 'warning' })
      return close()
    }
    const client = inbox.client()
    if (!client) {
      kernel.overlays.toast(t('message.offline'), { type: 'warning' })
      return close()
    }
    setBusy(true)
    try {
      await client.pin(props.to, !pinned)
      inbox.patch(inbox.conversations.peek().filter((c) => c.to === props.to).map((c) => ({ ...c, isPin: !pinned })))
      close()
    } catch {
      kernel.overlays.toast(t('message.pinFailed'), { type: 'warning' })
      setBusy(false)
    }
  }

  return (
    <Sheet title={props.name} onClose={() => close()} testId="row-actions">
      <button type="button" className="ms-action" onClick={() => void pin()} disabled={busy} data-testid="row-pin">
        {pinned ? t('message.unpin') : t('message.pin')}
      </button>
    </Sheet>
  )
}
