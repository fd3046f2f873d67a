import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createUploader, fitted, prepareImage, UploadError, UploadRules, uploadKey, uploaderOf, type ImageCodec } from './upload.ts'

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

test('IM-06 upload: credentials reused for their hour, key appId/module/timestamp.ext; an empty result is a failure', async () => {
  let now = 1_700_000_000_000
  let sts = 0
  const bodies: any[] = []
  let answer: unknown = { url: 'http://cdn/x.png' }
  const up = createUploader({
    api: { post: async () => (sts++, { AccessKeyId: 'k', AccessKeySecret: 's', SecurityToken: 'sts-1', host: 'http://oss/up', cdnUrl: 'http://cdn/' }) as never },
    appId: () => 'callwall',
    codec: codec().c,
    now: () => now,
    fetch: (async (_url: string, init: RequestInit) => (bodies.push(JSON.parse(String(init.body))), new Response(JSON.stringify(answer)))) as typeof fetch,
  })
  const got = await up.upload(blob(100), 'chat')
  assert.is(got.url, 'http://cdn/x.png')
  assert.is(bodies[0].key, uploadKey('callwall', 'chat', now, 'png'))
  assert.is(bodies[0].key, `callwall/chat/${now}.png`)
  now += UploadRules.credentialsMs - 1
  await up.upload(blob(100), 'chat')
  assert.is(sts, 1, 'credentials reused within the hour')
  now += 2
  await up.upload(blob(100), 'chat')
  assert.is(sts, 2, 'fresh credentials after an hour')
  answer = {}
  await up.upload(blob(100), 'chat').then(() => assert.unreachable(), (e) => assert.ok(e instanceof UploadError && e.reason === 'failed'))
})

test('IM-06 one uploader per app: chats and the feedback form share it (and its credentials)', () => {
  const kernel = { api: { post: async () => null } as never, app: { appId: 'callwall' } as never }
  const other = { api: kernel.api, app: kernel.app }
  assert.is(uploaderOf(kernel), uploaderOf(kernel))
  assert.is.not(uploaderOf(kernel), uploaderOf(other), 'another app (a test kernel) has its own')
})

test.run()
