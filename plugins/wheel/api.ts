// The wheel's wire shapes (LIVE-10) and their guards (kernel/guard.ts): what the config and the
// spin answer may hold. A sector without a prize is left out; a spin without a sector lands nowhere.
import { bool, int, list, num, obj, or } from '../../kernel/guard.ts'

/** at most this many sectors are drawn */
const MAX_SECTORS = 16

/** the config answer of a host's wheel */
export const wheelConfigAnswer = obj({
  anchorId: or(int, undefined),
  price: or(num, 0),
  wheelEnabled: or(bool, false),
  wheelSectorList: or(list(obj({ sectorId: or(int, undefined), prize: num }), MAX_SECTORS), []),
})

/** the spin answer: the sector it stopped on, the prize and the new balance */
export const spinAnswer = obj({
  sectorIndex: int,
  prize: or(num, 0),
  diamondNum: or(num, undefined),
})
