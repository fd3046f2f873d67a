// Backend-configured links (SHELL-14): banners, activity entries and popups carry a URL the
// server chose. Where it may lead is decided here, once (the shell goes there; this file loads with
// the first link followed):
//   - a link carrying the own-H5 marker opens in the generic web page  -> /h5link?url=...
//     The marker is matched on the parsed URL, never anywhere in the string: 'h5.callwall'
//     (a host marker) matches whole labels of the host, '/h5-activity/' (a path marker) the path,
//     'cdn.example.com/h5-activity/' both ('https://evil.example/?h5.callwall' is not ours)
//   - a link to the product's own H5 opens the matching internal page, the extra query merged
//     in without overriding the link's own params
//   - anything else opens in the game page's frame                    -> /game?url=...; the
//     frame adds the user's im token and userId, for the hosts the base config allows only
//     (plugins/game/rules.ts framePlan), so they never sit in the app's own history
// Only http(s) ever leaves the app. javascript:, data:, file:, protocol-relative ('//host'),
// backslash tricks and anything unparseable are blocked, so a bad configuration entry cannot
// run script inside the app's origin.
import type { Kernel } from '../../kernel/types.ts'
import type { LinkRules } from './api.ts'

export type LinkTarget =
  | { kind: 'h5link'; path: string }
  | { kind: 'internal'; path: string }
  | { kind: 'game'; path: string }
  | { kind: 'blocked'; reason: string }

export interface LinkContext {
  /** marks the product's own hosted pages (opened in /h5link): host labels, a path part, or both */
  ownH5Marker?: string
  /** origins whose paths are the app's own routes, e.g. ['https://h5.example.com'] */
  ownOrigins: string[]
  /** extra params for internal paths (e.g. the current source); never overrides the link's */
  currentQuery?: URLSearchParams | string | Record<string, string>
}

const WEB = new Set(['http:', 'https:'])
// a path that a browser would read as another host: '//evil', '/\evil', '\\evil'
const HOST_TRICK = /^[\\/]{2}|^\/\\|^\\/

export function resolveLink(raw: unknown, ctx: LinkContext): LinkTarget {
  if (typeof raw !== 'string' || !raw.trim()) return { kind: 'blocked', reason: 'empty link' }
  // browsers drop tabs and newlines inside URLs; strip them first so 'java\nscript:' is seen for what it is
  const url = raw.trim().replace(/[\t\n\r]/g, '')
  if (/[\u0000-\u001f\u007f]/.test(url)) return { kind: 'blocked', reason: 'control characters in link' }
  if (HOST_TRICK.test(url)) return { kind: 'blocked', reason: 'protocol-relative link' }

  // an app path written as such ('/vip?x=1') is internal
  if (url.startsWith('/')) return internal(url, ctx)

  let u: URL
  try {
    u = new URL(url)
  } catch {
    return { kind: 'blocked', reason: 'not a URL' }
  }
  if (!WEB.has(u.protocol)) return { kind: 'blocked', reason: `scheme ${u.protocol} is not allowed` }
  if (u.username || u.password) return { kind: 'blocked', reason: 'credentials in link' }

  if (ctx.ownH5Marker && markedOwn(ctx.ownH5Marker, u)) {
    return { kind: 'h5link', path: `/h5link?url=${encodeURIComponent(u.href)}` }
  }
  if (ctx.ownOrigins.some((o) => sameOrigin(o, u))) return internal(u.pathname + u.search, ctx)

  return { kind: 'game', path: `/game?url=${encodeURIComponent(u.href)}` }
}

/** the marker's host part names whole labels of the host, its path part a part of the path */
function markedOwn(marker: string, u: URL): boolean {
  const cut = marker.indexOf('/')
  const host = (cut < 0 ? marker : marker.slice(0, cut)).toLowerCase().replace(/^\.|\.$/g, '')
  const path = cut < 0 ? '' : marker.slice(cut)
  if (!host && !path) return false
  return (!host || `.${u.hostname}.`.includes(`.${host}.`)) && (!path || u.pathname.includes(path))
}

function internal(pathAndQuery: string, ctx: LinkContext): LinkTarget {
  const u = new URL(pathAndQuery, 'http://internal.invalid')
  if (u.origin !== 'http://internal.invalid' || HOST_TRICK.test(u.pathname)) return { kind: 'blocked', reason: 'not an app path' }
  const extra = new URLSearchParams(ctx.currentQuery as ConstructorParameters<typeof URLSearchParams>[0])
  for (const [k, v] of extra) if (!u.searchParams.has(k)) u.searchParams.append(k, v)
  const q = u.searchParams.toString()
  return { kind: 'internal', path: u.pathname + (q ? `?${q}` : '') }
}

function sameOrigin(origin: string, u: URL): boolean {
  try {
    return new URL(origin).origin === u.origin
  } catch {
    return false
  }
}

/** where a link leads from this app: the rules above with the app's own origins and marker */
function targetOf(kernel: Kernel, url: string, extraQuery?: Record<string, string>): LinkTarget {
  const settings = kernel.app.settings
  const own = [...((settings.ownOrigins as string[] | undefined) ?? [])]
  if (typeof location !== 'undefined' && location.origin && location.origin !== 'null') own.push(location.origin)
  return resolveLink(url, {
    ownH5Marker: settings.ownH5Marker as string | undefined,
    ownOrigins: own,
    currentQuery: extraQuery,
  })
}

function followLink(kernel: Kernel, url: string, extraQuery?: Record<string, string>): boolean {
  const target = targetOf(kernel, url, extraQuery)
  if (target.kind === 'blocked') {
    // the reason only: a link may carry a token
    console.warn(`[app] link not followed (${target.reason})`)
    return false
  }
  kernel.router.navigate(target.path)
  return true
}

export const rulesFor = (kernel: Kernel): LinkRules => ({
  follow: (url, extraQuery) => followLink(kernel, url, extraQuery),
  allows: (url) => targetOf(kernel, url).kind !== 'blocked',
})
