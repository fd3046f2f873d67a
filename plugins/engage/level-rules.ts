// d2 §5 and d3 §3: the level badge's six tiers and the name bar's colours, one answer for the app.

/** icon tiers 1-19, 20-34, 35-44, 45-49, 50-59, 60-99: 0 means no badge (level 0) */
export function badgeTier(level: number): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const lv = Math.floor(Number(level) || 0)
  if (lv < 1) return 0
  if (lv < 20) return 1
  if (lv < 35) return 2
  if (lv < 45) return 3
  if (lv < 50) return 4
  if (lv < 60) return 5
  return 6
}

export interface NameBarStyle {
  /** a plain colour (levels 1 to 45) */
  color?: string
  /** a drawn border, the 'image border' of levels 46 and up */
  border?: 'b1' | 'b2' | 'b3' | 'b4' | 'b5'
}

const COLOURS: Array<[number, string]> = [
  [1, '#9aa4b5'],
  [10, '#4fc3f7'],
  [20, '#66bb6a'],
  [30, '#ffb74d'],
  [40, '#ff7043'],
  [45, '#f06292'],
]
const BORDERS: Array<[number, NameBarStyle['border']]> = [
  [50, 'b1'],
  [55, 'b2'],
  [60, 'b3'],
  [65, 'b4'],
]

/** name-bar colours for 1, 2-10, 11-20, 21-30, 31-40, 41-45; image borders 46-50, 51-55, 56-60, 61-65, 66-999 */
export function nameBarStyle(level: number): NameBarStyle | null {
  const lv = Math.floor(Number(level) || 0)
  if (lv < 1) return null
  for (const [top, color] of COLOURS) if (lv <= top) return { color }
  for (const [top, border] of BORDERS) if (lv <= top) return { border }
  return { border: 'b5' }
}

/** d3 §3: the stage is the level divided by 10, eight stages 0-7 */
export const stageOf = (level: number) => Math.max(0, Math.min(7, Math.floor((Number(level) || 0) / 10)))

/** d1 §1, d3 §1: 1 dollar = 100 EXP */
export const EXP_PER_DOLLAR = 100
