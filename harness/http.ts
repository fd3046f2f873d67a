// Tiny HTTP helpers shared by the API, the control API and the static pages.
import type { IncomingMessage, ServerResponse } from 'node:http'

const MAX_BODY = 5 * 1024 * 1024
/** past this much the rest of an oversized body is not even drained: the connection closes */
const MAX_DRAIN = 64 * 1024 * 1024

/** A request body over the limit: answered 413, never a connection reset. */
export class BodyTooLarge extends Error {
  readonly status = 413
  constructor(limit = MAX_BODY) {
    super(limit >= 1024 * 1024 ? `request body larger than ${limit / 1024 / 1024} MB` : `request body larger than ${limit / 1024} KB`)
  }
}

/** The raw request body as bytes (5 MB at most, or maxBytes): BodyTooLarge past it. */
export function readBody(req: IncomingMessage, maxBytes = MAX_BODY): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) chunks.push(chunk)
      else chunks.length = 0
      if (size > MAX_DRAIN) req.destroy()
    })
    req.on('end', () => (size > maxBytes ? reject(new BodyTooLarge(maxBytes)) : resolve(Buffer.concat(chunks))))
    req.on('error', reject)
  })
}

/** The raw request body as text (limited to 5 MB). An oversized body is read to its end and
 *  dropped, so the answer (413) reaches the client instead of a reset connection. */
export const readText = (req: IncomingMessage, maxBytes = MAX_BODY): Promise<string> => readBody(req, maxBytes).then((b) => b.toString('utf8'))

/** The JSON body, {} when empty; throws with a readable message on bad JSON. */
export async function readJson(req: IncomingMessage, maxBytes = MAX_BODY): Promise<any> {
  const text = await readText(req, maxBytes)
  if (!text.trim()) return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`body is not JSON: ${text.slice(0, 80)}`)
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(body)
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}

/** 'ar' when the Accept-Language header starts with Arabic, else 'en' (the default locale). */
export function langOf(headers: Record<string, string | string[] | undefined>): 'en' | 'ar' {
  const v = headers['accept-language']
  const text = (Array.isArray(v) ? v[0] : v) ?? ''
  return text.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en'
}
