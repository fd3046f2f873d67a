// SHELL-17 auto call (priority 5): after a while on the wall's All tab, outside calls and rooms,
// an online host is offered for a video call, placed through the calls plugin.
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Button } from '../../kernel/ui/Button.tsx'
import { callsRef, type RecommendedHost } from '../calls/api.ts'
import css from './engage.css'
import { sentence } from '../../kernel/ui/sentence.tsx'

export default function AutoCallPopup({ props, close }: OverlayProps<{ host: RecommendedHost }>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const h = props.host
  const calls = kernel.get(callsRef)
  const call = () => {
    close(true)
    void calls?.start({ hostId: h.userId, videoPrice: Number(h.videoPrice) || 0, source: 'auto_call', yxAccid: h.yxAccid })
  }
  return (
    <div className="en-pop en-autocall" data-testid="autocall-popup">
      <div className="en-autocall__avatar">
        <Avatar src={h.icon} name={h.nickname} size={84} />
        <span className="en-autocall__dot" aria-hidden="true" />
      </div>
      <h2 className="en-pop__title" data-dialog-title>{sentence(t, 'engage.autoCall.title', { name: h.nickname })}</h2>
      <p className="en-pop__text">{t('engage.autoCall.text')}</p>
      <p className="en-autocall__price">💎 {t('engage.autoCall.price', { n: Number(h.videoPrice) || 0 })}</p>
      <div className="en-pop__actions">
        <Button variant="secondary" testId="autocall-later" onClick={() => close()}>
          {t('engage.autoCall.later')}
        </Button>
        {calls && (
          <Button testId="autocall-call" onClick={call}>
            {t('engage.autoCall.call')}
          </Button>
        )}
      </div>
    </div>
  )
}
