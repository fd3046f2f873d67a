// ENG-02: the daily check-in popup. Seven days in a 3-column grid ('Unlock 1510 diamonds'), a
// claimable day (canReceiveFlag 1) once its countdown has passed, Checked days, the paid-user
// multiplier, and one claim: the server credits it through the ledger; a double tap sends one
// request, and a retried one is refused by the server ('Signed in today').
import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { paidBefore, userLevelOf } from '../../kernel/protocol/user.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { rechargeRef } from '../recharge/api.ts'
import { shellRef } from '../shell/api.ts'
import { EngagePath, Popup, type SignInDay, type SignInDetail, type SignInResult } from './api.ts'
import { cleanDays, cycleTotal, dayState, hms, levelAllowsClaim, rewardOf } from './rules.ts'
import { loadLevel } from './state.ts'
import css from './engage.css'

interface Loaded {
  days: SignInDay[]
  signedToday: boolean
  paid: boolean
  level: number | null
  at: number
}

export default function CheckinPopup({ close }: OverlayProps) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [data, setData] = useState<Loaded | null>(null)
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  const sending = useRef(false)

  const load = async () => {
    setFailed(false)
    try {
      const [r, level] = await Promise.all([kernel.api.post<SignInDetail | null>(EngagePath.signinDetail, {}, { silent: true }), loadLevel(kernel)])
      const user = kernel.session.user.peek()
      setData({
        days: cleanDays(r?.list),
        signedToday: !!r?.signedToday,
        paid: typeof r?.isPayUser === 'boolean' ? r.isPayUser : paidBefore(user),
        level: userLevelOf(level ? { ...level } : null),
        at: Date.now(),
      })
    } catch {
      setFailed(true)
    }
  }
  useEffect(() => void load(), [])
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])

  const left = (d: SignInDay) => (data ? Math.max(0, Number(d.countdown || 0) - Math.max(0, Math.floor((now - data.at) / 1000))) : 0)
  // a countdown that ran out: ask the server whether the day may now be claimed
  const due = !!data?.days.some((d) => Number(d.countdown) > 0 && left(d) === 0)
  useEffect(() => {
    if (due) void load()
  }, [due])

  const claimable = data?.days.find((d) => dayState(d, left(d)) === 'claimable')

  const claim = async () => {
    if (!data || sending.current) return
    if (data.signedToday || !claimable) {
      kernel.overlays.toast(t('engage.checkin.signed'), { type: 'warning' })
      return
    }
    if (!levelAllowsClaim(data.level)) {
      // d3 §5: level 0 may not claim: say so and open recharge (which levels the user up)
      kernel.overlays.toast(t('engage.checkin.needLevel'), { type: 'warning' })
      close()
      void kernel.get(rechargeRef)?.open({ source: 'checkin' })
      return
    }
    sending.current = true
    setBusy(true)
    try {
      const r = await kernel.api.post<SignInResult>(EngagePath.signinPerform, {})
      const shell = kernel.get(shellRef)
      void shell?.refreshUser().catch(() => undefined)
      void shell?.badges.refresh()
      close(true)
      void kernel.overlays.open(Popup.checkinDone, { awardNum: r.awardNum, magnification: r.magnification, day: r.signInCycle })
    } catch {
      // the server's message was shown ('Signed in today', a level refusal...): show its state
      void load()
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  const multiplier = data?.days[0]?.payUserMagnification ?? 0
  let body
  if (failed) body = <ErrorState testId="checkin-error" title={t('engage.checkin.failed')} retryLabel={t('engage.retry')} onRetry={() => void load()} />
  else if (!data) body = <Spinner />
  else
    body = (
      <>
        <p className="en-checkin__unlock" data-testid="checkin-unlock">{t('engage.checkin.unlock', { n: cycleTotal(data.days, data.paid) })}</p>
        {multiplier > 1 && (
          <p className={data.paid ? 'en-checkin__bonus en-checkin__bonus--on' : 'en-checkin__bonus'} data-testid="checkin-bonus">
            {data.paid ? t('engage.checkin.paidOn', { n: multiplier }) : t('engage.checkin.paidBonus', { n: multiplier })}
          </p>
        )}
        <ol className="en-days" data-testid="checkin-days">
          {data.days.map((d) => {
            const state = dayState(d, left(d))
            return (
              <li key={d.signInCycle} className={`en-day en-day--${state}${d.currentFlag === 1 ? ' en-day--today' : ''}`} data-testid={`checkin-day-${d.signInCycle}`} data-state={state}>
                <span className="en-day__name">{t('engage.checkin.day', { n: d.signInCycle })}</span>
                <span className="en-day__gem" aria-hidden="true">💎</span>
                <span className="en-day__award" dir="ltr">+{rewardOf(d, data.paid)}</span>
                <span className="en-day__state">
                  {state === 'checked' && t('engage.checkin.checked')}
                  {state === 'waiting' && <span dir="ltr">{hms(left(d))}</span>}
                  {state === 'claimable' && t('engage.checkin.claimToday')}
                </span>
              </li>
            )
          })}
        </ol>
        <Button block testId="checkin-claim" variant={data.signedToday ? 'secondary' : 'primary'} loading={busy} disabled={!claimable && !data.signedToday} onClick={() => void claim()}>
          {data.signedToday ? t('engage.checkin.signed') : t('engage.checkin.claim')}
        </Button>
      </>
    )
  return (
    <div className="en-pop en-checkin" data-testid="checkin-popup">
      <button type="button" className="en-pop__close" aria-label={t('engage.close')} data-testid="checkin-close" onClick={() => close()}>
        ×
      </button>
      <h2 className="en-pop__title" data-dialog-title>{t('engage.checkin.title')}</h2>
      {body}
    </div>
  )
}
