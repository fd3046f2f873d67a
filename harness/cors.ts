// Who may call the harness from a web page of another origin. Nobody may drive the control API
// that way (guard.ts refuses it; no CORS header is ever sent for it). The API answers only the
// app origins configured in the settings (`appOrigins`), never a reflected Origin, and never with
// credentials: the app sends its token in a header, not a cookie.
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
 * Middleware: on /api, a foreign origin listed in appOrigins() gets the CORS headers and its
 * preflight answered; any other foreign origin is refused with 403 and the error envelope.
 * Other paths get no CORS headers (the control API's own guard refuses foreign pages).
 */
export function corsFor(appOrigins: () => readonly string[]) {
  return function cors(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const origin = foreignOrigin(req)
    const path = new URL(req.url ?? '/', 'http://harness').pathname
    if (!origin || !path.startsWith('/api/')) return next()
    if (!appOrigins().includes(origin)) {
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', vary: 'Origin' })
      return void res.end(JSON.stringify({ code: '403', msg: `origin ${origin.slice(0, 100)} is not one of the harness's app origins (setting appOrigins)`, data: null }))
    }
    res.setHeader('access-control-allow-origin', origin)
    res.setHeader('vary', 'Origin')
    if (req.method !== 'OPTIONS') return next()
    res.writeHead(204, { 'access-control-allow-methods': 'POST', 'access-control-allow-headers': API_HEADERS, 'access-control-max-age': '600' })
    res.end()
  }
}
