// The VIP plugin's public face: the overlay id of the VIP shop popup (closed after a VIP purchase).
import type { RechargeItem } from '../recharge/api.ts'

export const VIP_POPUP = 'vip.popup'
/** storage key: the day the expiry reminder last showed */
export const REMINDED_KEY = 'vipRemindedDay'

/** /api/wallet/vipGetShopInfo (d3 §3 VIP shop and pay store) */
export interface VipShop {
  vipPrice: number | null
  vipDiamond: number
  callDiscount: number
  hasPurchasedVip: boolean
  vipInfo: { isVip: boolean; expireTime: string | null; '72Hour': boolean }
  vipTemplateList: RechargeItem[]
}

export interface VipPrivilege {
  id: string
  icon: string
  title: string
  desc: string
}
