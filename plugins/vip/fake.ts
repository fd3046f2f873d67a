// The VIP slice of the harness: the VIP template and shop, privileges and VIP order records.
// VIP items are bought through the recharge slice's createOrder (vipFlag 1); paying one extends
// the VIP period (see recharge/fake-orders.ts settle()).
// Decisions (not shown in the spec): the shop's vipPrice/vipDiamond are those of the month item;
// the call discount is 10 % (d3 §6 "a VIP perk of 10% off private calls"); '72Hour' is true when
// the VIP ends within 72 hours.
import { defineFake, type EndpointCall, EndpointError, type HarnessContext, langOf, page, type UserRow } from '../../harness/slice-kit.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { isVipUser, itemFor, orders, template } from '../recharge/fake-api.ts'

const privileges: Array<[string, string, string, string, string]> = [
  ['discount', '10% off private calls', 'خصم 10% على المكالمات الخاصة', 'Every video call costs 10% less.', 'كل مكالمة فيديو أرخص بنسبة 10%.'],
  ['likes', 'See who liked you', 'اعرف من أعجب بك', 'The Like You tab opens for you.', 'يفتح لك تبويب أعجبت بك.'],
  ['badge', 'VIP badge', 'شارة VIP', 'A badge beside your name.', 'شارة بجانب اسمك.'],
  ['region', 'Browse other regions', 'تصفح مناطق أخرى', 'Hosts from every region.', 'مضيفات من كل المناطق.'],
  ['new', 'New-girl access', 'الوصول إلى الجدد', 'Meet new hosts first.', 'تعرف على المضيفات الجدد أولاً.'],
  ['pin', 'Pin up to 5 chats', 'تثبيت حتى 5 محادثات', 'Keep your favourite chats on top.', 'أبقِ محادثاتك المفضلة في الأعلى.'],
  ['quiet', 'Do not disturb', 'عدم الإزعاج', 'Silence calls and messages when you want.', 'أوقف المكالمات والرسائل متى شئت.'],
]

export function vipInfoOf(u: UserRow, now = Date.now()) {
  const info = (u.vipInfo ?? {}) as { expireTime?: string | null }
  const isVip = isVipUser(u, now)
  const left = info.expireTime ? Date.parse(info.expireTime) - now : Infinity
  return { isVip, expireTime: isVip ? (info.expireTime ?? null) : null, '72Hour': isVip && left <= 72 * 3600_000 }
}

const hasPurchasedVip = (ctx: HarnessContext, userId: number) => orders(ctx).value().some((o) => o.userId === userId && o.vipFlag === 1 && o.state === 'paid')

function vipItems(ctx: HarnessContext, user: UserRow) {
  return template(ctx).skuList.filter((s) => s.vipFlag === 1).map((s) => itemFor(ctx, user, s))
}

function shop(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const items = vipItems(ctx, user)
  const month = items.find((i) => i.vipDays === 30) ?? items[0]
  return {
    vipPrice: month?.price ?? null,
    vipDiamond: month?.vipDiamond ?? 0,
    callDiscount: month?.callDiscount ?? 10,
    vipInfo: vipInfoOf(user),
    hasPurchasedVip: hasPurchasedVip(ctx, user.userId),
    vipTemplateList: items,
  }
}

function records(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const list = orders(ctx).value()
    .filter((o) => o.userId === user.userId && o.vipFlag === 1 && o.state === 'paid')
    .sort((a, b) => (b.paidAt ?? 0) - (a.paidAt ?? 0))
    .map((o) => ({ orderCode: o.orderCode, productId: o.productId, vipDays: o.vipDays, price: o.price, payMethodType: o.payMethodType, diamondNum: o.credited ?? 0, createTime: new Date(o.paidAt ?? o.createdAt).toISOString() }))
  return page(list, { currentPage: call.payload.currentPage ?? call.payload.pageNum, pageSize: call.payload.pageSize ?? 20 })
}

/** POST /__harness/vip/set {userId, days}: VIP until `days` days from now (0 or less: not VIP), for scenarios and tests. */
export function setVip(ctx: HarnessContext, body: any, now = Date.now()) {
  const userId = Number(body?.userId)
  const days = Number(body?.days)
  if (!ctx.userById(userId)) throw new EndpointError(Code.refused, `no user ${body?.userId}`)
  if (!Number.isFinite(days)) throw new EndpointError(Code.refused, 'days must be a number')
  const vipInfo = days > 0 ? { isVip: true, expireTime: new Date(now + days * 86_400_000).toISOString(), '72Hour': days <= 3 } : { isVip: false, expireTime: null, '72Hour': false }
  ctx.db.get('users').find({ userId }).assign({ vipInfo }).write()
  return { userId, vipInfo }
}

export default defineFake({
  control: { 'vip/set': (ctx, body) => setVip(ctx, body) },
  controlInfo: {
    'vip/set': {
      title: 'Set VIP',
      description: 'VIP until `days` days from now; 0 ends it.',
      body: { userId: 100001, days: 30 },
      rowOf: { kind: 'viewer', label: 'Set VIP', actions: [{ label: '30 days', control: 'vip/set', body: { userId: '$userId', days: 30 } }, { label: 'none', control: 'vip/set', body: { userId: '$userId', days: 0 } }] },
    },
  },
  endpoints: {
    '/api/template/getVipTemplateData': (ctx, call) => {
      const user = call.requireUser()
      return { hasPurchasedVip: hasPurchasedVip(ctx, user.userId), skuList: vipItems(ctx, user), templateId: template(ctx).templateId }
    },
    '/api/wallet/vipGetShopInfo': shop,
    '/api/vipPrivileges/getVipPrivileges': (_ctx, call) => {
      const ar = langOf(call.headers) === 'ar'
      return { list: privileges.map(([id, en, arTitle, enDesc, arDesc]) => ({ id, icon: `vip-${id}`, title: ar ? arTitle : en, desc: ar ? arDesc : enDesc })) }
    },
    '/api/vipPrivileges/getVipOrderRecord': records,
  },
})
