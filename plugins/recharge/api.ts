// The recharge plugin's public face: the service other plugins reach through `rechargeRef`
// (calls, live, games open the recharge sheet with it) and the wire shapes of d3 §3.
import { ref } from '../../kernel/plugin.ts'
import { id, int, list, num, obj, oneOf, or, str, type Guard } from '../../kernel/guard.ts'

/** the amounts an item shows and the pay pages' mm:ss clock, for the plugins that show them too */
export { clock, extraPercent, methodGift, priceCut, recommendedTotal } from './amounts.ts'

export interface RechargeOpenOptions {
  /** where the user came from (the current path without '/', or e.g. 'luckygift', 'callEnd') */
  source: string
  /** in a call: the list shows only prices of at least 4.99 and PayPal is hidden (PAY-01, PAY-08) */
  inCall?: boolean
  /** in a live room: PayPal is hidden */
  inLive?: boolean
}

export interface RechargeApi {
  /** open the diamond recharge bottom sheet; resolves when it closes */
  open(opts: RechargeOpenOptions): Promise<void>
  /** the pay methods of an item the user may see in this situation, in the configured order */
  methodsFor(item: RechargeItem, ctx: RechargeOpenOptions): PayMethodSku[]
  /** buy an item (a VIP item from the VIP shop, the special offer...) with the recharge flows */
  buy(item: RechargeItem, method: PayMethodSku, ctx: RechargeOpenOptions): Promise<PayOutcome>
}

/** how a purchase ended: paid here, left for a provider page, handed to the USDT page, refused, cancelled, failed */
/** pending: the money may have moved and the server has not said; the order is kept and asked about */
export type PayOutcome = 'paid' | 'redirected' | 'usdt' | 'refused' | 'cancelled' | 'failed' | 'pending'

export const rechargeRef = ref<RechargeApi>('recharge')

/** The nine channel types of d3 §9. */
export const ChannelType = {
  HNPAYMAX: 1,
  AIRWALLEX: 2,
  EPAY: 3,
  UPI: 4,
  PAYPAL: 5,
  LIVPAY: 6,
  IOS: 7,
  GOOGLE: 8,
  HAIPAY: 9,
} as const

export const PayMethod = {
  PAYPAL: 'PAYPAL',
  APPLEPAY: 'APPLEPAY',
  CARD: 'CARD',
  APPSTORE: 'APPSTORE',
  GOOGLEPLAY: 'GOOGLEPLAY',
  UPI: 'UPI',
  USDT: 'USDT',
} as const
export type PayMethodName = (typeof PayMethod)[keyof typeof PayMethod]

/** Pay method sku (d3 §3). */
export interface PayMethodSku {
  id: number
  skuId: number
  payMethodType: PayMethodName | string
  channelType: number
  payConfigId?: number
  diamondDetail?: string
  icon?: string
  recentFlag?: 0 | 1
  recommedFlag?: 0 | 1
  payMethodGiftRatio?: number
}

const flag = or(oneOf(0, 1), 0 as const)

/** guard of one pay method of an item (kernel/guard.ts) */
const payMethodSku: Guard<PayMethodSku> = obj({
  id: int,
  skuId: or(int, 0),
  payMethodType: id(40),
  channelType: or(int, 0),
  payConfigId: or(int, undefined),
  diamondDetail: or(str(200), undefined),
  icon: or(str(2000), undefined),
  recentFlag: flag,
  recommedFlag: flag,
  payMethodGiftRatio: or(num, undefined),
})

/** One item of the recharge template (d3 §3). */
export interface RechargeItem {
  id: number
  productId: string
  price: number
  originalPrice: number
  diamondNum: number
  fixedDiamond?: number
  giveDiamondNum: number
  firstChargeGive: number
  boughtFlag: 0 | 1
  vipFlag: 0 | 1
  vipDays: number
  vipDiamond?: number
  callDiscount?: number
  batchNo?: string
  payTemplateId?: number
  recommedFlag?: 0 | 1
  recentFlag?: 0 | 1
  skuInfoList: PayMethodSku[]
}

/** guard of one item: an id, a product and a price, or the item is left out */
export const rechargeItem: Guard<RechargeItem> = obj({
  id: int,
  productId: id(100),
  price: num,
  originalPrice: or(num, 0),
  diamondNum: or(int, 0),
  fixedDiamond: or(int, undefined),
  giveDiamondNum: or(int, 0),
  firstChargeGive: or(int, 0),
  boughtFlag: flag,
  vipFlag: flag,
  vipDays: or(int, 0),
  vipDiamond: or(int, undefined),
  callDiscount: or(num, undefined),
  batchNo: or(str(100), undefined),
  payTemplateId: or(int, undefined),
  recommedFlag: flag,
  recentFlag: flag,
  skuInfoList: or(list(payMethodSku, 20), []),
})

export interface RechargeTemplate {
  templateId: number
  proxyChargeStatus: 0 | 1
  skuList: RechargeItem[]
}

/** guard of the template answer: the items that are whole (none: an empty template) */
export const rechargeTemplate: Guard<RechargeTemplate> = or(
  obj({ templateId: or(int, 0), proxyChargeStatus: flag, skuList: or(list(rechargeItem, 50), []) }),
  { templateId: 0, proxyChargeStatus: 0 as const, skuList: [] },
)

/** A diamond seller (PAY-10). */
export interface Seller {
  agentId: number
  nickname: string
  icon: string
  whatsapp: string
  diamondsPerDollar: number
}

/** guard of the sellers answer: the sellers that are whole */
export const sellers: Guard<{ list: Seller[]; proxyChargeStatus: number }> = or(
  obj({
    list: or(list(obj({ agentId: int, nickname: or(str(60), ''), icon: or(str(2000), ''), whatsapp: or(str(40), ''), diamondsPerDollar: or(num, 0) }), 100), []),
    proxyChargeStatus: or(int, 0),
  }),
  { list: [], proxyChargeStatus: 0 },
)

/** The create-order payload (d3 §3). */
export interface CreateOrderPayload {
  skuInfoId: number
  templateId: number
  paymentMethodType: string
  productId: string
  frontCallbackUrl: string
  vipFlag: 0 | 1
  chainName?: string
  diamondDetail?: string
}

/** What the app does with a new order: open a provider page, mount the card drop-in, pay in USDT, or ask the native store. */
export type OrderAction = 'redirect' | 'dropin' | 'usdt' | 'store'

export interface OrderResult {
  orderCode: string
  action: OrderAction
  /** redirect: the provider's approval page */
  payUrl?: string
  /** dropin: the card provider's intent */
  awxObj?: {
    id: string
    client_secret: string
    customer_id: string
    currency: string
    amount: number
    return_url: string
    paymentAmount: number
    scriptUrl: string
    methods: string[]
  } | null
  /** usdt: where and how much to send */
  usdt?: { address: string; chainName: string; amount: string; expireTime: number }
  /** store: the product to buy through the native bridge */
  productId?: string
  diamondNum: number
  thirdCreateTime: number
}

/** Crypto pay status (d3 §4): 0 failed, 1 success, 2 pending. */
export const CryptoStatus = { failed: 0, success: 1, pending: 2 } as const

export interface OrderStatus {
  orderCode: string
  status: 0 | 1 | 2
  /** pending | paid | failed | cancelled | expired */
  state: string
  diamondNum: number
  vipFlag: 0 | 1
  payMethodType: string
  reason?: string
}

declare module '../../kernel/types.ts' {
  interface KernelEvents {
    /** PAY-07: an order was paid; the user (balance, VIP) was refreshed. Listeners refresh what
     *  depends on it (profile, tags, games, banners); vip: a VIP item was bought */
    'recharge-success': { orderCode: string; vip: boolean }
  }
  interface SceneMarks {
    /** the recharge sheet is open (the call warning and robot invitations wait) */
    payPopup: boolean
  }
}
