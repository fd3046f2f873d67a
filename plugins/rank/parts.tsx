// Pieces the rank popups share: the crown of ranks 1-3, the diamond figure (abbreviated), the
// popup's tab row, and the loading / empty / error states of a list.
import type { ReactNode } from 'react'
import { useT } from '../../kernel/hooks.ts'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { abbreviate } from './rules.ts'

export function Crown({ place }: { place: 1 | 2 | 3 }) {
  return (
    <svg className={`rk-crown rk-crown--${place}`} width="22" height="18" viewBox="0 0 22 18" aria-label={`${place}`} data-testid="rank-crown">
      <path d="M2 6l5 4 4-8 4 8 5-4-2 11H4z" fill="currentColor" />
      <circle cx="11" cy="12" r="2" fill="rgba(0,0,0,.25)" />
    </svg>
  )
}

export function Diamonds({ n, testId }: { n: number; testId?: string }) {
  return (
    <span className="rk-diamonds" data-testid={testId} dir="ltr">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 3h12l4 6-10 12L2 9z" fill="#6cc6ff" />
        <path d="M2 9h20M9 3l3 18 3-18" stroke="#2a8bd8" strokeWidth="1.2" fill="none" />
      </svg>
      {abbreviate(n)}
    </span>
  )
}

export function Tabs<K extends string>({ tabs, active, onPick, small }: { tabs: Array<[K, string]>; active: K; onPick: (k: K) => void; small?: boolean }) {
  return (
    <div className={small ? 'rk-tabs rk-tabs--small' : 'rk-tabs'} role="tablist">
      {tabs.map(([k, label]) => (
        <button key={k} type="button" role="tab" aria-selected={k === active} className={k === active ? 'rk-tab rk-tab--on' : 'rk-tab'} data-testid={`rank-tab-${k}`} onClick={() => onPick(k)}>
          {label}
        </button>
      ))}
    </div>
  )
}

/** a list's states: loading, error with Retry, empty ('No Results Found'), or its rows */
export function ListState({ loading, failed, empty, onRetry, children }: { loading: boolean; failed: boolean; empty: boolean; onRetry: () => void; children: ReactNode }) {
  const t = useT()
  if (failed)
    return (
      <div className="rk-state" role="alert" data-testid="rank-error">
        <p>{t('rank.failed')}</p>
        <button type="button" className="rk-btn rk-btn--ghost" data-testid="rank-retry" onClick={onRetry}>
          {t('rank.retry')}
        </button>
      </div>
    )
  if (loading && empty)
    return (
      <div className="rk-state" data-testid="rank-loading">
        <Spinner label={t('rank.loading')} />
      </div>
    )
  if (empty)
    return (
      <div className="rk-state" data-testid="rank-empty">
        <p>{t('rank.empty')}</p>
      </div>
    )
  return <>{children}</>
}

/** 'Help her >>': the gift panel for the host */
export function HelpHer({ onClick }: { onClick: () => void }) {
  const t = useT()
  return (
    <button type="button" className="rk-btn rk-btn--gift" data-testid="rank-help-her" onClick={onClick}>
      {t('rank.helpHer')}
    </button>
  )
}
