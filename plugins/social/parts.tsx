// The parts every social page shares: the page frame, the three states of a load, a host row.
import type { ReactNode } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { hostsRef, statusWord } from '../wall/api.ts'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import type { HostItem } from './api.ts'
import { SocialRoute } from './api.ts'
import { offline, type Loaded } from './hooks.ts'
import css from './social.css'

export function SocialPage({ title, testId, children, end }: { title: string; testId: string; children: ReactNode; end?: ReactNode }) {
  injectStyle(css)
  return (
    <main className="so-page" data-testid={testId}>
      <PageBar title={title} end={end} />
      <div className="so-body">{children}</div>
    </main>
  )
}

/** loading, error with Retry, empty, or the list */
export function LoadStates<T>({ load, retry, id, empty, children }: { load: Loaded<T>; retry: () => void; id: string; empty: (v: T) => string | null; children: (v: T) => ReactNode }) {
  if (load.state === 'loading') return <PageSpinner />
  if (load.state === 'failed') return <Failed id={id} retry={retry} />
  const none = empty(load.value)
  if (none) return <EmptyState testId={`${id}-empty`} title={none} />
  return <>{children(load.value)}</>
}

/** a failed load: offline says so (and the load runs again when the connection is back) */
export function Failed({ id, retry }: { id: string; retry: () => void }) {
  const t = useT()
  const off = offline()
  return <ErrorState testId={off ? `${id}-offline` : `${id}-error`} title={t(off ? 'social.offline' : 'social.failed')} message={off ? t('social.offlineText') : undefined} retryLabel={t('social.retry')} onRetry={retry} />
}

export function HostRow({ host, end, testId }: { host: HostItem; end?: ReactNode; testId: string }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  // NET-08: the one host store (pushes keep it fresh), else the row's own answer
  const status = kernel.get(hostsRef)?.statusOf(host.userId).value ?? statusWord(host.onlineStatus)
  return (
    <li className="so-row" data-testid={testId}>
      <button type="button" className="so-row__main" onClick={() => kernel.router.navigate(`${SocialRoute.card}?id=${host.userId}`)}>
        <span className="so-row__pic">
          <Avatar src={host.icon} name={host.nickname} size={48} />
          <span className={`so-dot so-dot--${status}`} data-testid={`${testId}-status`} data-status={status} role="img" aria-label={t(`social.status.${status}`)} />
        </span>
        <span className="so-row__who">
          <span className="so-row__name">{host.nickname}</span>
          <span className="so-row__meta">
            {[host.age ? t('social.age', { n: host.age }) : '', host.countryCode, `ID ${host.userId}`].filter(Boolean).join(' · ')}
          </span>
        </span>
        {/* a row with a button of its own leaves the grade out, so the name and meta keep their room */}
        {host.levelName && !end && <span className="so-grade">{host.levelName}</span>}
      </button>
      {end && <span className="so-row__end">{end}</span>}
    </li>
  )
}
