// The harness's object store takes the app's uploads the way OSS takes a browser PostObject: signed
// with the STS credentials it issued, refused otherwise with the store's XML error, kept and served
// only as the image type the bytes are.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from './testing.ts'
import { createUploader, postObjectForm, STS_PATH, type UploadCredentials } from '../kernel/upload.ts'

let h: TestHarness
test.before(async () => {
  // the unit-test DOM's fetch runs from http://localhost, another origin than the harness: listed
  h = await startTestHarness({ plugins: ['shell', 'message'], settings: { appOrigins: ['http://localhost'] } })
})
test.after(() => h.close())

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
const HTML = new TextEncoder().encode('<!doctype html><script>parent.postMessage(localStorage.getItem("token"),"*")</script>')
const creds = async () => (await h.api(STS_PATH, {}, { token: TEST_TOKEN })).data as UploadCredentials
const post = async (c: UploadCredentials, key: string, bytes: Uint8Array<ArrayBuffer>, type: string, expiresAt = Date.now() + 60_000) => {
  const res = await fetch(c.host, { method: 'POST', body: await postObjectForm(c, key, new Blob([bytes], { type }), expiresAt) })
  return { status: res.status, text: await res.text() }
}
const xmlCode = (text: string) => /<Code>([^<]+)<\/Code>/.exec(text)?.[1]

test('IM-06 ENG-06 uploads: the app signs a PostObject form with the STS credentials; the store keeps the image and serves it as an image only', async () => {
  const c = await creds()
  assert.ok(c.AccessKeyId && c.AccessKeySecret && c.SecurityToken && c.host && c.cdnUrl, 'd3 §3: AccessKeyId, AccessKeySecret, SecurityToken, host, cdnUrl')
  const up = createUploader({ api: { post: (async () => c) as never }, appId: () => 'callwall', codec: { measure: async () => ({ width: 1, height: 1 }), jpeg: async (f) => f } })
  const got = await up.upload(new Blob([PNG], { type: 'image/png' }), 'chat')
  assert.match(got.url, /^http:\/\/127\.0\.0\.1:\d+\/__harness\/oss\/file\?key=callwall%2Fchat%2F\d+\.png$/)
  const file = await httpRequest(got.url)
  assert.is(file.status, 200)
  assert.equal([file.headers['content-type'], file.headers['x-content-type-options']], ['image/png', 'nosniff'])
  assert.match(String(file.headers['content-disposition']), /^inline; filename="\d+\.png"$/)
  assert.match(String(file.headers['content-security-policy']), 'sandbox')
})

test('IM-06 uploads: the store refuses what it did not sign for, with its XML error codes', async () => {
  const c = await creds()
  const key = () => `callwall/chat/${Date.now()}.png`
  const cases: Array<[string, UploadCredentials, number, string, number?]> = [
    ['a wrong secret', { ...c, AccessKeySecret: 'guessed' }, 403, 'SignatureDoesNotMatch'],
    ['a key id it never issued', { ...c, AccessKeyId: 'STS.made-up' }, 403, 'InvalidAccessKeyId'],
    ['another security token', { ...c, SecurityToken: 'sts-100001-1' }, 403, 'InvalidAccessKeyId'],
    ['an expired policy', c, 403, 'AccessDenied', Date.now() - 1000],
  ]
  for (const [what, cred, status, code, expires] of cases) {
    const r = await post(cred, key(), PNG, 'image/png', expires)
    assert.equal([r.status, xmlCode(r.text)], [status, code], what)
    assert.match(r.text, /^<\?xml/, what)
  }
  // the upload entry of old: a JSON body with any sts- token
  const old = await httpRequest(c.host, 'POST', JSON.stringify({ key: key(), securityToken: 'sts-1', contentType: 'text/html', data: Buffer.from(HTML).toString('base64') }), { 'content-type': 'application/json' })
  assert.equal([old.status, xmlCode(old.text)], [400, 'MalformedPOSTRequest'])
  assert.is((await post(c, key(), PNG, 'image/png')).status, 200, 'the same credentials, signed right, pass (the checks ran)')
})

test('IM-06 ENG-07 uploads: an HTML page sent as an image is refused, never stored, never served as a page', async () => {
  const c = await creds()
  for (const [key, type] of [[`callwall/chat/${Date.now()}.png`, 'image/png'], [`callwall/chat/${Date.now() + 1}.html`, 'image/png'], [`callwall/chat/${Date.now() + 2}.png`, 'text/html']]) {
    const r = await post(c, key, HTML, type)
    assert.is(r.status >= 400 && r.status < 500, true, `${key} ${type}: ${r.status}`)
    assert.ok(['InvalidArgument', 'InvalidObjectName', 'AccessDenied'].includes(xmlCode(r.text)!), r.text)
    const back = await httpRequest(`${c.cdnUrl}${encodeURIComponent(key)}`)
    assert.equal([back.status, xmlCode(back.text)], [404, 'NoSuchKey'], key)
    assert.not.match(String(back.headers['content-type']), 'html')
  }
})

test.run()
