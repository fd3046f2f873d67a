// The recharge service: the template and the pay flow, shared by the /getcoin page, the bottom
// sheet and (through rechargeRef) every plugin that offers a recharge. Balances are never computed
// here: after a payment the server's user (and its user.balance push) says what the balance is.
import { answer } from '../../kernel/guard.ts'
import { signal, type ReadonlySignal, type Signal } from '@preact/signals-react'
import { ApiError, isTimeout } from '../../kernel/api.ts'
import { confirmPaid, type KeyStatus } from '../../kernel/paid.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import type { Kernel } from '../../kernel/types.ts'
import { shellRef } from '../shell/api.ts'
import {
  PayMethod,
  type CreateOrderPayload,
  type OrderResult,
  type OrderStatus,
  type PayOutcome,
  type PayMethodSku,
  type RechargeApi,
  type RechargeItem,
  type RechargeOpenOptions,
  rechargeTemplate,
  type RechargeTemplate,
} from './api.ts'
import { ref } from '../../kernel/plugin.ts'
import { safeStorage } from '../../kernel/storage.ts'
import { livePending, pendingOutcome, type PendingOrder } from './rules.ts'
import { LEVEL_REFRESH_DELAY_MS, methodWeights, sortMethods, storeVipRefused, STORE_TIP_MS, successEffects, vipRefusal, visibleMethods } from './rules.ts'
import { paidBefore } from '../../kernel/protocol/user.ts'
import { payCapabilities } from './shell-pay.ts'
import { VIP_POPUP } from '../vip/api.ts'

export const RechargePath = {
  template: '/api/template/getTempLate',
  createOrder: '/api/fuse/v3/createOrder',
  payReturn: '/api/fuse/payReturn',
  orderStatus: '/api/fuse/queryOrderStat',
  storeReceipt: '/api/fuse/verifyStoreReceipt',
  rechargeStatus: '/api/fuse/rechargeStatus',
  balance: '/api/user/queryUserBalance',
  records: '/api/diamondhistroy/queryList',
  payUser: '/api/user/queryUserIsPayUser',
  sellers: '/api/agent/getAgentUserList',
} as const

export const SHEET_ID = 'recharge.sheet'
export const CARD_ID = 'recharge.card'
export const SECURITY_ID = 'recharge.security'
/** d3 §4: PayPal redirects 1.8 s after the security check shows */
export const PAYPAL_REDIRECT_MS = 1800

type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed'

export type PayContext = RechargeOpenOptions
export type { PayOutcome }

export interface RechargeService extends RechargeApi {
  template: ReadonlySignal<RechargeTemplate | null>
  status: ReadonlySignal<LoadStatus>
  /** the last paid order, for anyone who refreshes after a recharge (games tell the new balance) */
  lastSuccess: ReadonlySignal<{ orderCode: string; vip: boolean; at: number } | null>
  load(opts?: { force?: boolean }): Promise<void>
  /** the pay methods of an item a user may see here, in the configured order */
  methodsFor(item: RechargeItem, ctx: PayContext): PayMethodSku[]
  pay(item: RechargeItem, method: PayMethodSku, ctx: PayContext): Promise<PayOutcome>
  /** the balance from the server, then 'Your balance has been updated' */
  refreshBalance(): Promise<void>
  /** what follows a paid order (PAY-07); credited: what the server's ledger added, for the tip */
  succeeded(order: { orderCode: string; vipFlag: 0 | 1; channelType?: number; credited?: number }): Promise<void>
  /** the orders this app left with a provider and has no answer for yet (kept across starts) */
  pending: ReadonlySignal<PendingOrder[]>
  /** ask the server about every kept pending order; a paid one is credited (once, by the server)
   *  and said, a closed one forgotten; run at start, on foreground and from 'Check again' */
  reconcile(): Promise<void>
  /** one order's status, asked of the server (which settles an order its provider approved);
   *  null when the server could not be asked (an unknown outcome, shown as pending); rejects when
   *  the server refuses the order (not this user's) */
  check(orderCode: string, announce?: boolean): Promise<OrderStatus | null>
  /** a status the server answered another way (the provider's return): applied as check() does */
  answered(s: OrderStatus, announce: boolean): Promise<void>
  /** leave the app for a provider's page */
  redirect(url: string): void
  /** the service's timer (injected in tests) */
  later(fn: () => void, ms: number): unknown
  /** an order's status as the pending rule asks it: done once paid, none once closed, else pending */
  orderKeyStatus(orderCode: string): Promise<KeyStatus<OrderStatus>>
  /** the waits between those questions (the service's timer) */
  timers: Timers
}

/** no answer came: the server may or may not have done it */
const answerLost = (err: unknown) => isTimeout(err) || (err instanceof ApiError && err.kind === 'network')

/** the whole service, for this plugin's own pages; other plugins see its RechargeApi side through rechargeRef */
export const rechargeServiceRef = ref<RechargeService>('recharge.service')
export const rechargeService = (kernel: Kernel): RechargeService => kernel.need(rechargeServiceRef)

/** a sysConfigParams value of the base config as a string, or null */
function configValue(kernel: Kernel, key: string): string | null {
  const v = kernel.get(shellRef)?.baseConfig.peek()?.sysConfigParams?.[key]
  return v == null ? null : String(v)
}

/** the pay methods of an item a user may see here, in the configured order (PAY-04, PAY-08) */
function methodsOf(kernel: Kernel, item: RechargeItem, ctx: RechargeOpenOptions): PayMethodSku[] {
  const thirdParty = configValue(kernel, 'third_party_pay') === '1'
  const shell = payCapabilities(kernel)
  const visible = visibleMethods(item.skuInfoList ?? [], { vip: item.vipFlag === 1, thirdParty, inCall: ctx.inCall, inLive: ctx.inLive, shell })
  return sortMethods(visible, methodWeights(configValue(kernel, 'payment_method_weight')))
}

export interface RechargeDeps {
  /** leave the app for a provider page (window.location.assign) */
  assign?: (url: string) => void
  /** where providers send the user back (the app's origin) */
  origin?: () => string
  setTimeout?: (fn: () => void, ms: number) => unknown
  storage?: Storage
  now?: () => number
}

/** where the pending orders are kept (localStorage) */
const PENDING_STORE_KEY = 'payPending'

/** the orders left with a provider and not answered yet, kept in storage across starts */
function pendingOrders(storage: Storage | undefined, now: () => number) {
  const store = safeStorage(storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage))
  const readPending = (): PendingOrder[] => {
    try {
      return livePending(JSON.parse(store.get(PENDING_STORE_KEY) ?? '[]'), now())
    } catch {
      return []
    }
  }
  const pending = signal<PendingOrder[]>(readPending())
  const savePending = (list: PendingOrder[]) => {
    pending.value = list
    if (list.length) store.set(PENDING_STORE_KEY, JSON.stringify(list))
    else store.remove(PENDING_STORE_KEY)
  }
  const remember = (orderCode: string, vipFlag: 0 | 1) => savePending([...readPending().filter((o) => o.orderCode !== orderCode), { orderCode, vipFlag, at: now() }])
  const forget = (orderCode: string) => savePending(readPending().filter((o) => o.orderCode !== orderCode))
  return { pending, readPending, remember, forget }
}

/** true when an item may not be bought this way here (and the user is told why) */
function payRefused(kernel: Kernel, item: RechargeItem, method: PayMethodSku, ctx: PayContext): boolean {
  const t = (key: string) => kernel.i18n.t(key)
  if (vipRefusal(paidBefore(kernel.session.user.peek()), item)) {
    // d3 §4: the payment guide shows instead: why, and the diamond items to make that first recharge
    kernel.overlays.toast(t('recharge.vipNeedsRecharge'), { type: 'warning' })
    if (!kernel.overlays.isOpen(SHEET_ID)) void kernel.overlays.open(SHEET_ID, { source: 'vipGuide', inCall: ctx.inCall, inLive: ctx.inLive })
    return true
  }
  const shiftLead = Number((kernel.get(shellRef)?.baseConfig.peek()?.appShift as { shiftLeadType?: number } | null)?.shiftLeadType ?? 0)
  if (storeVipRefused(item, method, shiftLead)) {
    kernel.overlays.toast(t('recharge.giftHey'), { type: 'warning' })
    return true
  }
  return false
}

interface StorePayDeps {
  remember(orderCode: string, vipFlag: 0 | 1): void
  forget(orderCode: string): void
  orderKeyStatus(orderCode: string): Promise<KeyStatus<OrderStatus>>
  timers: Timers
}

/** a store order: the native purchase, then the server's check of its receipt. The diamonds the
 *  server credited, or the outcome when nothing was (a lost answer is pending, never failed) */
async function payInStore(kernel: Kernel, order: OrderResult, item: RechargeItem, d: StorePayDeps): Promise<{ credited: number } | { outcome: PayOutcome }> {
  const t = (key: string) => kernel.i18n.t(key)
  let receipt: string
  try {
    receipt = (await kernel.bridge.purchase({ productId: order.productId ?? item.productId, orderCode: order.orderCode })).receipt
  } catch {
    kernel.overlays.toast(t('recharge.notCompleted'), { type: 'warning' })
    return { outcome: 'cancelled' }
  }
  try {
    const s = await kernel.api.post<OrderStatus>(RechargePath.storeReceipt, { orderCode: order.orderCode, receipt }, { silent: true })
    if (s?.status !== 1) return { outcome: 'failed' }
    return { credited: s.diamondNum }
  } catch (err) {
    if (!answerLost(err)) {
      // the server's refusal (a forged, replayed or foreign receipt) is said in its own words (worded by the toast)
      if (err instanceof ApiError) kernel.overlays.toast(err.kind === 'code' ? err.message : t('recharge.notCompleted'), { type: 'warning' })
      return { outcome: 'failed' }
    }
    // the store took the money and the answer was lost: the order may be credited, so it is pending
    // (asked about by its code now, and at the next start and foreground), never 'not completed'
    d.remember(order.orderCode, item.vipFlag)
    kernel.overlays.toast(t('recharge.status.pending'), { type: 'info', position: 'top' })
    const s = await confirmPaid(d.orderKeyStatus, order.orderCode, d.timers)
    if (s.state !== 'done') return { outcome: s.state === 'none' ? (d.forget(order.orderCode), 'failed') : 'pending' }
    d.forget(order.orderCode)
    return { credited: s.answer.diamondNum }
  }
}

/** an order's status as the pending rule asks it: done once paid, none once closed, else pending */
const orderKeyStatusOf = (kernel: Kernel, orderCode: string): Promise<KeyStatus<OrderStatus>> =>
  kernel.api
    .post<OrderStatus>(RechargePath.orderStatus, { searchValue: orderCode }, { silent: true })
    .then((s) => (s?.status === 1 ? { state: 'done', answer: s } : s?.status === 0 ? { state: 'none' } : { state: 'pending' }))

/** the pay template, loaded once (or again when forced); a failed load is said by its status */
function templateLoader(kernel: Kernel) {
  const template = signal<RechargeTemplate | null>(null)
  const status = signal<LoadStatus>('idle')
  let loading: Promise<void> | null = null
  async function load(opts: { force?: boolean } = {}) {
    if (loading) return loading
    if (status.peek() === 'ready' && !opts.force) return
    status.value = 'loading'
    loading = kernel.api
      .post(RechargePath.template, {}, { silent: true })
      .then(answer(rechargeTemplate, RechargePath.template))
      .then((tpl) => {
        template.value = tpl
        status.value = 'ready'
      })
      .catch(() => {
        status.value = 'failed'
      })
      .finally(() => {
        loading = null
      })
    return loading
  }
  return { template, status, load }
}

type SucceededOrder = { orderCode: string; vipFlag: 0 | 1; channelType?: number; credited?: number }

interface AfterPaymentDeps {
  lastSuccess: Signal<{ orderCode: string; vip: boolean; at: number } | null>
  later(fn: () => void, ms: number): unknown
  load(opts?: { force?: boolean }): Promise<void>
}

/** what follows a paid order (PAY-07): the server's user, the news for whoever shows what a
 *  recharge changes, the effects of its kind, and the template again (first-charge gifts) */
async function afterPayment(kernel: Kernel, order: SucceededOrder, d: AfterPaymentDeps) {
  const t = (key: string, p?: Record<string, unknown>) => kernel.i18n.t(key, p)
  const effects = successEffects({ vipFlag: order.vipFlag }, order.channelType != null ? { channelType: order.channelType } : null)
  d.lastSuccess.value = { orderCode: order.orderCode, vip: order.vipFlag === 1, at: Date.now() }
  const shell = kernel.get(shellRef)
  // the balance and the VIP state always come from the server
  await shell?.refreshUser().catch(() => {})
  // PAY-07: whoever shows something a recharge changes (tags, games, banners) refreshes it
  kernel.events.emit('recharge-success', { orderCode: order.orderCode, vip: order.vipFlag === 1 })
  if (effects.includes('closeVipPopup')) kernel.overlays.close(VIP_POPUP)
  if (effects.includes('storeTip')) {
    // what moved and where the balance now stands (the server's user, refreshed above)
    const after = kernel.session.user.peek()?.diamondNum
    const text = order.credited ? t('recharge.successCredited', { n: order.credited }) + (typeof after === 'number' ? ` ${t('recharge.status.balance', { n: after })}` : '') : t('recharge.success')
    kernel.overlays.toast(text, { type: 'success', position: 'top', duration: STORE_TIP_MS })
  }
  if (effects.includes('refreshLevel')) d.later(() => void shell?.refreshUser().catch(() => {}), LEVEL_REFRESH_DELAY_MS)
  if (effects.includes('rechargeStatus')) await kernel.api.post(RechargePath.rechargeStatus, { searchValue: -2 }, { silent: true }).catch(() => {})
  // first-charge gifts and boughtFlag changed
  void d.load({ force: true })
}

export function createRecharge(kernel: Kernel, deps: RechargeDeps = {}): RechargeService {
  const { template, status, load } = templateLoader(kernel)
  const lastSuccess = signal<{ orderCode: string; vip: boolean; at: number } | null>(null)
  const later = deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms))
  const timers: Timers = { ...realTimers, setTimeout: later, ...(deps.now && { now: deps.now }) }
  const origin = deps.origin ?? (() => window.location.origin)
  const t = (key: string, p?: Record<string, unknown>) => kernel.i18n.t(key, p)
  const now = deps.now ?? (() => Date.now())
  const { pending, readPending, remember, forget } = pendingOrders(deps.storage, now)


  async function refreshBalance() {
    const r = await kernel.api.post<{ diamondNum: number }>(RechargePath.balance, {})
    if (typeof r?.diamondNum === 'number') kernel.session.setBalance(r.diamondNum)
    kernel.overlays.toast(t('recharge.balanceUpdated'), { type: 'success', position: 'top', duration: 3000 })
  }

  const succeeded = (order: SucceededOrder) => afterPayment(kernel, order, { lastSuccess, later, load })

  const methodsFor = (item: RechargeItem, ctx: PayContext) => methodsOf(kernel, item, ctx)

  /** what an order status answer means for the app: a paid order is credited news (the user and
   *  everyone who shows a balance refresh), a closed one is forgotten, a pending one stays kept.
   *  announce: say it with a toast (the user is elsewhere), not on the result page that shows it */
  async function answered(s: OrderStatus, announce: boolean): Promise<void> {
    const outcome = pendingOutcome(s.status)
    if (outcome === 'pending') return
    const kept = readPending().some((o) => o.orderCode === s.orderCode)
    if (kept) forget(s.orderCode)
    if (outcome !== 'paid' || (announce && !kept)) return
    if (announce) {
      // at start this runs as the plugin joins: its words may still be on their way
      await kernel.i18n.ready(undefined, ['recharge']).catch(() => {})
      kernel.overlays.toast(t('recharge.pendingPaid', { n: s.diamondNum }), { type: 'success', position: 'top', duration: 4000 })
    }
    await succeeded({ orderCode: s.orderCode, vipFlag: s.vipFlag })
  }

  async function check(orderCode: string, announce = true): Promise<OrderStatus | null> {
    let s: OrderStatus | null
    try {
      s = await kernel.api.post<OrderStatus>(RechargePath.orderStatus, { searchValue: orderCode }, { silent: true })
    } catch (err) {
      // the server refused (not this user's order, no such order): nothing to wait for
      if (err instanceof ApiError && err.kind === 'code') {
        forget(orderCode)
        throw err
      }
      // no answer: the outcome is unknown
      return null
    }
    if (!s || typeof s.status !== 'number') return null
    await answered(s, announce)
    return s
  }

  let reconciling: Promise<void> | null = null
  function reconcile(): Promise<void> {
    if (!kernel.session.loggedIn.peek() || !readPending().length) return Promise.resolve()
    // the list is read fresh: another tab (the provider's return) may have settled some
    reconciling ??= (async () => {
      // the result page asks about its own order and shows the answer: a toast too would say it twice
      const shown = kernel.router.path.peek() === '/paystatus' ? kernel.router.search.peek().get('orderCode') : null
      for (const o of readPending()) if (o.orderCode !== shown) await check(o.orderCode).catch(() => null)
      pending.value = readPending()
    })().finally(() => {
      reconciling = null
    })
    return reconciling
  }

  const orderKeyStatus = (orderCode: string) => orderKeyStatusOf(kernel, orderCode)

  async function pay(item: RechargeItem, method: PayMethodSku, ctx: PayContext): Promise<PayOutcome> {
    if (payRefused(kernel, item, method, ctx)) return 'refused'
    if (method.payMethodType === PayMethod.USDT) {
      // USDT is not handled by the common recharge: its own page creates the order with a chain
      kernel.router.navigate(`/usdtPay?skuInfoId=${method.id}&productId=${encodeURIComponent(item.productId)}&source=${encodeURIComponent(ctx.source)}`)
      return 'usdt'
    }
    const tpl = template.peek()
    const payload: CreateOrderPayload = {
      skuInfoId: method.id,
      templateId: tpl?.templateId ?? item.payTemplateId ?? 0,
      paymentMethodType: String(method.payMethodType),
      productId: item.productId,
      // the language rides the round trip: an Arabic user comes back from the provider to an Arabic app
      frontCallbackUrl: `${origin()}/paystatus?source=${encodeURIComponent(ctx.source)}&lang=${kernel.i18n.locale.peek()}`,
      vipFlag: item.vipFlag,
      diamondDetail: method.diamondDetail,
    }
    let order: OrderResult
    try {
      order = await kernel.api.post<OrderResult>(RechargePath.createOrder, payload)
    } catch (err) {
      if (err instanceof ApiError) return 'failed'
      throw err
    }
    // until the server says paid or closed, the order is the app's to ask about (a lost notification,
    // a closed tab, a return URL that never loaded)
    if (order.action === 'redirect' || order.action === 'dropin') remember(order.orderCode, item.vipFlag)
    if (order.action === 'redirect' && order.payUrl) {
      await kernel.overlays.open(SECURITY_ID, { url: order.payUrl })
      return 'redirected'
    }
    if (order.action === 'dropin') {
      const result = await kernel.overlays.open<{ paid: boolean }>(CARD_ID, { order, item, method })
      if (!result?.paid) return 'cancelled'
      forget(order.orderCode)
      await succeeded({ orderCode: order.orderCode, vipFlag: item.vipFlag, channelType: method.channelType })
      return 'paid'
    }
    if (order.action === 'store') {
      const bought = await payInStore(kernel, order, item, { remember, forget, orderKeyStatus, timers })
      if ('outcome' in bought) return bought.outcome
      const { credited } = bought
      await succeeded({ orderCode: order.orderCode, vipFlag: item.vipFlag, channelType: method.channelType, credited })
      return 'paid'
    }
    return 'failed'
  }

  return {
    template,
    status,
    lastSuccess,
    load,
    methodsFor,
    pay,
    refreshBalance,
    succeeded,
    pending,
    reconcile,
    check,
    answered,
    buy: pay,
    redirect: (url) => (deps.assign ?? assignLocation)(url),
    later,
    orderKeyStatus,
    timers,
    async open(opts: RechargeOpenOptions) {
      await kernel.overlays.open(SHEET_ID, opts)
    },
  }
}

/** the redirect a provider page needs; kept apart so tests can replace it */
const assignLocation = (url: string) => window.location.assign(url)
