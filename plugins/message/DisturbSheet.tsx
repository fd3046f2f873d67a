// IM-04: do-not-disturb for calls and messages, a VIP privilege (d2 §6). Others see it locked,
// with the way to VIP. The flags are the server's: the user record after the change.
import { useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import type { OverlayProps } from '../../kernel/types.ts'
import { shellRef } from '../shell/api.ts'
import { MessagePath } from './api.ts'
import { isVip } from '../../kernel/protocol/user.ts'
import { Disturb, disturbs } from '../../kernel/protocol/disturb.ts'
import css from './message.css'

export default function DisturbSheet({ close }: OverlayProps) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const user = kernel.session.user.value
  const vip = isVip(user, Date.now())
  const [busy, setBusy] = useState(false)
  const flags = Number(user?.disturb) || 0

  const toggle = async (what: keyof typeof Disturb) => {
    if (!vip || busy) return
    setBusy(true)
    try {
      await kernel.api.post(MessagePath.disturb, { disturb: flags ^ Disturb[what] })
      await kernel.get(shellRef)?.refreshUser()
    } catch {
      // the API client said why
    } finally {
      setBusy(false)
    }
  }

  return (
    <Sheet title={t('message.disturbTitle')} onClose={() => close()} testId="disturb-sheet">
      {!vip && (
        <div className="ms-vip" data-testid="disturb-vip-only">
          <p>{t('message.disturbVipOnly')}</p>
          <button
            type="button"
            className="ms-vip__btn"
            onClick={() => {
              close()
              kernel.router.navigate('/vip')
            }}
          >
            {t('message.becomeVip')}
          </button>
        </div>
      )}
      {(['calls', 'messages'] as const).map((what) => (
        <label key={what} className={`ms-switch${vip ? '' : ' is-locked'}`}>
          <span>
            <strong>{t(`message.disturb.${what}`)}</strong>
            <small>{t(`message.disturb.${what}Hint`)}</small>
          </span>
          <input type="checkbox" role="switch" checked={disturbs(flags, what)} disabled={!vip || busy} onChange={() => void toggle(what)} data-testid={`disturb-${what}`} />
        </label>
      ))}
    </Sheet>
  )
}
