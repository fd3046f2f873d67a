// The discount hosts popup (PAY-10): hosts with a subsidised call price, 15 a page.
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import type { DiscountAnswer, DiscountHost } from './api.ts'
import { addDiscountPage, DISCOUNT_PAGE_SIZE, firstDiscountPage, type DiscountPage } from './rules.ts'
import { OffersPath } from './state.ts'
import css from './offers.css'

export default function DiscountPopup({ close }: OverlayProps) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const [page, setPage] = useState<DiscountPage<DiscountHost>>(firstDiscountPage())
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const [lowest, setLowest] = useState<number | null>(null)

  const more = async (from = page) => {
    if (loading || from.finished) return
    setLoading(true)
    setFailed(false)
    try {
      const r = await kernel.api.post<DiscountAnswer>(OffersPath.discount, { pageNum: from.pageNum, pageSize: DISCOUNT_PAGE_SIZE }, { silent: true })
      setLowest(r?.lowerAnchor?.discountRate ?? null)
      setPage(addDiscountPage(from, r ?? {}))
    } catch {
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }
  useEffect(() => void more(firstDiscountPage()), [])

  const open = (h: DiscountHost) => {
    close()
    kernel.router.navigate(`/detail?id=${h.userId}&path=discount`)
  }

  let body
  if (!page.list.length && loading) body = <Spinner />
  else if (!page.list.length && failed) body = <ErrorState testId="discount-error" title={t('offers.discount.failed')} retryLabel={t('offers.retry')} onRetry={() => void more()} />
  else if (!page.list.length) body = <EmptyState testId="discount-empty" title={t('offers.discount.empty')} />
  else
    body = (
      <div className="of-list" data-testid="discount-list">
        {page.list.map((h) => (
          <button key={h.userId} type="button" className="of-row" data-host={h.userId} onClick={() => open(h)}>
            <Avatar src={h.icon} name={h.nickname} size={44} />
            <span className="of-row__main">
              <bdi>{h.nickname}</bdi>
              <span className="of-row__price" data-testid="discount-price">
                💎 {f.number(h.discountPrice)}/{t('offers.discount.min')} <s>{f.number(h.videoPrice)}</s>
              </span>
            </span>
            {/* '-30%' keeps its sign in front in Arabic too (isolated, with Intl's direction marks) */}
            <bdi className="of-row__rate" dir="ltr" data-testid="discount-rate">{f.percent(-(100 - h.discountRate), true)}</bdi>
          </button>
        ))}
        {!page.finished && (
          <Button variant="ghost" size="small" testId="discount-more" loading={loading} onClick={() => void more()}>
            {t('offers.more')}
          </Button>
        )}
      </div>
    )
  return (
    <Sheet title={lowest != null ? t('offers.discount.title', { n: 100 - lowest }) : t('offers.discount.titlePlain')} onClose={() => close()} testId="discount-popup">
      {body}
    </Sheet>
  )
}
