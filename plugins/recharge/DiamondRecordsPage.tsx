// /getcoin/diamond-records: every diamond movement, newest first, 20 a page (from the server's ledger).
import { answer, int, list, obj, oneOf, or, str } from '../../kernel/guard.ts'
import { useEffect, useMemo } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { createPager } from '../../kernel/pager.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner, Spinner } from '../../kernel/ui/Spinner.tsx'
import { receiptTime } from './CardDropIn.tsx'
import { RechargePath } from './state.ts'
import css from './recharge.css'

export const RECORDS_PAGE_SIZE = 20

export interface DiamondRecord {
  id: number
  diamondNum: number
  type: 1 | 2
  title: string
  createTime: string
}

/** guard of a records page (kernel/guard.ts): the rows that are whole; no answer is an empty page */
const diamondRecords = or(
  obj({ list: or(list(obj({ id: int, diamondNum: int, type: or(oneOf(1, 2), 1 as const), title: or(str(100), ''), createTime: or(str(40), '') }), 100), []) }),
  { list: [] as DiamondRecord[] },
)

export default function DiamondRecordsPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const pager = useMemo(
    () =>
      createPager<DiamondRecord>({
        pageSize: RECORDS_PAGE_SIZE,
        fetch: async (page) => answer(diamondRecords, RechargePath.records)(await kernel.api.post(RechargePath.records, { currentPage: page, pageSize: RECORDS_PAGE_SIZE }, { silent: true })).list,
      }),
    [kernel],
  )
  useEffect(() => void pager.refresh(), [pager])
  const items = pager.items.value

  let body
  if (!items.length && pager.loading.value) body = <PageSpinner />
  else if (!items.length && pager.error.value) body = <ErrorState testId="records-error" title={t('recharge.recordsFailed')} retryLabel={t('recharge.retry')} onRetry={() => void pager.retry()} />
  else if (!items.length) body = <EmptyState testId="records-empty" title={t('recharge.recordsEmpty')} />
  else
    body = (
      <>
        <ul className="rc-list" data-testid="records-list">
          {items.map((r) => (
            <li key={r.id} className="rc-row">
              <div className="rc-row__main">
                <span className="rc-row__title">{r.title}</span>
                <span className="rc-row__time">{receiptTime(Date.parse(r.createTime))}</span>
              </div>
              <span className={`rc-row__num rc-row__num--${r.diamondNum >= 0 ? 'in' : 'out'}`} dir="ltr">
                {r.diamondNum >= 0 ? '+' : ''}
                {r.diamondNum.toLocaleString()}
              </span>
            </li>
          ))}
        </ul>
        {!pager.finished.value && (
          <div className="rc-links">
            {pager.loading.value ? <Spinner size={18} /> : <Button variant="ghost" size="small" testId="records-more" onClick={() => void pager.more()}>{t('recharge.more')}</Button>}
          </div>
        )}
      </>
    )
  return (
    <>
      <PageBar title={t('recharge.records')} />
      <main className="rc-page" data-testid="records-page">{body}</main>
    </>
  )
}
