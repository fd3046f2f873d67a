// The message plugin's slice of the harness (IM-02..04): host profiles by chat account, the
// greeting config, the anti-spam check, quick messages, do-not-disturb, image upload (STS and
// the object store), and simulated hosts who answer chats and greet new viewers through the
// harness IM service. Harness decisions (d2 §7 leaves these paths unnamed) are in harness/README.md.
import { collection, defineFake, type EndpointCall, EndpointError, type HarnessContext, type ImService, issueUploadCredentials, mediaOf, memoryOf, statusWord, type UserRow } from '../../harness/slice-kit.ts'
import { isVip, toUser } from '../../kernel/protocol/user.ts'
import { STS_PATH } from '../../kernel/upload.ts'
import { MessagePath, NON_HOST_ACCOUNTS } from './api.ts'
import { arabic, customerEndpoints, startCustomerRobot } from './customer/fake-customer.ts'


/** the anti-spam tool's list: contact details and payment outside the app */
const PROHIBITED = [/whats\s*app/i, /telegram/i, /snap\s*chat/i, /paypal\.me/i, /واتس/, /تيليجرام/, /\b\d{9,}\b/]

const LINES = {
  en: ['Hi handsome 😊 how is your day going?', 'I just finished my coffee, what are you up to?', 'Haha you are funny 😄', 'Call me on video, I want to see you 💕', 'Where are you from?', 'I am online for a while, come say hi 🌸'],
  ar: ['أهلاً يا وسيم 😊 كيف يومك؟', 'انتهيت للتو من قهوتي، ماذا تفعل؟', 'هههه أنت ظريف 😄', 'اتصل بي فيديو، أريد أن أراك 💕', 'من أين أنت؟', 'أنا متصلة لبعض الوقت، تعال وسلّم 🌸'],
}
const GREETINGS = {
  en: ['Hello there 👋 I saw your profile, want to chat?', 'Hey! Are you awake? 🌙', 'Hi, nice to meet you 💖'],
  ar: ['مرحباً 👋 رأيت ملفك، هل تود الدردشة؟', 'هاي! هل أنت مستيقظ؟ 🌙', 'أهلاً، سعيدة بلقائك 💖'],
}
const QUICK = {
  en: 'Hi 👋,How are you?,You look beautiful 😍,Can we have a video call?,Where are you from?',
  ar: 'مرحباً 👋,كيف حالك؟,أنتِ جميلة 😍,هل نتصل فيديو؟,من أين أنتِ؟',
}

/** bad input to a control entry: answered 400 */
const bad = (msg: string) => new EndpointError('4000', msg)
const isHost = (u: UserRow | null | undefined): u is UserRow => !!u && (u.userType === 2 || u.userType === 3)
const langOf = (call: EndpointCall) => (String(call.headers['accept-language'] ?? '').toLowerCase().startsWith('ar') ? 'ar' : 'en')

interface ImState {
  config: Map<number, { isEnable: number; unReadMsgNum: number }>
  greeted: Set<string>
  timers: Set<ReturnType<typeof setTimeout>>
  uploads: Map<string, { type: string; data: Buffer }>
}
const stateOf = (ctx: HarnessContext) =>
  memoryOf<ImState>(
    ctx,
    'message',
    () => ({ config: new Map(), greeted: new Set(), timers: new Set(), uploads: new Map() }),
    (s) => s.timers.forEach(clearTimeout),
  )
const later = (ctx: HarnessContext, ms: number, fn: () => void) => {
  const s = stateOf(ctx)
  const t = setTimeout(() => {
    s.timers.delete(t)
    fn()
  }, ms)
  s.timers.add(t)
}

function imOf(ctx: HarnessContext): ImService {
  const im = mediaOf(ctx).im()
  if (!im) throw new Error('the harness IM service is not running')
  return im
}

/** a user by userId or chat account */
function account(ctx: HarnessContext, v: unknown): string {
  if (typeof v === 'string' && !/^\d+$/.test(v)) return v
  const u = ctx.userById(Number(v))
  if (!u) throw bad(`no user ${String(v)}`)
  return u.yxAccid
}

const followed = (ctx: HarnessContext, userId: number, hostId: number) => !!ctx.db.get('follows').find({ userId, followUserId: hostId }).value()

/** a host this viewer neither follows nor has called: a stranger whose greeting may arrive */
function stranger(ctx: HarnessContext, viewer: UserRow, seed = 0): UserRow | null {
  const calls = collection(ctx, 'calls').value() ?? []
  const calledIds = new Set(calls.filter((c) => c.viewerId === viewer.userId).map((c) => c.hostId))
  const im = mediaOf(ctx).im()
  const hosts = collection(ctx, 'users').value().filter(
    (u) => isHost(u) && !followed(ctx, viewer.userId, u.userId) && !calledIds.has(u.userId) && !(im?.history(viewer.yxAccid, u.yxAccid).length),
  )
  return hosts.length ? hosts[seed % hosts.length] : null
}

/** a greeting from a stranger host; returns the host's chat account */
export function sendGreeting(ctx: HarnessContext, viewer: UserRow, o: { hostId?: number; lang?: 'en' | 'ar'; seed?: number } = {}): string | null {
  const host = o.hostId ? ctx.userById(o.hostId) : stranger(ctx, viewer, o.seed ?? viewer.userId)
  if (!isHost(host)) return null
  const lines = GREETINGS[o.lang ?? 'en']
  imOf(ctx).send(host.yxAccid, viewer.yxAccid, { text: lines[(host.userId + (o.seed ?? 0)) % lines.length] })
  return host.yxAccid
}

/** ready-made messages for the control entry: what hosts, systems and robots send into chats */
function preset(kind: string, o: { text?: string; lang: 'en' | 'ar'; base: string }) {
  switch (kind) {
    case 'gift':
      return { messageType: 100, attachment: { raw: JSON.stringify({ attachType: 'SEND_GIFT', giftName: 'Rose', giftNum: 3, giftImg: `${o.base}/__harness/gift/img?id=1001` /* the catalogue's Rose */ }) } }
    case 'missed-call':
      return { messageType: 100, attachment: { raw: JSON.stringify({ attachType: 'MISSED_CALLS_RECORD', status: 3 }) } }
    case 'image':
      return { messageType: 1, attachment: { url: `${o.base}/__harness/avatar/photo-${Date.now() % 97}.svg`, width: 300, height: 300 } }
    case 'tip':
      return { messageType: 10, text: o.text ?? (o.lang === 'ar' ? 'تم إرسال طلب المتابعة' : 'You are now following each other') }
    case 'paid':
      return { messageType: 0, text: o.text ?? (o.lang === 'ar' ? 'تم الدفع بنجاح' : 'Payment successful'), serverExtension: JSON.stringify({ viewFlag: 4, data: { diamondNum: 600 } }) }
    default:
      return { messageType: 0, text: o.text ?? '' }
  }
}

export default defineFake({
  endpoints: {
    // d3 §7 names it GET /sts/getkey at the API base: the same credentials (the app posts to /api/sts/getkey)
    '/sts/getkey': (ctx, call) => issueUploadCredentials(ctx, call.requireUser().userId),
    ...customerEndpoints,
    [MessagePath.profiles]: (ctx, call) => {
      const me = call.requireUser()
      const raw = call.payload?.yxAccids
      const list = (Array.isArray(raw) ? raw : []).slice(0, 200).map(String)
      return list
        .map((acc) => ctx.userByAccid(acc))
        .filter((u): u is UserRow => !!u)
        .map((u) => ({
          userId: u.userId,
          yxAccid: u.yxAccid,
          nickname: u.nickname,
          icon: u.icon,
          userType: u.userType,
          ...(isHost(u) && { status: statusWord(Number(u.onlineStatus ?? 3)), followed: followed(ctx, me.userId, u.userId), videoPrice: Number(u.videoPrice) || 0 }),
        }))
    },
    [MessagePath.greetingConfig]: (ctx, call) => {
      const me = call.requireUser()
      return stateOf(ctx).config.get(me.userId) ?? { isEnable: 1, unReadMsgNum: 0 }
    },
    [MessagePath.checkText]: (_ctx, call) => {
      call.requireUser()
      const text = String(call.payload?.text ?? '')
      return { result: PROHIBITED.some((re) => re.test(text)) ? 1 : 0 }
    },
    [MessagePath.quickMessages]: (_ctx, call) => QUICK[langOf(call)],
    [MessagePath.disturb]: (ctx, call) => {
      const me = call.requireUser()
      const vip = isVip(toUser(me), Date.now())
      const disturb = Math.max(0, Math.min(3, Math.floor(Number(call.payload?.disturb) || 0)))
      if (disturb && !vip) throw new EndpointError('5000', 'vip.only')
      ctx.db.get('users').find({ userId: me.userId }).assign({ disturb }).write()
      return { disturb }
    },
    // d3 §3: STS credentials the harness's object store verifies (harness/oss.ts)
    [STS_PATH]: (ctx, call) => issueUploadCredentials(ctx, call.requireUser().userId),
  },

  control: {
    /** any message as any account: { from, to, text?, kind?: text|gift|missed-call|image|tip|paid, messageType?, attachment?, serverExtension?, lang? } */
    'im/send': (ctx, body) => {
      const from = account(ctx, body?.from)
      const to = account(ctx, body?.to)
      const lang = body?.lang === 'ar' ? 'ar' : 'en'
      const m = body?.kind ? preset(String(body.kind), { text: body.text, lang, base: ctx.baseUrl() }) : { messageType: Number(body?.messageType ?? 0), text: body?.text, attachment: body?.attachment, serverExtension: body?.serverExtension }
      // asClient: delivered without the server's mark, as a forgery a lax server let through would be
      imOf(ctx).send(from, to, m, { asClient: body?.asClient === true })
      return { ok: true, from, to }
    },
    /** a greeting from a stranger host: { userId, hostId?, lang? } */
    'im/greeting': (ctx, body) => {
      const viewer = ctx.userById(Number(body?.userId))
      if (!viewer) throw bad(`no user ${body?.userId}`)
      const from = sendGreeting(ctx, viewer, { hostId: body?.hostId ? Number(body.hostId) : undefined, lang: body?.lang === 'ar' ? 'ar' : 'en', seed: Number(body?.seed) || 0 })
      if (!from) throw bad('no stranger host left to greet this user')
      return { ok: true, from }
    },
    /** greetingMessageConfig for a user: { userId, isEnable, unReadMsgNum } */
    'im/greeting-config': (ctx, body) => {
      const userId = Number(body?.userId)
      if (!ctx.userById(userId)) throw bad(`no user ${body?.userId}`)
      const config = { isEnable: body?.isEnable ? 1 : 0, unReadMsgNum: Number(body?.unReadMsgNum) || 0 }
      stateOf(ctx).config.set(userId, config)
      return config
    },
    /** drop a user's IM connection (no userId: everyone's); the app reconnects with backoff.
     *  refuseLogins: n keeps that user out for the next n logins (a longer outage) */
    'im/drop': (ctx, body) => {
      const acc = body?.userId != null ? account(ctx, body.userId) : undefined
      if (acc && Number(body?.refuseLogins) > 0) imOf(ctx).failNextLogins(acc, 415, Number(body.refuseLogins))
      return { dropped: imOf(ctx).drop(acc) }
    },
    /** the next sends of a user fail: { userId, times } */
    'im/fail-sends': (ctx, body) => {
      imOf(ctx).failNextSends(account(ctx, body?.userId), Number(body?.times ?? 1))
      return { ok: true }
    },
  },
  start(ctx) {
    const im = mediaOf(ctx).im()
    if (!im) return
    const s = stateOf(ctx)
    // hosts answer their chats after a moment, in the language they were written to
    const off = im.onMessage(({ from, to, message }) => {
      const host = ctx.userByAccid(to)
      const viewer = ctx.userByAccid(from)
      if (!isHost(host) || !viewer || isHost(viewer) || NON_HOST_ACCOUNTS.includes(to)) return
      const ms = Number(ctx.settings().imReplyMs ?? 1500)
      if (ms <= 0) return
      const lines = LINES[arabic(String(message.text ?? '')) ? 'ar' : 'en']
      const n = im.history(from, to).length
      later(ctx, ms, () => im.send(to, from, { text: lines[(host.userId + n) % lines.length] }))
    })
    const offCustomer = startCustomerRobot(ctx, im, (ms, fn) => later(ctx, ms, fn))
    // with imGreetAfterMs set, new viewers online get a greeting from a stranger once per harness run
    const tick = setInterval(() => {
      const ms = Number(ctx.settings().imGreetAfterMs ?? 0)
      if (ms <= 0) return
      for (const acc of im.online()) {
        const viewer = ctx.userByAccid(acc)
        if (!viewer || isHost(viewer) || s.greeted.has(acc) || NON_HOST_ACCOUNTS.includes(acc)) continue
        s.greeted.add(acc)
        later(ctx, ms, () => void sendGreeting(ctx, viewer))
      }
    }, 2000)
    return () => {
      off()
      offCustomer()
      clearInterval(tick)
      s.timers.forEach(clearTimeout)
      s.timers.clear()
    }
  },
})

