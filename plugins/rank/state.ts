// The popups' data (LIVE-11, 12, 13): each loader holds its answer, its loading and failed flags
// as signals, so a popup draws loading, empty, error (with Retry) and the list. The viewer
// ranking loads now first, today and week 500 ms later, and keeps a refresh flag 1.5 s after
// the loads end: a period tapped meanwhile says 'loading wait click again' (d2 §4.7).
import { batch, signal, type Signal } from '@preact/signals-react'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import type { Kernel } from '../../kernel/types.ts'
import { RankPath, type FanPeriod, type HostPeriod, type RankEntry, type RoomRef } from './api.ts'
import { FOLLOW_DEBOUNCE_MS, LATER_PERIODS_MS, REFRESH_CLEAR_MS, splitRankAnswer, toHostRank, viewerRows } from './rules.ts'

/** the follow path the wall and the room use too (its payload takes both spellings) */
const FOLLOW_PATH = '/api/user/followUser'

export interface Loaded<T> {
  data: Signal<T | null>
  loading: Signal<boolean>
  failed: Signal<boolean>
  load(): Promise<void>
}

/** one request's answer as signals; a newer load wins over an older one still on its way */
export function loader<T>(fetch: () => Promise<T>): Loaded<T> {
  const data = signal<T | null>(null)
  const loading = signal(false)
  const failed = signal(false)
  let seq = 0
  return {
    data,
    loading,
    failed,
    async load() {
      const mine = ++seq
      batch(() => {
        loading.value = true
        failed.value = false
      })
      try {
        const answer = await fetch()
        if (mine === seq) data.value = answer
      } catch {
        if (mine === seq) failed.value = true
      } finally {
        if (mine === seq) loading.value = false
      }
    },
  }
}

const post = <T,>(kernel: Kernel, path: string, payload: Record<string, unknown>) => kernel.api.post<T>(path, payload, { silent: true })


export function createFanRank(kernel: Kernel, room: RoomRef, timers: Timers = realTimers) {
  const ask = (rankType: FanPeriod) =>
    loader(() => post<unknown>(kernel, RankPath.send, { rankType, dbId: room.liveId ?? room.hostId, anchorUserId: room.hostId }).then(splitRankAnswer))
  const periods: Record<FanPeriod, Loaded<{ rows: RankEntry[]; me: RankEntry | null }>> = { now: ask('now'), today: ask('today'), week: ask('week') }
  const viewers = loader(() => post<unknown>(kernel, RankPath.viewers, { anchorUserId: room.hostId, dbId: room.liveId ?? room.hostId }).then(viewerRows))
  const period = signal<FanPeriod>('now')
  const refreshing = signal(false)
  const ids: unknown[] = []

  const open = async () => {
    refreshing.value = true
    const first = periods.now.load()
    const later = new Promise<void>((done) => ids.push(timers.setTimeout(() => void Promise.all([periods.today.load(), periods.week.load()]).then(() => done()), LATER_PERIODS_MS)))
    await Promise.all([first, later])
    ids.push(timers.setTimeout(() => (refreshing.value = false), REFRESH_CLEAR_MS))
  }

  /** a period tab: refused with the spec's words while the lists load */
  const select = (p: FanPeriod): boolean => {
    if (p === period.peek()) return true
    if (refreshing.peek() || periods[p].loading.peek()) {
      kernel.overlays.toast(kernel.i18n.t('rank.waitLoading'), { type: 'warning' })
      return false
    }
    period.value = p
    return true
  }

  return {
    periods,
    viewers,
    period,
    refreshing,
    open,
    select,
    dispose: () => ids.forEach((id) => timers.clearTimeout(id)),
  }
}

export function createHostRank(kernel: Kernel, hostId: number) {
  const ask = (rankType: HostPeriod) => loader(() => post<unknown>(kernel, rankType === 'week' ? RankPath.receive : RankPath.receiveHistory, { rankType, anchorUserId: hostId }).then(toHostRank))
  return { week: ask('week'), lastWeek: ask('lastWeek'), period: signal<HostPeriod>('week') }
}

/** d2 §7 follow or unfollow from the card: action 1 follow, 2 unfollow, 1 s apart; the flag
 *  turns after the server agrees; a failure is swallowed (d2 §8). Resolves the new flag. */
export function createFollow(kernel: Kernel, timers: Timers = realTimers) {
  let last = -Infinity
  return async (card: { userId: number; yxAccid: string; levelName: string; isFollow: boolean }): Promise<boolean | null> => {
    const now = timers.now()
    if (now - last < FOLLOW_DEBOUNCE_MS) return null
    last = now
    const action = card.isFollow ? 2 : 1
    try {
      await kernel.api.post(
        FOLLOW_PATH,
        { yxAccid: card.yxAccid, action, userId: card.userId, levelName: card.levelName, source: 'host_card', followUserId: card.userId, followType: action },
        { silent: true },
      )
      return action === 1
    } catch {
      return null
    }
  }
}
