// The wall's state, one per kernel: every host in one store keyed by userId (so a status push
// reaches every tab that lists the host, NET-08), the tag list, one pager per tab, the country
// list (cached 7 days, NET-09; fetched by secondary.ts) and the "secondary loads wait 3 s after
// the first load" gate.
import { realTimers, type Timers } from '../../kernel/timers.ts'
import { computed, signal, untracked, type ReadonlySignal, type Signal } from '@preact/signals-react'
import { createPager, type Pager } from '../../kernel/pager.ts'
import { LIST_TIMEOUT } from '../../kernel/api.ts'
import { safeStorage, type SafeStorage } from '../../kernel/storage.ts'
import { ref } from '../../kernel/plugin.ts'
import { afterFirstScreen } from '../../kernel/first-screen.ts'
import type { Kernel } from '../../kernel/types.ts'
import { isVip, userLevelOf } from '../../kernel/protocol/user.ts'
import { shellRef } from '../shell/api.ts'
import { LIVE_LIST_PATH, LIVE_PAGE_SIZE, liveListQuery, type Country, type Host, type HostStatusWord, type HostsService } from './api.ts'
import { hostFromRow, pushedWordOf, rowsOf } from './hosts.ts'

export const PAGE_SIZE = 10
/** NET-09 */
export const COUNTRY_TTL_MS = 7 * 24 * 3600 * 1000
const SECONDARY_DELAY_MS = 3000
/** visible hosts' statuses are asked again this often while the wall shows (not in the spec) */
export const STATUS_REFRESH_MS = 30_000
/** PAY-07: the level is refreshed 2 s after a recharge */
const RECHARGE_REFRESH_MS = 2000
/** d3 §4: the All tab's second list asks for onlineStatus 2, the offline hosts */
const OFFLINE_LIST = 2

// apart, so the page's first script (apps/early.ts) carries these two and not the whole table
export const TAGS_PATH = '/api/index/indexTag'
export const LIST_PATH = '/api/anchor/v4/anchorList'
export const Paths = {
  tags: TAGS_PATH,
  list: LIST_PATH,
  countries: '/api/index/country',
  games: '/api/full/geme/list',
  statusByUid: '/api/anchor/batchQueryYxStatByUid',
  level: '/api/user/level/v2/userLevel',
} as const

type TagKind = 'all' | 'live' | 'follow' | 'new' | 'game' | 'likeYou' | 'other'

export interface WallTag {
  tagId: number
  /** localized by the server */
  name: string
  kind: TagKind
  /** 0 open; a number: the user level needed; 'vip': VIP only (d3 §3 Tag lock) */
  lock: number | 'vip'
}

export interface WallGame {
  gameId: number
  gameName: string
  gameLink: string
  icon: string
}

export interface TabList {
  tag: WallTag
  /** host userIds in list order */
  pager: Pager<number>
  /** the All tab: has the offline list begun */
  offline: ReadonlySignal<boolean>
  /** index in the list where the offline hosts begin, or null */
  offlineAt: ReadonlySignal<number | null>
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

const kinds: TagKind[] = ['all', 'live', 'follow', 'new', 'game', 'likeYou']
function tagKind(row: Record<string, unknown>): TagKind {
  const k = String(row.kind ?? '')
  if ((kinds as string[]).includes(k)) return k as TagKind
  // a backend without kinds: recognise the English names
  const byName: Record<string, TagKind> = { all: 'all', live: 'live', follow: 'follow', new: 'new', game: 'game', 'like you': 'likeYou' }
  return byName[String(row.tagName ?? row.name ?? '').trim().toLowerCase()] ?? 'other'
}

export function tagFromRow(raw: unknown): WallTag | null {
  if (!raw || typeof raw !== 'object') return null
  const row = raw as Record<string, unknown>
  const tagId = Number(row.tagId ?? row.id)
  if (!Number.isInteger(tagId)) return null
  const lockRaw = row.lock ?? row.tagLock ?? 0
  const lock = String(lockRaw).toLowerCase() === 'vip' ? 'vip' : Math.max(0, Number(lockRaw) || 0)
  const name = row.tagName ?? row.name
  // a name that is not text shows nothing rather than '[object Object]'
  return { tagId, name: typeof name == 'string' ? name : '', kind: tagKind(row), lock }
}

/** the wall's paths (the white-label app has its own) */
export const WALL_PATHS = ['/wall', '/white-wall']

/** the open tab among those shown: the one ?tab= names, else the first */
export const pickTab = (shown: WallTag[], search: URLSearchParams): WallTag | undefined => shown.find((tag) => tag.tagId === Number(search.get('tab'))) ?? shown[0]

/** the host list request of a tab's page; `offline`: the All tab's list of offline hosts */
export const listPayload = (tag: WallTag, page: number, offline = false): Record<string, number> => ({
  pageSize: PAGE_SIZE,
  tagId: tag.tagId,
  ...(tag.kind === 'follow' ? { isFollow: 1 } : {}),
  currentPage: page,
  ...(offline ? { onlineStatus: OFFLINE_LIST } : {}),
})

export interface WallOptions {
  storage?: Storage
  timers?: Timers
}

export type WallState = ReturnType<typeof createWallState>
export type WallInner = WallState['inner']

// the secondary loads (NET-09) come after the first: their code too
const later = () => import('./secondary.ts')

/** The one host store (NET-08): every host any list showed, keyed by userId, so a status push
 *  reaches every tab and page that holds her; and the hosts other pages track by status alone. */
function createHostStore() {
  const hosts = new Map<number, Signal<Host | undefined>>()
  const byAccid = new Map<string, number>()
  const slot = (userId: number) => {
    let s = hosts.get(userId)
    if (!s) hosts.set(userId, (s = signal<Host | undefined>(undefined)))
    return s
  }

  const remember = (row: unknown): number | null => {
    const host = hostFromRow(row)
    if (!host) return null
    slot(host.userId).value = host
    if (host.yxAccid) byAccid.set(host.yxAccid, host.userId)
    return host.userId
  }

  // hosts other pages show (a profile, the Following list, search) that no wall list holds: their
  // status alone, so a push reaches them by the same rule (NET-08)
  const others = new Map<number, Signal<HostStatusWord | undefined>>()
  const otherSlot = (userId: number) => {
    let s = others.get(userId)
    if (!s) others.set(userId, (s = signal<HostStatusWord | undefined>(undefined)))
    return s
  }
  const knows = (userId: number) => !!hosts.get(userId)?.peek() || others.get(userId)?.peek() !== undefined

  const setStatus = (userId: number, status: HostStatusWord): boolean => {
    const s = hosts.get(userId)
    const host = s?.peek()
    if (s && host) {
      if (host.status !== status) s.value = { ...host, status }
      return true
    }
    const other = others.get(userId)
    if (!other || other.peek() === undefined) return false
    other.value = status
    return true
  }

  const track = (userId: number, yxAccid: string, status: HostStatusWord) => {
    if (!Number.isInteger(userId) || userId <= 0) return
    if (yxAccid) byAccid.set(yxAccid, userId)
    if (!setStatus(userId, status)) otherSlot(userId).value = status
  }

  /** NET-08: a host.status push; false (and nothing changes) for an unknown host or bad data */
  const applyPush = (data: unknown): boolean => {
    if (!data || typeof data !== 'object') return false
    const d = data as Record<string, unknown>
    const word = pushedWordOf(d.onlineStatus, d.live)
    if (!word) return false
    const byId = Number(d.userId)
    const userId = Number.isInteger(byId) && knows(byId) ? byId : typeof d.yxAccid === 'string' ? byAccid.get(d.yxAccid) : undefined
    return userId !== undefined && setStatus(userId, word)
  }

  const statusSignals = new Map<number, ReadonlySignal<HostStatusWord | undefined>>()
  /** a signal of her status word; undefined while no list or page has shown her */
  const statusOf = (userId: number) => {
    let s = statusSignals.get(userId)
    if (!s) {
      const host = slot(userId)
      const other = otherSlot(userId)
      statusSignals.set(userId, (s = computed(() => host.value?.status ?? other.value)))
    }
    return s
  }
  return { hosts, slot, remember, setStatus, track, applyPush, statusOf }
}

/** NET-09: the secondary loads wait for the first load, then 3 s (the base config may tune it). */
function createSecondaryGate(kernel: Kernel, timers: Timers) {
  let firstLoadAt: number | null = null
  const waiting: Array<() => void> = []
  let gateTimer: unknown = null
  const secondaryDelay = () => {
    // the base config may tune it (businessConfig.secondaryLoadDelayMs); 3 s otherwise
    const cfg = kernel.get(shellRef)?.baseConfig.peek()
    const ms = Number((cfg?.businessConfig as Record<string, unknown> | undefined)?.secondaryLoadDelayMs)
    return Number.isFinite(ms) && ms >= 0 ? ms : SECONDARY_DELAY_MS
  }
  const openGate = () => {
    gateTimer = null
    for (const fn of waiting.splice(0)) fn()
  }
  /** run fn once the first load is done and 3 s have passed since */
  const secondary = (fn: () => void) => {
    if (firstLoadAt !== null && timers.now() - firstLoadAt >= secondaryDelay() && !gateTimer) return fn()
    waiting.push(fn)
  }
  const firstLoadDone = () => {
    if (firstLoadAt !== null) return
    firstLoadAt = timers.now()
    gateTimer = timers.setTimeout(openGate, secondaryDelay())
  }

  return {
    secondary,
    firstLoadDone,
    dispose() {
      if (gateTimer) timers.clearTimeout(gateTimer)
      waiting.length = 0
    },
  }
}

type FetchRows = (payload: Record<string, unknown>, path?: string) => Promise<number[]>

/** One tab's pager of host ids. All: pages 1..k are the online hosts; the page where they run out is
 *  topped up with the first offline page, and later pages continue the offline list (d3 §4 Home wall
 *  tabs). The Live tab asks queryLiveList (LIVE-01). */
function createTabList(kernel: Kernel, tag: WallTag, fetchRows: FetchRows, firstLoadDone: () => void): TabList {
  const offlineFrom = signal<number | null>(null)
  // where the offline hosts begin in the list, for the section divider
  const offlineAt = signal<number | null>(null)
  // only the latest load may move the phase: an answer the pager drops must not either
  let generation = 0
  const live = tag.kind === 'live'
  const pager: Pager<number> = createPager<number>({
    // LIVE-01: the Live tab lists rooms with queryLiveList, 6 a page (isMiddleEast in Arabic)
    pageSize: live ? LIVE_PAGE_SIZE : PAGE_SIZE,
    fetch: async (page) => {
      if (live) return fetchRows(liveListQuery(page, kernel.i18n.locale.peek()), LIVE_LIST_PATH).finally(firstLoadDone)
      const mine = ++generation
      const before = page === 1 ? 0 : pager.items.peek().length
      const commit = (from: number | null, at: number | null) => {
        if (mine !== generation) return
        offlineFrom.value = from
        offlineAt.value = at
      }
      try {
        const from = page === 1 ? null : offlineFrom.peek()
        if (from !== null) return await fetchRows(listPayload(tag, page - from + 1, true))
        const online = await fetchRows(listPayload(tag, page))
        if (tag.kind !== 'all' || online.length >= PAGE_SIZE) {
          if (page === 1) commit(null, null)
          return online
        }
        const offline = await fetchRows(listPayload(tag, 1, true))
        commit(page, before + online.length)
        return [...online, ...offline]
      } finally {
        firstLoadDone()
      }
    },
  })
  return { tag, pager, offline: computed(() => offlineFrom.value !== null), offlineAt }
}

/** The wall's tabs (the tag list), asked in the locale of the moment: stale when it changes. */
function createTags(kernel: Kernel) {
  const tags = signal<WallTag[]>([])
  const tagsState = signal<LoadState>('idle')
  let tagsLocale = ''
  const loadTags = async () => {
    tagsState.value = 'loading'
    tagsLocale = kernel.i18n.locale.peek()
    try {
      const answer = await kernel.api.post<unknown>(Paths.tags, {}, { silent: true })
      tags.value = rowsOf(answer).map(tagFromRow).filter((t): t is WallTag => !!t)
      tagsState.value = 'ready'
    } catch {
      tagsState.value = 'failed'
    }
  }

  return { tags, tagsState, loadTags, tagsStale: () => tagsLocale !== '' && tagsLocale !== kernel.i18n.locale.peek() }
}

/** The country list (NET-09): cached 7 days per locale (names are localized); a warm start paints
 *  with the cache at once; `fetchLater` asks the server as a secondary load. */
function createCountries(kernel: Kernel, store: SafeStorage, timers: Timers, fetchLater: () => void) {
  const countries = signal<Map<number, Country>>(new Map())
  const countryKey = () => `wall.countries.${kernel.i18n.locale.peek()}`
  const readCountryCache = (): { at: number; list: Country[] } | null => {
    try {
      const v = JSON.parse(store.get(countryKey()) ?? 'null')
      return v && typeof v.at === 'number' && Array.isArray(v.list) ? v : null
    } catch {
      return null
    }
  }
  // a warm start paints with the cached names at once: no code flashes before the page's effect
  const warm = readCountryCache()
  if (warm) countries.value = new Map(warm.list.map((c) => [c.id, c]))
  let countriesAsked = false
  /** use the cache; fetch only when it is missing or older than 7 days, as a secondary load */
  const loadCountries = () => {
    const cached = readCountryCache()
    if (cached) countries.value = new Map(cached.list.map((c) => [c.id, c]))
    if (cached && timers.now() - cached.at < COUNTRY_TTL_MS) return
    fetchLater()
  }
  /** a fetch outside the secondary loads (a page opened straight from a link), once */
  const askOnce = (fetchNow: () => void) => {
    if (countriesAsked) return
    countriesAsked = true
    fetchNow()
  }
  return { countries, countryKey, loadCountries, askOnce }
}

/** Who the user is, for tab locks: the level (the user record's, else the one asked for) and VIP. */
function createLocks(kernel: Kernel) {
  const level = signal<number | null>(null)
  const userLevel = computed(() => {
    const fromUser = userLevelOf(kernel.session.user.value)
    return fromUser ? fromUser : (level.value ?? 0)
  })
  // read again with each user record; an end passing while the page shows waits for the next one
  const vip = computed(() => isVip(kernel.session.user.value, Date.now()))
  /** why this tag is locked for this user, or null when it is open */
  const lockOf = (tag: WallTag): { kind: 'vip' } | { kind: 'level'; level: number } | null => {
    if (tag.lock === 'vip') return vip.value ? null : { kind: 'vip' }
    if (tag.lock > 0 && tag.lock > userLevel.value) return { kind: 'level', level: tag.lock }
    return null
  }
  return { level, userLevel, vip, lockOf }
}

/** The wall's own state, for its pages only (other plugins use hostsRef from api.ts). */
export const wallStateRef = /* @__PURE__ */ ref<WallState>('wall.state')

export function createWallState(kernel: Kernel, opts: WallOptions = {}) {
  const timers = opts.timers ?? realTimers
  const store: SafeStorage = safeStorage(opts.storage ?? globalThis.localStorage)

  const { hosts, slot, remember, setStatus, track, applyPush, statusOf } = createHostStore()
  const gate = createSecondaryGate(kernel, timers)
  const { secondary, firstLoadDone } = gate

  // ---- tags ----
  const { tags, tagsState, loadTags, tagsStale } = createTags(kernel)

  // ---- games (the Game tab shows only when there are games, ENG-01) ----
  const games = signal<WallGame[] | null>(null)
  /** the tabs shown: the Game tab only once there are games, and last, since the games arrive
   *  after the first screen: appearing at the end it moves no tab a finger is already over */
  const shownTags = () => {
    const game = (games.value?.length ?? 0) > 0 ? tags.value.filter((tag) => tag.kind === 'game') : []
    return tags.value.filter((tag) => tag.kind !== 'game').concat(game)
  }
  /** the open tab: the one ?tab= names, else the first */
  const activeTab = (search: URLSearchParams): WallTag | undefined => pickTab(shownTags(), search)
  // the tab appears when they arrive: their request and its code wait for the first screen
  const loadGames = () => afterFirstScreen(kernel).then(later).then((m) => m.loadGames(inner))

  // ---- countries ----
  const { countries, countryKey, loadCountries, askOnce: askCountriesOnce } = createCountries(kernel, store, timers, () => secondary(() => void later().then((m) => m.fetchCountries(inner))))

  // ---- one pager per tab ----
  const lists = new Map<number, TabList>()
  const listsVersion = signal(0)
  const fetchRows = async (payload: Record<string, unknown>, path: string = Paths.list) => {
    const answer = await kernel.api.post<unknown>(path, payload, { timeout: LIST_TIMEOUT, silent: true })
    return rowsOf(answer)
      .map(remember)
      .filter((id): id is number => id !== null)
  }
  const listFor = (tag: WallTag): TabList => {
    const known = lists.get(tag.tagId)
    if (known) return known
    const list = createTabList(kernel, tag, fetchRows, firstLoadDone)
    lists.set(tag.tagId, list)
    return list
  }
  const dropLists = () => {
    lists.clear()
    listsVersion.value++
  }
  // ENG-11: a host blocked or unblocked: every tab asks the server again (its answers leave her out)
  const offBlocked = kernel.events.on('host-blocked', dropLists)

  const { level, userLevel, vip, lockOf } = createLocks(kernel)
  /** the level is not part of the user info: asked once when a level lock needs it (d3 §8) */
  const loadLevel = () => later().then((m) => m.loadLevel(inner))

  /** does this tab list hosts now (not the Game tab, not locked, not Follow for a guest)? */
  const listsHosts = (tag: WallTag) => tag.kind !== 'game' && !lockOf(tag) && !(tag.kind === 'follow' && !kernel.session.loggedIn.peek())
  /** starting on the wall: the tags, then at once the open tab's first page, while the page's code
   *  loads (its list finds the page loading and asks no second time) */
  const loadFirstScreen = async (search: URLSearchParams) => {
    await loadTags()
    const tag = untracked(() => activeTab(search))
    // offline, the page says so and asks when the network is back
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false
    const list = tag && !offline && untracked(() => listsHosts(tag)) ? listFor(tag) : null
    if (list && list.pager.page.peek() === 0 && !list.pager.loading.peek()) await list.pager.refresh()
  }

  // PAY-07: after a recharge the level is asked again after 2 s (it may unlock tabs), and tags and
  // games reload with it
  let rechargeTimer: unknown = null
  const offRecharge = kernel.events.on('recharge-success', () => {
    if (rechargeTimer) timers.clearTimeout(rechargeTimer)
    rechargeTimer = timers.setTimeout(() => {
      rechargeTimer = null
      inner.levelAsked = false
      void loadLevel()
      void loadTags()
      void loadGames()
    }, RECHARGE_REFRESH_MS)
  })

  // what the secondary loads (secondary.ts) work on
  const inner = { kernel, store, countries, countryKey, hosts, setStatus, level, levelAsked: false, timers, games }

  const service: HostsService = {
    getHost: (userId) => hosts.get(userId)?.peek(),
    statusOf,
    setStatus: (userId, status) => void setStatus(userId, status),
    track,
    remember,
    countryOf: (id) => {
      // a page opened straight from a link (/detail) asks before the wall ever loaded the list (nor
      // opened the secondary loads' gate): it loads now, once, and the page (which reads the
      // signal) draws the name when it arrives
      if (id !== null && !countries.peek().size) askCountriesOnce(() => queueMicrotask(() => void later().then((m) => m.fetchCountries(inner))))
      return id === null ? undefined : countries.value.get(id)
    },
  }

  return {
    kernel,
    timers,
    service,
    inner,
    host: slot,
    setStatus,
    applyPush,
    tags,
    tagsState,
    loadTags,
    loadFirstScreen,
    shownTags,
    activeTab,
    listsHosts,
    tagsStale,
    games,
    loadGames,
    countries,
    loadCountries,
    /** NET-09: the statuses of the hosts on screen (else the first of itemsOf), as a secondary load
     *  and every STATUS_REFRESH_MS after it; pushes cover the time between. Returns the stop. */
    watchStatuses(itemsOf: () => number[]) {
      let stop: (() => void) | undefined
      let stopped = false
      secondary(() => void later().then((m) => void (stopped || (stop = m.watchStatuses(inner, itemsOf)))))
      return () => {
        stopped = true
        stop?.()
      }
    },
    listFor,
    /** bumped when the lists are dropped, so pages holding one ask again */
    listsVersion,
    dropLists,
    userLevel,
    isVip: vip,
    loadLevel,
    lockOf,
    dispose() {
      offRecharge()
      offBlocked()
      if (rechargeTimer) timers.clearTimeout(rechargeTimer)
      gate.dispose()
    },
  }
}
