// The recharge rules of d3 §2-§5 and §9 as plain functions: amounts and labels (PAY-02), the
// sheet's paging and filters (PAY-01), pay method order and visibility (PAY-04, PAY-08), the
// seller list (PAY-11) and the floating pay button (SHELL-15). No React, no kernel: pages and
// tests call them with what they know.
import { ChannelType, PayMethod, type PayMethodSku, type RechargeItem } from './api.ts'
import { extraPercent } from './amounts.ts'

// ---- PAY-02 amounts --------------------------------------------------------------------------

/** d3 §4: the recharge tip counts down 10 minutes, then starts again. */
export const TIP_COUNTDOWN_MS = 10 * 60_000
/** d3 §9: the default recharge tip text (config recharge_tip_message_text overrides it). */
export const DEFAULT_TIP = 'You can get UP TO 20% more coins. Valid for 24 hours.'

/** ms left on the restarting 10-minute tip countdown that started at startedAt */
export function tipLeftMs(startedAt: number, now: number): number {
  const elapsed = Math.max(0, now - startedAt)
  return TIP_COUNTDOWN_MS - (elapsed % TIP_COUNTDOWN_MS)
}

/** PAY-02: the best discount among the items shown, the figure the tip above them promises
 *  ('UP TO N%'): the same rule as each tile's 'N% OFF' (d3 §5), so the tip never promises what no
 *  tile has */
export function bestDiscount(items: Array<Parameters<typeof extraPercent>[0] & Pick<RechargeItem, 'vipFlag'>>): number {
  return items.reduce((best, i) => (i.vipFlag === 1 ? best : Math.max(best, extraPercent(i))), 0)
}

/** a configured tip's own percent is replaced by the tiles' best (it is written once, the tiles change) */
export function tipWithPercent(text: string, percent: string): string {
  return text.replace(/(\d+|\{\{n\}\})\s?%/, percent)
}

// ---- PAY-01 the sheet --------------------------------------------------------------------------

const SHEET_PAGE_SIZE = 3
const SHEET_PAGES = 2
/** d3 §4, §9: during a call the list shows only prices of at least 4.99 */
const IN_CALL_MIN_PRICE = 4.99

/** items of one page of the sheet: 1 -> items 1-3, 2 -> items 4-6 */
export function sheetPage<T>(items: T[], page: number): T[] {
  const p = Math.min(SHEET_PAGES, Math.max(1, Math.floor(page) || 1))
  return items.slice((p - 1) * SHEET_PAGE_SIZE, p * SHEET_PAGE_SIZE)
}

export function sheetPageCount(items: unknown[]): number {
  return Math.min(SHEET_PAGES, Math.ceil(items.length / SHEET_PAGE_SIZE))
}

/** the list the user is offered: in a call only >= 4.99; VIP users get the plain list, others the list with VIP items (d3 §4) */
export function offeredItems<T extends Pick<RechargeItem, 'price' | 'vipFlag'>>(items: T[], o: { inCall?: boolean; isVip?: boolean } = {}): T[] {
  return items.filter((i) => (!o.inCall || i.price >= IN_CALL_MIN_PRICE) && (!o.isVip || i.vipFlag !== 1))
}

/** with a single pay method the selector is skipped: that method is taken */
export function autoMethod<T>(methods: T[]): T | null {
  return methods.length === 1 ? methods[0] : null
}

/** the recharge button is disabled until an item and a pay method are chosen */
export function canPay(item: unknown, method: unknown, busy = false): boolean {
  return !!item && !!method && !busy
}

// ---- PAY-04 / PAY-08 pay methods ------------------------------------------------------------------

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
const isStoreMethod = (m: Pick<PayMethodSku, 'channelType' | 'payMethodType'>) =>
  STORE_CHANNELS.includes(m.channelType) || m.payMethodType === PayMethod.APPSTORE || m.payMethodType === PayMethod.GOOGLEPLAY

export interface MethodContext {
  /** the item is a VIP item */
  vip?: boolean
  /** the app runs with third-party payment (config) */
  thirdParty?: boolean
  inCall?: boolean
  inLive?: boolean
  /** what the place the app runs can pay with: a store only inside its native shell, Apple Pay only where it exists */
  shell?: { store: string | null; applePay: boolean }
}

/** d3 §4: VIP or third-party payment hides the app-store and Google channels; PayPal hides in calls and live rooms;
 *  a store the shell does not have and Apple Pay where it does not exist are never offered */
export function visibleMethods<T extends Pick<PayMethodSku, 'channelType' | 'payMethodType'>>(methods: T[], c: MethodContext): T[] {
  return methods.filter((m) => {
    if (c.shell && isStoreMethod(m) && m.payMethodType !== c.shell.store) return false
    if (c.shell && m.payMethodType === PayMethod.APPLEPAY && !c.shell.applePay) return false
    if ((c.vip || c.thirdParty) && isStoreMethod(m)) return false
    if ((c.inCall || c.inLive) && (m.payMethodType === PayMethod.PAYPAL || m.channelType === ChannelType.PAYPAL)) return false
    return true
  })
}

export const channelName = (type: number): string | null =>
  (Object.keys(ChannelType) as Array<keyof typeof ChannelType>).find((k) => ChannelType[k] === type) ?? null


// ---- PAY-08 VIP purchase refusals ----------------------------------------------------------------

/** d3 §4: VIP is refused until another product was bought; the payment guide shows instead */
export function vipRefusal(paidBefore: boolean, item: Pick<RechargeItem, 'vipFlag'>): 'needsFirstRecharge' | null {
  if (item.vipFlag !== 1) return null
  return paidBefore ? null : 'needsFirstRecharge'
}

/** d3 §4: a VIP item through the original store is refused (toast giftHey) unless the shift lead type is 1 */
export function storeVipRefused(item: Pick<RechargeItem, 'vipFlag'>, method: Pick<PayMethodSku, 'channelType' | 'payMethodType'>, shiftLeadType: number | null | undefined): boolean {
  return item.vipFlag === 1 && isStoreMethod(method) && shiftLeadType !== 1
}

// ---- PAY-11 seller list ------------------------------------------------------------------------------

/** d3 §5: shown only when proxy charge is on, the user paid before, and no live room, call or half-screen game is on */
export function showSellerList(o: { proxyChargeStatus?: number; isPayUser: boolean; scene: { call?: boolean; live?: boolean; halfGame?: boolean } }): boolean {
  return o.proxyChargeStatus === 1 && o.isPayUser && !o.scene.call && !o.scene.live && !o.scene.halfGame
}

// ---- SHELL-15 floating pay button ------------------------------------------------------------------

/** the paths of the comma-separated payment_portal config value */
function portalPaths(config: string | null | undefined): string[] {
  return String(config ?? '').split(',').map((p) => p.trim()).filter(Boolean)
}

/** shown when the path is not the home or message tab and is listed in payment_portal (the button also
 *  hides while the game list popup shows: PayButton reads the game plugin's scene mark gameCentre) */
export function showPayButton(path: string, tab: string | undefined, portal: string | null | undefined): boolean {
  if (tab === 'home' || tab === 'message') return false
  return portalPaths(portal).includes(path)
}

/** the one-off animation on /wall: starts 1.5 s after load and runs 4 s */
export const PAY_BUTTON_ANIMATION = { delayMs: 1500, durationMs: 4000 } as const

/** the /getcoin source: the current path without the leading slash (or e.g. specialOffer) */
export const sourceOf = (path: string) => path.replace(/^\/+/, '') || 'home'

// ---- PAY-07 after a successful recharge -------------------------------------------------------

export type SuccessEffect = 'closeVipPopup' | 'setRechargeFlag' | 'refreshLevel' | 'refreshProfile' | 'refreshTags' | 'refreshGames' | 'refreshBanners' | 'storeTip' | 'rechargeStatus'

/** d3 §4: the user level refreshes 2 s after a recharge */
export const LEVEL_REFRESH_DELAY_MS = 2000
/** d3 §4: on the iOS (app-store) channel a 3 s top success tip shows */
export const STORE_TIP_MS = 3000

/** What follows a successful recharge: a VIP item only closes the VIP popup; otherwise the flag, the refreshes, the recharge-status call (-2), and the top tip on the store channel. */
export function successEffects(item: { vipFlag: 0 | 1 }, method: { channelType: number } | null): SuccessEffect[] {
  if (item.vipFlag === 1) return ['closeVipPopup', 'rechargeStatus']
  const out: SuccessEffect[] = ['setRechargeFlag', 'refreshLevel', 'refreshProfile', 'refreshTags', 'refreshGames', 'refreshBanners', 'rechargeStatus']
  if (method?.channelType === ChannelType.IOS) out.push('storeTip')
  return out
}

// ---- PAY-04 pending orders (reconciled) -------------------------------------------------------------

/** an order the app left unsettled (sent to a provider page, a card form): asked about again later */
export interface PendingOrder {
  orderCode: string
  vipFlag: 0 | 1
  at: number
}

/** providers retry their notification for about three days (Stripe, PayPal); after that an order
 *  still pending will not be paid, and the app stops asking */
const PENDING_KEEP_MS = 3 * 86_400_000
const PENDING_MAX = 20

/** the kept list as read from storage: well-formed entries younger than PENDING_KEEP_MS, newest last */
export function livePending(raw: unknown, now: number): PendingOrder[] {
  if (!Array.isArray(raw)) return []
  return raw
    .filter((o): o is PendingOrder => !!o && typeof o.orderCode === 'string' && !!o.orderCode && typeof o.at === 'number' && (o.vipFlag === 0 || o.vipFlag === 1))
    .filter((o) => now - o.at < PENDING_KEEP_MS)
    .slice(-PENDING_MAX)
}

/** what the app does with an order status answer: credited (1), closed for good (0), or still open (2) */
export function pendingOutcome(status: number | undefined): 'paid' | 'closed' | 'pending' {
  return status === 1 ? 'paid' : status === 0 ? 'closed' : 'pending'
}
