// The recharge plugin's slice of the harness: the template, orders and the fake providers, the
// diamond records (read from the ledger), the pay-user flag and the diamond sellers.
// Paths the spec names keep their names; the ones it leaves unnamed (return-URL confirmation,
// store receipt, order status, recharge status) are harness-defined under /api/fuse/.
import { Code } from '../../kernel/protocol/envelope.ts'
import { avatarPath, collection, defineFake, type EndpointCall, EndpointError, type HarnessContext, langOf, type LedgerEntry, page, type UserRow } from '../../harness/slice-kit.ts'
import { seedTemplate, type SkuRow } from './fake-catalog.ts'
import { confirmReturn, createOrder, hasPaidSku, needOrder, orders, orderStatus, queryStatus, recordProvider, template, type OrderRow } from './fake-orders.ts'
import { approvalPage, confirmCard, decide, dropInScript } from './fake-providers.ts'
import { notifyPaid, startWebhooks } from './fake-webhook.ts'
import { storePurchase, verifyStoreReceipt } from './fake-store.ts'
import type { RechargeItem, RechargeTemplate } from './api.ts'

const refuse = (msg: string) => new EndpointError(Code.refused, msg)

/** A template item as one user sees it: boughtFlag says whether the first-charge gift is still open. */
export function itemFor(ctx: HarnessContext, user: UserRow | null, sku: SkuRow): RechargeItem {
  const { specialFlag: _special, ...rest } = sku
  return { ...rest, boughtFlag: user && hasPaidSku(ctx, user.userId, sku.id) ? 1 : 0 }
}

export function templateFor(ctx: HarnessContext, user: UserRow | null): RechargeTemplate {
  const tpl = template(ctx)
  return { templateId: tpl.templateId, proxyChargeStatus: tpl.proxyChargeStatus, skuList: tpl.skuList.filter((s) => !s.specialFlag).map((s) => itemFor(ctx, user, s)) }
}

const peerName = (ctx: HarnessContext, id: unknown) => (typeof id === 'number' ? (ctx.userById(id)?.nickname ?? null) : null)

/** The diamond records, newest first, from the ledger: the reason as the ledger wrote it (the app
 *  words it in the user's language) and, for a movement about someone (a call, a gift), their name. */
function diamondRecords(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const rows = collection(ctx, 'ledger').filter({ userId: user.userId }).value().slice().sort((a, b) => b.id - a.id)
  const list = rows.map((r) => ({
    id: r.id,
    diamondNum: r.delta,
    /** 1 income, 2 expense */
    type: r.delta >= 0 ? 1 : 2,
    reason: r.reason,
    // who it was about: peerId, or the host of a gift or call written with hostId
    peerName: peerName(ctx, r.peerId ?? r.hostId),
    balanceAfter: r.balanceAfter,
    createTime: r.at,
    orderCode: (r.orderCode as string | undefined) ?? null,
  }))
  return page(list, { currentPage: call.payload.currentPage ?? call.payload.pageNum, pageSize: call.payload.pageSize ?? 20 })
}

/** Not shown in the spec: 'recharge status' with searchValue -2 answers the user's latest order and the balance. */
function rechargeStatus(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const value = Number(call.payload.searchValue)
  if (value !== -2) throw refuse('searchValue must be -2 (the latest order)')
  const mine = orders(ctx).value().filter((o) => o.userId === user.userId).sort((a, b) => b.createdAt - a.createdAt)
  return { hasRecharged: mine.some((o) => o.state === 'paid'), lastOrder: mine[0] ? orderStatus(mine[0]) : null, diamondNum: ctx.userById(user.userId)!.diamondNum }
}

/** Not shown: the recommended list is three mid-priced diamond items, the first one flagged. */
function commonRecharge(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const tip = collection(ctx, 'baseConfig').value()?.sysConfigParams?.recharge_tip_message_text ?? null
  const list = template(ctx)
    .skuList.filter((s) => !s.specialFlag && !s.vipFlag && s.price >= 1.99 && s.price <= 9.99)
    .map((s, i) => ({ ...itemFor(ctx, user, s), recommedFlag: i === 1 ? 1 : 0 }))
  return { list, tipText: tip, templateId: template(ctx).templateId }
}

function sellers(ctx: HarnessContext, call: EndpointCall) {
  call.requireUser()
  const ar = langOf(call.headers) === 'ar'
  const list = collection(ctx, 'rechargeAgents').value().map(({ nicknameAr, ...a }) => ({ ...a, nickname: ar ? nicknameAr : a.nickname }))
  return { list, proxyChargeStatus: template(ctx).proxyChargeStatus }
}

/** POST /__harness/pay/approve {orderCode, approve}: a scenario or test approves at the provider without a browser. */
function approveByControl(ctx: HarnessContext, body: any) {
  const order = needOrder(ctx, body?.orderCode)
  const approve = body?.approve !== false
  if (order.state === 'pending') {
    recordProvider(ctx, order.orderCode, approve, { via: 'control' })
    if (approve) notifyPaid(ctx, order.orderCode)
  }
  return orderStatus(needOrder(ctx, order.orderCode))
}

const agents = [
  ['Diamond House', 'بيت الألماس', '+10000000001', 'US'],
  ['Coin Corner', 'ركن العملات', '+10000000002', 'EG'],
  ['Gem Seller Ali', 'بائع الجواهر علي', '+10000000003', 'SA'],
  ['Star Shop', 'متجر النجوم', '+10000000004', 'AE'],
  ['Night Market', 'سوق الليل', '+10000000005', 'IN'],
]

/** each order credited once, and only a paid one; a paid order with diamonds has its credit */
function ordersCreditedOnce(state: Record<string, any>): string[] {
  const problems: string[] = []
  const byCode = new Map(((state.payOrders ?? []) as OrderRow[]).map((o) => [o.orderCode, o]))
  const credited = new Set<string>()
  for (const r of (state.ledger ?? []) as LedgerEntry[]) {
    if (typeof r.orderCode !== 'string') continue
    if (credited.has(r.orderCode)) problems.push(`order ${r.orderCode} credited twice (row ${r.id})`)
    credited.add(r.orderCode)
    if (byCode.get(r.orderCode)?.state !== 'paid') problems.push(`order ${r.orderCode} credited (row ${r.id}) but it is ${byCode.get(r.orderCode)?.state ?? 'missing'}`)
  }
  for (const o of byCode.values()) if (o.state === 'paid' && Number(o.credited) > 0 && !credited.has(o.orderCode)) problems.push(`order ${o.orderCode} is paid without its credit`)
  return problems
}

export default defineFake({
  paidFor: ordersCreditedOnce,
  seed(db) {
    db.rechargeTemplate = seedTemplate()
    db.payOrders = []
    db.payProvider = []
    db.payNotifications = []
    db.storeReceipts = []
    db.rechargeAgents = agents.map(([nickname, nicknameAr, whatsapp, countryCode], i) => ({
      agentId: 900001 + i,
      userId: 900001 + i,
      nickname,
      nicknameAr,
      icon: avatarPath(`agent${i + 1}`),
      whatsapp,
      countryCode,
      diamondsPerDollar: 520 + i * 10,
      stock: 2_000_000 - i * 250_000,
    }))
  },
  // the providers' notification retries (fake-webhook.ts)
  start: startWebhooks,
  endpoints: {
    '/api/template/getTempLate': (ctx, call) => templateFor(ctx, call.requireUser()),
    '/api/fuse/v3/createOrder': (ctx, call) => createOrder(ctx, call.requireUser(), call.payload, Date.now(), String(call.headers['accept-language'] ?? '')),
    '/api/fuse/payReturn': (ctx, call) => confirmReturn(ctx, call.requireUser(), call.payload),
    '/api/fuse/queryOrderStat': (ctx, call) => queryStatus(ctx, call.requireUser(), call.payload.searchValue ?? call.payload.orderCode),
    '/api/fuse/verifyStoreReceipt': (ctx, call) => verifyStoreReceipt(ctx, call.requireUser(), call.payload),
    '/api/fuse/rechargeStatus': rechargeStatus,
    '/api/wallet/guide/getCommonRechargeV2': commonRecharge,
    '/api/diamondhistroy/queryList': diamondRecords,
    '/api/user/queryUserIsPayUser': (_ctx, call) => {
      const u = call.requireUser()
      return { isPayUser: !!u.firstPayTime, firstPayTime: u.firstPayTime ?? null }
    },
    '/api/agent/getAgentUserList': sellers,
  },
  control: {
    'pay/page': (ctx, _body, params) => approvalPage(ctx, params),
    'pay/decide': (ctx, _body, params) => decide(ctx, params),
    'pay/approve': approveByControl,
    'pay/card/dropin.js': (ctx) => dropInScript(ctx),
    'pay/card/confirm': (ctx, body) => confirmCard(ctx, body),
    'store/purchase': (ctx, body) => storePurchase(ctx, body),
    'pay/orders': (ctx, _body, params) => {
      const userId = params.get('userId')
      const all = orders(ctx).value()
      return userId ? all.filter((o) => o.userId === Number(userId)) : all
    },
  },
  controlInfo: {
    // what the app's browser opens at the provider: any device on the network may load them
    'pay/page': { title: 'Provider approval page', public: true },
    'pay/decide': { title: 'Provider decision', public: true },
    'pay/card/dropin.js': { title: 'Card drop-in script', public: true },
    'pay/card/confirm': { title: 'Card confirmation', public: true },
    // the app store the native bridge buys at (fake-store.ts)
    'store/purchase': { title: 'App store purchase', description: 'Sells an order\'s product and answers a signed receipt.', public: true, body: { orderCode: '', productId: '' } },
    'pay/approve': { title: 'Approve at the provider', description: 'A pending order approved (or declined) as if the payer did it.', body: { orderCode: '', approve: true } },
    'pay/orders': {
      title: 'Orders',
      description: 'Every pay order, newest first.',
      tab: 'money',
      list: {
        columns: ['orderCode', 'userId', 'payMethodType', 'price', 'diamondNum', 'state'],
        actions: [
          { label: 'Approve', control: 'pay/approve', body: { orderCode: '$orderCode', approve: true }, when: { state: 'pending', action: 'redirect' }, variant: 'primary' },
          { label: 'Decline', control: 'pay/approve', body: { orderCode: '$orderCode', approve: false }, when: { state: 'pending', action: 'redirect' }, variant: 'danger' },
          { label: 'Store receipt valid', control: 'pay/approve', body: { orderCode: '$orderCode', approve: true }, when: { state: 'pending', action: 'store' }, variant: 'primary' },
          { label: 'Card approved', control: 'pay/approve', body: { orderCode: '$orderCode', approve: true }, when: { state: 'pending', action: 'dropin' }, variant: 'primary' },
        ],
      },
    },
  },
})
