// What the fake backend sells: the recharge template (diamond items, VIP items, the special
// offer item) and its pay methods. Seeded into the state file as `rechargeTemplate`, so a test or
// a person can change prices through /__harness/db without touching code.
//
// Decisions (the spec does not show the server's catalogue): prices follow the 490-diamonds-per-
// dollar baseline of d3 §9 with growing bonuses; the 0.99 item has one pay method (so the method
// selector is skipped for it); USDT rides channel 3 (EPAY) because d3 §9 lists no crypto channel.
import { ChannelType, PayMethod, type PayMethodName } from './api.ts'

export interface SkuInfoRow {
  /** skuInfoId: what createOrder buys */
  id: number
  skuId: number
  payMethodType: PayMethodName
  channelType: number
  payConfigId: number
  /** "<base>+<gift>" diamonds; echoed by createOrder so a stale template is detected */
  diamondDetail: string
  icon: string
  recentFlag: 0 | 1
  recommedFlag: 0 | 1
  /** extra diamonds in percent of the base for paying this way */
  payMethodGiftRatio: number
}

export interface SkuRow {
  id: number
  productId: string
  price: number
  originalPrice: number
  diamondNum: number
  fixedDiamond: number
  giveDiamondNum: number
  firstChargeGive: number
  vipFlag: 0 | 1
  vipDays: number
  /** VIP items: diamonds included, and the call discount in percent */
  vipDiamond?: number
  callDiscount?: number
  /** the special-offer item (PAY-09) is not listed in the template */
  specialFlag?: 0 | 1
  batchNo: string
  payTemplateId: number
  recommedFlag: 0 | 1
  recentFlag: 0 | 1
  skuInfoList: SkuInfoRow[]
}

export interface TemplateRow {
  templateId: number
  proxyChargeStatus: 0 | 1
  skuList: SkuRow[]
}

const TEMPLATE_ID = 11

const methodDefs: Record<PayMethodName, { channelType: number; gift: number; icon: string }> = {
  PAYPAL: { channelType: ChannelType.PAYPAL, gift: 0, icon: 'paypal' },
  APPLEPAY: { channelType: ChannelType.AIRWALLEX, gift: 0, icon: 'applepay' },
  CARD: { channelType: ChannelType.AIRWALLEX, gift: 5, icon: 'card' },
  APPSTORE: { channelType: ChannelType.IOS, gift: 0, icon: 'appstore' },
  GOOGLEPLAY: { channelType: ChannelType.GOOGLE, gift: 0, icon: 'googleplay' },
  UPI: { channelType: ChannelType.UPI, gift: 3, icon: 'upi' },
  USDT: { channelType: ChannelType.EPAY, gift: 10, icon: 'usdt' },
}

const ALL: PayMethodName[] = [PayMethod.PAYPAL, PayMethod.APPLEPAY, PayMethod.CARD, PayMethod.APPSTORE, PayMethod.GOOGLEPLAY, PayMethod.UPI, PayMethod.USDT]
const VIP_METHODS: PayMethodName[] = [PayMethod.PAYPAL, PayMethod.CARD, PayMethod.APPSTORE, PayMethod.GOOGLEPLAY, PayMethod.USDT]

function sku(
  id: number,
  productId: string,
  price: number,
  originalPrice: number,
  diamondNum: number,
  giveDiamondNum: number,
  firstChargeGive: number,
  methods: PayMethodName[],
  extra: Partial<SkuRow> = {},
): SkuRow {
  return {
    id,
    productId,
    price,
    originalPrice,
    diamondNum,
    fixedDiamond: diamondNum,
    giveDiamondNum,
    firstChargeGive,
    vipFlag: 0,
    vipDays: 0,
    batchNo: 'B2025-01',
    payTemplateId: TEMPLATE_ID,
    recommedFlag: 0,
    recentFlag: 0,
    ...extra,
    skuInfoList: methods.map((m, i) => ({
      id: id * 10 + i + 1,
      skuId: id,
      payMethodType: m,
      channelType: methodDefs[m].channelType,
      payConfigId: 500 + methodDefs[m].channelType,
      diamondDetail: `${diamondNum}+${giveDiamondNum}`,
      icon: `/__harness/avatar/pay-${methodDefs[m].icon}.svg`,
      recentFlag: m === PayMethod.PAYPAL ? 1 : 0,
      recommedFlag: m === PayMethod.CARD ? 1 : 0,
      payMethodGiftRatio: methodDefs[m].gift,
    })),
  }
}

export function seedTemplate(): TemplateRow {
  return {
    templateId: TEMPLATE_ID,
    proxyChargeStatus: 1,
    skuList: [
      sku(101, 'diamond_0099', 0.99, 1.49, 490, 0, 100, [PayMethod.PAYPAL]),
      sku(102, 'diamond_0199', 1.99, 2.49, 1000, 50, 200, ALL),
      sku(103, 'diamond_0499', 4.99, 6.99, 2450, 245, 500, ALL, { recommedFlag: 1 }),
      sku(104, 'diamond_0999', 9.99, 12.99, 4900, 735, 1000, ALL),
      sku(105, 'diamond_1999', 19.99, 24.99, 9800, 1960, 2000, ALL),
      sku(106, 'diamond_4999', 49.99, 64.99, 24500, 6125, 5000, ALL),
      sku(107, 'diamond_9999', 99.99, 129.99, 49000, 14700, 10000, ALL),
      sku(201, 'vip_trialpass', 4.99, 6.99, 0, 0, 0, VIP_METHODS, { vipFlag: 1, vipDays: 7, vipDiamond: 600, callDiscount: 10 }),
      sku(202, 'vip_month', 14.99, 19.99, 0, 0, 0, VIP_METHODS, { vipFlag: 1, vipDays: 30, vipDiamond: 3000, callDiscount: 10, recommedFlag: 1 }),
      sku(203, 'vip_halfyear', 59.99, 89.99, 0, 0, 0, VIP_METHODS, { vipFlag: 1, vipDays: 180, vipDiamond: 20000, callDiscount: 10 }),
      sku(301, 'special_offer_0299', 2.99, 9.99, 3000, 1500, 0, [PayMethod.PAYPAL, PayMethod.CARD, PayMethod.APPSTORE], { specialFlag: 1 }),
    ],
  }
}
