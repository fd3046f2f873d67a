// The gift list as the app uses it (d2 §2.3, §3 Gift): the server's groups keyed Popular,
// Exclusive and 'Lucky Gift' read into tabs. What the app cannot send safely is left out (an
// unknown category or giftTypeV2, a gift without an id or a price); a missing or unsafe picture
// becomes a placeholder, so a bad list never breaks the grid.

export const TABS = ['Popular', 'Exclusive', 'Lucky Gift'] as const
export type GiftTab = (typeof TABS)[number]

/** d2 §3 giftTypeV2 values the app knows: 1 plain, 2 lucky, 5 sticker, 6 lucky box */
export const GiftType = { plain: 1, lucky: 2, sticker: 5, box: 6 } as const
const KNOWN_TYPES = new Set<number>(Object.values(GiftType))

export interface Gift {
  id: number
  name: string
  /** a safe picture URL, or '' for the placeholder */
  img: string
  price: number
  type: number
  tab: GiftTab
  level: number
  unlocked: boolean
  /** lucky gifts: the reward pool's template */
  tempId?: string
  /** full-screen gifts: the animation file */
  animation?: string
}

export type Catalogue = Record<GiftTab, Gift[]>

const safeUrl = (v: unknown) => (typeof v === 'string' && /^(https?:\/\/|\/(?!\/))/.test(v) ? v : '')

function toGift(raw: unknown, tab: GiftTab): Gift | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Record<string, unknown>
  const id = Number(r.id ?? r.giftId)
  const price = Number(r.giftPrice)
  const type = Number(r.giftTypeV2 ?? GiftType.plain)
  if (!Number.isInteger(id) || id <= 0 || !Number.isInteger(price) || price < 0 || !KNOWN_TYPES.has(type)) return null
  return {
    id,
    name: typeof r.giftName === 'string' ? r.giftName.slice(0, 40) : typeof r.name === 'string' ? r.name.slice(0, 40) : '',
    img: safeUrl(r.giftSmallImg) || safeUrl(r.giftImg),
    price,
    type,
    tab,
    level: Number(r.level) || 0,
    unlocked: r.unlock == null ? true : Number(r.unlock) === 1,
    ...(typeof r.tempId === 'string' && r.tempId && { tempId: r.tempId }),
    ...(safeUrl(r.giftAnimation) && { animation: safeUrl(r.giftAnimation) }),
  }
}

/** the answer of the gift list (groups keyed by category, or a list of { category, list }) as tabs */
export function readCatalogue(answer: unknown): Catalogue {
  const out: Catalogue = { Popular: [], Exclusive: [], 'Lucky Gift': [] }
  const groups: Array<[string, unknown]> = Array.isArray(answer)
    ? answer.map((g) => [String((g as { category?: unknown })?.category ?? ''), (g as { list?: unknown })?.list])
    : answer && typeof answer === 'object'
      ? Object.entries(answer)
      : []
  for (const [name, list] of groups) {
    const tab = TABS.find((t) => t === name)
    if (!tab || !Array.isArray(list)) continue
    for (const raw of list) {
      const g = toGift(raw, tab)
      if (g && !out[tab].some((o) => o.id === g.id)) out[tab].push(g)
    }
  }
  return out
}

/** the tabs the panel shows: lucky only when lucky gifts exist and not in half-message mode (d2 §4.4) */
export function visibleTabs(c: Catalogue, halfMessage = false): GiftTab[] {
  return TABS.filter((t) => (t === 'Lucky Gift' ? c[t].length > 0 && !halfMessage : true))
}

export const isLucky = (g: Gift) => g.tab === 'Lucky Gift' || !!g.tempId

/** a gift of the catalogue by id, in any tab */
export const findGift = (c: Catalogue, id: number): Gift | undefined => TABS.map((t) => c[t].find((g) => g.id === id)).find(Boolean)
