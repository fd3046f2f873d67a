// The offers slice of the harness: the special offer (PAY-09) and the discount hosts (PAY-10).
// Decisions (not shown in the spec):
//  - triggerSpecialPopup starts one offer per user per UTC day, lasting specialOffDuration seconds
//    (base config, 3600); a second trigger that day answers show false with the time left, so the
//    app can keep its icon counting; a bought offer answers 0 left.
//  - The special item (the template's specialFlag item) comes from the harness-defined
//    /api/template/getSpecialOfferItem.
//  - Discount users are users with isDiscountUser on their row, else paid users who are not VIP.
//    Every third host (userId divisible by 3) is subsidised at 50, 70 or 80 % of the price.
import { Code } from '../../kernel/protocol/envelope.ts'
import { collection, defineFake, type EndpointCall, EndpointError, type HarnessContext, hostCard, type UserRow } from '../../harness/slice-kit.ts'
import { isVipUser, itemFor, orders, template } from '../recharge/fake-api.ts'

declare module '../../harness/collections.ts' {
  interface Collections {
    specialOffers: OfferRow[]
  }
}

const refuse = (msg: string) => new EndpointError(Code.refused, msg)
export const DISCOUNT_PAGE_SIZE = 15

interface OfferRow {
  userId: number
  day: string
  startedAt: number
  scene: string
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const durationSec = (ctx: HarnessContext) => Number(collection(ctx, 'baseConfig').value()?.specialOffDuration ?? 3600)
const specialSku = (ctx: HarnessContext) => template(ctx).skuList.find((s) => s.specialFlag === 1) ?? null

function boughtSince(ctx: HarnessContext, userId: number, since: number): boolean {
  const sku = specialSku(ctx)
  return !!sku && orders(ctx).value().some((o) => o.userId === userId && o.skuId === sku.id && o.state === 'paid' && (o.paidAt ?? 0) >= since)
}

function remaining(ctx: HarnessContext, user: UserRow, offer: OfferRow | undefined, now: number): number {
  if (!offer || boughtSince(ctx, user.userId, offer.startedAt)) return 0
  return Math.max(0, Math.ceil((offer.startedAt + durationSec(ctx) * 1000 - now) / 1000))
}

/** The harness setting wallOffers (default true): false starts no special offer and makes nobody a discount user. */
export const offersOn = (ctx: HarnessContext) => ctx.settings().wallOffers !== false

export function triggerSpecial(ctx: HarnessContext, user: UserRow, scene: unknown, now = Date.now()) {
  if (typeof scene !== 'string' || !scene) throw refuse('searchValue (the trigger scene) is required')
  if (!offersOn(ctx)) return { show: false, specialPopTime: null, specialPopupCount: 0, specialOffDuration: 0, item: null }
  const sku = specialSku(ctx)
  const today = day(now)
  const offers = collection(ctx, 'specialOffers')
  let offer = offers.find({ userId: user.userId, day: today }).value()
  let show = false
  if (!offer && sku) {
    offer = { userId: user.userId, day: today, startedAt: now, scene }
    offers.push(offer).write()
    show = true
  }
  return {
    show,
    specialPopTime: offer?.startedAt ?? null,
    specialPopupCount: offer ? 1 : 0,
    specialOffDuration: remaining(ctx, user, offer, now),
    item: sku ? itemFor(ctx, user, sku) : null,
  }
}

const isDiscountUser = (ctx: HarnessContext, user: UserRow) =>
  offersOn(ctx) && (typeof user.isDiscountUser === 'boolean' ? user.isDiscountUser : !!user.firstPayTime && !isVipUser(user))

/** the percent of the price a subsidised host costs a discount user, or null when she is not subsidised */
const subsidyRate = (host: UserRow): number | null => (host.userId % 3 === 0 ? [50, 70, 80][(host.userId / 3) % 3] : null)

/**
 * PAY-10 / CALL-13, the one rule the server answers everywhere (the discount list, the host detail, the price a call
 * charges): the diamonds off the price this viewer gets for this host; 0 when none.
 */
export function discountOffFor(ctx: HarnessContext, host: UserRow, viewer: UserRow | null): number {
  const rate = subsidyRate(host)
  if (rate == null || !viewer || !isDiscountUser(ctx, viewer)) return 0
  const price = Number(host.videoPrice) || 0
  return price - Math.floor((price * rate) / 100)
}

function discountAnchors(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const pageNum = Math.max(1, Math.floor(Number(call.payload.pageNum) || 1))
  const pageSize = Math.min(50, Math.max(1, Math.floor(Number(call.payload.pageSize) || DISCOUNT_PAGE_SIZE)))
  const discountUser = isDiscountUser(ctx, user)
  const hosts = collection(ctx, 'users').value()
    .filter((u) => (u.userType === 2 || u.userType === 3) && subsidyRate(u) != null)
    .sort((a, b) => a.userId - b.userId)
    .map((h) => {
      const discountRate = subsidyRate(h)!
      // the price the host detail and the call answer too (discountOffFor)
      const discountPrice = (Number(h.videoPrice) || 0) - (discountUser ? discountOffFor(ctx, h, user) : 0)
      return { ...hostCard(ctx, h), subsidyStatus: 1, discountRate, discountPrice }
    })
  const lowest = hosts.reduce((m, h) => Math.min(m, h.discountRate), 100)
  const anchorList = discountUser ? hosts.slice((pageNum - 1) * pageSize, pageNum * pageSize) : []
  return {
    lowerAnchor: { discountRate: lowest },
    discountUser,
    anchorList,
    pageNum,
    pageSize,
    total: discountUser ? hosts.length : 0,
    isLastPage: !discountUser || pageNum * pageSize >= hosts.length,
  }
}

export default defineFake({
  seed(db) {
    db.specialOffers = []
  },
  endpoints: {
    '/api/index/triggerSpecialPopup': (ctx, call) => triggerSpecial(ctx, call.requireUser(), call.payload.searchValue),
    '/api/template/getSpecialOfferItem': (ctx, call) => {
      const user = call.requireUser()
      const offer = collection(ctx, 'specialOffers').find({ userId: user.userId, day: day(Date.now()) }).value()
      const sku = specialSku(ctx)
      return { item: sku ? itemFor(ctx, user, sku) : null, specialOffDuration: remaining(ctx, user, offer, Date.now()), templateId: template(ctx).templateId }
    },
    '/api/pool/mergeTheDiscountAnchor': discountAnchors,
  },
  control: {
    // POST {userId}: forget today's offer, so the next trigger starts a new one
    'offers/special/reset': (ctx, body) => {
      const userId = Number(body?.userId)
      if (!Number.isInteger(userId)) throw refuse('userId is required')
      ctx.db.get('specialOffers').remove({ userId }).write()
      return { ok: true }
    },
  },
  controlInfo: {
    'offers/special/reset': { title: 'New special offer', description: "Forget the user's offer of today: the next trigger starts a new one.", body: { userId: 100001 } },
  },
})
