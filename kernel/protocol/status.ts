// Host online status (d1 §4): the values the app works with, and the mapping of pushed codes.
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

/** The words screens use for a host's status. */
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
