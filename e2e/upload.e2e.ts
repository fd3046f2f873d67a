// Uploads in Chromium against the harness's object store: a picture the store refuses ends in a
// clear message (en, ar); an HTML page is never stored, and opened as a game it is not trusted.
import { assert, e2eSuite, shot, waitForSelector } from './lib.ts'
import { decrypt, encrypt } from '../kernel/protocol/cipher.ts'
import { Header } from '../kernel/protocol/envelope.ts'
import { fixture } from '../harness/seed.ts'
import { postObjectForm, STS_PATH, type UploadCredentials } from '../kernel/upload.ts'

const t = e2eSuite('upload')
const VIEWER = { userId: 100001, token: 'test-token-100001' }
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

/** the STS credentials as the app gets them (the encrypted API, the viewer's token) */
async function credentials(baseUrl: string): Promise<UploadCredentials> {
  const cfg = fixture<{ cipherKey: string; cipherIv: string; subscriptionKey: string }>('harness-config.json')
  const keys = { key: cfg.cipherKey, iv: cfg.cipherIv }
  const res = await fetch(baseUrl + STS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [Header.subscription]: cfg.subscriptionKey, [Header.token]: VIEWER.token, [Header.appId]: 'callwall' },
    body: JSON.stringify({ data: encrypt({}, keys) }),
  })
  return decrypt<UploadCredentials>((await res.json()).data, keys)
}

for (const lang of ['en', 'ar'] as const) {
  t(`ENG-06 IM-06 (${lang}) a picture the upload cannot take ends in a clear message, and the next try goes through`, async ({ openApp, harness }) => {
    const page = await openApp('/feedback', { token: VIEWER.token, lang })
    await waitForSelector(page, '[data-testid=feedback-form]', 30_000)
    await harness.settings({ faults: { [STS_PATH]: { fail: 1, code: '5000' } } })
    await page.setInputFiles('[data-testid=feedback-file]', { name: 'pic.png', mimeType: 'image/png', buffer: PNG })
    const message = lang === 'en' ? 'upload failed, please upload again!' : 'فشل الرفع، يرجى الرفع مرة أخرى!'
    await waitForSelector(page, `[data-testid=toast]:has-text(${JSON.stringify(message)})`)
    await shot(page, `upload-failed-${lang}`)
    assert.is(await page.locator('[data-testid=feedback-pic-0]').count(), 0, 'no picture was added')
    await page.setInputFiles('[data-testid=feedback-file]', { name: 'pic.png', mimeType: 'image/png', buffer: PNG })
    await waitForSelector(page, '[data-testid=feedback-pic-0]')
    const src = await page.locator('[data-testid=feedback-pic-0] img').getAttribute('src')
    const served = await fetch(String(src))
    assert.equal([served.status, served.headers.get('content-type'), served.headers.get('x-content-type-options')], [200, 'image/png', 'nosniff'], 'signed, stored, served as the image it is')
  })
}

t('ENG-07 SHELL-14 an HTML page sent to the store is refused, and a page of the app\'s origin opened as a game gets no token and no same-origin sandbox', async ({ openApp, baseUrl }) => {
  const c = await credentials(baseUrl)
  const key = `callwall/chat/${Date.now()}.png`
  const html = new Blob(['<!doctype html><script>parent.postMessage(localStorage.getItem("token"),"*")</script>'], { type: 'image/png' })
  const refused = await fetch(c.host, { method: 'POST', body: await postObjectForm(c, key, html, Date.now() + 60_000) })
  assert.is(refused.status, 400)
  assert.match(await refused.text(), '<Code>InvalidArgument</Code>')
  const url = `${c.cdnUrl}${encodeURIComponent(key)}`
  assert.is((await fetch(url)).status, 404, 'nothing stored')
  const page = await openApp(`/game?url=${encodeURIComponent(url)}`, { token: VIEWER.token, lang: 'en' })
  await waitForSelector(page, '[data-testid=game-iframe]', 30_000)
  const frame = page.locator('[data-testid=game-iframe]')
  const [sandbox, src] = [await frame.getAttribute('sandbox'), String(await frame.getAttribute('src'))]
  assert.ok(sandbox?.includes('allow-scripts'), 'the frame is set up (the code ran)')
  assert.not.ok(sandbox?.includes('allow-same-origin'), `sandbox: ${sandbox}`)
  assert.not.match(src, 'imToken')
  // a game the base config lists on the app's origin still is trusted
  const game = await openApp('/game?url=' + encodeURIComponent('/__harness/game/play?id=101'), { token: VIEWER.token, lang: 'en' })
  await waitForSelector(game, '[data-testid=game-iframe]', 30_000)
  assert.ok((await game.locator('[data-testid=game-iframe]').getAttribute('sandbox'))?.includes('allow-same-origin'))
  assert.match(String(await game.locator('[data-testid=game-iframe]').getAttribute('src')), 'imToken=')
})

t.run()
