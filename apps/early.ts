// The first screen's first requests, sent by a small classic script that index.html runs as soon as
// /app-config.js has run (the build writes this file's bundle into the page; a module script would
// wait for the whole page and its stylesheet), while the app's code still downloads: the base
// config, the logged-in user (the header's balance) and, on the wall, its tags and the open tab's
// first hosts (beside the tags when the deploy names the tab the wall opens on, else once the tags
// answer).
// The API client takes each answer when it sends the very same request (kernel/early.ts); who the
// user is, the app id and the language are guessed here as the kernel will pick them, and a guess
// that differs only costs the app a request of its own.
import { decrypt, encrypt, usable } from '../kernel/protocol/cipher-web.ts'
import { OK_CODE, type Envelope } from '../kernel/protocol/envelope.ts'
import { fetchHttp, wireHeaders } from '../kernel/api.ts'
import { sendEarly } from '../kernel/early.ts'
import { pickLocale } from '../kernel/i18n.ts'
import { APP_ID_KEY, TOKEN_KEY } from '../kernel/session.ts'
import { BASE_CONFIG_PATH } from '../plugins/shell/base-config.ts'
import { USER_INFO_PATH } from '../kernel/protocol/user.ts'
import { LIST_PATH, listPayload, pickTab, TAGS_PATH, tagFromRow, WALL_PATHS, type WallTag } from '../plugins/wall/state.ts'
import { rowsOf } from '../plugins/wall/hosts.ts'

function start() {
  // read as it is (the app validates it): without keys there is nothing to send
  const { apiBase = '', cipherKey = '', cipherIv = '', subscriptionKey = '', defaultAppId, wallTagId, wireData } = window.__APP_CONFIG__ ?? {}
  const keys = { key: cipherKey, iv: cipherIv }
  // these requests are sealed whole: with the wire's data field by field the app asks for itself
  if (wireData === 'fields') return
  // WebCrypto only: where it cannot serve (or no keys), the app loads its fallback cipher and asks for itself
  if (!usable(keys)) return
  const search = new URLSearchParams(location.search)
  const stored = (key: string) => {
    try {
      return localStorage.getItem(key)
    } catch {
      return null
    }
  }
  // as the session will have them: the token from the URL, else the stored one; from=anchor logs out
  const token = search.get('from') === 'anchor' ? '' : search.get('token')?.trim() || stored(TOKEN_KEY) || ''
  const appId = search.get('appid') || stored(APP_ID_KEY) || defaultAppId || ''
  const lang = pickLocale({ search, stored: stored('lang'), navigatorLanguage: navigator.language })
  const headers = wireHeaders(token, appId, lang, subscriptionKey)
  const base = apiBase.replace(/\/+$/, '')
  /** send now; `onResult` gets the result, and a request it sends is kept before the app could ask for it */
  const post = <T>(path: string, payload: unknown, onResult?: (result: T) => unknown) =>
    sendEarly(base + path, headers, payload, async () => fetchHttp.post(base + path, { data: await encrypt(payload, keys) }, { headers }), async ({ data }) => {
      const env = data as Envelope
      if (onResult && env?.code === OK_CODE && env.data) await onResult(await decrypt<T>(env.data, keys))
    })

  void post(BASE_CONFIG_PATH, { searchValue: appId })
  // the user (the header's balance): asked with the page, not once the app has started
  if (token) void post(USER_INFO_PATH, {})
  // the app's own path below the page's <base href> (a deploy under a sub-path)
  const at = new URL(document.querySelector('base')?.getAttribute('href') || '/', location.href).pathname.replace(/\/+$/, '')
  const path = at && location.pathname.startsWith(at + '/') ? location.pathname.slice(at.length) : location.pathname
  if (!WALL_PATHS.includes(path)) return
  // the tab the tags open, once they have answered (nothing when they fail)
  let opened!: (tag?: WallTag) => void
  const picked = new Promise<WallTag | undefined>((done) => (opened = done))
  /** a tab's first page, then, for the open All tab, its offline hosts when the online ones run short */
  const hosts = (tag: WallTag) => {
    const first = listPayload(tag, 1)
    void post<unknown>(LIST_PATH, first, async (online) => {
      const open = await picked
      if (open?.tagId === tag.tagId && open.kind === 'all' && rowsOf(online).length < first.pageSize) void post(LIST_PATH, listPayload(open, 1, true))
    })
  }
  // the tab the deploy says the wall opens on: its first hosts leave beside the tags, not a round trip after them
  const guess = search.get('tab') ? 0 : wallTagId
  if (guess) hosts({ tagId: guess, name: '', kind: 'other', lock: 0 })
  // the tags, then the open tab's first page when it is open to anyone (no lock, not Follow for a
  // guest) and was not the guess
  post<unknown>(TAGS_PATH, {}, (answer) => {
    const tags = rowsOf(answer).map(tagFromRow).filter((t): t is WallTag => !!t && t.kind !== 'game')
    const tag = pickTab(tags, search)
    opened(tag)
    if (!tag || tag.lock !== 0 || (tag.kind === 'follow' && !token) || (tag.tagId === guess && tag.kind !== 'follow')) return
    hosts(tag)
  }).then(
    () => opened(),
    () => opened(),
  )
}

try {
  start()
} catch {
  /* no config yet, or a storage that throws: the app asks for itself */
}
// the service worker (sw.js beside index.html), a second after the page has loaded, so it costs the
// first screen nothing: a repeat open then needs only the API. Without one (http, a webview that has
// none) or when it fails, nothing happens: the app works as before.
addEventListener('load', () => setTimeout(() => navigator.serviceWorker?.register('sw.js').catch(() => {}), 1000))
