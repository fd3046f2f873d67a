// The moments tab's page: the hosts' moments feed, 10 at a time, loading more on scroll.
import { useEffect, useMemo, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { createPager, type Pager } from '../../kernel/pager.ts'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageSpinner, Spinner } from '../../kernel/ui/Spinner.tsx'
import css from './moments.css'
import type { Moment } from './api.ts'
import { toggleLike } from './actions.ts'
import { FEED_PAGE_SIZE, loadFeedPage } from './feed.ts'
import { MomentCard } from './MomentCard.tsx'
import { MOMENTS_DETAIL_PATH } from './paths.ts'
import { patched, patchesOf } from './state.ts'

export default function MomentsPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const pager = useMemo(() => {
    const p: Pager<Moment> = createPager<Moment>({
      pageSize: FEED_PAGE_SIZE,
      // the last shown id anchors the next page (d3 §7 'offset id')
      fetch: async (page): Promise<Moment[]> => (await loadFeedPage(kernel.api, page, page > 1 ? p.items.peek().at(-1)?.id : undefined)).items,
    })
    return p
  }, [kernel])
  const sentinel = useRef<HTMLDivElement>(null)

  useEffect(() => void pager.refresh(), [pager])

  // scroll paging: ask for the next page when the end of the list comes into view
  useEffect(() => {
    const el = sentinel.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void pager.more(), { rootMargin: '400px' })
    io.observe(el)
    return () => io.disconnect()
  })

  const items = pager.items.value
  const loading = pager.loading.value
  const error = pager.error.value
  const changes = patchesOf(kernel).value
  const now = Date.now()

  let body
  if (!items.length && loading) body = <PageSpinner />
  else if (!items.length && error) {
    body = <ErrorState testId="moments-error" title={t('moments.error')} retryLabel={t('moments.retry')} onRetry={() => void pager.retry()} />
  } else if (!items.length) body = <EmptyState testId="moments-empty" title={t('moments.empty')} />
  else {
    body = (
      <>
        <ul className="mo-feed" data-testid="moments-feed">
          {items.map((raw) => {
            const m = patched(raw, changes)
            return (
              <MomentCard
                key={m.id}
                m={m}
                now={now}
                onHost={() => openHost(m)}
                onOpen={() => openDetail(m)}
                onLike={() => like(m)}
                onComments={() => openDetail(m, true)}
              />
            )
          })}
        </ul>
        <div ref={sentinel} className="mo-foot">
          {loading ? (
            <>
              <Spinner size={18} /> {t('moments.more')}
            </>
          ) : error ? (
            <button type="button" className="mo-retry" onClick={() => void pager.retry()}>
              {t('moments.retry')}
            </button>
          ) : pager.finished.value ? (
            t('moments.end')
          ) : (
            <button type="button" className="mo-retry" data-testid="moments-more" onClick={() => void pager.more()}>
              {t('moments.more')}
            </button>
          )}
        </div>
      </>
    )
  }

  function openDetail(m: Moment, comment = false) {
    kernel.router.navigate(`${MOMENTS_DETAIL_PATH}?id=${m.id}${comment ? '&comment=1' : ''}`)
  }

  // a guest's like asks for a login first (the detail route needs one too)
  function like(m: Moment) {
    if (!kernel.session.loggedIn.peek()) openDetail(m)
    else void toggleLike(kernel, m)
  }

  function openHost(m: Moment) {
    kernel.router.navigate(`/detail?id=${m.userId}&yxId=${encodeURIComponent(m.yxAccid)}&path=moments`)
  }

  return (
    <main className="mo-page" data-testid="moments">
      {body}
    </main>
  )
}
