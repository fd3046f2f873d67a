// The fake backend's order book (HAR-04, HAR-06): orders are created by createOrder, approved
// or refused by a fake provider, and credited by settle(). Every confirmation path (the signed
// return URL, the provider's webhook with its push, a status query, the store receipt) ends in
// settle(), and settle() moves diamonds under the ledger key = orderCode, so a paid order is
// credited exactly once whatever confirms it, and in whatever order.
import { Code } from '../../kernel/protocol/envelope.ts'
import { BalancePush } from '../shell/api.ts'
import { collection, EndpointError, type HarnessContext, type UserRow } from '../../harness/slice-kit.ts'
import { CryptoStatus, PayMethod, type OrderAction, type OrderResult, type OrderStatus } from './api.ts'
import type { SkuInfoRow, SkuRow, TemplateRow } from './fake-catalog.ts'
import { isVip, toUser } from '../../kernel/protocol/user.ts'

declare module '../../harness/collections.ts' {
  interface Collections {
    payOrders: OrderRow[]
    rechargeTemplate: TemplateRow
    rechargeAgents: Array<{ nickname: string; nicknameAr: string; whatsapp: string; countryCode: string; [field: string]: unknown }>
  }
}

export type OrderState = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired'

export interface OrderRow {
  orderCode: string
  userId: number
  templateId: number
  skuId: number
  skuInfoId: number
  productId: string
  payMethodType: string
  channelType: number
  action: OrderAction
  price: number
  vipFlag: 0 | 1
  vipDays: number
  /** diamonds credited on payment, first-charge gift aside */
  diamondNum: number
  /** added when no earlier paid order of this sku exists at payment time */
  firstChargeGive: number
  callDiscount: number
  state: OrderState
  reason?: string
  frontCallbackUrl: string
  /** the buyer's language, from the createOrder request's Accept-Language: the provider's page speaks it */
  lang?: 'en' | 'ar'
  chainName?: string
  usdt?: { address: string; chainName: string; amount: string; expireTime: number; received?: string }
  createdAt: number
  paidAt?: number
  /** how the payment was first confirmed: return, webhook, query, store, control */
  confirmedBy?: string
  credited?: number
  transactionId?: string
}

/** A second createOrder for the same pay method sku inside this window is the same order (a double tap). */
export const DOUBLE_TAP_MS = 2000
/** An unpaid USDT order expires after this long. */
export const USDT_EXPIRE_MS = 30 * 60_000

const refuse = (msg: string) => new EndpointError(Code.refused, msg)

export const orders = (ctx: HarnessContext) => collection(ctx, 'payOrders')
export const template = (ctx: HarnessContext) => collection(ctx, 'rechargeTemplate').value()

function findOrder(ctx: HarnessContext, orderCode: unknown): OrderRow | null {
  if (typeof orderCode !== 'string' || !orderCode) return null
  return (orders(ctx).find({ orderCode }).value()) ?? null
}

/** the order, or a refusal naming it (the order must belong to userId when given) */
export function needOrder(ctx: HarnessContext, orderCode: unknown, userId?: number): OrderRow {
  const order = findOrder(ctx, orderCode)
  if (!order || (userId != null && order.userId !== userId)) throw refuse(`no order ${String(orderCode ?? '')}`)
  return order
}

function update(ctx: HarnessContext, orderCode: string, change: Partial<OrderRow>): OrderRow {
  return orders(ctx).find({ orderCode }).assign(change).write() as OrderRow
}

/** What the return URL and the card client secret are signed with: the harness's own secret,
 *  never the cipher key (the app holds that one, so anyone reading it could sign). */
export function sign(ctx: HarnessContext, text: string): string {
  return ctx.sign('payments', text).slice(0, 32)
}

function findSkuInfo(tpl: TemplateRow, skuInfoId: number): { sku: SkuRow; info: SkuInfoRow } | null {
  for (const sku of tpl.skuList) {
    const info = sku.skuInfoList.find((i) => i.id === skuInfoId)
    if (info) return { sku, info }
  }
  return null
}

export function hasPaidSku(ctx: HarnessContext, userId: number, skuId: number, except?: string): boolean {
  return (orders(ctx).value()).some((o) => o.userId === userId && o.skuId === skuId && o.state === 'paid' && o.orderCode !== except)
}

/** the app's rule (kernel/protocol/user.ts) on a stored user row */
export function isVipUser(u: UserRow, now = Date.now()): boolean {
  return isVip(toUser(u), now)
}

function actionFor(method: string): OrderAction {
  if (method === PayMethod.CARD || method === PayMethod.APPLEPAY) return 'dropin'
  if (method === PayMethod.USDT) return 'usdt'
  if (method === PayMethod.APPSTORE || method === PayMethod.GOOGLEPLAY) return 'store'
  return 'redirect'
}

const isHttpUrl = (s: unknown) => {
  try {
    const u = new URL(String(s))
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

let sequence = 0
function newOrderCode(now: number): string {
  sequence = (sequence + 1) % 10_000
  return `ORD${now.toString(36).toUpperCase()}${String(sequence).padStart(4, '0')}`
}

function usdtAddress(ctx: HarnessContext, orderCode: string, chain: string): string {
  const hex = ctx.sign('usdt', orderCode)
  if (chain === 'ERC20') return `0x${hex.slice(0, 40)}`
  const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let out = 'T'
  for (let i = 0; out.length < 34; i += 2) out += base58[parseInt(hex.slice(i % 64, (i % 64) + 2), 16) % 58]
  return out
}

const USDT_CHAINS = ['TRC20', 'ERC20']

/** /api/fuse/v3/createOrder: validate the d3 §3 payload, fold a double tap into one order, answer the order result. */
export function createOrder(ctx: HarnessContext, user: UserRow, payload: any, now = Date.now(), lang?: string): OrderResult {
  const skuInfoId = Number(payload?.skuInfoId)
  if (!Number.isInteger(skuInfoId)) throw refuse('skuInfoId is required')
  const tpl = template(ctx)
  if (payload.templateId != null && Number(payload.templateId) !== tpl.templateId) throw refuse(`template.changed: template ${payload.templateId} is out of date; reload the recharge list`)
  const found = findSkuInfo(tpl, skuInfoId)
  if (!found) throw refuse(`no pay method sku ${skuInfoId}`)
  const { sku, info } = found
  const method = String(payload.paymentMethodType ?? info.payMethodType)
  if (method !== info.payMethodType) throw refuse(`pay method sku ${skuInfoId} is ${info.payMethodType}, not ${method}`)
  if (payload.productId != null && String(payload.productId) !== sku.productId) throw refuse(`productId ${payload.productId} does not match sku ${sku.id}`)
  if (Number(payload.vipFlag ?? 0) !== sku.vipFlag) throw refuse(`vipFlag ${payload.vipFlag} does not match sku ${sku.id}`)
  if (payload.diamondDetail != null && payload.diamondDetail !== '' && String(payload.diamondDetail) !== info.diamondDetail) {
    throw refuse('price.changed: reload the recharge list')
  }
  if (!isHttpUrl(payload.frontCallbackUrl)) throw refuse('frontCallbackUrl must be an http(s) URL')
  // d3 §4: VIP is refused until another product has been bought
  if (sku.vipFlag && !user.firstPayTime) throw refuse('vip.needs.first.recharge')
  const chainName = method === PayMethod.USDT ? String(payload.chainName ?? '') : undefined
  if (chainName !== undefined && !USDT_CHAINS.includes(chainName)) throw refuse(`chainName must be one of ${USDT_CHAINS.join(', ')}`)

  // a double tap: the same pending order within the window
  const twin = orders(ctx).value().find(
    (o) => o.userId === user.userId && o.skuInfoId === skuInfoId && o.state === 'pending' && now - o.createdAt < DOUBLE_TAP_MS && o.chainName === chainName,
  )
  if (twin) return orderResult(ctx, twin)

  const orderCode = newOrderCode(now)
  const base = sku.vipFlag ? Number(sku.vipDiamond ?? 0) : sku.diamondNum + sku.giveDiamondNum + Math.floor((sku.diamondNum * (info.payMethodGiftRatio || 0)) / 100)
  const order: OrderRow = {
    orderCode,
    userId: user.userId,
    templateId: tpl.templateId,
    skuId: sku.id,
    skuInfoId,
    productId: sku.productId,
    payMethodType: method,
    channelType: info.channelType,
    action: actionFor(method),
    price: sku.price,
    vipFlag: sku.vipFlag,
    vipDays: sku.vipDays,
    diamondNum: base,
    firstChargeGive: sku.vipFlag ? 0 : sku.firstChargeGive,
    callDiscount: Number(sku.callDiscount ?? 0),
    state: 'pending',
    frontCallbackUrl: String(payload.frontCallbackUrl),
    lang: /^ar\b/i.test(lang ?? '') ? 'ar' : 'en',
    createdAt: now,
  }
  if (chainName) {
    order.chainName = chainName
    order.usdt = { address: usdtAddress(ctx, orderCode, chainName), chainName, amount: sku.price.toFixed(2), expireTime: now + USDT_EXPIRE_MS }
  }
  orders(ctx).push(order).write()
  ctx.log(`order ${orderCode}: user ${user.userId} ${method} ${sku.productId} ${sku.price}`)
  return orderResult(ctx, order)
}

function orderResult(ctx: HarnessContext, o: OrderRow): OrderResult {
  const base = ctx.baseUrl()
  const result: OrderResult = { orderCode: o.orderCode, action: o.action, diamondNum: o.diamondNum, thirdCreateTime: o.createdAt, awxObj: null }
  if (o.action === 'redirect') result.payUrl = `${base}/__harness/pay/page?order=${encodeURIComponent(o.orderCode)}&lang=${o.lang ?? 'en'}`
  if (o.action === 'dropin') {
    result.awxObj = {
      id: `int_${o.orderCode}`,
      client_secret: sign(ctx, `intent:${o.orderCode}`),
      customer_id: `cus_${o.userId}`,
      currency: 'USD',
      amount: o.price,
      return_url: o.frontCallbackUrl,
      paymentAmount: o.price,
      scriptUrl: `${base}/__harness/pay/card/dropin.js`,
      methods: o.payMethodType === PayMethod.APPLEPAY ? ['applepay'] : ['card'],
    }
  }
  if (o.action === 'usdt') result.usdt = o.usdt
  if (o.action === 'store') result.productId = o.productId
  return result
}

/**
 * Credit a paid order: once, under the ledger key orderCode. The first-charge gift counts when no
 * other order of this sku was paid before; a VIP order extends the VIP period from the later of
 * now and the current expiry. Then the app hears of it by a user.balance push.
 */
export function settle(ctx: HarnessContext, orderCode: string, confirmedBy: string, now = Date.now()): OrderRow {
  const order = needOrder(ctx, orderCode)
  if (order.state === 'paid') return order
  if (order.state !== 'pending') throw refuse(`order ${orderCode} is ${order.state}`)
  const first = order.firstChargeGive && !hasPaidSku(ctx, order.userId, order.skuId, orderCode) ? order.firstChargeGive : 0
  const credited = order.diamondNum + first
  const reason = order.vipFlag ? 'vip.purchase' : 'recharge'
  const entry = credited > 0 ? ctx.move(order.userId, credited, reason, { key: orderCode, orderCode }) : null
  const user = ctx.userById(order.userId)!
  const change: Record<string, unknown> = { forcePayFinished: true }
  if (!user.firstPayTime) change.firstPayTime = new Date(now).toISOString()
  if (order.vipFlag) {
    const vip = (user.vipInfo ?? {}) as { expireTime?: string | null }
    const from = isVipUser(user, now) && vip.expireTime ? Math.max(now, Date.parse(vip.expireTime)) : now
    change.vipInfo = { ...vip, isVip: true, expireTime: new Date(from + order.vipDays * 86_400_000).toISOString(), '72Hour': false }
  }
  ctx.db.get('users').find({ userId: order.userId }).assign(change).write()
  const paid = update(ctx, orderCode, { state: 'paid', paidAt: now, confirmedBy, credited, transactionId: order.transactionId ?? `TXN${sign(ctx, `txn:${orderCode}`).slice(0, 12).toUpperCase()}` })
  ctx.push(order.userId, BalancePush, { diamondNum: entry?.balanceAfter ?? user.diamondNum, reason, orderCode })
  ctx.log(`order ${orderCode} paid (${confirmedBy}): +${credited} diamonds to user ${order.userId}`)
  return paid
}

/** An order that will not be paid: failed (declined, underpaid), cancelled, expired. A paid order stays paid. */
export function close(ctx: HarnessContext, orderCode: string, state: Exclude<OrderState, 'pending' | 'paid'>, reason?: string): OrderRow {
  const order = needOrder(ctx, orderCode)
  if (order.state !== 'pending') return order
  return update(ctx, orderCode, { state, reason })
}

export function orderStatus(o: OrderRow): OrderStatus {
  const status = o.state === 'paid' ? CryptoStatus.success : o.state === 'pending' ? CryptoStatus.pending : CryptoStatus.failed
  return { orderCode: o.orderCode, status, state: o.state, diamondNum: o.credited ?? o.diamondNum, vipFlag: o.vipFlag, payMethodType: o.payMethodType, reason: o.reason }
}

/** The signed query a provider appends to frontCallbackUrl: orderCode, payStatus (1 paid, 0 not) and sign. */
export function returnUrl(ctx: HarnessContext, o: OrderRow, paid: boolean): string {
  const url = new URL(o.frontCallbackUrl)
  const payStatus = paid ? '1' : '0'
  url.searchParams.set('orderCode', o.orderCode)
  url.searchParams.set('payStatus', payStatus)
  url.searchParams.set('sign', sign(ctx, returnText(o.orderCode, o.userId, payStatus)))
  return url.toString()
}

/** what a return URL's signature covers: the order, its user and the outcome */
const returnText = (orderCode: string, userId: number, payStatus: string) => `return:${orderCode}:${userId}:${payStatus}`

/**
 * /api/fuse/payReturn: the app hands back what the provider put on the return URL. A forged or
 * altered signature, another user's order, or an order no provider page serves credits nothing and
 * is refused; a replay of a good return credits nothing more (the order answers its state).
 */
export function confirmReturn(ctx: HarnessContext, user: UserRow, payload: any): OrderStatus {
  const orderCode = String(payload?.orderCode ?? '')
  const payStatus = String(payload?.payStatus ?? '')
  const order = needOrder(ctx, orderCode, user.userId)
  if (order.action !== 'redirect') throw refuse(`order ${orderCode} is not paid on a provider page`)
  if (typeof payload?.sign !== 'string' || payload.sign !== sign(ctx, returnText(orderCode, user.userId, payStatus))) throw refuse('sign.invalid')
  if (payStatus === '1') {
    // the provider must really have approved it; a signed "paid" for an order it refused is impossible
    if (order.state === 'pending' && providerApproved(ctx, orderCode)) return orderStatus(settle(ctx, orderCode, 'return'))
    return orderStatus(needOrder(ctx, orderCode))
  }
  return orderStatus(close(ctx, orderCode, 'cancelled', 'cancelled by user'))
}

/** What the fake providers decided, kept apart from the order book (the provider's side). */
function providerApproved(ctx: HarnessContext, orderCode: string): boolean {
  return !!ctx.db.get('payProvider').find({ orderCode, approved: true }).value()
}

export function recordProvider(ctx: HarnessContext, orderCode: string, approved: boolean, detail: Record<string, unknown> = {}) {
  ctx.db.get('payProvider').push({ orderCode, approved, at: Date.now(), ...detail }).write()
}

/** A status query: a pending order the provider approved is settled now (a missed webhook is recovered). */
export function queryStatus(ctx: HarnessContext, user: UserRow, orderCode: unknown): OrderStatus {
  const order = needOrder(ctx, orderCode, user.userId)
  if (order.state === 'pending' && providerApproved(ctx, order.orderCode)) return orderStatus(settle(ctx, order.orderCode, 'query'))
  return orderStatus(order)
}
