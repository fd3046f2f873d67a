// A list of hosts the user marked (blocked, favourites), 20 a page, each with one button that
// takes the mark off; a row leaves the list once the server agreed.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { createPager } from '../../kernel/pager.ts'
import type { Kernel } from '../../kernel/types.ts'
import { EmptyState } from '../../kernel/ui/States.tsx'
import { PageSpinner, Spinner } from '../../kernel/ui/Spinner.tsx'
import type { HostItem } from './api.ts'
import { LIST_PAGE_SIZE } from './paths.ts'
import { whenOnline } from './hooks.ts'
import { Failed, HostRow, SocialPage } from './parts.tsx'

export interface MarkedListProps {
  id: string
  title: string
  emptyText: string
  actionLabel: string
  doneText: string
  load: (kernel: Kernel, page: number) => Promise<HostItem[]>
  /** take the mark off; true when the server agreed */
  unmark: (kernel: Kernel, host: HostItem) => Promise<boolean>
}

export function MarkedList({ id, title, emptyText, actionLabel, doneText, load, unmark }: MarkedListProps) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const pager = useMemo(() => createPager<HostItem>({ pageSize: LIST_PAGE_SIZE, fetch: (page) => load(kernel, page) }), [kernel])
  const [gone, setGone] = useState<Set<number>>(new Set())
  const busy = useRef(new Set<number>())
  useEffect(() => void pager.refresh(), [pager])
  const failed = !!pager.error.value
  useEffect(() => whenOnline(failed, () => void pager.retry()), [failed])

  async function take(h: HostItem) {
    // a second tap while the first is on its way does nothing
    if (busy.current.has(h.userId)) return
    busy.current.add(h.userId)
    const ok = await unmark(kernel, h)
    busy.current.delete(h.userId)
    if (!ok) return
    setGone((s) => new Set(s).add(h.userId))
    kernel.overlays.toast(doneText, { type: 'success' })
  }

  const items = pager.items.value.filter((h) => !gone.has(h.userId))
  let body
  if (!items.length && pager.loading.value) body = <PageSpinner />
  else if (!items.length && pager.error.value) body = <Failed id={id} retry={() => void pager.retry()} />
  else if (!items.length) body = <EmptyState testId={`${id}-empty`} title={emptyText} />
  else {
    body = (
      <>
        <ul className="so-list" data-testid={`${id}-list`}>
          {items.map((h) => (
            <HostRow
              key={h.userId}
              host={h}
              testId={`${id}-${h.userId}`}
              end={
                <button type="button" className="so-btn so-btn--soft" data-testid={`${id}-undo-${h.userId}`} onClick={() => void take(h)}>
                  {actionLabel}
                </button>
              }
            />
          ))}
        </ul>
        <div className="so-foot">
          {pager.loading.value ? (
            <Spinner size={18} />
          ) : pager.error.value ? (
            <button type="button" className="so-link" onClick={() => void pager.retry()}>
              {t('social.retry')}
            </button>
          ) : !pager.finished.value ? (
            <button type="button" className="so-link" data-testid={`${id}-more`} onClick={() => void pager.more()}>
              {t('social.more')}
            </button>
          ) : null}
        </div>
      </>
    )
  }
  return (
    <SocialPage title={title} testId={id}>
      {body}
    </SocialPage>
  )
}
