// The gift list as the app uses it (d2 §2.3, §3 Gift): the server's groups keyed Popular,
// Exclusive and 'Lucky Gift' read into tabs. What the app cannot send safely is left out (an
// unknown category or giftTypeV2, a gift without an id or a price); a missing or unsafe picture
// becomes a placeholder, so a bad list never breaks the grid.

import { id, int, num, obj, or, str } from '../../kernel/guard.ts'
import { safeImageUrl } from '../../kernel/url.ts'

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

/** guard of a gift row (kernel/guard.ts), with the aliases servers send; pictures through the one URL check */
const giftRow = obj({
  id: or(int, undefined),
  giftId: or(int, undefined),
  giftPrice: int,
  giftTypeV2: or(int, GiftType.plain),
  giftName: or(str(40), undefined),
  name: or(str(40), undefined),
  giftSmallImg: or(str(2000), ''),
  giftImg: or(str(2000), ''),
  level: or(num, 0),
  unlock: or(num, 1),
  tempId: or(id(100), undefined),
  giftAnimation: or(str(2000), ''),
})

function toGift(raw: unknown, tab: GiftTab): Gift | null {
  const r = giftRow(raw)
  const id = r?.id ?? r?.giftId
  if (!r || !id || id <= 0 || r.giftPrice < 0 || !KNOWN_TYPES.has(r.giftTypeV2)) return null
  const animation = safeImageUrl(r.giftAnimation)
  return {
    id,
    name: r.giftName ?? r.name ?? '',
    img: safeImageUrl(r.giftSmallImg) || safeImageUrl(r.giftImg),
    price: r.giftPrice,
    type: r.giftTypeV2,
    tab,
    level: r.level,
    unlocked: r.unlock === 1,
    ...(r.tempId && { tempId: r.tempId }),
    ...(animation && { animation }),
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
