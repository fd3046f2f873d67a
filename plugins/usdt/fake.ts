// The USDT slice of the harness (HAR-04, PAY-06). A USDT order is created by the recharge
// slice's createOrder (paymentMethodType USDT, chainName TRC20 or ERC20) with an address and an
// amount; here it is settled, by a control call, a scenario or the auto-settle timer:
//   paid       credited once (ledger key = orderCode), push pay.usdt {status: true, orderCode}
//   underpaid  failed, 90 % received (kept as usdt.received, answered by the status query), push pay.usdt {status: false, orderCode}
//   expired    expired, push pay.usdt {status: false, orderCode}
// Settings: usdtAutoSettle 'paid' | 'underpaid' | 'expired' | 'off' (default 'off': a person or a
// scenario decides) and usdtAutoSettleMs (default 20000) after the order was created.
import { Code } from '../../kernel/protocol/envelope.ts'
import { UsdtPush } from './api.ts'
import { defineFake, EndpointError, type HarnessContext } from '../../harness/slice-kit.ts'
import { close, needOrder, orders, orderStatus, queryStatus, recordProvider, settle } from '../recharge/fake-api.ts'

export type UsdtOutcome = 'paid' | 'underpaid' | 'expired'
const OUTCOMES: UsdtOutcome[] = ['paid', 'underpaid', 'expired']
const refuse = (msg: string) => new EndpointError(Code.refused, msg)

export function settleUsdt(ctx: HarnessContext, orderCode: unknown, outcome: unknown, now = Date.now()) {
  if (!OUTCOMES.includes(outcome as UsdtOutcome)) throw refuse(`outcome must be one of ${OUTCOMES.join(', ')}`)
  const order = needOrder(ctx, orderCode)
  if (order.action !== 'usdt') throw refuse(`order ${order.orderCode} is not a USDT order`)
  if (order.state !== 'pending') return orderStatus(order)
  if (outcome === 'paid') {
    recordProvider(ctx, order.orderCode, true, { via: 'chain', received: order.usdt?.amount })
    settle(ctx, order.orderCode, 'push', now)
  } else if (outcome === 'underpaid') {
    const received = (Number(order.usdt?.amount ?? 0) * 0.9).toFixed(2)
    recordProvider(ctx, order.orderCode, false, { via: 'chain', received })
    // what reached the address stays on the order: the status answer tells the app (and support) what to return
    if (order.usdt) orders(ctx).find({ orderCode: order.orderCode }).assign({ usdt: { ...order.usdt, received } }).write()
    close(ctx, order.orderCode, 'failed', `underpaid: received ${received} of ${order.usdt?.amount} USDT`)
  } else {
    close(ctx, order.orderCode, 'expired', 'no transfer before the order expired')
  }
  ctx.push(order.userId, UsdtPush, { status: outcome === 'paid', orderCode: order.orderCode })
  return orderStatus(needOrder(ctx, order.orderCode))
}

const pendingUsdt = (ctx: HarnessContext) => orders(ctx).value().filter((o) => o.action === 'usdt' && o.state === 'pending')

/** One pass of the timer: overdue orders expire; with auto-settle on, old enough orders settle. */
export function usdtTick(ctx: HarnessContext, now = Date.now()) {
  const auto = String(ctx.settings().usdtAutoSettle ?? 'off')
  const after = Number(ctx.settings().usdtAutoSettleMs ?? 20_000)
  for (const o of pendingUsdt(ctx)) {
    if (o.usdt && now >= o.usdt.expireTime) settleUsdt(ctx, o.orderCode, 'expired', now)
    else if (OUTCOMES.includes(auto as UsdtOutcome) && now - o.createdAt >= after) settleUsdt(ctx, o.orderCode, auto, now)
  }
}

export default defineFake({
  endpoints: {
    '/api/fuse/queryUsdtOrderStat': (ctx, call) => {
      const user = call.requireUser()
      const order = needOrder(ctx, call.payload.searchValue, user.userId)
      if (order.action !== 'usdt') throw refuse(`order ${order.orderCode} is not a USDT order`)
      return { ...queryStatus(ctx, user, order.orderCode), usdt: order.usdt ?? null }
    },
  },
  control: {
    // POST {orderCode, outcome: 'paid' | 'underpaid' | 'expired'}
    'pay/usdt/settle': (ctx, body) => settleUsdt(ctx, body?.orderCode, body?.outcome),
    'pay/usdt/pending': (ctx) => pendingUsdt(ctx).map((o) => ({ orderCode: o.orderCode, userId: o.userId, ...o.usdt })),
  },
  controlInfo: {
    'pay/usdt/settle': { title: 'Settle a USDT order', description: 'outcome: paid (credited once) | underpaid | expired; the app hears pay.usdt.', body: { orderCode: '', outcome: 'paid' } },
    'pay/usdt/pending': {
      title: 'Pending USDT orders',
      description: 'Waiting for a transfer on chain.',
      tab: 'money',
      list: {
        columns: ['orderCode', 'userId', 'chainName', 'amount', 'address', 'expireTime'],
        actions: [
          { label: 'Paid', control: 'pay/usdt/settle', body: { orderCode: '$orderCode', outcome: 'paid' }, variant: 'primary' },
          { label: 'Underpaid', control: 'pay/usdt/settle', body: { orderCode: '$orderCode', outcome: 'underpaid' } },
          { label: 'Expired', control: 'pay/usdt/settle', body: { orderCode: '$orderCode', outcome: 'expired' }, variant: 'danger' },
        ],
      },
    },
  },
  start(ctx) {
    const timer = setInterval(() => {
      try {
        usdtTick(ctx)
      } catch (err) {
        ctx.log('usdt tick failed:', (err as Error).message)
      }
    }, 1000)
    timer.unref?.()
    return () => clearInterval(timer)
  },
})
