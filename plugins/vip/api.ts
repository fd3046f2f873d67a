// The VIP plugin's public face: the overlay id of the VIP shop popup (closed after a VIP purchase).
import { rechargeItem, type RechargeItem } from '../recharge/api.ts'
import { bool, id, list, num, obj, or, str, type Guard } from '../../kernel/guard.ts'

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

/** guard of the shop answer (kernel/guard.ts): items that fail their guard are left out */
export const vipShop: Guard<VipShop> = obj({
  vipPrice: or(num, null),
  vipDiamond: or(num, 0),
  callDiscount: or(num, 0),
  hasPurchasedVip: or(bool, false),
  vipInfo: or(obj({ isVip: or(bool, false), expireTime: or(str(40), null), '72Hour': or(bool, false) }), { isVip: false, expireTime: null, '72Hour': false }),
  vipTemplateList: or(list(rechargeItem, 20), []),
})

/** guard of the privileges answer: the rows that are whole */
export const vipPrivileges: Guard<{ list: VipPrivilege[] }> = obj({
  list: or(list(obj({ id: id(), icon: or(str(2000), ''), title: or(str(100), ''), desc: or(str(300), '') }), 30), []),
})
