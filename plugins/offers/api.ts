// The offers plugin's public face: overlay ids and wire shapes of the special offer and the discount hosts.
import type { RechargeItem } from '../recharge/api.ts'

export const SPECIAL_POPUP = 'offers.special'
export const DISCOUNT_POPUP = 'offers.discount'

/** /api/index/triggerSpecialPopup (decided by the harness; d3 §3 special offer fields) */
export interface SpecialTrigger {
  show: boolean
  specialPopTime: number | null
  specialPopupCount: number
  /** seconds left */
  specialOffDuration: number
  item: RechargeItem | null
}

export interface DiscountHost {
  userId: number
  nickname: string
  icon: string
  videoPrice: number
  onlineStatus: number
  subsidyStatus: number
  discountRate: number
  discountPrice: number
}

export interface DiscountAnswer {
  lowerAnchor: { discountRate: number }
  discountUser: boolean
  anchorList: DiscountHost[]
  isLastPage: boolean
}

/** d3 §4 once a day, the shown time saved as month plus date: one rule for every popup of the queue */
export { shownKey, specialPopupAllowed as notShownToday } from './rules.ts'
