// /getcoin/diamond-records: every diamond movement, newest first, 20 a page (from the server's ledger),
// each worded from the ledger's reason by the string table (recharge.reason.<reason, dots as _>):
// a new reason is one line in locales/en and locales/ar; an unknown one still reads as a sentence.
import { answer, int, list, obj, oneOf, or, str } from '../../kernel/guard.ts'
import { useEffect, useMemo } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import type { I18n } from '../../kernel/i18n.ts'
import { createPager } from '../../kernel/pager.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner, Spinner } from '../../kernel/ui/Spinner.tsx'
import { RechargePath } from './state.ts'
import css from './recharge.css'
import { isolated, shownText } from '../../kernel/ui/sentence.tsx'

export const RECORDS_PAGE_SIZE = 20

export interface DiamondRecord {
  id: number
  diamondNum: number
  type: 1 | 2
  /** the ledger's reason: recharge, call, gift.send... */
  reason: string
  /** who the movement was about (the host of a call, who got a gift), when anyone */
  peerName?: string | null
  createTime: string
}

/** guard of a records page (kernel/guard.ts): the rows that are whole; no answer is an empty page */
const diamondRecords = or(
  obj({ list: or(list(obj({ id: int, diamondNum: int, type: or(oneOf(1, 2), 1 as const), reason: or(str(100), ''), peerName: or(str(100), ''), createTime: or(str(40), '') }), 100), []) }),
  { list: [] as DiamondRecord[] },
)

/** the string-table key of a ledger reason: 'vip.purchase' -> 'recharge.reason.vip_purchase' */
export const reasonKey = (reason: string) => `recharge.reason.${String(reason).replace(/\./g, '_')}`

/** what a record says: its reason in the user's words, with the other person's name isolated
 *  (FSI..PDI) so a Latin name keeps its order in Arabic; never the raw reason */
export function recordTitle(t: I18n['t'], r: Pick<DiamondRecord, 'reason' | 'peerName' | 'diamondNum'>): string {
  const name = shownText(r.peerName) ? isolated(r.peerName) : t('recharge.reason.someone')
  // 'free.invite' is worded by its own line or by its family's ('free')
  const parts = String(r.reason).split('.')
  for (let n = parts.length; n > 0; n--) {
    const key = reasonKey(parts.slice(0, n).join('.'))
    const text = t(key, { name })
    if (text !== key) return text
  }
  return t(r.diamondNum >= 0 ? 'recharge.reason.otherIn' : 'recharge.reason.otherOut')
}

export default function DiamondRecordsPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
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
                <span className="rc-row__title" data-testid="record-title">{recordTitle(t, r)}</span>
                <span className="rc-row__time">{f.date(r.createTime)}</span>
              </div>
              <bdi className={`rc-row__num rc-row__num--${r.diamondNum >= 0 ? 'in' : 'out'}`} dir="ltr" data-testid="record-num">
                {f.signed(r.diamondNum)}
              </bdi>
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
