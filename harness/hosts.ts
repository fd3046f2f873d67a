// Simulated hosts (HAR-03, NET-08): their status lives on the user row (onlineStatus in the
// app's values -1 live, 1 online, 2 busy, 3 offline); every change is pushed to everyone as
// 'host.status' with the pushed codes of d1 §4 (1 online, 10000 busy, 3 offline, live flag).
import { HostStatus } from '../plugins/wall/api.ts'
import { pick, seededRandom, type Random } from './random.ts'
import type { HarnessContext, UserRow } from './types.ts'
import { collection } from './collections.ts'

export type StatusWord = 'live' | 'online' | 'busy' | 'offline'
const words: Record<StatusWord, number> = { live: HostStatus.live, online: HostStatus.online, busy: HostStatus.busy, offline: HostStatus.offline }

export function statusWord(status: number): StatusWord {
  // a host in a call is kept at 10000 (d1 §4 OTHER): busy
  if (status === HostStatus.other) return 'busy'
  return (Object.keys(words) as StatusWord[]).find((w) => words[w] === status) ?? 'offline'
}

/** 'live' | 'online' | 'busy' | 'offline' or -1 | 1 | 2 | 3 -> the app's value; throws on anything else */
export function parseStatus(input: unknown): number {
  if (typeof input === 'string' && input in words) return words[input as StatusWord]
  const n = Number(input)
  if (input !== '' && input != null && Object.values(words).includes(n)) return n
  throw new Error(`status must be one of live, online, busy, offline (or -1, 1, 2, 3), got ${JSON.stringify(input)}`)
}

/** The code a host.status push carries for a status. */
export function pushedCode(status: number): number {
  // busy, and the 10000 a host in a call is kept at
  if (status === HostStatus.busy || status === HostStatus.other) return 10000
  if (status === HostStatus.offline) return 3
  return 1 // online, and live (with live: true)
}

const isHost = (u: UserRow) => u.userType === 2 || u.userType === 3

export function hosts(ctx: HarnessContext): UserRow[] {
  return (collection(ctx, 'users').value()).filter(isHost)
}

export function describeHost(u: UserRow) {
  const status = Number(u.onlineStatus ?? HostStatus.offline)
  return { userId: u.userId, yxAccid: u.yxAccid, nickname: u.nickname, status: statusWord(status), onlineStatus: status }
}

/** Change one host's status, save it and push host.status to everyone. */
export function setHostStatus(ctx: HarnessContext, userId: number, status: unknown) {
  const value = parseStatus(status)
  const host = ctx.userById(userId)
  if (!host || !isHost(host)) throw new Error(`no host with userId ${userId}`)
  const change: Record<string, unknown> = { onlineStatus: value }
  if (value === HostStatus.live && host.onlineStatus !== HostStatus.live) change.liveSince = new Date().toISOString()
  ctx.db.get('users').find({ userId: host.userId }).assign(change).write()
  const live = value === HostStatus.live
  const reached = ctx.broadcast('host.status', { userId: host.userId, yxAccid: host.yxAccid, onlineStatus: pushedCode(value), live })
  return { ...describeHost({ ...host, onlineStatus: value }), pushedTo: reached }
}

/** Plausible next status: offline hosts come back online, online ones get busy, go live or leave. */
export function nextStatus(current: number, random: Random): number {
  const r = random()
  switch (current) {
    case HostStatus.offline:
      return r < 0.8 ? HostStatus.online : HostStatus.offline
    case HostStatus.online:
      return r < 0.4 ? HostStatus.busy : r < 0.55 ? HostStatus.live : r < 0.85 ? HostStatus.offline : HostStatus.online
    case HostStatus.busy:
      return r < 0.75 ? HostStatus.online : HostStatus.offline
    case HostStatus.live:
      return r < 0.6 ? HostStatus.online : HostStatus.offline
    default:
      return HostStatus.online
  }
}

export interface HostTimeline {
  /** one step: a few hosts change; returns the changes */
  tick(): Array<{ userId: number; from: number; to: number }>
  start(): void
  stop(): void
}

/** Every hostTickMs a few hosts (hostsPerTick at most) change status. Seeded by hostSeed. */
export function createHostTimeline(ctx: HarnessContext, random: Random = seededRandom(Number(ctx.settings().hostSeed ?? 1))): HostTimeline {
  let timer: ReturnType<typeof setInterval> | null = null
  const timeline: HostTimeline = {
    tick() {
      const count = 1 + Math.floor(random() * Math.max(1, Number(ctx.settings().hostsPerTick ?? 3)))
      const changes: Array<{ userId: number; from: number; to: number }> = []
      for (const host of pick(hosts(ctx), count, random)) {
        const from = Number(host.onlineStatus ?? HostStatus.offline)
        const to = nextStatus(from, random)
        if (to === from) continue
        setHostStatus(ctx, host.userId, to)
        changes.push({ userId: host.userId, from, to })
      }
      return changes
    },
    start() {
      timeline.stop()
      const every = Number(ctx.settings().hostTickMs)
      if (every > 0) {
        timer = setInterval(() => {
          try {
            timeline.tick()
          } catch (err) {
            ctx.log('host timeline tick failed:', (err as Error).message)
          }
        }, every)
        timer.unref?.()
      }
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
  return timeline
}

const gradeRank: Record<string, number> = { SS: 0, S: 1, A: 2, NEW: 3 }
const statusRank: Record<number, number> = { [HostStatus.live]: 0, [HostStatus.online]: 1, [HostStatus.busy]: 2, [HostStatus.offline]: 3 }

/** Live first, then online, busy, offline; within one status by grade, then userId. */
export function byWallOrder(a: UserRow, b: UserRow): number {
  return (
    (statusRank[Number(a.onlineStatus)] ?? 4) - (statusRank[Number(b.onlineStatus)] ?? 4) ||
    (gradeRank[String(a.anchorLevelName)] ?? 9) - (gradeRank[String(b.anchorLevelName)] ?? 9) ||
    a.userId - b.userId
  )
}

export function followedIds(ctx: HarnessContext, userId: number): Set<number> {
  return new Set(collection(ctx, 'follows').filter({ userId }).value().map((f) => f.followUserId))
}

/** A host as list endpoints answer it (wall, follow lists, recommendations). */
export function hostCard(ctx: HarnessContext, host: UserRow, followed = false) {
  const status = Number(host.onlineStatus ?? HostStatus.offline)
  const card: Record<string, unknown> = {
    userId: host.userId,
    yxAccid: host.yxAccid,
    nickname: host.nickname,
    age: host.age,
    countryId: host.countryId,
    countryCode: host.countryCode,
    icon: host.icon,
    anchorLevel: host.anchorLevel,
    anchorLevelName: host.anchorLevelName,
    levelName: host.anchorLevelName,
    videoPrice: host.videoPrice,
    onlineStatus: status,
    status,
    groupStatus: 0,
    userType: host.userType,
    followed,
  }
  if (status === HostStatus.live) {
    const channel = `live_${host.userId}`
    // the harness RTC service plays a generated stream for any channel
    card.liveUrl = `${ctx.baseUrl().replace(/^http/, 'ws')}/rtc?channel=${channel}`
    card.agoraLiveSimpleVO = { agoraChannelId: channel, joinNum: 12 + ((host.userId * 37) % 480), liveDescribe: host.liveDescribe ?? '' }
  }
  return card
}

/** Page a list: currentPage is 1-based; pageSize 1..max (default 10, the home list size; max 50
 *  unless a list's own size is larger, as the follow list's 200). */
export function page<T>(items: T[], payload: { currentPage?: unknown; pageSize?: unknown }, max = 50) {
  const currentPage = Math.max(1, Math.floor(Number(payload.currentPage) || 1))
  const pageSize = Math.min(max, Math.max(1, Math.floor(Number(payload.pageSize) || 10)))
  return { list: items.slice((currentPage - 1) * pageSize, currentPage * pageSize), currentPage, pageSize, total: items.length }
}
