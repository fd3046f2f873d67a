// ENG-03: the invitation popup. Transfer: a code moves diamonds here (the server's 1111 answer is
// a wrong code, its message shown as a warning). Host: find a host by her code and link with her
// (0 confirm, 1 linked, 2 expired and 4 already linked: she is followed instead). The user's own
// code can be copied. Codes lose their spaces; empty ones are refused before any request.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { isPassedCode, type PassedCode } from '../../kernel/api.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Button } from '../../kernel/ui/Button.tsx'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import { shellRef } from '../shell/api.ts'
import { EngagePath, type InviteHost } from './api.ts'
import { linkStateOf, normalizeCode, type LinkState } from './rules.ts'
import css from './engage.css'
import { sentence } from '../../kernel/ui/sentence.tsx'

type Tab = 'transfer' | 'host'
const passWrong = { passCodes: [Code.invalidCode] }

export default function InvitePopup({ close }: OverlayProps) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [tab, setTab] = useState<Tab>('transfer')
  const [mine, setMine] = useState<string | null>(null)
  useEffect(() => {
    kernel.api.post<{ inviteCode?: string } | null>(EngagePath.myCode, {}, { silent: true }).then(
      (r) => setMine(typeof r?.inviteCode === 'string' ? r.inviteCode : null),
      () => setMine(null),
    )
  }, [])

  const copy = async () => {
    try {
      if (!mine || !navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(mine)
      kernel.overlays.toast(t('engage.invite.copied'), { type: 'success' })
    } catch {
      kernel.overlays.toast(t('engage.invite.copyFailed'), { type: 'warning' })
    }
  }

  return (
    <Sheet title={t('engage.invite.title')} onClose={() => close()} testId="invite-popup">
      <div className="en-invite">
        {mine && (
          <div className="en-mine">
            <span className="en-mine__label">{t('engage.invite.mine')}</span>
            <span className="en-mine__code" dir="ltr" data-testid="invite-mine">{mine}</span>
            <Button size="small" variant="secondary" testId="invite-copy" onClick={() => void copy()}>
              {t('engage.invite.copy')}
            </Button>
          </div>
        )}
        <div className="en-tabs" role="tablist">
          {(['transfer', 'host'] as const).map((id) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} className={tab === id ? 'en-tab en-tab--on' : 'en-tab'} data-testid={`invite-tab-${id}`} onClick={() => setTab(id)}>
              {t(`engage.invite.${id}`)}
            </button>
          ))}
        </div>
        {tab === 'transfer' ? <TransferTab /> : <HostTab />}
      </div>
    </Sheet>
  )
}

/** the code field; returns the normalised code on submit, or warns when empty */
function useCodeField() {
  const kernel = useKernel()
  const t = useT()
  const [raw, setRaw] = useState('')
  const take = (): string | null => {
    const code = normalizeCode(raw)
    if (!code) {
      kernel.overlays.toast(t('engage.invite.empty'), { type: 'warning' })
      return null
    }
    return code
  }
  const input = (
    <input
      className="en-input"
      data-testid="invite-input"
      dir="ltr"
      value={raw}
      placeholder={t('engage.invite.placeholder')}
      autoComplete="off"
      onChange={(e) => setRaw(e.target.value)}
    />
  )
  return { input, take, clear: () => setRaw('') }
}

function TransferTab() {
  const kernel = useKernel()
  const t = useT()
  const { input, take, clear } = useCodeField()
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)
  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    const code = take()
    if (!code || sending.current) return
    sending.current = true
    setBusy(true)
    try {
      const r = await kernel.api.post<{ transferDiamond: number } | PassedCode>(EngagePath.transfer, { searchValue: code }, passWrong)
      if (isPassedCode(r)) kernel.overlays.toast(r.msg, { type: 'warning' })
      else {
        kernel.overlays.toast(t('engage.invite.transferred', { n: r.transferDiamond }), { type: 'success' })
        clear()
        void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
      }
    } catch {
      /* the api client said why */
    } finally {
      sending.current = false
      setBusy(false)
    }
  }
  return (
    <form className="en-form" onSubmit={(e) => void submit(e)} data-testid="invite-transfer">
      <p className="en-pop__text">{t('engage.invite.transferHint')}</p>
      {input}
      <Button block type="submit" testId="invite-submit" loading={busy}>
        {t('engage.invite.submit')}
      </Button>
    </form>
  )
}

function HostTab() {
  const kernel = useKernel()
  const t = useT()
  const { input, take } = useCodeField()
  const [busy, setBusy] = useState(false)
  const [found, setFound] = useState<{ code: string; host: InviteHost } | null>(null)
  const [state, setState] = useState<LinkState>(0)
  const sending = useRef(false)
  const once = async (fn: () => Promise<void>) => {
    if (sending.current) return
    sending.current = true
    setBusy(true)
    try {
      await fn()
    } finally {
      sending.current = false
      setBusy(false)
    }
  }
  const search = (e?: FormEvent) => {
    e?.preventDefault()
    const code = take()
    if (!code) return
    void once(async () => {
      const r = await kernel.api.post<InviteHost | PassedCode>(EngagePath.queryHost, { searchValue: code }, passWrong).catch(() => null)
      if (!r) return
      if (isPassedCode(r)) return kernel.overlays.toast(r.msg, { type: 'warning' })
      setFound({ code, host: r })
      setState(0)
    })
  }
  const confirm = () =>
    void once(async () => {
      if (!found) return
      const r = await kernel.api.post<{ isSuccess: number }>(EngagePath.linkHost, { searchValue: found.code }, { silent: true }).catch(() => null)
      const s = linkStateOf(r?.isSuccess)
      if (!s) return kernel.overlays.toast(t('engage.invite.linkFailed'), { type: 'warning' })
      setState(s)
      if (s !== 1) setFound({ ...found, host: { ...found.host, followed: true } })
    })

  const host = found?.host
  const outcome = host && state !== 0 ? sentence(t, state === 1 ? 'engage.invite.linked' : state === 2 ? 'engage.invite.expired' : 'engage.invite.already', { name: host.nickname }) : null
  return (
    <div className="en-form" data-testid="invite-host">
      <form className="en-form" onSubmit={search}>
        <p className="en-pop__text">{t('engage.invite.hostHint')}</p>
        {input}
        <Button block type="submit" variant={host ? 'secondary' : 'primary'} testId="invite-search" loading={busy && !host}>
          {t('engage.invite.search')}
        </Button>
      </form>
      {host && (
        <div className="en-host" data-testid="invite-found" data-state={state}>
          <Avatar src={host.icon} name={host.nickname} size={52} />
          <div className="en-host__who">
            <span className="en-host__name">{host.nickname}</span>
            <span className="en-host__price">💎 {t('engage.invite.price', { n: host.videoPrice })}</span>
            {host.followed && <span className="en-host__tag">{t('engage.invite.followed')}</span>}
          </div>
        </div>
      )}
      {host && state === 0 && (
        <>
          <p className="en-pop__text">{sentence(t, 'engage.invite.confirmText', { name: host.nickname })}</p>
          <Button block testId="invite-confirm" loading={busy} onClick={confirm}>
            {t('engage.invite.confirm')}
          </Button>
        </>
      )}
      {outcome && (
        <p className={state === 1 ? 'en-note en-note--ok' : 'en-note'} data-testid="invite-outcome">
          {outcome}
        </p>
      )}
    </div>
  )
}
