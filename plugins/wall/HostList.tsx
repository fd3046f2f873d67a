// One tab's host grid: skeletons, the cards, scroll paging by a sentinel, a retry row when a
// page failed (NET-04), the end line, and the empty / error / offline states.
import { useEffect, useMemo, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import type { Host } from './api.ts'
import type { TabList, WallState } from './state.ts'
import { HostCard, HostSkeletons } from './HostCard.tsx'
import { Sprite } from '../../kernel/ui/sprite.tsx'

export interface HostListProps {
  state: WallState
  list: TabList
  online: boolean
  t: (key: string, params?: Record<string, unknown>) => string
  onOpen: (host: Host, index: number) => void
  /** the empty states' and the foot's words (wall-more) are loaded: until then an empty tab keeps its
   *  skeleton and the foot stays blank */
  words: boolean
}

export function HostList({ state, list, online, t, onOpen, words }: HostListProps) {
  useSignals()
  const { pager } = list
  const items = pager.items.value
  const loading = pager.loading.value
  const finished = pager.finished.value
  const error = pager.error.value
  const offlineAt = list.offlineAt.value
  // a host moving between the online and offline lists while paging may come twice
  const ids = useMemo(() => [...new Set(items)], [items])
  const sentinel = useRef<HTMLDivElement>(null)

  // first visit of this tab: load page 1
  useEffect(() => {
    if (pager.page.peek() === 0 && !pager.loading.peek() && !pager.error.peek() && online) void pager.refresh()
  }, [pager, online])

  // scroll paging: the sentinel near the end asks for the next page
  useEffect(() => {
    const el = sentinel.current
    if (!el || typeof IntersectionObserver !== 'function') return
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        if (pager.error.peek() || !navigator.onLine) return
        void pager.more()
      },
      { rootMargin: '0px 0px 600px 0px' },
    )
    io.observe(el)
    return () => io.disconnect()
    // re-observed after every page, so a sentinel still on screen asks for the next one
  }, [pager, ids.length, finished, !!error])

  const kind = list.tag.kind === 'game' ? 'other' : list.tag.kind
  if (!ids.length) {
    if (!online) {
      return (
        <EmptyState testId="wall-offline" icon={<Sprite id="wl-wifi-off" size={28} />} title={t('wall.offline.title')} message={t('wall.offline.message')} />
      )
    }
    if (error) {
      return (
        <ErrorState
          testId="wall-error"
          title={t('wall.error.title')}
          message={t('wall.error.message')}
          retryLabel={t('wall.retry')}
          // the tags too: the server may have dropped this tab since they came, and then no retry of its list helps
          onRetry={() => void state.loadTags().then(() => void (state.tags.peek().some((x) => x.tagId === list.tag.tagId) && pager.retry()))}
        />
      )
    }
    if (loading || pager.page.value === 0 || !words) {
      return (
        <div className="wl-grid" data-testid="wall-loading" aria-busy="true">
          <HostSkeletons />
        </div>
      )
    }
    return <EmptyState testId="wall-empty" title={t(`wall.empty.${kind}.title`)} message={t(`wall.empty.${kind}.message`)} />
  }

  return (
    <>
      <div className="wl-grid" data-testid="wall-grid">
        {ids.map((id, i) => (
          <HostCardSlot key={id} showDivider={offlineAt !== null && i === offlineAt && i > 0} t={t}>
            <HostCard state={state} userId={id} index={i} t={t} onOpen={onOpen} />
          </HostCardSlot>
        ))}
      </div>
      <div ref={sentinel} className="wl-sentinel" data-testid="wall-sentinel" />
      {!words ? null : error ? (
        <div className="wl-foot wl-foot--retry" data-testid="wall-retry-row" role="alert">
          <span>{t('wall.retryPage')}</span>
          <Button size="small" variant="secondary" testId="wall-retry" onClick={() => void pager.retry()}>
            {t('wall.retry')}
          </Button>
        </div>
      ) : loading && pager.page.value > 0 ? (
        <div className="wl-foot" data-testid="wall-more-loading">
          <Spinner size={18} label={t('wall.loadingMore')} />
          <span>{t('wall.loadingMore')}</span>
        </div>
      ) : finished ? (
        <div className="wl-foot wl-foot--end" data-testid="wall-end">
          {t('wall.end')}
        </div>
      ) : null}
    </>
  )
}

/** A card, preceded by the "Offline hosts" divider where the All tab's second list begins. */
function HostCardSlot({ showDivider, t, children }: { showDivider: boolean; t: HostListProps['t']; children: React.ReactNode }) {
  if (!showDivider) return <>{children}</>
  return (
    <>
      <h3 className="wl-divider" data-testid="wall-offline-divider">
        <span>{t('wall.offlineSection')}</span>
      </h3>
      {children}
    </>
  )
}
