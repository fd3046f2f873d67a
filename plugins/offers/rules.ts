// Special offer (PAY-09) and discount hosts (PAY-10) rules as plain functions.

/** d3 §4: the special-offer popup shows once a day; the shown time is saved as month plus date */
export function shownKey(now: number): string {
  const d = new Date(now)
  return `${d.getMonth() + 1}-${d.getDate()}`
}

export function specialPopupAllowed(savedKey: string | null | undefined, now: number): boolean {
  return savedKey !== shownKey(now)
}

/** seconds left of an offer that started at startedAt (ms) and lasts durationS seconds */
export function offerLeft(startedAt: number, durationS: number, now: number): number {
  if (!(durationS > 0)) return 0
  return Math.max(0, Math.ceil((startedAt + durationS * 1000 - now) / 1000))
}

/** the offers show on the wall tab only (its path is the app manifest's) */
export const onWall = (tab: string | undefined) => tab === 'wall'

/** closing the popup leaves the special-offer icon while time remains */
export const showOfferIcon = (leftS: number) => leftS > 0

/** hh:mm:ss for the offer countdown */
export function hms(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
}

/** d3 §9: the discount list pages by 15 */
export const DISCOUNT_PAGE_SIZE = 15

export interface DiscountPage<T> {
  list: T[]
  /** the next page to ask for */
  pageNum: number
  finished: boolean
}

export const firstDiscountPage = <T>(): DiscountPage<T> => ({ list: [], pageNum: 1, finished: false })

/** add one answer; finished on isLastPage or a short page; hosts already listed are not repeated */
export function addDiscountPage<T extends { userId: number }>(prev: DiscountPage<T>, answer: { anchorList?: T[]; isLastPage?: boolean }): DiscountPage<T> {
  const rows = Array.isArray(answer.anchorList) ? answer.anchorList : []
  const seen = new Set(prev.list.map((h) => h.userId))
  return {
    list: [...prev.list, ...rows.filter((h) => !seen.has(h.userId))],
    pageNum: prev.pageNum + 1,
    finished: !!answer.isLastPage || rows.length < DISCOUNT_PAGE_SIZE,
  }
}

/** the entry shows for a user flagged as a discount user (either spelling of the flag) */
export function showDiscountEntry(a: { discountUser?: boolean; isDisCountUser?: boolean; showEntry?: boolean } | null | undefined): boolean {
  if (!a) return false
  if (a.showEntry === false) return false
  return !!(a.discountUser ?? a.isDisCountUser)
}
