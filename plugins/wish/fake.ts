// The wishful gifts' slice of the harness (LIVE-09): a few wishes per host (a gift and a goal),
// their progress counted from the ledger's gift.send rows in the host's room since her live
// started (or since the wishes were set, if later), the room's liveWishList and clickAgreement
// (plugins/live/fake.ts puts them in the enter answer), the agreement call, and the room message
// 80 with the new list whenever a gift moves one of her wishes. Decisions: harness/README.md
// "Wishful gifts".
import { Code } from '../../kernel/protocol/envelope.ts'
import { chatRoomsOf, collection, defineFake, type EndpointCall, EndpointError, type HarnessContext, type UserRow } from '../../harness/slice-kit.ts'
import { GiftLedgerReason } from '../gift/api.ts'
import { catalogue, giftView } from '../gift/fake-api.ts'
import { liveChatRoomOf } from '../live/api.ts'
import { WISH_UPDATE, WishPaths } from './paths.ts'

interface Goal {
  giftId: number
  /** the wish's goal: this many of the gift */
  giftNum: number
}
interface HostWishes {
  goals: Goal[]
  /** when they were set (ISO); null: the defaults, counted from the live's start */
  setAt: string | null
}

/** the gifts the default wishes pick from (cheap to dear) */
const DEFAULT_GIFTS = [1002, 1003, 1004, 1005, 1006, 1007, 1008]
const DEFAULT_GOALS = [10, 5, 2]
const MAX_GOALS = 10
const AGREED = 'wishAgreement'

/** three wishes per host, picked by her id: a cheap one wanted often, a dearer one five times, a dear one twice */
export const defaultGoals = (hostId: number): Goal[] => [0, 1, 3].map((step, i) => ({ giftId: DEFAULT_GIFTS[(hostId % 4) + step], giftNum: DEFAULT_GOALS[i] }))

const refuse = (msg: string) => new EndpointError(Code.refused, msg)
const table = (ctx: HarnessContext): Record<string, HostWishes> => ctx.db.get('wishes').value() ?? {}
const wishesOf = (ctx: HarnessContext, hostId: number): HostWishes => table(ctx)[hostId] ?? { goals: defaultGoals(hostId), setAt: null }

const hostOf = (ctx: HarnessContext, id: unknown): UserRow => {
  const h = ctx.userById(Number(id))
  if (!h || (h.userType !== 2 && h.userType !== 3)) throw refuse(`no host ${id}`)
  return h
}

/** gifts of each kind sent in her room (scene LIVE) since the live started or the wishes were set */
function countsOf(ctx: HarnessContext, host: UserRow, setAt: string | null): Map<number, number> {
  const since = [typeof host.liveSince === 'string' ? host.liveSince : '', setAt ?? ''].sort().pop()!
  const roomId = liveChatRoomOf(host.userId)
  const counts = new Map<number, number>()
  for (const r of collection(ctx, 'ledger').value()) {
    if (r.reason !== GiftLedgerReason.send || r.hostId !== host.userId || r.roomId !== roomId || r.at < since) continue
    counts.set(Number(r.giftId), (counts.get(Number(r.giftId)) ?? 0) + Number(r.count ?? 0))
  }
  return counts
}

/** d2 §3 liveWishList: the gift's fields, the goal (giftNum) and the count so far (compelteGiftNum, capped at the goal) */
export function wishListOf(ctx: HarnessContext, hostId: number, lang: 'en' | 'ar' = 'en') {
  const host = hostOf(ctx, hostId)
  const { goals, setAt } = wishesOf(ctx, host.userId)
  const counts = countsOf(ctx, host, setAt)
  const gifts = catalogue()
  return goals.flatMap((g) => {
    const gift = gifts.find((x) => x.id === g.giftId)
    if (!gift) return []
    const { giftId, giftName, giftSmallImg, giftPrice } = giftView(ctx, gift, lang, 0)
    return [{ giftId, giftName, giftSmallImg, giftPrice, giftNum: g.giftNum, compelteGiftNum: Math.min(g.giftNum, counts.get(g.giftId) ?? 0) }]
  })
}

/** d2 §3 clickAgreement: 1 once the viewer recorded the wishful-gift agreement */
export const agreementOf = (user: UserRow | null) => (user && user[AGREED] === 1 ? 1 : 0)

/** the room message 80 with the host's list (names left out: the message is the same for every language) */
function tellRoom(ctx: HarnessContext, hostId: number) {
  const host = hostOf(ctx, hostId)
  const liveWishList = wishListOf(ctx, hostId).map(({ giftName: _name, ...w }) => w)
  chatRoomsOf(ctx).post(liveChatRoomOf(hostId), { from: host.yxAccid, fromNick: host.nickname, custom: { type: WISH_UPDATE, anchorId: hostId, liveWishList }, ext: { isHost: true } })
  return liveWishList
}

function agree(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  if (user[AGREED] !== 1) ctx.db.get('users').find({ userId: user.userId }).assign({ [AGREED]: 1 }).write()
  return { clickAgreement: 1 }
}

function setWishes(ctx: HarnessContext, body: any) {
  const host = hostOf(ctx, body?.hostId)
  const known = new Set(catalogue().map((g) => g.id))
  const goals: Goal[] = (Array.isArray(body?.wishes) ? body.wishes : [])
    .map((w: any) => ({ giftId: Number(w?.giftId), giftNum: Math.floor(Number(w?.giftNum)) }))
    .filter((g: Goal) => known.has(g.giftId) && g.giftNum >= 1 && g.giftNum <= 9999)
    .slice(0, MAX_GOALS)
  ctx.db.set('wishes', { ...table(ctx), [host.userId]: { goals, setAt: new Date().toISOString() } satisfies HostWishes }).write()
  return { hostId: host.userId, liveWishList: tellRoom(ctx, host.userId) }
}

/** the hosts whose wishes the new gift.send rows moved get the room message; the ledger found when
 *  the harness starts is history (read now, not at the first tick, so a gift sent before it counts),
 *  a new one (a reset) is read from its first row */
function createWatcher(ctx: HarnessContext) {
  let rows = collection(ctx, 'ledger').value()
  let seen = rows.length
  return () => {
    const ledger = collection(ctx, 'ledger').value()
    if (ledger !== rows || ledger.length < seen) {
      seen = 0
      rows = ledger
    }
    const moved = new Set<number>()
    for (; seen < ledger.length; seen++) {
      const r = ledger[seen]
      const hostId = Number(r.hostId)
      if (r.reason !== GiftLedgerReason.send || r.roomId !== liveChatRoomOf(hostId) || moved.has(hostId)) continue
      if (wishesOf(ctx, hostId).goals.some((g) => g.giftId === Number(r.giftId))) moved.add(hostId)
    }
    for (const id of moved) tellRoom(ctx, id)
  }
}

/** how often the ledger is looked at for gifts that moved a wish */
const WATCH_MS = 250

export default defineFake({
  seed(db) {
    db.wishes = {}
  },
  endpoints: {
    [WishPaths.agreement]: agree,
  },
  control: {
    'wish/set': setWishes,
    'wish/list': (ctx, body, params) => {
      const hostId = hostOf(ctx, body?.hostId ?? params.get('hostId')).userId
      return { hostId, liveWishList: wishListOf(ctx, hostId) }
    },
    'wish/agreement': (ctx, body) => {
      const u = ctx.userById(Number(body?.userId))
      if (!u) throw refuse(`no user ${body?.userId}`)
      ctx.db.get('users').find({ userId: u.userId }).assign({ [AGREED]: body?.agreed === false ? 0 : 1 }).write()
      return { userId: u.userId, clickAgreement: agreementOf(ctx.userById(u.userId)) }
    },
  },
  controlInfo: {
    'wish/set': { title: 'Set a host\'s wishes', description: 'gift ids and goals (giftNum); counting starts now; the room gets message 80', tab: 'hosts', body: { hostId: 200002, wishes: [{ giftId: 1001, giftNum: 2 }, { giftId: 1005, giftNum: 5 }] } },
    'wish/list': { title: 'A host\'s wishes and their counts', description: 'GET ?hostId= or POST {hostId}', tab: 'hosts', body: { hostId: 200002 } },
    'wish/agreement': { title: 'A viewer\'s wishful-gift agreement', description: 'agreed false: the agree popup shows again', tab: 'viewers', body: { userId: 100001, agreed: false } },
  },
  start(ctx) {
    const watch = createWatcher(ctx)
    const timer = setInterval(() => {
      try {
        watch()
      } catch (err) {
        ctx.log('wish watcher failed', err)
      }
    }, WATCH_MS)
    timer.unref?.()
    return () => clearInterval(timer)
  },
})
