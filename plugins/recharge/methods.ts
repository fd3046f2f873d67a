// Pay method order and visibility (PAY-04, PAY-08): apart from rules.ts because the recharge facade,
// in the first bundle, lists an item's methods; the rest of the rules load with the pages.
import { ChannelType, PayMethod, type PayMethodSku } from './api.ts'

/** d3 §9 default payment order, used when payment_method_weight is not configured */
export const DEFAULT_METHOD_ORDER = [PayMethod.PAYPAL, PayMethod.APPLEPAY, PayMethod.CARD, PayMethod.APPSTORE] as const

/**
 * Weights from the config value payment_method_weight: either an ordered list
 * ("PAYPAL,APPLEPAY,CARD,APPSTORE": first is heaviest) or explicit "PAYPAL:40,CARD:30".
 * Missing or unreadable config gives the d3 §9 default order.
 */
export function methodWeights(config: string | null | undefined): Map<string, number> {
  const parts = String(config ?? '').split(',').map((p) => p.trim()).filter(Boolean)
  const list = parts.length ? parts : [...DEFAULT_METHOD_ORDER]
  const weights = new Map<string, number>()
  list.forEach((part, i) => {
    const [name, w] = part.split(':').map((s) => s.trim())
    const n = Number(w)
    if (name) weights.set(name.toUpperCase(), w !== undefined && Number.isFinite(n) ? n : list.length - i)
  })
  return weights
}

/** heavier first; then recommended, then recently used; unweighted methods keep their order after */
export function sortMethods<T extends Pick<PayMethodSku, 'payMethodType' | 'recommedFlag' | 'recentFlag'>>(methods: T[], weights: Map<string, number>): T[] {
  return methods
    .map((m, i) => ({ m, i, w: weights.get(String(m.payMethodType).toUpperCase()) ?? -Infinity }))
    .sort((a, b) => b.w - a.w || (b.m.recommedFlag ?? 0) - (a.m.recommedFlag ?? 0) || (b.m.recentFlag ?? 0) - (a.m.recentFlag ?? 0) || a.i - b.i)
    .map((x) => x.m)
}

const STORE_CHANNELS: number[] = [ChannelType.IOS, ChannelType.GOOGLE]
export const isStoreMethod = (m: Pick<PayMethodSku, 'channelType' | 'payMethodType'>) =>
  STORE_CHANNELS.includes(m.channelType) || m.payMethodType === PayMethod.APPSTORE || m.payMethodType === PayMethod.GOOGLEPLAY

export interface MethodContext {
  /** the item is a VIP item */
  vip?: boolean
  /** the app runs with third-party payment (config) */
  thirdParty?: boolean
  inCall?: boolean
  inLive?: boolean
}

/** d3 §4: VIP or third-party payment hides the app-store and Google channels; PayPal hides in calls and live rooms */
export function visibleMethods<T extends Pick<PayMethodSku, 'channelType' | 'payMethodType'>>(methods: T[], c: MethodContext): T[] {
  return methods.filter((m) => {
    if ((c.vip || c.thirdParty) && isStoreMethod(m)) return false
    if ((c.inCall || c.inLive) && (m.payMethodType === PayMethod.PAYPAL || m.channelType === ChannelType.PAYPAL)) return false
    return true
  })
}
