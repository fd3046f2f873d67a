// LIVE-09: the wishful-gift agree popup (d2 §2.10): 'Reminder', 'Give the host with this special
// gift', the gift, 'No more reminders' (checked by default), Cancel (none in a bot call) and Agree.
// It answers what was chosen; the wish state sends the gift and records the agreement.
import { useState } from 'react'
import { useT } from '../../kernel/hooks.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { Dialog } from '../../kernel/ui/Dialog.tsx'
import type { OverlayProps } from '../../kernel/types.ts'
import type { AgreeAnswer, AgreeProps } from './api.ts'
import { GiftPicture } from './GiftPicture.tsx'
import { injectStyle } from '../../kernel/style.ts'
import css from './wish.css'

injectStyle(css)

export default function AgreePopup({ props, close }: OverlayProps<AgreeProps>) {
  const t = useT()
  const [noMore, setNoMore] = useState(true)
  const answer = (agree: boolean) => close({ agree, noMore } satisfies AgreeAnswer)
  const w = props.wish
  return (
    <Dialog
      testId="wish-agree"
      title={t('wish.reminder')}
      message={t('wish.giveHost')}
      actions={
        <>
          {!props.botCall && (
            <Button variant="secondary" testId="wish-cancel" onClick={() => answer(false)}>
              {t('wish.cancel')}
            </Button>
          )}
          <Button testId="wish-agree-ok" onClick={() => answer(true)}>
            {t('wish.agree')}
          </Button>
        </>
      }
    >
      <div className="ws-agree__gift">
        <GiftPicture src={w.img} size={56} />
        <span className="ws-agree__text">
          <bdi className="ws-agree__name">{w.name || t('wish.unnamed')}</bdi>
          {w.price > 0 && <span className="ws-agree__price">{t('wish.price', { n: w.price })}</span>}
        </span>
      </div>
      <label className="ws-agree__check">
        <input type="checkbox" data-testid="wish-no-more" checked={noMore} onChange={(e) => setNoMore(e.currentTarget.checked)} />
        {t('wish.noMore')}
      </label>
    </Dialog>
  )
}
