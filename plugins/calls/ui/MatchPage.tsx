// CALL-12: /match (ticket, start, the matching animation), /match/history and /match/NoResult.
// The engine checks the ticket against the balance (the shop opens when short) and times the
// match out after 5 s; a time-out here leads to NoResult, 'Match timed out, please try again'.
import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../../kernel/hooks.ts'
import { injectStyle } from '../../../kernel/style.ts'
import { Avatar } from '../../../kernel/ui/Avatar.tsx'
import { Button } from '../../../kernel/ui/Button.tsx'
import { EmptyState } from '../../../kernel/ui/States.tsx'
import { PageBar } from '../../../kernel/ui/PageBar.tsx'
import { CallGameType, CallPath, CallStatus } from '../api.ts'
import { useCalls } from './hooks.ts'
import { IconClock, IconDiamond, IconHistory, IconVideo } from './icons.tsx'
import { RecordList } from './RecordList.tsx'
import { effectivePrice } from '../rules.ts'
import { isVip } from '../../../kernel/protocol/user.ts'
import css from './calls.css'

injectStyle(css)

export default function MatchPage() {
  const { path } = useRoute()
  if (path.startsWith('/match/history')) return <MatchHistory />
  if (path.startsWith('/match/NoResult')) return <NoResult />
  return <MatchHome />
}

function Bar({ title, history }: { title: string; history?: boolean }) {
  const kernel = useKernel()
  const t = useT()
  const end = history && (
    <button type="button" data-testid="match-history" aria-label={t('calls.match.history')} onClick={() => kernel.router.navigate('/match/history')}>
      <IconHistory size={22} />
    </button>
  )
  return <PageBar title={title} end={end} />
}

function MatchHome() {
  useSignals()
  const kernel = useKernel()
  const calls = useCalls()
  const t = useT()
  const [matching, setMatching] = useState(false)
  const startSeq = useRef(0)
  const user = kernel.session.user.value
  const info = calls.info.value
  const cfg = calls.engine.config()
  const ticket = effectivePrice(cfg.matchTicket, { isVip: isVip(user, Date.now()), vipDiscount: cfg.vipDiscount })
  const said = calls.said.value

  // a match time-out raised since this page's start leads to NoResult
  useEffect(() => {
    if (matching && said && said.seq > startSeq.current && said.key === 'matchTimeout') {
      setMatching(false)
      kernel.router.navigate('/match/NoResult', { replace: true })
    }
  }, [said, matching, kernel])

  // connected: the call screen takes over; ended otherwise: back to the start button
  useEffect(() => {
    if (!matching || info.callGameType !== CallGameType.MATCH) return
    if (info.status === CallStatus.CALLING_ING || info.status === CallStatus.CANCEL || info.status === CallStatus.HANG_UP) setMatching(false)
  }, [matching, info.status, info.callGameType])

  const start = async () => {
    if (matching) return
    startSeq.current = calls.said.peek()?.seq ?? 0
    setMatching(true)
    const placed = await calls.startMatch()
    if (!placed) setMatching((m) => (calls.said.peek()?.key === 'matchTimeout' ? m : false))
  }

  const hunting = matching || (info.callGameType === CallGameType.MATCH && info.status === CallStatus.CALLING)
  return (
    <main className="cl-page cl-match" data-testid="match">
      <Bar title={t('calls.match.title')} history />
      <section className="cl-match__stage">
        <div className={`cl-radar${hunting ? ' is-on' : ''}`} data-testid={hunting ? 'match-matching' : 'match-idle'}>
          <span />
          <span />
          <span />
          <Avatar src={user?.icon} name={user?.nickname} size={96} />
        </div>
        <h2 className="cl-match__headline">{hunting ? t('calls.match.matching') : t('calls.match.headline')}</h2>
        {!hunting && <p className="cl-match__sub">{t('calls.match.sub')}</p>}
      </section>
      <section className="cl-match__panel">
        <div className="cl-match__facts">
          <span data-testid="match-ticket">
            <IconDiamond size={16} /> {t('calls.match.ticket', { n: ticket })}
          </span>
          <span>
            <IconClock size={16} /> {t('calls.match.freeTime', { n: cfg.matchFreeTime })}
          </span>
        </div>
        <button type="button" className="cl-cta" data-testid="match-start" disabled={hunting} aria-busy={hunting || undefined} onClick={() => void start()}>
          <IconVideo size={24} />
          <span>{hunting ? t('calls.match.matching') : t('calls.match.start')}</span>
        </button>
        {user && <p className="cl-match__balance" data-testid="match-balance">{t('calls.match.balance', { n: user.diamondNum })}</p>}
      </section>
    </main>
  )
}

function MatchHistory() {
  const t = useT()
  return (
    <main className="cl-page" data-testid="match-history-page">
      <Bar title={t('calls.match.historyTitle')} />
      <RecordList path={CallPath.matchRecords} empty={t('calls.match.noHistory')} source="match" />
    </main>
  )
}

function NoResult() {
  const kernel = useKernel()
  const t = useT()
  return (
    <main className="cl-page" data-testid="match-no-result">
      <Bar title={t('calls.match.title')} />
      <EmptyState
        testId="match-timeout"
        icon={<IconClock />}
        title={t('calls.match.noResult')}
        message={t('calls.match.noResultHint')}
        action={
          <Button testId="match-retry" onClick={() => kernel.router.navigate('/match', { replace: true })}>
            {t('calls.match.tryAgain')}
          </Button>
        }
      />
    </main>
  )
}
