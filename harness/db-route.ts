// /__harness/db: json-server's router over the raw state, with the harness's own body reading and
// error answers: its body parser and its error handler would answer a bad body with a stack trace.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLarge, readJson, sendJson } from './http.ts'
import { jsonDepth, MAX_BODY_DEPTH } from './bounds.ts'

type Req = IncomingMessage & { body?: unknown; _body?: boolean }
type Next = (err?: unknown) => void

/** read a write's JSON body first (5 MB at most, an object); json-server's parser then skips it */
export function dbBody(req: Req, res: ServerResponse, next: Next) {
  if (!['POST', 'PUT', 'PATCH'].includes(req.method ?? '')) return next()
  readJson(req).then(
    (body) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return sendJson(res, 400, { error: 'the body of a write to /__harness/db must be a JSON object' })
      if (jsonDepth(body) > MAX_BODY_DEPTH) return sendJson(res, 400, { error: `the body nests deeper than ${MAX_BODY_DEPTH} levels` })
      req.body = body
      req._body = true
      next()
    },
    (err) => sendJson(res, err instanceof BodyTooLarge ? 413 : 400, { error: (err as Error).message }),
  )
}

type DbRouter = {
  stack?: Array<{ handle: { length: number } }>
  render?: (req: IncomingMessage, res: ServerResponse & { locals?: { data?: unknown }; jsonp?: (d: unknown) => void }) => void
}

/** The router answering clearly: its own last handler sends err.stack (taken off, so dbError
 *  answers instead), and an unknown entry answers an error, not a bare {} */
export function clearRouter<T extends DbRouter>(router: T): T {
  const last = router.stack?.[router.stack.length - 1]
  if (last && last.handle.length === 4) router.stack!.pop()
  router.render = (req, res) => {
    const data = res.locals?.data
    const empty = !data || (typeof data === 'object' && Object.keys(data).length === 0 && !Array.isArray(data))
    if (res.statusCode === 404 && empty) return sendJson(res, 404, { error: `no such entry in the state: ${req.method} ${String(req.url ?? '').slice(0, 100)}` })
    res.jsonp!(data)
  }
  return router
}

/** a clear JSON error; the stack stays in the harness's log */
export function dbError(err: unknown, req: IncomingMessage, res: ServerResponse, _next: Next) {
  console.error('[harness] /__harness/db', req.method, req.url, err)
  if (res.headersSent) return void res.end()
  sendJson(res, 400, { error: `the state could not take this ${req.method} ${String(req.url ?? '').slice(0, 100)}: ${(err as Error)?.message ?? 'unknown error'}` })
}
