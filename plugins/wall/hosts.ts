// Server rows -> the wall's Host, and the status words. Kept apart from the store so the
// mapping rules (d1 §3 grades, d1 §4 statuses) sit in one small place.
import { safeImageUrl } from '../../kernel/url.ts'
import { HostStatus, mapPushedStatus, statusWord, type Host, type HostGrade, type HostStatusWord } from './api.ts'

/** d1 §3: 1 S, 2 A, 3 B, 4 C, 5 D, 6 F, 7 SS, 8 NEW */
const gradeByLevel: Record<number, HostGrade> = { 1: 'S', 2: 'A', 3: 'B', 4: 'C', 5: 'D', 6: 'F', 7: 'SS', 8: 'NEW' }
const grades = /* @__PURE__ */ new Set<string>(/* @__PURE__ */ Object.values(gradeByLevel))


/** A pushed status (d1 §4 pushed codes) as a word; null for a code that means nothing (NET-08). */
export function pushedWordOf(code: unknown, live?: unknown): HostStatusWord | null {
  if (live !== true && live !== 1 && (code === null || code === undefined || code === '' || typeof code === 'object')) return null
  const v = mapPushedStatus(code, live)
  if (v === HostStatus.live) return 'live'
  if (v === HostStatus.online) return 'online'
  if (v === HostStatus.busy) return 'busy'
  if (v === HostStatus.offline) return 'offline'
  return null
}

function gradeOf(row: Record<string, unknown>): HostGrade | null {
  const name = String(row.anchorLevelName ?? row.levelName ?? '').toUpperCase()
  if (grades.has(name)) return name as HostGrade
  return gradeByLevel[Number(row.anchorLevel)] ?? null
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null
  const n = Number(v)
  return Number.isFinite(n) ? n : null
}

/** A host list row (anchorList, recommendations) as a Host; null when it names no host. */
export function hostFromRow(raw: unknown): Host | null {
  if (!raw || typeof raw !== 'object') return null
  const row = raw as Record<string, unknown>
  const userId = num(row.userId)
  if (userId === null || !Number.isInteger(userId) || userId <= 0) return null
  const vo = row.agoraLiveSimpleVO && typeof row.agoraLiveSimpleVO === 'object' ? (row.agoraLiveSimpleVO as Record<string, unknown>) : null
  const host: Host = {
    userId,
    yxAccid: typeof row.yxAccid === 'string' ? row.yxAccid : '',
    nickname: typeof row.nickname === 'string' ? row.nickname : '',
    icon: safeImageUrl(row.icon),
    age: num(row.age),
    countryId: num(row.countryId),
    grade: gradeOf(row),
    videoPrice: num(row.videoPrice) ?? 0,
    status: statusWord(row.onlineStatus ?? row.status, row.live),
  }
  if (typeof row.countryCode === 'string' && /^[A-Za-z]{2}$/.test(row.countryCode)) host.countryCode = row.countryCode.toUpperCase()
  if (vo && typeof vo.agoraChannelId === 'string') host.liveChannelId = vo.agoraChannelId
  if (vo && num(vo.joinNum) !== null) host.liveViewers = num(vo.joinNum)!
  return host
}

/** Rows of a list answer: { list: [...] } (the harness), or a bare array. */
export function rowsOf(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer
  if (answer && typeof answer === 'object') {
    const a = answer as Record<string, unknown>
    for (const k of ['list', 'records', 'anchorList', 'rows']) if (Array.isArray(a[k])) return a[k] as unknown[]
  }
  return []
}
