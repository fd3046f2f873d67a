// Image upload (d3 §5, shared by the customer chat, chats and the feedback form): credentials
// from the STS call (valid 1 hour, reused until then), the object key appId/module/timestamp.ext,
// the file posted to the store's `host` as an object store's documented browser upload (Alibaba
// Cloud OSS PostObject: a signed policy with the STS key, secret and security token; see
// docs/assumptions.md "Uploads"), read back at cdnUrl + key;
// images under 300 KB sent as they are, larger ones redrawn on a canvas as JPEG (quality 0.7,
// longest side 960) and refused above 2 MB. A file that does not decode is not an image.
import type { ApiClient } from './api.ts'
import type { Kernel } from './types.ts'

export const UploadRules = {
  rawUnderBytes: 300 * 1024,
  maxBytes: 2 * 1024 * 1024,
  quality: 0.7,
  maxSide: 960,
  credentialsMs: 60 * 60_000,
} as const

/** d3 §3 file-upload credentials; `host` takes the upload, `cdnUrl` serves it back */
export interface UploadCredentials {
  AccessKeyId: string
  AccessKeySecret: string
  SecurityToken: string
  host: string
  cdnUrl: string
}

/** d3 §7 GET /sts/getkey; the API client posts, so the harness answers it as a POST under /api */
export const STS_PATH = '/api/sts/getkey'

export class UploadError extends Error {
  constructor(public reason: 'not-image' | 'too-large' | 'failed') {
    super(`upload ${reason}`)
  }
}

export interface Uploaded {
  url: string
  width: number
  height: number
  size: number
  ext: string
}

/** What the browser gives: decoding and re-encoding an image. Tests hand in their own. */
export interface ImageCodec {
  /** the image's size in pixels; rejects when the bytes are not an image */
  measure(file: Blob): Promise<{ width: number; height: number }>
  /** redraw at width x height and encode as JPEG */
  jpeg(file: Blob, width: number, height: number, quality: number): Promise<Blob>
}

const canvasCodec: ImageCodec = {
  async measure(file) {
    const bmp = await createImageBitmap(file)
    const size = { width: bmp.width, height: bmp.height }
    bmp.close()
    return size
  },
  async jpeg(file, width, height, quality) {
    const bmp = await createImageBitmap(file)
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    canvas.getContext('2d')!.drawImage(bmp, 0, 0, width, height)
    bmp.close()
    return new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', quality))
  },
}

/** the size after fitting the longest side into maxSide */
export function fitted(width: number, height: number, maxSide: number = UploadRules.maxSide) {
  const scale = Math.min(1, maxSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' }

/** The bytes to upload: small images as they are, others compressed (d3 §5). */
export async function prepareImage(file: Blob, codec: ImageCodec = canvasCodec): Promise<{ blob: Blob; width: number; height: number; ext: string }> {
  if (file.type && !file.type.startsWith('image/')) throw new UploadError('not-image')
  let size: { width: number; height: number }
  try {
    size = await codec.measure(file)
  } catch {
    throw new UploadError('not-image')
  }
  if (!(size.width > 0 && size.height > 0)) throw new UploadError('not-image')
  if (file.size < UploadRules.rawUnderBytes) return { blob: file, ...size, ext: EXT[file.type] ?? 'jpg' }
  const target = fitted(size.width, size.height)
  const blob = await codec.jpeg(file, target.width, target.height, UploadRules.quality)
  if (blob.size > UploadRules.maxBytes) throw new UploadError('too-large')
  return { blob, ...target, ext: 'jpg' }
}

export const uploadKey = (appId: string, module: string, at: number, ext: string) => `${appId}/${module}/${at}.${ext}`

/** how long the signed form may be used: a few minutes, never past the credentials */
const POLICY_MS = 10 * 60_000

const base64 = (bytes: Uint8Array) => {
  let bin = ''
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(bin)
}

/** SHA-1 of bytes (FIPS 180-4), for a page without crypto.subtle (plain http on a LAN, not localhost) */
function sha1(msg: Uint8Array): Uint8Array {
  const len = msg.length
  const padded = new Uint8Array((((len + 8) >> 6) + 1) << 6)
  padded.set(msg)
  padded[len] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 4, len * 8)
  view.setUint32(padded.length - 8, Math.floor(len / 0x20000000))
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]
  const w = new Uint32Array(80)
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4)
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
      w[i] = (x << 1) | (x >>> 31)
    }
    let [a, b, c, d, e] = h
    for (let i = 0; i < 80; i++) {
      const f = i < 20 ? (b & c) | (~b & d) : i < 40 ? b ^ c ^ d : i < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d
      const k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6
      const t = (((a << 5) | (a >>> 27)) + f + e + k + w[i]) >>> 0
      e = d
      d = c
      c = (b << 30) | (b >>> 2)
      b = a
      a = t
    }
    h[0] = (h[0] + a) >>> 0
    h[1] = (h[1] + b) >>> 0
    h[2] = (h[2] + c) >>> 0
    h[3] = (h[3] + d) >>> 0
    h[4] = (h[4] + e) >>> 0
  }
  const out = new Uint8Array(20)
  const ov = new DataView(out.buffer)
  h.forEach((v, i) => ov.setUint32(i * 4, v))
  return out
}

/** HMAC-SHA1 (RFC 2104) without crypto.subtle */
export function hmacSha1Bytes(key: Uint8Array, msg: Uint8Array): Uint8Array {
  const k = new Uint8Array(64)
  k.set(key.length > 64 ? sha1(key) : key)
  const inner = new Uint8Array(64 + msg.length)
  const outer = new Uint8Array(64 + 20)
  for (let i = 0; i < 64; i++) {
    inner[i] = k[i] ^ 0x36
    outer[i] = k[i] ^ 0x5c
  }
  inner.set(msg, 64)
  outer.set(sha1(inner), 64)
  return sha1(outer)
}

/** base64(HMAC-SHA1(secret, text)): the PostObject signature (OSS signature version 1) */
async function hmacSha1(secret: string, text: string): Promise<string> {
  const enc = new TextEncoder()
  if (!globalThis.crypto?.subtle) return base64(hmacSha1Bytes(enc.encode(secret), enc.encode(text)))
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign'])
  return base64(new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(text))))
}

/** The PostObject form: the policy allows this key, this size and an image type only, for a few minutes. */
export async function postObjectForm(c: UploadCredentials, key: string, file: Blob, expiresAt: number): Promise<FormData> {
  const type = file.type || 'image/jpeg'
  const policy = base64(
    new TextEncoder().encode(
      JSON.stringify({
        expiration: new Date(expiresAt).toISOString(),
        conditions: [['eq', '$key', key], ['content-length-range', 1, UploadRules.maxBytes], ['starts-with', '$Content-Type', 'image/']],
      }),
    ),
  )
  const form = new FormData()
  form.append('key', key)
  form.append('policy', policy)
  form.append('OSSAccessKeyId', c.AccessKeyId)
  form.append('Signature', await hmacSha1(c.AccessKeySecret, policy))
  form.append('x-oss-security-token', c.SecurityToken)
  form.append('success_action_status', '200')
  form.append('Content-Type', type)
  // the store reads the file last: every field after it is ignored
  form.append('file', file, key.split('/').pop())
  return form
}

/** where the stored object is read: cdnUrl + key (a cdnUrl ending in / or = takes the key as it is) */
export const objectUrl = (cdnUrl: string, key: string) => (/[/=]$/.test(cdnUrl) ? cdnUrl + (cdnUrl.endsWith('=') ? encodeURIComponent(key) : key) : `${cdnUrl}/${key}`)

export interface UploaderDeps {
  api: Pick<ApiClient, 'post'>
  appId: () => string
  codec?: ImageCodec
  now?: () => number
  fetch?: typeof fetch
}

/** One uploader per app: it keeps the credentials for their hour. */
export function createUploader(deps: UploaderDeps) {
  const now = deps.now ?? Date.now
  let creds: { value: UploadCredentials; until: number } | null = null

  const credentials = async () => {
    if (creds && creds.until > now()) return creds.value
    const value = await deps.api.post<UploadCredentials>(STS_PATH, {}, { silent: true })
    if (!value?.host || !value.cdnUrl) throw new UploadError('failed')
    creds = { value, until: now() + UploadRules.credentialsMs }
    return value
  }

  return {
    /** prepare and upload one image; UploadError says why not */
    async upload(file: Blob, module: string): Promise<Uploaded> {
      const img = await prepareImage(file, deps.codec)
      let c: UploadCredentials
      try {
        c = await credentials()
      } catch (err) {
        throw err instanceof UploadError ? err : new UploadError('failed')
      }
      const key = uploadKey(deps.appId(), module, now(), img.ext)
      const form = await postObjectForm(c, key, img.blob, Math.min(now() + POLICY_MS, creds?.until ?? Infinity)).catch(() => null)
      if (!form) throw new UploadError('failed')
      const res = await (deps.fetch ?? fetch)(c.host, { method: 'POST', body: form }).catch(() => null)
      if (!res?.ok) {
        // a refused credential (expired, revoked) is asked for afresh next time
        if (res && res.status === 403) creds = null
        throw new UploadError('failed')
      }
      // d3 §5: an empty upload result is a failure
      const url = objectUrl(c.cdnUrl, key)
      return { url, width: img.width, height: img.height, size: img.blob.size, ext: img.ext }
    },
  }
}

const shared = new WeakMap<object, ReturnType<typeof createUploader>>()

/** The app's one uploader, shared by every feature that uploads (chats, feedback), so the
 *  credentials are asked for once an hour, not once per feature. */
export function uploaderOf(kernel: Pick<Kernel, 'api' | 'app'>) {
  let u = shared.get(kernel)
  if (!u) shared.set(kernel, (u = createUploader({ api: kernel.api, appId: () => kernel.app.appId })))
  return u
}
