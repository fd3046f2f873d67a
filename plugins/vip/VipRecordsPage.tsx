// /vip/vip-records: the VIP orders, newest first.
import { useEffect, useMemo } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { createPager } from '../../kernel/pager.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { VipPath } from './VipShop.tsx'
import { answer, id, int, list, num, obj, or, str } from '../../kernel/guard.ts'
import { VIP_DURATIONS } from './rules.ts'
import css from './vip.css'

interface VipRecord {
  orderCode: string
  vipDays: number
  price: number
  createTime: string
}

/** guard of a records page (kernel/guard.ts): the rows that are whole; no answer is an empty page */
const vipRecords = or(obj({ list: or(list(obj({ orderCode: id(), vipDays: or(int, 0), price: or(num, 0), createTime: or(str(40), '') }), 100), []) }), { list: [] as VipRecord[] })

export default function VipRecordsPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const pager = useMemo(
    () => createPager<VipRecord>({ pageSize: 20, fetch: async (page) => answer(vipRecords, VipPath.records)(await kernel.api.post(VipPath.records, { currentPage: page, pageSize: 20 }, { silent: true })).list }),
    [kernel],
  )
  useEffect(() => void pager.refresh(), [pager])
  const items = pager.items.value
  let body
  if (!items.length && pager.loading.value) body = <PageSpinner />
  else if (!items.length && pager.error.value) body = <ErrorState testId="vip-records-error" title={t('vip.recordsFailed')} retryLabel={t('vip.retry')} onRetry={() => void pager.retry()} />
  else if (!items.length) body = <EmptyState testId="vip-records-empty" title={t('vip.recordsEmpty')} />
  else
    body = (
      <>
        <ul className="vp-list" data-testid="vip-records">
          {items.map((r) => (
            <li key={r.orderCode} className="vp-row">
              <span>
                {t(`vip.duration.${VIP_DURATIONS[r.vipDays] ?? 'month'}`)} · <bdi>{f.money(r.price)}</bdi>
              </span>
              <span>{f.date(r.createTime, 'day')}</span>
            </li>
          ))}
        </ul>
        {!pager.finished.value && <Button variant="ghost" size="small" onClick={() => void pager.more()}>{t('vip.more')}</Button>}
      </>
    )
  return (
    <>
      <PageBar title={t('vip.records')} />
      <main className="vp-page" data-testid="vip-records-page">{body}</main>
    </>
  )
}
