// ENG-02: the success popup after a check-in: the diamonds the server credited.
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import css from './engage.css'

export default function CheckinDone({ props, close }: OverlayProps<{ awardNum: number; magnification?: number; day?: number }>) {
  injectStyle(css)
  useKernel()
  const t = useT()
  const m = Number(props?.magnification) || 1
  return (
    <div className="en-pop en-done" data-testid="checkin-done">
      <div className="en-done__burst" aria-hidden="true">💎</div>
      <h2 className="en-pop__title" data-dialog-title>{t('engage.checkin.doneTitle')}</h2>
      <p className="en-done__num" dir="ltr">+{Number(props?.awardNum) || 0}</p>
      <p className="en-pop__text">{t('engage.checkin.doneText', { n: Number(props?.awardNum) || 0 })}</p>
      {m > 1 && <p className="en-checkin__bonus en-checkin__bonus--on">{t('engage.checkin.doneMultiplied', { day: props?.day ?? '', m })}</p>}
      <Button block testId="checkin-done-ok" onClick={() => close()}>
        {t('engage.checkin.ok')}
      </Button>
    </div>
  )
}
