// The built app as a CDN and an edge would serve it: hashed files (assets/) cached for a year,
// everything else (index.html, sw.js, app-config.js) revalidated with an ETag, and index.html with
// the runtime configuration written into it, so the page's first requests leave with the HTML
// instead of a round trip later (the same build still works from a static host with the file).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** a file whose name carries its content's hash never changes: a year, never revalidated */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** everything else: kept, but asked again each time (a 304 when unchanged) */
const REVALIDATE = 'no-cache'

/** the tag a built index.html loads its configuration with (build.mjs writes it) */
const CONFIG_TAG = /<script src="app-config\.js"><\/script>/

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`

/** Answer 200 with the body and its ETag, or 304 when the browser holds the same. */
export function sendRevalidated(req: IncomingMessage, res: ServerResponse, body: string, contentType: string): void {
  const etag = etagOf(body)
  const held = String(req.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
  if (held.includes(etag)) {
    res.writeHead(304, { etag, 'cache-control': REVALIDATE })
    return void res.end()
  }
  res.writeHead(200, { 'content-type': contentType, etag, 'cache-control': REVALIDATE })
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** Cache-Control for the static files below the app's base: before the static server, which keeps it. */
export function staticCacheHeaders(basePath: string) {
  const assets = `${basePath}assets/`
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = new URL(req.url ?? '/', 'http://h').pathname
    res.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE)
    next()
  }
}

/** the configuration as an inline script; `<` escaped so no value can close the tag */
function inlineConfigTag(script: string): string {
  return `<script id="app-config">${script.replace(/</g, '\\u003c').trim()}</script>`
}

/**
 * index.html as this server sends it: its <base href> set to where it is served, and its
 * app-config.js tag replaced by the configuration itself (`configScript`).
 */
function pageHtml(template: string, basePath: string, configScript?: string): string {
  const based = template.replace(/<base href="[^"]*">/, `<base href="${basePath}">`)
  return configScript === undefined ? based : based.replace(CONFIG_TAG, () => inlineConfigTag(configScript))
}

/** a client route below the base (no file extension), the base itself, or index.html by name */
export const isPagePath = (pathname: string, basePath: string) =>
  pathname === `${basePath}index.html` || ((pathname + '/').startsWith(basePath) && !/\.[a-z0-9]+$/i.test(pathname))

/** Client routes (/wall, /detail/...) get index.html; a missing build gets a page saying so. */
export function serveIndex(req: IncomingMessage, res: ServerResponse, opts: { staticDir?: string; basePath: string; configScript: () => string }) {
  const index = opts.staticDir ? join(opts.staticDir, 'index.html') : ''
  const pathname = new URL(req.url ?? '/', 'http://h').pathname
  const isPage = (req.method === 'GET' || req.method === 'HEAD') && isPagePath(pathname, opts.basePath)
  if (isPage && index && existsSync(index)) return sendRevalidated(req, res, pageHtml(readFileSync(index, 'utf8'), opts.basePath, opts.configScript()), 'text/html; charset=utf-8')
  if (isPage) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    return void res.end('<!doctype html><meta charset="utf-8"><title>Harness</title><p>The harness is running, but the app is not built here. Run <code>npm start</code>, which builds it, or see <a href="/__harness/">/__harness/</a>.</p>')
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
  res.end(`not found: ${req.url}`)
}
