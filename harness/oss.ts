// The object store the app's uploads go to (d3 §3 upload credentials, §5 upload rules), played the
// way Alibaba Cloud OSS takes a browser upload: a PostObject form (multipart/form-data) with the
// key, a base64 policy (expiration and conditions), OSSAccessKeyId, Signature =
// base64(HMAC-SHA1(AccessKeySecret, policy)) and x-oss-security-token, the file last. Credentials
// are the STS ones this harness issued (GET /sts/getkey), valid one hour; anything else is refused
// with the store's XML error. It keeps images only (the bytes decide, not the claimed type) and
// serves them back as that image type, never as a page or a script.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { memoryOf } from './memory.ts'
import { BodyTooLarge, readBody } from './http.ts'
import type { HarnessContext } from './types.ts'

/** where the store answers, under /__harness/ (public entries: the app's browser uses them) */
export const OssEntry = { upload: 'oss/upload', file: 'oss/file' } as const

const CREDENTIAL_MS = 60 * 60_000
/** d3 §5: nothing larger than 2 MB is uploaded; the form's fields come on top */
const MAX_FILE = 2 * 1024 * 1024
const MAX_FORM = MAX_FILE + 64 * 1024
/** the object key of d3 §5: appId/module/timestamp.ext */
const KEY = /^[\w.-]{1,64}\/[\w-]{1,32}\/\d{1,16}\.(jpg|jpeg|png|gif|webp)$/

interface Credential {
  secret: string
  token: string
  userId: number
  until: number
}
interface Stored {
  type: string
  data: Buffer
}
const storeOf = (ctx: HarnessContext) => memoryOf(ctx, 'oss', () => ({ credentials: new Map<string, Credential>(), files: new Map<string, Stored>() }))

/** d3 §3 upload credentials for this user: a fresh STS triple, valid one hour */
export function issueUploadCredentials(ctx: HarnessContext, userId: number) {
  const { credentials } = storeOf(ctx)
  const now = Date.now()
  for (const [id, c] of credentials) if (c.until < now) credentials.delete(id)
  const id = `STS.${randomBytes(9).toString('hex')}`
  const c: Credential = { secret: randomBytes(24).toString('base64'), token: randomBytes(32).toString('base64'), userId, until: now + CREDENTIAL_MS }
  credentials.set(id, c)
  const base = ctx.baseUrl()
  // the setting uploadHost names another store (a real bucket, or one the network cannot reach)
  const host = typeof ctx.settings().uploadHost === 'string' ? String(ctx.settings().uploadHost) : `${base}/__harness/${OssEntry.upload}`
  return { AccessKeyId: id, AccessKeySecret: c.secret, SecurityToken: c.token, host, cdnUrl: `${base}/__harness/${OssEntry.file}?key=` }
}

/** what the bytes are, whatever the form claimed: the four image types the app uploads, or null */
function sniffImage(data: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | null {
  const b = (i: number) => data[i]
  const ascii = (from: number, text: string) => [...text].every((ch, i) => data[from + i] === ch.charCodeAt(0))
  if (data.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg'
  if (data.length >= 8 && b(0) === 0x89 && ascii(1, 'PNG\r\n\u001a\n')) return 'image/png'
  if (data.length >= 6 && (ascii(0, 'GIF87a') || ascii(0, 'GIF89a'))) return 'image/gif'
  if (data.length >= 12 && ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp'
  return null
}

/** the store's error answer: an XML document with Code, Message and RequestId, as OSS sends */
function ossError(res: ServerResponse, status: number, code: string, message: string) {
  const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const id = randomBytes(12).toString('hex').toUpperCase()
  res.writeHead(status, { 'content-type': 'application/xml', 'x-oss-request-id': id, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error>\n  <Code>${esc(code)}</Code>\n  <Message>${esc(message)}</Message>\n  <RequestId>${id}</RequestId>\n  <HostId>harness-oss</HostId>\n</Error>\n`)
}

class Refusal extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message)
  }
}
const denied = (message: string) => new Refusal(403, 'AccessDenied', message)

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** the policy's conditions, the ones the app's uploads use: eq / starts-with on a field, and content-length-range */
function checkPolicy(policyB64: string, fields: Map<string, string>, size: number, now: number) {
  let policy: { expiration?: unknown; conditions?: unknown }
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'))
  } catch {
    throw new Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.')
  }
  const expires = typeof policy?.expiration === 'string' ? Date.parse(policy.expiration) : NaN
  if (!Number.isFinite(expires)) throw new Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid Simple-Conditions: Policy expiration is missing or invalid.')
  if (expires <= now) throw denied('Invalid according to Policy: Policy expired.')
  if (!Array.isArray(policy.conditions)) throw new Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: conditions must be a list.')
  const field = (name: string) => fields.get(name.replace(/^\$/, '').toLowerCase()) ?? ''
  for (const c of policy.conditions) {
    const fail = () => denied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(c).slice(0, 100)}`)
    if (Array.isArray(c) && c[0] === 'content-length-range') {
      if (!(size >= Number(c[1]) && size <= Number(c[2]))) throw new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.')
    } else if (Array.isArray(c) && (c[0] === 'eq' || c[0] === 'starts-with') && typeof c[1] === 'string') {
      const v = field(c[1])
      if (c[0] === 'eq' ? v !== String(c[2]) : !v.startsWith(String(c[2]))) throw fail()
    } else if (c && typeof c === 'object' && !Array.isArray(c)) {
      for (const [k, v] of Object.entries(c)) if (k !== 'bucket' && field(k) !== String(v)) throw fail()
    } else throw new Refusal(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid Condition: ${JSON.stringify(c).slice(0, 100)}`)
  }
}

/** POST /__harness/oss/upload: one PostObject form */
async function upload(ctx: HarnessContext, req: IncomingMessage, res: ServerResponse) {
  const type = String(req.headers['content-type'] ?? '')
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')
  const body = await readBody(req, MAX_FORM).catch((err) => Promise.reject(err instanceof BodyTooLarge ? new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.') : err))
  let form: FormData
  try {
    form = await new Request('http://oss/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) }).formData()
  } catch {
    throw new Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')
  }
  const fields = new Map<string, string>()
  let file: File | null = null
  for (const [name, value] of form) {
    if (typeof value === 'string') fields.set(name.toLowerCase(), value)
    else if (name === 'file') file = value
  }
  if (!file) throw new Refusal(400, 'InvalidArgument', 'The file form field is missing.')
  const keyId = fields.get('ossaccesskeyid') ?? ''
  const policy = fields.get('policy') ?? ''
  const signature = fields.get('signature') ?? ''
  if (!keyId || !policy || !signature) throw denied('Anonymous access is forbidden for this operation.')
  const cred = storeOf(ctx).credentials.get(keyId)
  if (!cred) throw new Refusal(403, 'InvalidAccessKeyId', 'The OSS Access Key Id you provided does not exist in our records.')
  const now = Date.now()
  if (cred.until <= now) throw new Refusal(403, 'SecurityTokenExpired', 'The security token you provided has expired.')
  if (!sameText(fields.get('x-oss-security-token') ?? '', cred.token)) throw new Refusal(403, 'InvalidAccessKeyId', 'The security token you provided is invalid.')
  const expected = createHmac('sha1', cred.secret).update(policy).digest('base64')
  if (!sameText(signature, expected)) throw new Refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.')
  const data = Buffer.from(await file.arrayBuffer())
  checkPolicy(policy, fields, data.length, now)
  const key = fields.get('key') ?? ''
  if (!KEY.test(key)) throw new Refusal(400, 'InvalidObjectName', 'The object key is not appId/module/timestamp.ext with an image extension.')
  if (!data.length || data.length > MAX_FILE) throw new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.')
  const sniffed = sniffImage(data)
  if (!sniffed) throw new Refusal(400, 'InvalidArgument', 'This store keeps JPEG, PNG, GIF and WebP images only.')
  storeOf(ctx).files.set(key, { type: sniffed, data })
  // success_action_status 200 answers 200 with an empty body; the default is 204
  const status = fields.get('success_action_status') === '200' ? 200 : fields.get('success_action_status') === '201' ? 201 : 204
  res.writeHead(status, { 'x-oss-request-id': randomBytes(12).toString('hex').toUpperCase(), 'cache-control': 'no-store' })
  res.end()
}

/** GET /__harness/oss/file?key=: the image as the type its bytes are, never rendered as anything else */
function serveFile(ctx: HarnessContext, req: IncomingMessage, res: ServerResponse) {
  const key = new URL(req.url ?? '/', 'http://harness').searchParams.get('key') ?? ''
  const file = storeOf(ctx).files.get(key)
  if (!file) return ossError(res, 404, 'NoSuchKey', 'The specified key does not exist.')
  const name = key.split('/').pop()!.replace(/[^\w.-]/g, '')
  res.writeHead(200, {
    'content-type': file.type,
    'content-length': file.data.length,
    'content-disposition': `inline; filename="${name}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'public, max-age=3600',
  })
  res.end(req.method === 'HEAD' ? undefined : file.data)
}

/** the store's two entries; null when the path is not one of them */
export function ossHandler(ctx: HarnessContext) {
  return (req: IncomingMessage, res: ServerResponse, entry: string): boolean => {
    if (entry === OssEntry.file && (req.method === 'GET' || req.method === 'HEAD')) {
      serveFile(ctx, req, res)
      return true
    }
    if (entry !== OssEntry.upload) return false
    if (req.method !== 'POST') {
      ossError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
      return true
    }
    upload(ctx, req, res).catch((err) => {
      if (err instanceof Refusal) return ossError(res, err.status, err.code, err.message)
      console.error('[harness] oss upload', err)
      ossError(res, 500, 'InternalError', 'We encountered an internal error. Please try again.')
    })
    return true
  }
}
