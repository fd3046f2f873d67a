// The providers' payment notification (webhook), delivered as real providers deliver it: a lost
// delivery is retried with a growing delay (Stripe retries for up to three days with exponential
// backoff; PayPal retries up to 25 times over three days), so a payment whose first notification
// never arrived is still credited, once, when a later one does. The queue lives in the state
// file (`payNotifications`), so a harness restart loses no retry.
//
// Settings: payWebhook (default true; false: every delivery is lost), payWebhookDrops (how many
// deliveries of each order are lost before one gets through, default 0), payWebhookRetryMs (the
// first retry's delay, doubled at each attempt; default 60000, tests use a few hundred ms).
import { collection, type HarnessContext } from '../../harness/slice-kit.ts'
import { needOrder, settle } from './fake-orders.ts'

declare module '../../harness/collections.ts' {
  interface Collections {
    payNotifications: Notification[]
  }
}

/** after this many lost deliveries the provider gives up (the status query still recovers it) */
const WEBHOOK_ATTEMPTS = 8
const DEFAULT_RETRY_MS = 60_000

interface Notification {
  orderCode: string
  /** the number of the next delivery (1 is the first) */
  attempt: number
  dueAt: number
}

function queue(ctx: HarnessContext) {
  if (!ctx.db.has('payNotifications').value()) ctx.db.set('payNotifications', []).write()
  return collection(ctx, 'payNotifications')
}

const retryDelay = (ctx: HarnessContext, attempt: number) => Number(ctx.settings().payWebhookRetryMs ?? DEFAULT_RETRY_MS) * 2 ** (attempt - 1)

/** One delivery of an order's notification: credited when it gets through, else queued again. */
function deliver(ctx: HarnessContext, orderCode: string, attempt: number, now: number) {
  const s = ctx.settings()
  const lost = s.payWebhook === false || attempt <= Number(s.payWebhookDrops ?? 0)
  if (!lost) {
    settle(ctx, orderCode, attempt === 1 ? 'webhook' : 'webhook-retry', now)
    return
  }
  if (attempt >= WEBHOOK_ATTEMPTS) return void ctx.log(`webhook for ${orderCode}: delivery ${attempt} lost, no more retries`)
  const delay = retryDelay(ctx, attempt)
  queue(ctx).push({ orderCode, attempt: attempt + 1, dueAt: now + delay } satisfies Notification).write()
  ctx.log(`webhook for ${orderCode}: delivery ${attempt} lost, retry in ${delay} ms`)
}

/** The provider approved an order: it notifies the merchant (first delivery now). */
export function notifyPaid(ctx: HarnessContext, orderCode: string, now = Date.now()) {
  deliver(ctx, orderCode, 1, now)
}

/** One pass of the retry timer: every due delivery of a still-pending order is tried again. */
export function webhookTick(ctx: HarnessContext, now = Date.now()) {
  const due = queue(ctx).value().filter((n) => n.dueAt <= now)
  if (!due.length) return
  queue(ctx).remove((n: Notification) => n.dueAt <= now).write()
  for (const n of due) {
    try {
      if (needOrder(ctx, n.orderCode).state === 'pending') deliver(ctx, n.orderCode, n.attempt, now)
    } catch (err) {
      ctx.log(`webhook for ${n.orderCode} failed:`, (err as Error).message)
    }
  }
}

/** the retry timer, started with the harness */
export function startWebhooks(ctx: HarnessContext): () => void {
  const timer = setInterval(() => webhookTick(ctx), 100)
  timer.unref?.()
  return () => clearInterval(timer)
}
