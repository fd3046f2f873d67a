// One list of call records (CALL-15), shared by /callRecords and /match/history: paged with the
// kernel's pager, each row with the host, what happened (icon and word) and when.
import { formatDate } from '../../../kernel/format.ts'
import { useEffect, useMemo } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../../kernel/hooks.ts'
import { createPager } from '../../../kernel/pager.ts'
import { Avatar } from '../../../kernel/ui/Avatar.tsx'
import { Button } from '../../../kernel/ui/Button.tsx'
import { Spinner } from '../../../kernel/ui/Spinner.tsx'
import { EmptyState, ErrorState } from '../../../kernel/ui/States.tsx'
import { detailHref } from '../../wall/api.ts'
import { CallCategory, callRecordPage, type CallRecord } from '../api.ts'
import { answer } from '../../../kernel/guard.ts'
import { formatDuration } from './format.ts'
import { IconCallIn, IconCallOut, IconClock, IconCross, IconSlash, IconHistory } from './icons.tsx'

const PAGE_SIZE = 20

const kinds: Record<number, { word: string; Icon: typeof IconCross }> = {
  [CallCategory.connected]: { word: 'connected', Icon: IconCallOut },
  [CallCategory.rejected]: { word: 'rejected', Icon: IconCross },
  [CallCategory.timeout]: { word: 'timeout', Icon: IconClock },
  [CallCategory.cancelled]: { word: 'cancelled', Icon: IconSlash },
}

export function RecordList({ path, category = 0, empty, source }: { path: string; category?: number; empty: string; source: string }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const pager = useMemo(
    () =>
      createPager<CallRecord>({
        pageSize: PAGE_SIZE,
        fetch: (currentPage) =>
          kernel.api
            .post<unknown>(path, { currentPage, pageSize: PAGE_SIZE, ...(category ? { category } : {}) }, { silent: true })
            .then((r) => (r == null ? [] : answer(callRecordPage, path)(r).list)),
      }),
    [kernel, path, category],
  )
  useEffect(() => void pager.refresh(), [pager])

  const items = pager.items.value
  const error = pager.error.value
  const loading = pager.loading.value
  const locale = kernel.i18n.locale.value

  if (!items.length && loading) return <div className="cl-list__loading" data-testid="records-loading"><Spinner /></div>
  if (!items.length && error) return <ErrorState testId="records-error" title={t('calls.records.loadFailed')} retryLabel={t('calls.retry')} onRetry={() => void pager.retry()} />
  if (!items.length) return <EmptyState testId="records-empty" icon={<IconHistory />} title={empty} message={t('calls.records.emptyHint')} />

  return (
    <>
      <ul className="cl-records" data-testid="records-list">
        {items.map((r, index) => {
          const kind = kinds[r.category] ?? kinds[CallCategory.cancelled]
          const Icon = r.category === CallCategory.connected && r.callInOrOut === 'in' ? IconCallIn : kind.Icon
          const date = new Date(r.createTime)
          return (
            <li key={r.channelId}>
              <button
                type="button"
                className="cl-record"
                data-testid="call-record"
                data-category={r.category}
                onClick={() => kernel.router.navigate(detailHref({ userId: r.userId, yxAccid: r.yxAccid, status: 'online' }, { index, path: source, vip: true }))}
              >
                <Avatar src={r.icon} name={r.nickname} size={48} />
                <span className="cl-record__main">
                  <bdi className="cl-record__name">{r.nickname}</bdi>
                  <span className={`cl-record__kind cl-record__kind--${kind.word}`} data-testid="call-record-kind">
                    <Icon size={15} />
                    {t(`calls.records.tabs.${kind.word}`)}
                    <span className="cl-record__dir">· {t(r.callInOrOut === 'in' ? 'calls.records.in' : 'calls.records.out')}</span>
                  </span>
                </span>
                <span className="cl-record__side">
                  {r.category === CallCategory.connected && <span className="cl-record__dur">{formatDuration(r.callDuration)}</span>}
                  {!Number.isNaN(date.getTime()) && <time dateTime={r.createTime}>{formatDate(date, locale, 'short')}</time>}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      {!pager.finished.value && (
        <div className="cl-list__more">
          <Button variant="secondary" size="small" loading={loading} testId="records-more" onClick={() => void pager.more()}>
            {t('calls.records.more')}
          </Button>
        </div>
      )}
    </>
  )
}
