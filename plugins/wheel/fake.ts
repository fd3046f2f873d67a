// The wheel's slice of the harness (LIVE-10): a config per host (price and sectors), the spin
// through the ledger under the caller's request id, the result picked from the sectors' weights
// by a seeded generator, and the win posted to the room's chat as a wheelRes record. Control
// entries switch a room's wheel (custom room messages 72 and 73), force the next result and set a
// host's sectors. Decisions: harness/README.md "Wheel".
import { Code } from '../../kernel/protocol/envelope.ts'
import { chatRoomsOf, defineFake, type EndpointCall, EndpointError, type HarnessContext, seededRandom, type UserRow } from '../../harness/slice-kit.ts'
import { WHEEL_OFF, WHEEL_ON, WheelPaths } from './paths.ts'

export interface Sector {
  sectorId: number
  /** the diamonds this sector pays */
  prize: number
  /** its share of the draw (a weight, not a percentage) */
  weight: number
}
interface WheelConfig {
  price: number
  sectors: Sector[]
}
interface Spin {
  userId: number
  hostId: number
  requestId: string
  sectorIndex: number
  prize: number
  at: string
}
/** json-server keeps objects and arrays only: per host, its config, whether it is on, a forced result */
interface WheelDb {
  configs: Record<string, WheelConfig>
  on: Record<string, boolean>
  forced: Record<string, number>
}

export const DEFAULT_SECTORS: Sector[] = [
  { sectorId: 1, prize: 10, weight: 30 },
  { sectorId: 2, prize: 50, weight: 25 },
  { sectorId: 3, prize: 20, weight: 20 },
  { sectorId: 4, prize: 100, weight: 12 },
  { sectorId: 5, prize: 30, weight: 8 },
  { sectorId: 6, prize: 200, weight: 3 },
  { sectorId: 7, prize: 500, weight: 1.5 },
  { sectorId: 8, prize: 1000, weight: 0.5 },
]
const DEFAULT_PRICE = 100

const refuse = (msg: string) => new EndpointError(Code.refused, msg)
const wheelOf = (ctx: HarnessContext): WheelDb => ctx.db.get('wheel').value()
const spins = (ctx: HarnessContext): Spin[] => ctx.db.get('wheelSpins').value()
const configOf = (ctx: HarnessContext, hostId: number): WheelConfig => wheelOf(ctx).configs[hostId] ?? { price: DEFAULT_PRICE, sectors: DEFAULT_SECTORS }
/** a room's wheel is on by default for hosts of even id (harness decision), until 72/73 say otherwise */
const isOn = (ctx: HarnessContext, hostId: number) => wheelOf(ctx).on[hostId] ?? hostId % 2 === 0

const hostOf = (ctx: HarnessContext, id: unknown): UserRow => {
  const h = ctx.userById(Number(id))
  if (!h || (h.userType !== 2 && h.userType !== 3)) throw refuse(`no host ${id}`)
  return h
}
const save = (ctx: HarnessContext, next: Partial<WheelDb>) => ctx.db.set('wheel', { ...wheelOf(ctx), ...next }).write()

/** the draw: a generator seeded by host id and the host's spin count (replayable), over the weights */
export function draw(sectors: Sector[], hostId: number, spinNo: number): number {
  const total = sectors.reduce((s, x) => s + Math.max(0, x.weight), 0)
  let r = seededRandom(hostId * 7919 + spinNo)() * total
  for (let i = 0; i < sectors.length; i++) {
    r -= Math.max(0, sectors[i].weight)
    if (r < 0) return i
  }
  return sectors.length - 1
}

function config(ctx: HarnessContext, call: EndpointCall) {
  call.requireUser()
  const h = hostOf(ctx, call.payload?.anchorId)
  const c = configOf(ctx, h.userId)
  return { anchorId: h.userId, price: c.price, wheelEnabled: isOn(ctx, h.userId), wheelSectorList: c.sectors.map(({ sectorId, prize }) => ({ sectorId, prize })) }
}

function rotate(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const h = hostOf(ctx, call.payload?.anchorId)
  const requestId = typeof call.payload?.requestId === 'string' && /^[\w-]{1,64}$/.test(call.payload.requestId) ? call.payload.requestId : null
  if (!requestId) throw refuse('requestId is required')
  const answer = (s: Spin) => ({ anchorId: h.userId, sectorIndex: s.sectorIndex, sectorId: configOf(ctx, h.userId).sectors[s.sectorIndex]?.sectorId, prize: s.prize, diamondNum: ctx.userById(u.userId)!.diamondNum })
  const earlier = spins(ctx).find((s) => s.userId === u.userId && s.requestId === requestId)
  if (earlier) return answer(earlier)
  const c = configOf(ctx, h.userId)
  if (!c.sectors.length || !isOn(ctx, h.userId)) throw refuse('the wheel is off')
  const key = `wheel:${h.userId}:${requestId}`
  ctx.move(u.userId, -c.price, 'wheel.spin', { key: `${key}:spin`, hostId: h.userId })
  const forced = wheelOf(ctx).forced[h.userId]
  const sectorIndex = forced != null && forced < c.sectors.length ? forced : draw(c.sectors, h.userId, spins(ctx).filter((s) => s.hostId === h.userId).length)
  if (forced != null) {
    const { [h.userId]: _used, ...rest } = wheelOf(ctx).forced
    save(ctx, { forced: rest })
  }
  const prize = c.sectors[sectorIndex].prize
  if (prize > 0) ctx.move(u.userId, prize, 'wheel.prize', { key: `${key}:prize`, hostId: h.userId })
  const spin: Spin = { userId: u.userId, hostId: h.userId, requestId, sectorIndex, prize, at: new Date().toISOString() }
  ctx.db.get('wheelSpins').push(spin).write()
  ctx.push(u.userId, 'user.balance', { diamondNum: ctx.userById(u.userId)!.diamondNum, reason: 'wheel' })
  chatRoomsOf(ctx).post(`room_${h.userId}`, {
    from: u.yxAccid ?? String(u.userId),
    fromNick: u.nickname,
    custom: { type: 'wheelRes', text: String(prize), fromNick: u.nickname, userLevel: u.userLevel ?? 0 },
  })
  return answer(spin)
}

/** 72 or 73 in the host's room, from the host */
function toggle(ctx: HarnessContext, body: any) {
  const h = hostOf(ctx, body?.hostId)
  const on = body?.on !== false
  save(ctx, { on: { ...wheelOf(ctx).on, [h.userId]: on } })
  chatRoomsOf(ctx).post(`room_${h.userId}`, { from: h.yxAccid ?? String(h.userId), fromNick: h.nickname, custom: { type: on ? WHEEL_ON : WHEEL_OFF }, ext: { isHost: true } })
  return { hostId: h.userId, on }
}

export default defineFake({
  seed(db) {
    db.wheel = { configs: {}, on: {}, forced: {} } satisfies WheelDb
    db.wheelSpins = []
  },
  endpoints: {
    [WheelPaths.config]: config,
    [WheelPaths.rotate]: rotate,
  },
  control: {
    'wheel/toggle': toggle,
    'wheel/force': (ctx, body) => {
      const h = hostOf(ctx, body?.hostId)
      const i = Number(body?.sectorIndex)
      if (!Number.isInteger(i) || i < 0 || i >= configOf(ctx, h.userId).sectors.length) throw refuse('sectorIndex of one of the host\'s sectors is required')
      save(ctx, { forced: { ...wheelOf(ctx).forced, [h.userId]: i } })
      return { hostId: h.userId, sectorIndex: i }
    },
    'wheel/config': (ctx, body) => {
      const h = hostOf(ctx, body?.hostId)
      const sectors: Sector[] = (Array.isArray(body?.sectors) ? body.sectors : []).map((s: any, i: number) => ({ sectorId: Number(s?.sectorId ?? i + 1), prize: Math.max(0, Math.floor(Number(s?.prize) || 0)), weight: Math.max(0, Number(s?.weight ?? 1)) }))
      const price = Math.max(1, Math.floor(Number(body?.price ?? DEFAULT_PRICE)))
      save(ctx, { configs: { ...wheelOf(ctx).configs, [h.userId]: { price, sectors } } })
      return { hostId: h.userId, price, sectors }
    },
  },
  controlInfo: {
    'wheel/toggle': { title: 'Wheel on or off', description: 'posts room message 72 (on) or 73 (off) in the host\'s room', body: { hostId: 200002, on: true } },
    'wheel/force': { title: 'Force the next wheel result', description: 'the next spin in this room stops on this sector (0-based)', body: { hostId: 200002, sectorIndex: 7 } },
    'wheel/config': { title: 'Wheel sectors of a host', description: 'price and sectors (prize, weight); an empty list: no wheel', body: { hostId: 200002, price: 100, sectors: [{ prize: 10, weight: 3 }, { prize: 500, weight: 1 }] } },
  },
})
