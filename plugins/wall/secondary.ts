// The wall's loads that come after its first one, and their code with them: the secondary loads
// (NET-09, 3 s after the first load) of the country list (cached 7 days per language), the statuses
// of the hosts on screen and the user level a level-locked tab asks for; and the games, after the
// first screen. Failures are swallowed: the cards keep what they show.
import { safeImageUrl } from '../../kernel/url.ts'
import { LIST_TIMEOUT } from '../../kernel/api.ts'
import { statusWord } from './api.ts'
import { userLevelOf } from '../../kernel/protocol/user.ts'
import type { Country } from './api.ts'
import { rowsOf } from './hosts.ts'
import { Paths, STATUS_REFRESH_MS, type WallInner } from './state.ts'

/** a field shown as text: text only (an object would print '[object Object]'); by hand, the wall is on the first screen */
const text = (v: unknown) => (typeof v === 'string' ? v : '')

export function countryFromRow(raw: unknown): Country | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Record<string, unknown>
  const id = Number(r.countryId ?? r.id)
  if (!Number.isInteger(id)) return null
  // an emoji, or a picture the app may load (kernel/url.ts); any other address is no flag
  const given = text(r.flag ?? r.icon)
  const flag = /[:/\\]/.test(given) ? safeImageUrl(given) : given
  return { id, name: text(r.name ?? r.countryName ?? r.nameEn), code: text(r.code ?? r.countryCode), flag }
}


/** fetch the country list and cache it for this language */
export async function fetchCountries(w: WallInner) {
  try {
    const answer = await w.kernel.api.post<unknown>(Paths.countries, {}, { silent: true })
    const list = rowsOf(answer).map(countryFromRow).filter((c): c is Country => !!c)
    if (!list.length) return
    w.countries.value = new Map(list.map((c) => [c.id, c]))
    w.store.set(w.countryKey(), JSON.stringify({ at: w.timers.now(), list }))
  } catch {
    // secondary data: cards simply show no country until a later load
  }
}

/** the statuses of these hosts (the ones on screen); pushes cover the time between */
export async function refreshStatuses(w: WallInner, userIds: number[]) {
  const ids = [...new Set(userIds)].filter((id) => w.hosts.get(id)?.peek())
  if (!ids.length) return
  try {
    const answer = await w.kernel.api.post<unknown>(Paths.statusByUid, { searchValue: ids.join(',') }, { silent: true, timeout: LIST_TIMEOUT })
    for (const row of rowsOf(answer)) {
      if (!row || typeof row !== 'object') continue
      const r = row as Record<string, unknown>
      w.setStatus(Number(r.userId), statusWord(r.onlineStatus, r.live))
    }
  } catch {
    // the next refresh or a push will bring it
  }
}

/** refreshStatuses now for the cards on screen (else the first 20 of itemsOf), then every STATUS_REFRESH_MS; returns the stop */
export function watchStatuses(w: WallInner, itemsOf: () => number[]) {
  let timer: unknown = null
  const visibleIds = () => {
    const ids: number[] = []
    const h = window.innerHeight || 844
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="host-card"]'))) {
      const r = el.getBoundingClientRect()
      if (r.bottom >= 0 && r.top <= h) ids.push(Number(el.dataset.hostId))
    }
    return ids.length ? ids : itemsOf().slice(0, 20)
  }
  const round = () => {
    if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void refreshStatuses(w, visibleIds())
    timer = w.timers.setTimeout(round, STATUS_REFRESH_MS)
  }
  round()
  return () => void (timer && w.timers.clearTimeout(timer))
}

/** the games (the Game tab shows only when there are some, ENG-01) */
export async function loadGames(w: WallInner) {
  try {
    const answer = await w.kernel.api.post<{ gameList?: unknown[] } | unknown[]>(Paths.games, {}, { silent: true })
    const list = Array.isArray(answer) ? answer : Array.isArray(answer?.gameList) ? answer.gameList : []
    w.games.value = list
      .filter((g): g is Record<string, unknown> => !!g && typeof g === 'object')
      .map((g) => ({ gameId: Number(g.gameId), gameName: text(g.gameName), gameLink: text(g.gameLink), icon: safeImageUrl(g.loadingIcon ?? g.livePopIcon) }))
  } catch {
    // no game list: the Game tab stays hidden rather than showing an empty tab
    w.games.value = []
  }
}

/** the user level, asked once (a failure lets a later lock ask again) */
export async function loadLevel(w: WallInner) {
  if (w.levelAsked || !w.kernel.session.loggedIn.peek()) return
  w.levelAsked = true
  try {
    const answer = await w.kernel.api.post<Record<string, unknown> | null>(Paths.level, {}, { silent: true })
    const n = userLevelOf(answer)
    if (n !== null) w.level.value = n
  } catch {
    w.levelAsked = false
  }
}
