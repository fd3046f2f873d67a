// The wall's public face: host types and the 'hosts' service other plugins (calls, live, inbox)
// use to read a host and follow its status. Import this file only, never the wall's internals.
import type { ReadonlySignal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'

// ---- host online status (d1 §4): the app's values, the pushed codes, the words screens use ----
export const HostStatus = { live: -1, online: 1, busy: 2, offline: 3, other: 10000 } as const
export type HostStatusValue = (typeof HostStatus)[keyof typeof HostStatus]

/** Pushed codes: 1, 10001, 10002 online; 10000, 10003 busy; 2, 3 offline; a live flag means live. */
export function mapPushedStatus(code: unknown, live?: unknown): HostStatusValue {
  if (live === true || live === 1 || code === -1) return HostStatus.live
  switch (Number(code)) {
    case 1:
    case 10001:
    case 10002:
      return HostStatus.online
    case 10000:
    case 10003:
      return HostStatus.busy
    case 2:
    case 3:
      return HostStatus.offline
    default:
      return HostStatus.other
  }
}

/** The words screens use for a host's status (d1 §4 Host online status, NET-08). */
export type HostStatusWord = 'live' | 'online' | 'busy' | 'offline'

/** The app's status values (list rows and look-ups answer these; a live flag wins) as words. */
export function statusWord(value: unknown, live?: unknown): HostStatusWord {
  if (live === true || live === 1) return 'live'
  switch (Number(value)) {
    case HostStatus.live:
      return 'live'
    case HostStatus.online:
      return 'online'
    case HostStatus.busy:
    case HostStatus.other:
      return 'busy'
    default:
      return 'offline'
  }
}

/** Host grade badge names seen in lists (d1 §3, d3 §3 Recommended host). */
export type HostGrade = 'SS' | 'S' | 'A' | 'B' | 'C' | 'D' | 'F' | 'NEW'

/** One host as the wall knows it, normalised from the list rows. */
export interface Host {
  userId: number
  yxAccid: string
  nickname: string
  icon: string
  age: number | null
  countryId: number | null
  /** two-letter country code from the list row, shown until the country list has loaded */
  countryCode?: string
  grade: HostGrade | null
  /** diamonds per minute */
  videoPrice: number
  status: HostStatusWord
  /** live room channel, when the host is live */
  liveChannelId?: string
  liveViewers?: number
}

export interface Country {
  id: number
  name: string
  /** two-letter code when the server gives one (used for the flag emoji) */
  code: string
  /** flag image url when the server gives one */
  flag: string
}

export interface HostsService {
  /** the host as last seen in any list, or undefined */
  getHost(userId: number): Host | undefined
  /** a signal of the host's status word; undefined while the wall has never seen the host */
  statusOf(userId: number): ReadonlySignal<HostStatusWord | undefined>
  /** record a status change learned elsewhere, e.g. the calls plugin marking a host busy (d1 §5) */
  setStatus(userId: number, status: HostStatusWord): void
  /** NET-08: a host another list or page shows (profile, Following, search...), with the status the
   *  server just answered for her: from then on statusOf follows her pushes as it does the wall's */
  track(userId: number, yxAccid: string, status: HostStatusWord): void
  /** add or refresh a host from a server row (anchor list shape); returns its userId, or null for a bad row */
  remember(row: unknown): number | null
  /** the country of a host (from the cached country list), if known; read in a render, the
   *  render follows the list, which loads on first ask */
  countryOf(countryId: number | null): Country | undefined
}

export const hostsRef = ref<HostsService>('hosts')

/**
 * Optional link: a live plugin provides this to open a live host's room from the wall.
 * Without it, tapping a live host opens /detail like any other host.
 */
export interface LiveOpener {
  open(host: Host, from: { index: number; path: string }): void
}

export const liveOpenerRef = ref<LiveOpener>('wall.live-opener')

/** LIVE-01: the live list's request, the Live tab's and the live feature's (here because the Live tab is on
 *  the first screen): 6 a page, the Middle-East hosts first in Arabic; the kernel's 6 s list time-out applies */
export const LIVE_LIST_PATH = '/api/agora/live/queryLiveList'
export const LIVE_PAGE_SIZE = 6
export const liveListQuery = (page: number, locale: string) => ({ currentPage: page, pageSize: LIVE_PAGE_SIZE, ...(locale === 'ar' && { isMiddleEast: 1 }) })

/**
 * The host profile link the wall opens (d3 §2 /detail): id, yxId, sqec (the card's place in its
 * list), path (where it came from) and status (a HostStatusWord), which is left out for VIP users.
 */
export function detailHref(host: Pick<Host, 'userId' | 'yxAccid' | 'status'>, o: { index: number; path?: string; vip?: boolean }): string {
  const q = new URLSearchParams({ id: String(host.userId), yxId: host.yxAccid, sqec: String(o.index), path: o.path ?? 'hostlist' })
  if (!o.vip) q.set('status', host.status)
  return `/detail?${q}`
}

/** 'host.status' push (NET-08): a host's status changed. */
export const HostStatusPush = 'host.status'

declare module '../../kernel/types.ts' {
  interface PushTypes {
    /** onlineStatus is a pushed code (d1 §4); live marks a live room */
    'host.status': { userId: number; yxAccid?: string; onlineStatus: number | string | null; live?: boolean | number }
  }
  interface KernelEvents {
    /** ENG-11: the user blocked or unblocked a host (the server agreed): lists holding hosts ask again */
    'host-blocked': { userId: number; yxAccid: string; blocked: boolean }
  }
  interface SceneMarks {
    /** the wall shows its All tab (robot invitations are ignored there, d2 §7) */
    wallAll: boolean
    /** the wall shows its Live tab */
    wallLive: boolean
  }
}

declare module '../../kernel/config.ts' {
  interface AppConfig {
    /** the tag id of the wall's first tab on this deploy's servers, when it is open to anyone: the
     *  page's early script asks that tab's first hosts beside the tags (a wrong one costs a request) */
    wallTagId?: number
  }
}
