// Who may call the harness from a web page of another origin. Nobody may drive the control API
// that way (guard.ts refuses it; no CORS header is ever sent for it). The API and the public entries
// answer only the app origins configured in the settings (`appOrigins`), never a reflected Origin,
// and never with credentials: the app sends its token in a header, not a cookie.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Header } from '../kernel/protocol/envelope.ts'

const API_HEADERS = [Header.token, Header.appId, Header.lang, Header.subscription, 'content-type'].join(', ')

/** the Origin of a page of another origin than the harness itself, or null (none, or the same) */
function foreignOrigin(req: IncomingMessage): string | null {
  const origin = req.headers.origin
  if (!origin) return null
  let host = ''
  try {
    host = new URL(origin).host
  } catch {
    return origin // 'null' (a sandboxed frame, a file) and anything unreadable count as foreign
  }
  return host === req.headers.host ? null : origin
}

/**
 * Middleware: on /api and the public harness entries the app itself uses (a provider's page, the
 * store, uploads), a foreign origin listed in appOrigins() gets the CORS headers and its preflight
 * answered; any other foreign origin is refused with 403 and the error envelope. A public file
 * (an avatar, an uploaded image) reads from anywhere, as from a CDN: `*`, never with credentials.
 * The rest of the control API gets no CORS header (its guard refuses foreign pages).
 */
export function corsFor(appOrigins: () => readonly string[], isPublicEntry: (path: string) => boolean) {
  return function cors(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const origin = foreignOrigin(req)
    if (!origin) return next()
    const path = new URL(req.url ?? '/', 'http://harness').pathname
    const isPublic = isPublicEntry(path)
    if (!path.startsWith('/api/') && !isPublic) return next()
    const method = req.method === 'OPTIONS' ? String(req.headers['access-control-request-method'] ?? '') : req.method
    if (isPublic && (method === 'GET' || method === 'HEAD')) {
      res.setHeader('access-control-allow-origin', '*')
      if (req.method !== 'OPTIONS') return next()
      res.writeHead(204, { 'access-control-allow-methods': 'GET, HEAD' })
      return void res.end()
    }
    if (!appOrigins().includes(origin)) {
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', vary: 'Origin' })
      return void res.end(JSON.stringify({ code: '403', msg: `origin ${origin.slice(0, 100)} is not one of the harness's app origins (setting appOrigins)`, data: null }))
    }
    res.setHeader('access-control-allow-origin', origin)
    res.setHeader('vary', 'Origin')
    if (req.method !== 'OPTIONS') return next()
    res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': API_HEADERS, 'access-control-max-age': '600' })
    res.end()
  }
}
