// The moments tab's page: the hosts' moments feed, 10 at a time, loading more on scroll.
import { useEffect, useMemo, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { createPager, type Pager } from '../../kernel/pager.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageSpinner, Spinner } from '../../kernel/ui/Spinner.tsx'
import css from './moments.css'
import type { Moment } from './api.ts'
import { FEED_PAGE_SIZE, ageOf, loadFeedPage } from './feed.ts'

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
          {items.map((m) => (
            <MomentCard key={m.id} m={m} age={ageOf(m.createTime, now)} onOpen={() => openHost(m)} />
          ))}
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

  function openHost(m: Moment) {
    kernel.router.navigate(`/detail?id=${m.userId}&yxId=${encodeURIComponent(m.yxAccid)}&path=moments`)
  }

  return (
    <main className="mo-page" data-testid="moments">
      {body}
    </main>
  )
}

function MomentCard({ m, age, onOpen }: { m: Moment; age: { key: string; count: number }; onOpen: () => void }) {
  const t = useT()
  const online = m.onlineStatus === 1 || m.onlineStatus === 10001 || m.onlineStatus === 10002
  return (
    <li className="mo-card" data-testid={`moment-${m.id}`}>
      <button type="button" className="mo-card__head" onClick={onOpen}>
        <span className="mo-card__pic">
          <Avatar src={m.icon} name={m.nickname} size={42} />
          {online && <span className="mo-card__on" aria-hidden="true" />}
        </span>
        <span className="mo-card__who">
          <span className="mo-card__name">{m.nickname}</span>
          <span className="mo-card__time">{t(age.key, { count: age.count })}</span>
        </span>
      </button>
      {m.content && <p className="mo-card__text">{m.content}</p>}
      {m.images.length > 0 && (
        <div className={`mo-card__imgs mo-card__imgs--${Math.min(m.images.length, 3)}`}>
          {m.images.slice(0, 9).map((src, i) => (
            <img key={i} src={src} alt="" loading="lazy" decoding="async" />
          ))}
        </div>
      )}
      <div className="mo-card__stats">
        <span className={m.isLike ? 'mo-stat mo-stat--on' : 'mo-stat'}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M12 20.5s-7.5-4.5-9.3-9.1C1.5 8.3 3.5 4.8 7 4.8c2 0 3.5 1.1 5 2.9 1.5-1.8 3-2.9 5-2.9 3.5 0 5.5 3.5 4.3 6.6C19.5 16 12 20.5 12 20.5Z" />
          </svg>
          {t('moments.likes', { count: m.likeNum })}
        </span>
        <span className="mo-stat">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round">
            <path d="M20.5 11.6c0 4.3-3.8 7.7-8.5 7.7-1.1 0-2.2-.2-3.2-.6L4 20l1.2-3.7c-1.1-1.3-1.7-2.9-1.7-4.7C3.5 7.3 7.3 4 12 4s8.5 3.3 8.5 7.6Z" />
          </svg>
          {t('moments.comments', { count: m.commentNum })}
        </span>
      </div>
    </li>
  )
}
