// The games' and free coins' slice of the harness: the half and full game lists, a game by id, the
// rank, recommended and recently played lists, the banners (ENG-07); the game provider (its pages
// and its spend entry, control entries served to any address, as a provider's would be); the
// free-coin tasks (ENG-10). Every diamond moves through the ledger with a key, so a repeated or
// concurrent request never moves it twice. Decisions: harness/README.md "Games and free coins".
import { Code, Msg } from '../../kernel/protocol/envelope.ts'
import { defineFake, type EndpointCall, EndpointError, fixture, type HarnessContext, langOf, type UserRow } from '../../harness/slice-kit.ts'
import { awayPage, BETS, GAME_MODES, gamePage, jsonReply, type GameKind, type GameMode } from './fake-games.ts'
import { freeControls, freeEndpoints, freeSeed } from './fake-free.ts'
import { GamePath, HarnessGame } from './paths.ts'

/** a text of the provider's in each language the app speaks (a name, a category) */
type Named = { en: string; ar: string }
/** in the request's language; a store seeded before names had languages holds plain strings */
const inLang = (v: Named | string, lang: 'en' | 'ar') => (typeof v === 'string' ? v : (v[lang] ?? v.en))

interface GameRow {
  gameId: number
  gameName: Named
  gameLink: string
  gameType: number
  gameCategories: string
  kind: GameKind
  priority: number
  [f: string]: unknown
}
interface GamesDb {
  gameList: GameRow[]
  categories: Record<string, Named>
  scrollScreen: { showTime: number; scrolls: Array<Record<string, unknown> & { gameName: Named }> }
  banners: Array<Record<string, unknown> & { title: { en: string; ar: string } }>
}
interface Play {
  userId: number
  gameId: number
  roundId: string
  bet: number
  win: number
  at: string
}

const refuse = (msg: string) => new EndpointError(Code.refused, msg)
const gamesOf = (ctx: HarnessContext): GamesDb => ctx.db.get('games').value()
/** the list the app sees: empty while control 'game/list' hides every game */
/** the control entries' state (json-server keeps objects and arrays only) */
interface GameSettings {
  hidden: boolean
  modes: Record<string, GameMode>
}
const settingsOf = (ctx: HarnessContext): GameSettings => ctx.db.get('gameSettings').value()
const listed = (ctx: HarnessContext) => (settingsOf(ctx).hidden ? [] : gamesOf(ctx).gameList)
const modeOf = (ctx: HarnessContext, gameId: number): GameMode => settingsOf(ctx).modes[gameId] ?? 'normal'
const plays = (ctx: HarnessContext): Play[] => ctx.db.get('gamePlays').value()

/** the app's row of a game: the link is absolute on this harness (a provider's URL) */
function rowOf(ctx: HarnessContext, g: GameRow, lang: 'en' | 'ar') {
  const { kind: _kind, ...rest } = g
  const cat = gamesOf(ctx).categories[g.gameCategories]
  return { ...rest, gameName: inLang(g.gameName, lang), gameLink: new URL(g.gameLink, ctx.baseUrl()).href, gameCategoriesName: cat?.[lang] ?? g.gameCategories }
}
const rows = (ctx: HarnessContext, call: EndpointCall, list: GameRow[]) => list.map((g) => rowOf(ctx, g, langOf(call.headers)))

function fullList(ctx: HarnessContext, call: EndpointCall) {
  const { showTime, scrolls } = gamesOf(ctx).scrollScreen
  const lang = langOf(call.headers)
  return { gameList: rows(ctx, call, listed(ctx)), scrollScreen: { showTime, scrolls: scrolls.map((s) => ({ ...s, gameName: inLang(s.gameName, lang) })) } }
}

/** half-screen games are those of gameType 1 (harness decision) */
const halfList = (ctx: HarnessContext, call: EndpointCall) => rows(ctx, call, listed(ctx).filter((g) => g.gameType === 1))

function byId(ctx: HarnessContext, call: EndpointCall) {
  const id = Number(call.payload?.gameId ?? call.payload?.searchValue)
  const g = listed(ctx).find((x) => x.gameId === id)
  if (!g) throw refuse('game not found')
  return rowOf(ctx, g, langOf(call.headers))
}

/** the biggest winners of the last plays, by total win */
function rank(ctx: HarnessContext) {
  const totals = new Map<number, number>()
  for (const p of plays(ctx)) totals.set(p.userId, (totals.get(p.userId) ?? 0) + p.win)
  const seeded = [
    { userId: 200001, win: 12_000 },
    { userId: 200002, win: 8_400 },
    { userId: 200003, win: 3_100 },
  ]
  for (const s of seeded) if (!totals.has(s.userId)) totals.set(s.userId, s.win)
  return [...totals]
    .filter(([, win]) => win > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([userId, win], i) => {
      const u = ctx.userById(userId)
      return { rank: i + 1, userId, nickname: u?.nickname ?? `#${userId}`, icon: u?.icon ?? '', winDiamond: win }
    })
}

function recently(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const ids = [...new Set(plays(ctx).filter((p) => p.userId === u.userId).reverse().map((p) => p.gameId))]
  const list = listed(ctx)
  return rows(ctx, call, ids.map((id) => list.find((g) => g.gameId === id)).filter((g): g is GameRow => !!g).slice(0, 6))
}

const recommend = (ctx: HarnessContext, call: EndpointCall) => rows(ctx, call, [...listed(ctx)].sort((a, b) => a.priority - b.priority).slice(0, 3))

function banners(ctx: HarnessContext, call: EndpointCall) {
  if (!listed(ctx).length) return []
  const lang = langOf(call.headers)
  return gamesOf(ctx).banners.map((b) => ({ ...b, title: b.title[lang] }))
}

// ---- the provider: pages and the spend entry ----

/** this harness under its other loopback name: another origin, for the hostile games */
function foreignBase(ctx: HarnessContext): string {
  const u = new URL(ctx.baseUrl())
  u.hostname = u.hostname === 'localhost' ? '127.0.0.1' : 'localhost'
  return u.origin
}

function play(ctx: HarnessContext, params: URLSearchParams) {
  const g = gamesOf(ctx).gameList.find((x) => x.gameId === Number(params.get('id')))
  if (!g) return awayPage(false)
  return gamePage({ gameId: g.gameId, name: inLang(g.gameName, 'en'), kind: g.kind, mode: modeOf(ctx, g.gameId), spendUrl: `${ctx.baseUrl()}/__harness/${HarnessGame.spend}`, foreignBase: foreignBase(ctx) })
}

/** what a spin pays: a wheel stop (0-5) or three symbols, and the multiplier */
function outcome(kind: GameKind, rand: () => number) {
  const r = rand()
  const multiplier = r < 0.5 ? 0 : r < 0.8 ? 1 : r < 0.95 ? 2 : 5
  if (kind === 'wheel') return { multiplier, stop: Math.floor(rand() * 6), symbols: [] as string[] }
  const faces = kind === 'dice' ? ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] : ['🍒', '🍋', '⭐', '🔔', '💎']
  const one = faces[Math.floor(rand() * faces.length)]
  const symbols = multiplier > 0 ? [one, one, kind === 'dice' ? one : faces[(faces.indexOf(one) + (multiplier > 1 ? 0 : 1)) % faces.length]] : [faces[0], faces[1], faces[2]]
  return { multiplier, stop: multiplier > 0 ? multiplier : 0, symbols }
}

/** the provider's user check: the user id and IM token the game URL carried */
function player(ctx: HarnessContext, body: any): UserRow {
  const u = ctx.userById(Number(body?.userId))
  if (!u || !u.imToken || body?.imToken !== u.imToken) throw refuse('unknown player')
  return u
}

function spend(ctx: HarnessContext, body: any) {
  try {
    const u = player(ctx, body)
    if (body.action === 'balance') return jsonReply({ balance: u.diamondNum })
    const g = listed(ctx).find((x) => x.gameId === Number(body.gameId))
    if (!g) throw refuse('game not found')
    const bet = Number(body.bet)
    const roundId = typeof body.roundId === 'string' && /^[\w-]{1,64}$/.test(body.roundId) ? body.roundId : null
    if (!BETS.includes(bet) || !roundId) throw refuse('bet and roundId are required')
    const key = `game:${g.gameId}:${roundId}`
    const earlier = plays(ctx).find((p) => p.userId === u.userId && p.gameId === g.gameId && p.roundId === roundId)
    if (earlier) return jsonReply({ balance: ctx.userById(u.userId)!.diamondNum, win: earlier.win, stop: 0, symbols: [], repeated: true })
    ctx.move(u.userId, -bet, 'game.bet', { key: `${key}:bet`, gameId: g.gameId })
    const o = outcome(g.kind, Math.random)
    const win = bet * o.multiplier
    if (win > 0) ctx.move(u.userId, win, 'game.win', { key: `${key}:win`, gameId: g.gameId })
    ctx.db.get('gamePlays').push({ userId: u.userId, gameId: g.gameId, roundId, bet, win, at: new Date().toISOString() }).write()
    const balance = ctx.userById(u.userId)!.diamondNum
    ctx.push(u.userId, 'user.balance', { diamondNum: balance, reason: 'game' })
    return jsonReply({ balance, win, stop: o.stop, symbols: o.symbols })
  } catch (err) {
    if (err instanceof EndpointError) return jsonReply(err.code === Code.notEnough ? { code: Code.notEnough, msg: Msg.notEnough } : { error: err.message })
    throw err
  }
}

export default defineFake({
  seed(db) {
    db.games = fixture('games.json')
    db.gameSettings = { hidden: false, modes: {} }
    db.gamePlays = []
    freeSeed(db)
  },
  endpoints: {
    [GamePath.fullList]: fullList,
    [GamePath.halfList]: halfList,
    [GamePath.halfById]: byId,
    [GamePath.rank]: rank,
    [GamePath.recommend]: recommend,
    [GamePath.recently]: recently,
    [GamePath.banners]: banners,
    [GamePath.pics]: (ctx) => listed(ctx).map((g) => ({ gameId: g.gameId, picUrl: g.loadingIcon })),
    ...freeEndpoints,
  },
  control: {
    [HarnessGame.page]: (ctx, _body, params) => play(ctx, params),
    [HarnessGame.spend]: (ctx, body) => spend(ctx, body),
    [HarnessGame.away]: (_ctx, _body, params) => awayPage(params.get('post') === '1'),
    // POST {gameId, mode}: how a game behaves (normal, noLoadDone, malformed, foreign, navigate)
    'game/behaviour': (ctx, body) => {
      const gameId = Number(body?.gameId)
      if (!gamesOf(ctx).gameList.some((g) => g.gameId === gameId)) throw refuse('gameId of a known game is required')
      if (!GAME_MODES.includes(body?.mode)) throw refuse(`mode is one of ${GAME_MODES.join(', ')}`)
      const s = settingsOf(ctx)
      ctx.db.set('gameSettings', { ...s, modes: { ...s.modes, [gameId]: body.mode } }).write()
      return { ok: true, gameId, mode: body.mode }
    },
    // POST {hidden}: every game list answers empty (the wall hides its Game tab)
    'game/list': (ctx, body) => {
      ctx.db.set('gameSettings', { ...settingsOf(ctx), hidden: !!body?.hidden }).write()
      return { ok: true, hidden: !!body?.hidden }
    },
    ...freeControls,
  },
  controlInfo: {
    [HarnessGame.page]: { title: 'A game page (the provider)', public: true },
    [HarnessGame.spend]: { title: 'A game spin (the provider)', public: true },
    [HarnessGame.away]: { title: 'Another site (hostile games go there)', public: true },
    'game/behaviour': { title: 'Game behaviour', description: 'normal, noLoadDone, malformed, foreign (a frame of another origin posts), navigate (leaves for another origin)', body: { gameId: 101, mode: 'noLoadDone' } },
    'game/list': { title: 'Hide every game', description: 'the lists answer empty: the Game tab hides', body: { hidden: true } },
  },
})
