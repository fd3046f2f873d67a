// The app store as the harness fakes it (HAR-04): the native bridge buys a product at
// POST /__harness/store/purchase {orderCode, productId} and gets a receipt signed with the harness's
// own secret (the app never holds it), naming the store transaction, the order, the product and
// the user. /api/fuse/verifyStoreReceipt checks it as a store's server would: the signature, the
// binding to this user, product and order, and that the transaction was never used before. A
// forged, altered, replayed or another user's receipt credits nothing and answers a clear error.
import { randomBytes } from 'node:crypto'
import { Code } from '../../kernel/protocol/envelope.ts'
import { EndpointError, type HarnessContext, type UserRow } from '../../harness/slice-kit.ts'
import { needOrder, orderStatus, recordProvider, settle } from './fake-orders.ts'
import type { OrderStatus } from './api.ts'

const refuse = (msg: string) => new EndpointError(Code.refused, msg)
const PREFIX = 'hsr1'

interface ReceiptBody {
  /** the store's transaction id: a receipt is good for one credit */
  tid: string
  orderCode: string
  productId: string
  userId: number
  at: number
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url')

/** The store sells the order's product to its user and answers the signed receipt. */
export function storePurchase(ctx: HarnessContext, body: any, now = Date.now()): { receipt: string } {
  const order = needOrder(ctx, body?.orderCode)
  if (order.action !== 'store') throw refuse(`order ${order.orderCode} is not a store order`)
  if (body?.productId !== order.productId) throw refuse(`the store sells ${order.productId} for order ${order.orderCode}, not ${String(body?.productId ?? '')}`)
  if (order.state !== 'pending') throw refuse(`order ${order.orderCode} is ${order.state}`)
  const receipt: ReceiptBody = { tid: `st_${randomBytes(8).toString('hex')}`, orderCode: order.orderCode, productId: order.productId, userId: order.userId, at: now }
  const payload = b64(JSON.stringify(receipt))
  recordProvider(ctx, order.orderCode, true, { via: 'store', tid: receipt.tid })
  return { receipt: `${PREFIX}.${payload}.${ctx.sign('store', payload)}` }
}

/** the receipt's content when its signature holds, else null */
function readReceipt(ctx: HarnessContext, receipt: unknown): ReceiptBody | null {
  if (typeof receipt !== 'string' || receipt.length > 2000) return null
  const [prefix, payload, signature, ...rest] = receipt.split('.')
  if (prefix !== PREFIX || !payload || rest.length || signature !== ctx.sign('store', payload)) return null
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    return body && typeof body === 'object' && typeof body.tid === 'string' ? (body as ReceiptBody) : null
  } catch {
    return null
  }
}

const usedReceipts = (ctx: HarnessContext) => ctx.db.get('storeReceipts')

/** /api/fuse/verifyStoreReceipt {orderCode, receipt} */
export function verifyStoreReceipt(ctx: HarnessContext, user: UserRow, payload: any): OrderStatus {
  const order = needOrder(ctx, payload?.orderCode, user.userId)
  if (order.action !== 'store') throw refuse(`order ${order.orderCode} is not a store order`)
  const r = readReceipt(ctx, payload?.receipt)
  if (!r) throw refuse('receipt.invalid')
  if (r.userId !== user.userId) throw refuse('receipt.user.mismatch')
  if (r.orderCode !== order.orderCode) throw refuse('receipt.order.mismatch')
  if (r.productId !== order.productId) throw refuse('receipt.product.mismatch')
  if (usedReceipts(ctx).find({ tid: r.tid }).value()) throw refuse('receipt.used')
  usedReceipts(ctx).push({ tid: r.tid, orderCode: order.orderCode, userId: user.userId, at: Date.now() }).write()
  return orderStatus(settle(ctx, order.orderCode, 'store'))
}
