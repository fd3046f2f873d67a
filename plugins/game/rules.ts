// The games' rules (ENG-07), pure so tests prove them without a frame: the loading progress, which
// messages a game may send, and how a game's frame is set up (which URL, which sandbox, which origin
// its messages must come from, and whether the user's IM token and id go with it).

/** d3 §9: the loading climbs every 500 ms by a random 15-24, to at most 99 until the game has loaded */
export const PROGRESS_STEP_MS = 500
export const PROGRESS_CAP = 99
/** d3 §4: the game is told the new coin balance 2500 ms after a recharge */
export const BALANCE_DELAY_MS = 2500
/** d3 §4: the mask over a game in a live room shows after 2 s */
export const LIVE_MASK_MS = 2000
/** harness decision: a game that never says it has loaded is shown anyway this long after its page
 *  loaded; one whose page never loads gets the error state with Retry */
export const LOAD_GIVE_UP_MS = 12_000

/** the next loading value: up by 15-24 (rand in [0, 1)), never past 99 */
export function nextProgress(p: number, rand: number): number {
  const step = 15 + Math.min(9, Math.floor(rand * 10))
  return Math.min(PROGRESS_CAP, p + step)
}

/** what a game may tell the app */
export type GameEvent = 'recharge' | 'back' | 'loadDone'
const EVENTS: readonly GameEvent[] = ['recharge', 'back', 'loadDone']

/** a game's message, or null: only a plain object { event } with one of the three names and
 *  nothing else but small scalar fields (strings, JSON text, arrays, huge payloads are dropped) */
export function parseGameMessage(data: unknown): GameEvent | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null
  if (Object.getPrototypeOf(data) !== Object.prototype) return null
  const entries = Object.entries(data as Record<string, unknown>)
  if (entries.length > 8) return null
  for (const [, v] of entries) {
    if (v !== null && typeof v === 'object') return null
    if (typeof v === 'string' && v.length > 200) return null
  }
  const event = (data as { event?: unknown }).event
  return typeof event === 'string' && (EVENTS as readonly string[]).includes(event) ? (event as GameEvent) : null
}

/** what the app tells a game: the balance the server answered */
export const coinBalanceMessage = (balance: number) => ({ event: 'coinBalance', balance })

export interface FramePlan {
  /** the URL the frame loads */
  src: string
  /** the frame's sandbox: scripts always; allow-same-origin only for a listed game on the app's own origin */
  sandbox: string
  /** the origin every message must come from: the game's own, or 'null' for a foreign game, whose
   *  sandbox gives it an opaque origin */
  origin: string
  /** a listed game served from the app's own origin (its messages come from that origin) */
  own: boolean
  /** the user's IM token and id went with the URL */
  withToken: boolean
}

export interface FrameContext {
  /** the app's own origin (location.origin) */
  appOrigin: string
  /** the games the base config trusts (game_token_hosts): host names for other origins, paths on the app's own */
  tokenHosts: readonly string[]
  imToken?: string | null
  userId?: string | number | null
}

const SANDBOX_FOREIGN = 'allow-scripts allow-forms allow-pointer-lock'
const SANDBOX_OWN = `${SANDBOX_FOREIGN} allow-same-origin`

/** the frame for a game link, or null when the link may not be opened (not http(s), credentials,
 *  unparseable). A relative link is on the app's own origin. */
export function framePlan(link: unknown, ctx: FrameContext): FramePlan | null {
  if (typeof link !== 'string' || !link.trim() || /[\u0000-\u001f\u007f\\]/.test(link.trim())) return null
  let u: URL
  try {
    u = new URL(link.trim(), ctx.appOrigin)
  } catch {
    return null
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
  if (u.username || u.password) return null
  // trusted only because the base config lists it, never because it is on the app's own origin
  // (an uploaded page there once read the login token from its parent)
  const withToken = listedGame(u, ctx)
  const own = withToken && u.origin === ctx.appOrigin
  if (withToken) {
    if (ctx.imToken) u.searchParams.set('imToken', String(ctx.imToken))
    if (ctx.userId != null && ctx.userId !== '') u.searchParams.set('userId', String(ctx.userId))
  } else {
    // a link that came with them (an older backend link) does not pass them on to a host not allowed
    u.searchParams.delete('imToken')
    u.searchParams.delete('userId')
  }
  return { src: u.href, sandbox: own ? SANDBOX_OWN : SANDBOX_FOREIGN, origin: own ? u.origin : 'null', own, withToken: withToken && !!ctx.imToken }
}

/**
 * A game the base config lists (game_token_hosts): a host name or '.example.com' for another
 * origin; a path ('/games/') for a page on the app's own origin, which a host name never covers.
 * An escaped slash, backslash or dot in the path (a way around the prefix) is never listed.
 */
function listedGame(u: URL, ctx: FrameContext): boolean {
  const own = u.origin === ctx.appOrigin
  return ctx.tokenHosts.some((entry) => {
    const e = entry.trim()
    if (!e.startsWith('/')) return !own && tokenHostAllowed(u.hostname, [e])
    return own && e.endsWith('/') && u.pathname.startsWith(e) && !/%(2f|5c|2e)/i.test(u.pathname)
  })
}

/** exact host names, or '.example.com' for its subdomains */
export function tokenHostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase()
  return allowed.some((a) => {
    const x = a.trim().toLowerCase()
    return !!x && (x.startsWith('.') ? h.endsWith(x) && h.length > x.length : h === x)
  })
}

/** the base config's comma list of token hosts */
export const tokenHostsOf = (value: unknown): string[] => String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean)

/** the games grouped by category, in the order of their best priority */
export function groupGames<G extends { gameCategories?: string; gameCategoriesName?: string; priority?: number }>(games: G[]): Array<{ key: string; name: string; games: G[] }> {
  const groups = new Map<string, { key: string; name: string; games: G[] }>()
  for (const g of [...games].sort((a, b) => (a.priority ?? 99) - (b.priority ?? 99))) {
    const key = g.gameCategories || 'other'
    if (!groups.has(key)) groups.set(key, { key, name: g.gameCategoriesName || key, games: [] })
    groups.get(key)!.games.push(g)
  }
  return [...groups.values()]
}
