// The rankings' rules (d2 §3, §4.7, §5, §9), one answer each, pure so tests can prove them.
import { hostRankAnswer, RANK_CAP, rankRow, weeklyTaskAnswer, type HostRankAnswer, type RankEntry } from './api.ts'

/** the Week tab's podium holds the first 3; 97 rows follow it */
const PODIUM = 3
/** today and week are fetched this long after now (d2 §4.7) */
export const LATER_PERIODS_MS = 500
/** the refresh flag clears this long after loading */
export const REFRESH_CLEAR_MS = 1500
/** the task bar animates this long after opening */
export const TASK_ANIMATE_MS = 3000
export const FOLLOW_DEBOUNCE_MS = 1000
/** the user card's gift wall scrolls with arrows above this many gifts */
export const WALL_ARROWS_ABOVE = 5

/** diamonds: plain under 1000, k under 1,000,000, else m, one decimal (d2 §3 Rank entry) */
export function abbreviate(n: unknown): string {
  const v = Number(n)
  if (!Number.isFinite(v) || v <= 0) return '0'
  const one = (x: number) => String(Math.floor(x * 10) / 10)
  if (v < 1000) return String(Math.floor(v))
  if (v < 1_000_000) return `${one(v / 1000)}k`
  return `${one(v / 1_000_000)}m`
}

/** one rank entry as it came, made safe by its guard (api.ts): missing fields get their empty value */
function toEntry(raw: unknown): RankEntry | null {
  const r = rankRow(raw)
  if (!r) return null
  const { nickName, userLevelName, ...entry } = r
  return { ...entry, nickname: r.nickname ?? nickName ?? '', userLevelName: userLevelName ?? String(r.userLevel) }
}

/** the viewers answer: the rows that are whole, at most 100 */
export function viewerRows(raw: unknown): RankEntry[] {
  return (Array.isArray(raw) ? raw.slice(0, RANK_CAP) : []).map(toEntry).filter((e): e is RankEntry => !!e)
}

/** a rank answer: the list (at most 100) and the caller's own entry (the last item) */
export function splitRankAnswer(raw: unknown): { rows: RankEntry[]; me: RankEntry | null } {
  if (!Array.isArray(raw) || raw.length === 0) return { rows: [], me: null }
  const all = raw.map(toEntry)
  const me = all[all.length - 1]
  const rows = all
    .slice(0, -1)
    .filter((e): e is RankEntry => !!e)
    .slice(0, RANK_CAP)
    .map((e, i) => ({ ...e, rank: i + 1 }))
  return { rows, me }
}

/** the podium of the Week tab, shown 2nd, 1st, 3rd; the rest after it */
export function podiumOf<T>(rows: T[]): { podium: Array<{ entry: T; place: number }>; rest: T[] } {
  const top = rows.slice(0, PODIUM)
  const order = [1, 0, 2].filter((i) => i < top.length)
  return { podium: order.map((i) => ({ entry: top[i], place: i + 1 })), rest: rows.slice(PODIUM, RANK_CAP) }
}

/** crowns for ranks 1-3 when there is spend (d2 §2.4) */
export const crownOf = (rank: number, costNum: number): 1 | 2 | 3 | null => (rank >= 1 && rank <= 3 && costNum > 0 ? (rank as 1 | 2 | 3) : null)

export interface Task {
  taskValue: number
  taskCondition: number
  finished: number
}

/** d2 §4.7: the first unfinished task (smallest condition first) and its percent; all finished:
 *  the last task at 100 % */
export function taskProgress(list: unknown): { task: Task; percent: number } | null {
  const tasks = (weeklyTaskAnswer({ taskList: list })?.taskList ?? []).filter((t) => t.taskCondition > 0).sort((a, b) => a.taskCondition - b.taskCondition)
  if (!tasks.length) return null
  const open = tasks.find((t) => !t.finished && t.taskValue < t.taskCondition)
  if (!open) return { task: tasks[tasks.length - 1], percent: 100 }
  return { task: open, percent: Math.max(0, Math.min(100, Math.floor((open.taskValue / open.taskCondition) * 100))) }
}

/** follow, message and open-profile apply only to host cards (userType 2 or 3, d2 §5) */
export const isHostType = (userType: unknown) => Number(userType) === 2 || Number(userType) === 3

/** a host rank answer made safe: at most 100 rows, numbers where numbers belong */
export function toHostRank(raw: unknown): HostRankAnswer {
  return hostRankAnswer(raw) ?? { anchorReceiveRankList: [], costNum: 0, currentAnchorRank: null }
}
