// The intimacy feature's slice of the harness (LIVE-15). A pair's (viewer, host) experience is not
// stored: it is counted from what really happened, per UTC day and source, each capped by its daily
// limit (0, -1 or null: no limit): gifts from the ledger's gift.send rows to the host (giftAdd per
// 10 diamonds), calls from the ledger's call billing rows with her (callAdd per billed period),
// chats from the IM service's messages the viewer sent her (chatAdd each). Levels are thresholds of
// total experience (fixtures/intimacy.json); a full bar does not level up by itself: the level's
// gift does (sendGift, debited through the ledger once per request id). A level-up posts an
// intimacyUpgrade record in her room and an INTIMACY_UPGRADE attachment in their chat.
// Decisions: harness/README.md "Intimacy".
import { Code, Msg } from '../../kernel/protocol/envelope.ts'
import { chatRoomsOf, collection, defineFake, type EndpointCall, EndpointError, fixture, type HarnessContext, langOf, type LedgerEntry, mediaOf, type UserRow } from '../../harness/slice-kit.ts'
import { GiftLedgerReason } from '../gift/api.ts'
import { liveChatRoomOf } from '../live/api.ts'
import { IntimacyLedgerReason, IntimacyPaths } from './api.ts'

interface LevelRow {
  level: number
  /** total experience this level needs */
  experience: number
  /** the gift that reaches this level */
  gift?: { id: number; price: number; color: string }
}
interface PrivilegeRow {
  level: number
  kind: string
  content: { en: string; ar: string }
}
type Limits = Record<'chatAdd' | 'giftAdd' | 'callAdd', number> & Record<'chatLimit' | 'giftLimit' | 'callLimit', number | null>
interface Fixture {
  addExperienceConfig: Limits
  levels: LevelRow[]
  privileges: PrivilegeRow[]
}
interface Pair {
  level: number
  boundAt: string | null
  /** experience added by the control entry (intimacy/set), on top of what is counted */
  offset: number
}
interface Send {
  userId: number
  hostId: number
  requestId: string
  level: number
}
type Source = 'chat' | 'gift' | 'call'

/** the host's share of the intimacy gift (as for other gifts) */
const HOST_SHARE = 0.5
/** the chat attachment of a level-up in /talk (plugins/message reads it) */
export const UPGRADE_ATTACH = 'INTIMACY_UPGRADE'

const config = (): Fixture => fixture<Fixture>('intimacy.json')
const refuse = (msg: string) => new EndpointError(Code.refused, msg)
const pairKey = (userId: number, hostId: number) => `${userId}:${hostId}`
const pairs = (ctx: HarnessContext): Record<string, Pair> => ctx.db.get('intimacy').value()
const pairOf = (ctx: HarnessContext, userId: number, hostId: number): Pair => pairs(ctx)[pairKey(userId, hostId)] ?? { level: 0, boundAt: null, offset: 0 }
const savePair = (ctx: HarnessContext, userId: number, hostId: number, p: Pair) => ctx.db.set('intimacy', { ...pairs(ctx), [pairKey(userId, hostId)]: p }).write()
const dayOf = (at: string | number) => new Date(at).toISOString().slice(0, 10)
const capped = (n: number, limit: number | null) => (limit != null && limit > 0 ? Math.min(n, limit) : n)

const hostOf = (ctx: HarnessContext, id: unknown): UserRow => {
  const h = ctx.userById(Number(id))
  if (!h || (h.userType !== 2 && h.userType !== 3)) throw refuse(`no host ${id}`)
  return h
}

/** raw experience of one pair per day and source, before the daily limits */
function rawByDay(ctx: HarnessContext, user: UserRow, host: UserRow, add: Limits) {
  const days = new Map<string, Record<Source, number>>()
  const at = (day: string) => {
    if (!days.has(day)) days.set(day, { chat: 0, gift: 0, call: 0 })
    return days.get(day)!
  }
  const giftDiamonds = new Map<string, number>()
  for (const r of collection(ctx, 'ledger').value()) {
    if (r.userId !== user.userId) continue
    if (r.reason === GiftLedgerReason.send && r.hostId === host.userId) giftDiamonds.set(dayOf(r.at), (giftDiamonds.get(dayOf(r.at)) ?? 0) - r.delta)
    if (r.reason === 'call' && r.peerId === host.userId) at(dayOf(r.at)).call += add.callAdd
  }
  for (const [day, diamonds] of giftDiamonds) at(day).gift += Math.floor(diamonds / 10) * add.giftAdd
  for (const m of mediaOf(ctx).im()?.history(user.yxAccid, host.yxAccid) ?? []) {
    if (m.senderId === user.yxAccid && Number(m.messageType) === 0) at(dayOf(m.createTime)).chat += add.chatAdd
  }
  return days
}

/** the pair's total experience and today's, each source capped by its daily limit */
export function experienceOf(ctx: HarnessContext, user: UserRow, host: UserRow, now = Date.now()) {
  const add = config().addExperienceConfig
  const today = { chat: 0, gift: 0, call: 0 }
  let total = pairOf(ctx, user.userId, host.userId).offset
  for (const [day, raw] of rawByDay(ctx, user, host, add)) {
    const got = { chat: capped(raw.chat, add.chatLimit), gift: capped(raw.gift, add.giftLimit), call: capped(raw.call, add.callLimit) }
    total += got.chat + got.gift + got.call
    if (day === dayOf(now)) Object.assign(today, got)
  }
  return { total: Math.max(0, total), today }
}

const svg = (body: string) => `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">${body}</svg>`)}`
const HEART = 'M24 41S7 30.5 7 18.5A9 9 0 0 1 24 13a9 9 0 0 1 17 5.5C41 30.5 24 41 24 41z'
const giftIcon = (color: string) => svg(`<circle cx="24" cy="24" r="22" fill="${color}" opacity=".18"/><path d="${HEART}" fill="${color}"/><circle cx="24" cy="21" r="5" fill="#fff" opacity=".8"/>`)
const PRIVILEGE_COLORS: Record<string, string> = { badge: '#ff5a8a', chat: '#3fa7ff', enter: '#46d39a', frame: '#ffb13b', crown: '#a66bff' }
const privilegeIcon = (kind: string) => svg(`<rect x="2" y="2" width="44" height="44" rx="14" fill="${PRIVILEGE_COLORS[kind] ?? '#ff5a8a'}"/><path d="${HEART}" transform="translate(8 9) scale(.66)" fill="#fff"/>`)

function privilegeList(lang: 'en' | 'ar') {
  return config().privileges.map((p) => ({ icon: privilegeIcon(p.kind), content: p.content[lang] ?? p.content.en, level: p.level }))
}

/** d2 §3 Intimacy, as the viewer sees it with this host now */
export function intimacyView(ctx: HarnessContext, user: UserRow, host: UserRow, lang: 'en' | 'ar') {
  const c = config()
  const pair = pairOf(ctx, user.userId, host.userId)
  const next = c.levels.find((l) => l.level === pair.level + 1)
  const { total, today } = experienceOf(ctx, user, host)
  return {
    level: pair.level,
    // a full bar waits for the gift: experience shows at most what the next level needs
    experienceValue: next ? Math.min(total, next.experience) : total,
    upNeddExperienceValue: next ? next.experience : null,
    bindTime: pair.boundAt ? Math.floor((Date.now() - Date.parse(pair.boundAt)) / 3_600_000) : 0,
    anchorId: host.userId,
    avatarUrl: host.icon,
    nickname: host.nickname,
    anchorLevel: typeof host.anchorLevelName === 'string' ? host.anchorLevelName : '',
    gift: next?.gift ? { id: next.gift.id, giftSmallImg: giftIcon(next.gift.color), giftPrice: next.gift.price } : null,
    privilegeList: privilegeList(lang),
    addExperienceConfig: { ...c.addExperienceConfig, chatToday: today.chat, giftToday: today.gift, callToday: today.call },
  }
}

function info(ctx: HarnessContext, call: EndpointCall) {
  return intimacyView(ctx, call.requireUser(), hostOf(ctx, call.payload?.anchorId), langOf(call.headers))
}

/** The level-up gift: only when the bar is full, debited once per request id, then a level up told
 *  in her room and in their chat. Not enough diamonds answers the string diamond.not.enough (d2 §7). */
function sendGift(ctx: HarnessContext, call: EndpointCall): string {
  const user = call.requireUser()
  const host = hostOf(ctx, call.payload?.anchorId)
  const requestId = typeof call.payload?.requestId === 'string' && /^[\w-]{1,64}$/.test(call.payload.requestId) ? call.payload.requestId : null
  if (!requestId) throw refuse('requestId is required')
  if (Number(call.payload?.giftNum ?? 1) !== 1) throw refuse('giftNum must be 1')
  const sends: Send[] = ctx.db.get('intimacySends').value()
  if (sends.some((s) => s.userId === user.userId && s.requestId === requestId)) return 'success'
  const pair = pairOf(ctx, user.userId, host.userId)
  const next = config().levels.find((l) => l.level === pair.level + 1)
  if (!next?.gift) throw refuse('intimacy is at its maximum level')
  if (Number(call.payload?.giftId) !== next.gift.id) throw refuse(`the gift of level ${next.level} is ${next.gift.id}`)
  if (experienceOf(ctx, user, host).total < next.experience) throw refuse('This gift can only be gifted when intimacy is full')
  const key = `intimacy:${requestId}`
  try {
    ctx.move(user.userId, -next.gift.price, IntimacyLedgerReason.gift, { key, hostId: host.userId, giftId: next.gift.id, level: next.level })
  } catch (err) {
    if (err instanceof EndpointError && err.code === Code.notEnough) return Msg.notEnough
    throw err
  }
  ctx.move(host.userId, Math.floor(next.gift.price * HOST_SHARE), IntimacyLedgerReason.income, { key, fromUserId: user.userId, giftId: next.gift.id })
  ctx.db.get('intimacySends').push({ userId: user.userId, hostId: host.userId, requestId, level: next.level } satisfies Send).write()
  savePair(ctx, user.userId, host.userId, { ...pair, level: next.level, boundAt: pair.boundAt ?? new Date().toISOString() })
  ctx.push(user.userId, 'user.balance', { diamondNum: ctx.userById(user.userId)!.diamondNum, reason: 'intimacy' })
  tellUpgrade(ctx, ctx.userById(user.userId)!, host, next.level)
  return 'success'
}

/** the level-up line: an intimacyUpgrade record in her room, an attachment in their chat */
function tellUpgrade(ctx: HarnessContext, user: UserRow, host: UserRow, level: number) {
  chatRoomsOf(ctx).post(liveChatRoomOf(host.userId), {
    from: user.yxAccid ?? String(user.userId),
    fromNick: user.nickname,
    custom: { type: 'intimacyUpgrade', text: String(level), fromNick: user.nickname, userLevel: Number(user.userLevel ?? 0), level },
  })
  mediaOf(ctx).im()?.send(host.yxAccid, user.yxAccid, { messageType: 100, attachment: { raw: JSON.stringify({ attachType: UPGRADE_ATTACH, level, anchorId: host.userId }) } })
}

/** control: the pair's experience (and level) set, the counted part kept (an offset makes up the rest) */
function setPair(ctx: HarnessContext, body: any) {
  const user = ctx.userById(Number(body?.userId))
  if (!user || user.userType === 2 || user.userType === 3) throw refuse(`no viewer ${body?.userId}`)
  const host = hostOf(ctx, body?.hostId)
  const levels = config().levels
  const pair = pairOf(ctx, user.userId, host.userId)
  const level = body?.level == null ? pair.level : Number(body.level)
  if (!levels.some((l) => l.level === level)) throw refuse(`level is one of ${levels.map((l) => l.level).join(', ')}`)
  const wanted = Math.max(0, Math.floor(Number(body?.experience) || 0))
  const counted = experienceOf(ctx, user, host).total - pair.offset
  savePair(ctx, user.userId, host.userId, { level, boundAt: level > 0 ? (pair.boundAt ?? new Date().toISOString()) : null, offset: wanted - counted })
  return intimacyView(ctx, user, host, 'en')
}

/** each level-up paid once per pair and level, and each payment has its recorded send */
function levelsPaidOnce(state: Record<string, any>): string[] {
  const problems: string[] = []
  const sends = new Set(((state.intimacySends ?? []) as Send[]).map((s) => `${s.userId}:intimacy:${s.requestId}`))
  const paid = new Set<string>()
  for (const r of (state.ledger ?? []) as LedgerEntry[]) {
    if (r.reason !== IntimacyLedgerReason.gift) continue
    const level = `${r.userId}:${r.hostId}:${r.level}`
    if (paid.has(level)) problems.push(`intimacy level ${r.level} of user ${r.userId} with host ${r.hostId} paid twice (row ${r.id})`)
    paid.add(level)
    if (!sends.has(`${r.userId}:${r.key}`)) problems.push(`intimacy row ${r.id} (user ${r.userId}) paid a level-up that is not recorded`)
  }
  return problems
}

export default defineFake({
  paidFor: levelsPaidOnce,
  seed(db) {
    db.intimacy = {}
    db.intimacySends = []
  },
  endpoints: {
    [IntimacyPaths.info]: info,
    [IntimacyPaths.add]: info,
    [IntimacyPaths.privileges]: (ctx, call) => (call.requireUser(), { privilegeList: privilegeList(langOf(call.headers)) }),
    [IntimacyPaths.sendGift]: sendGift,
  },
  control: {
    'intimacy/set': setPair,
    'intimacy/pairs': (ctx) => Object.entries(pairs(ctx)).map(([k, p]) => ({ pair: k, ...p })),
  },
  controlInfo: {
    'intimacy/set': {
      title: "Set a pair's intimacy",
      description: 'experience in total (what chats, gifts and calls counted is kept; an offset makes up the rest) and optionally the level (0 = not bound)',
      body: { userId: 100001, hostId: 200001, experience: 100, level: 0 },
    },
    'intimacy/pairs': { title: 'Intimacy pairs', description: 'level, bind time and offset of every pair touched', list: { columns: ['pair', 'level', 'boundAt', 'offset'] } },
  },
})
