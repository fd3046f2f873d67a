import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createHmac } from 'node:crypto'
import { createUploader, fitted, hmacSha1Bytes, prepareImage, UploadError, UploadRules, uploadKey, uploaderOf, type ImageCodec } from './upload.ts'

const blob = (size: number, type = 'image/png') => new Blob([new Uint8Array(size)], { type })

function codec(o: { fail?: boolean; outSize?: number } = {}) {
  const calls: Array<[number, number, number]> = []
  const c: ImageCodec = {
    measure: async () => {
      if (o.fail) throw new Error('not decodable')
      return { width: 3000, height: 2000 }
    },
    jpeg: async (_f, w, h, q) => (calls.push([w, h, q]), blob(o.outSize ?? 100_000, 'image/jpeg')),
  }
  return { c, calls }
}

test('IM-06 images under 300 KB go as they are; larger ones become JPEG at quality 0.7, longest side 960', async () => {
  const small = codec()
  const a = await prepareImage(blob(UploadRules.rawUnderBytes - 1), small.c)
  assert.equal([a.blob.size, a.ext, small.calls.length], [UploadRules.rawUnderBytes - 1, 'png', 0])
  const big = codec()
  const b = await prepareImage(blob(UploadRules.rawUnderBytes + 1), big.c)
  assert.equal(big.calls, [[960, 640, 0.7]])
  assert.equal([b.width, b.height, b.ext], [960, 640, 'jpg'])
  assert.equal(fitted(500, 400), { width: 500, height: 400 }, 'small pictures are not enlarged')
})

test('IM-06 not an image, or still above 2 MB after compression: refused', async () => {
  await prepareImage(blob(10, 'text/plain'), codec().c).then(() => assert.unreachable(), (e) => assert.is(e.reason, 'not-image'))
  await prepareImage(blob(10), codec({ fail: true }).c).then(() => assert.unreachable(), (e) => assert.is(e.reason, 'not-image'))
  await prepareImage(blob(5_000_000), codec({ outSize: UploadRules.maxBytes + 1 }).c).then(() => assert.unreachable(), (e) => assert.is(e.reason, 'too-large'))
})

test('IM-06 upload: credentials reused for their hour, key appId/module/timestamp.ext, a signed PostObject form; a refused one is a failure', async () => {
  let now = 1_700_000_000_000
  let sts = 0
  const forms: FormData[] = []
  let status = 200
  const up = createUploader({
    api: { post: async () => (sts++, { AccessKeyId: 'STS.k', AccessKeySecret: 's', SecurityToken: 'tok', host: 'http://oss/up', cdnUrl: 'http://cdn/' }) as never },
    appId: () => 'callwall',
    codec: codec().c,
    now: () => now,
    fetch: (async (_url: string, init: RequestInit) => (forms.push(init.body as FormData), new Response(null, { status }))) as typeof fetch,
  })
  const got = await up.upload(blob(100), 'chat')
  assert.is(got.url, `http://cdn/callwall/chat/${now}.png`)
  const f = forms[0]
  assert.is(f.get('key'), uploadKey('callwall', 'chat', now, 'png'))
  assert.equal([f.get('OSSAccessKeyId'), f.get('x-oss-security-token'), f.get('Content-Type')], ['STS.k', 'tok', 'image/png'])
  const policy = JSON.parse(atob(String(f.get('policy'))))
  assert.equal(policy.conditions[0], ['eq', '$key', `callwall/chat/${now}.png`])
  assert.is(policy.expiration, new Date(now + 10 * 60_000).toISOString())
  assert.is([...f.keys()].at(-1), 'file', 'the file comes last, as the store reads it')
  now += UploadRules.credentialsMs - 1
  await up.upload(blob(100), 'chat')
  assert.is(sts, 1, 'credentials reused within the hour')
  now += 2
  await up.upload(blob(100), 'chat')
  assert.is(sts, 2, 'fresh credentials after an hour')
  status = 403
  await up.upload(blob(100), 'chat').then(() => assert.unreachable(), (e) => assert.ok(e instanceof UploadError && e.reason === 'failed'))
  status = 200
  await up.upload(blob(100), 'chat')
  assert.is(sts, 3, 'a refused credential is asked for afresh')
})

test('IM-06 the signature without crypto.subtle (a LAN page over plain http) equals HMAC-SHA1 as Node computes it', () => {
  const enc = new TextEncoder()
  for (const [key, text] of [['s', ''], ['secret', 'eyJleHBpcmF0aW9uIjoi'], ['k'.repeat(100), 'x'.repeat(1000)], ['ключ', 'نص 55 bytes long, just about one block of SHA-1 input']]) {
    const want = createHmac('sha1', key).update(text).digest('base64')
    assert.is(btoa(String.fromCharCode(...hmacSha1Bytes(enc.encode(key), enc.encode(text)))), want, `${key.slice(0, 8)} / ${text.slice(0, 8)}`)
  }
})

test('IM-06 one uploader per app: chats and the feedback form share it (and its credentials)', () => {
  const kernel = { api: { post: async () => null } as never, app: { appId: 'callwall' } as never }
  const other = { api: kernel.api, app: kernel.app }
  assert.is(uploaderOf(kernel), uploaderOf(kernel))
  assert.is.not(uploaderOf(kernel), uploaderOf(other), 'another app (a test kernel) has its own')
})

test.run()
