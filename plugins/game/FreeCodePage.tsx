// ENG-10: /free/email and /free/phone: bind an address with a code the server sends; the reward is
// credited once by the server when the code is right ('Incorrect verification code' otherwise).
import { useState } from 'react'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { EMAIL_SHAPE, freePath, PHONE_SHAPE, type FreeTask } from './free.ts'
import { FreePath } from './paths.ts'
import css from './game.css'

export default function FreeCodePage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { path } = useRoute()
  const task = path.endsWith('/phone') ? 'phone' : 'email'
  const [target, setTarget] = useState('')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const warn = (key: string) => kernel.overlays.toast(t(key), { type: 'warning', duration: 3000 })

  function invalid(value: string): string | null {
    if (task === 'email') {
      if (!value) return 'game.free.email.empty'
      return EMAIL_SHAPE.test(value) ? null : 'game.free.email.format'
    }
    return PHONE_SHAPE.test(value.replace(/[\s-]/g, '')) ? null : 'game.free.phone.format'
  }

  async function send() {
    const value = target.trim()
    const bad = invalid(value)
    if (bad) return warn(bad)
    if (busy) return
    setBusy(true)
    try {
      await kernel.api.post(FreePath.sendCode, { taskId: task, target: value }, { silent: true })
      setSentTo(value)
      kernel.overlays.toast(t('game.free.sent', { to: value }), { type: 'success' })
    } catch {
      warn('game.free.sendFailed')
    } finally {
      setBusy(false)
    }
  }

  async function verify() {
    if (busy || !sentTo) return
    if (!code.trim()) return warn('game.free.codeEmpty')
    setBusy(true)
    try {
      const r = await kernel.api.post<FreeTask & { diamondNum?: number }>(FreePath.verifyCode, { taskId: task, target: sentTo, code: code.trim() }, { silent: true })
      // the balance the server answered with the credit
      if (typeof r?.diamondNum === 'number') kernel.session.setBalance(r.diamondNum)
      kernel.router.navigate(freePath('result', task), { replace: true })
    } catch {
      warn('game.free.wrongCode')
      setBusy(false)
    }
  }

  return (
    <main className="gm-page" data-testid={`free-${task}-page`}>
      <PageBar title={t(`game.free.${task}.title`)} />
      <div className="gm-page__body gm-form">
        <p className="gm-muted">{t(`game.free.${task}.hint`)}</p>
        <label className="gm-field">
          <span>{t(`game.free.${task}.label`)}</span>
          <input
            type={task === 'email' ? 'email' : 'tel'}
            inputMode={task === 'email' ? 'email' : 'tel'}
            dir="ltr"
            maxLength={task === 'email' ? 254 : 20}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            data-testid="free-target"
            autoComplete={task === 'email' ? 'email' : 'tel'}
          />
        </label>
        <Button variant="secondary" block testId="free-send" loading={busy && !sentTo} onClick={send}>
          {sentTo ? t('game.free.resend') : t('game.free.send')}
        </Button>
        {sentTo && (
          <>
            <label className="gm-field">
              <span>{t('game.free.code')}</span>
              <input inputMode="numeric" dir="ltr" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} data-testid="free-code" autoComplete="one-time-code" />
            </label>
            <Button block testId="free-verify" loading={busy} onClick={verify}>
              {t('game.free.verify')}
            </Button>
          </>
        )}
      </div>
    </main>
  )
}
