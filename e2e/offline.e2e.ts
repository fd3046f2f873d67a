// The production bundle as a new user meets it with every outside address cut off: built in
// production mode (the real Agora and NIM SDK loaders), its API the harness on loopback, run in
// Chromium with the network cut (CUT_NETWORK_ARGS), so the SDKs fail with their own network errors.
// Each failure must end in a state the user can act on, within a bound, in en and ar, and charge
// nothing. Screenshots: artifacts/screenshots/offline-*.png.
import { mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { buildApp } from '../build.mjs'
import { CHROMIUM, CHROMIUM_ARGS, CUT_NETWORK_ARGS, PHONE } from './chromium.ts'
import { assert, e2eSuite, enterLiveRoom, poll, shot, TIMEOUT, waitForSelector, type E2EContext, type OpenOptions } from './lib.ts'
import { JOIN_TIMEOUT_MS } from '../kernel/rtc/agora.ts'

const outdir = mkdtempSync(join(tmpdir(), 'e2e-offline-'))
// the app-config the build writes is replaced by the harness's (its own address, production mode)
const placeholder = { API_BASE: 'https://api.invalid', WS_BASE: 'wss://ws.invalid', CIPHER_KEY: 'x', CIPHER_IV: 'x', SUBSCRIPTION_KEY: 'x', AGORA_APP_ID: 'x', NIM_APP_KEY: 'x' }
await buildApp({ mode: 'production', outdir, quiet: true, env: placeholder })

/** real-looking keys: the SDKs check their shape before they try the network */
const AGORA_APP_ID = '0123456789abcdef0123456789abcdef'
const NIM_APP_KEY = '0123456789abcdef0123456789abcdef'
/** an object store outside loopback: unreachable here, as any real bucket is */
const STORE = 'https://callwall-offline.oss-ap-southeast-1.aliyuncs.com'
const PERIOD = 3
const t = e2eSuite('offline', {
  staticDir: outdir,
  appConfig: { mode: 'production', agoraAppId: AGORA_APP_ID, nimAppKey: NIM_APP_KEY },
  settings: { billingPeriodSec: PERIOD, uploadHost: STORE, imReplyMs: 0 },
})

/** the bounds a user waits at most, with room for a loaded 2-core machine: a room's video join
 *  (JOIN_TIMEOUT_MS, 10 s) and its word; a call's join and first frame (15 s after the connect push)
 *  and its word; an upload to a store the network cannot reach (a refused connection: at once) */
const VIDEO_BOUND_MS = JOIN_TIMEOUT_MS + 8000
const CALL_BOUND_MS = 25_000
const UPLOAD_BOUND_MS = 8000

let cut: Browser | null = null
const openCut = (ctx: E2EContext) => async (path: string, o: OpenOptions = {}): Promise<Page> => {
  cut ??= await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...CUT_NETWORK_ARGS] })
  const context = await cut.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: o.lang === 'ar' ? 'ar' : 'en-US', serviceWorkers: 'block' })
  await context.addInitScript((token) => {
    if (token && !sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', token)
      sessionStorage.setItem('e2e-token-set', '1')
    }
    const d = new Date()
    localStorage.setItem('popupShown.engage.checkin-daily', `${d.getMonth() + 1}-${d.getDate()}`)
  }, o.token ?? '')
  const page = await context.newPage()
  page.setDefaultTimeout(TIMEOUT)
  const url = new URL(path, ctx.baseUrl)
  if (o.lang) url.searchParams.set('lang', o.lang)
  await page.goto(url.toString())
  return page
}
t.after.each(async () => {
  for (const c of cut?.contexts() ?? []) await c.close().catch(() => undefined)
})
t.after(async () => {
  await cut?.close()
  cut = null
  await rm(outdir, { recursive: true, force: true })
})

const VIEWER = 100001
/** online in the fixtures, 80 diamonds a minute */
const HOST = 200002
/** a string of the app's own tables, by its key anywhere in the plugin's file */
function text(lang: 'en' | 'ar', plugin: string, key: string): string {
  const find = (o: any): string | undefined => (o && typeof o === 'object' ? (typeof o[key] === 'string' ? o[key] : Object.values(o).map(find).find(Boolean)) : undefined)
  const found = find(JSON.parse(readFileSync(join('locales', lang, `${plugin}.json`), 'utf8')))
  if (!found) throw new Error(`no ${plugin}.${key} in ${lang}`)
  return found
}
const WORDS = Object.fromEntries(
  (['en', 'ar'] as const).map((lang) => [
    lang,
    { noVideo: text(lang, 'calls', 'noVideo'), cantConnect: text(lang, 'calls', 'cantConnect'), uploadFailed: text(lang, 'social', 'uploadFailed'), retry: text(lang, 'live', 'chatRetry') },
  ]),
) as Record<'en' | 'ar', Record<'noVideo' | 'cantConnect' | 'uploadFailed' | 'retry', string>>
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

const toast = (page: Page, text: string, timeout: number) => waitForSelector(page, `[data-testid=toast]:has-text(${JSON.stringify(text)})`, timeout)

/** the viewer's ledger entries for a call's channel; the ledger's own check must hold */
async function charged(ctx: E2EContext, channelId: string) {
  const { entries, check } = await ctx.harness.ledger(VIEWER)
  assert.ok(check.ok, `ledger check: ${JSON.stringify(check)}`)
  return entries.filter((e) => e.channelId === channelId)
}
const calls = async (ctx: E2EContext): Promise<Array<Record<string, any>>> => (await ctx.harness.call('GET', '/calls/state')).calls
const token = async (ctx: E2EContext) => (await ctx.harness.users()).find((u) => u.userId === VIEWER)!.token as string

for (const lang of ['en', 'ar'] as const) {
  const w = WORDS[lang]

  t(`CALL-09 CALL-06 BLD-01 (${lang}) offline, production bundle: an outgoing call whose video cannot connect ends with a message within the bound and charges nothing`, async (ctx) => {
    await ctx.harness.call('POST', '/calls/behaviour', { hostId: HOST, answer: 'accept', afterSec: 1 })
    const balance = (await ctx.harness.users()).find((u) => u.userId === VIEWER)!.diamondNum
    const page = await openCut(ctx)(`/detail?id=${HOST}`, { token: await token(ctx), lang })
    await waitForSelector(page, '[data-testid=detail-call]', 30_000)
    await ctx.harness.waitForSocket(VIEWER)
    await page.click('[data-testid=detail-call]')
    await waitForSelector(page, '[data-testid=call-screen]')
    const started = Date.now()
    await toast(page, w.noVideo, CALL_BOUND_MS)
    assert.ok(Date.now() - started < CALL_BOUND_MS, `ended after ${Date.now() - started} ms`)
    await shot(page, `offline-call-out-ended-${lang}`)
    const row = (await calls(ctx)).at(-1)!
    assert.ok(await poll(async () => ['cancelled', 'over'].includes((await calls(ctx)).at(-1)!.state)), 'the call is reported over')
    assert.equal(await charged(ctx, row.channelId), [], 'a call that never had video costs nothing')
    assert.is((await ctx.harness.users()).find((u) => u.userId === VIEWER)!.diamondNum, balance)
  })

  t(`CALL-04 CALL-06 BLD-01 (${lang}) offline, production bundle: an accepted incoming call that cannot connect ends with a message within the bound, reported over, and charges nothing`, async (ctx) => {
    const page = await openCut(ctx)('/wall', { token: await token(ctx), lang })
    await waitForSelector(page, '[data-testid=host-card]', 30_000)
    await ctx.harness.waitForSocket(VIEWER)
    const { channelId } = await ctx.harness.call('POST', '/calls/incoming', { hostId: 200003, userId: VIEWER, waitTime: 30 })
    // the production bundle loads both SDKs meanwhile: on a loaded 2-core machine the push's popup may take longer than TIMEOUT
    await waitForSelector(page, `[data-testid=call-incoming][data-channel="${channelId}"]`, 20_000)
    await page.click('[data-testid=call-accept]')
    const started = Date.now()
    await toast(page, w.cantConnect, CALL_BOUND_MS)
    assert.ok(Date.now() - started < CALL_BOUND_MS, `ended after ${Date.now() - started} ms`)
    await shot(page, `offline-call-in-ended-${lang}`)
    const row = await poll(async () => (await calls(ctx)).find((c) => c.channelId === channelId && ['cancelled', 'over'].includes(c.state)))
    assert.ok(row, 'the call is reported over, not left connected on the server')
    assert.equal(await charged(ctx, channelId), [], 'a call that never had video costs nothing')
  })

  t(`IM-06 ENG-06 BLD-01 (${lang}) offline, production bundle: a picture for an unreachable store fails with a clear message`, async (ctx) => {
    const page = await openCut(ctx)('/feedback', { token: await token(ctx), lang })
    await waitForSelector(page, '[data-testid=feedback-form]', 30_000)
    const started = Date.now()
    await page.setInputFiles('[data-testid=feedback-file]', { name: 'pic.png', mimeType: 'image/png', buffer: PNG })
    await toast(page, w.uploadFailed, UPLOAD_BOUND_MS)
    assert.ok(Date.now() - started < UPLOAD_BOUND_MS, `failed after ${Date.now() - started} ms`)
    await shot(page, `offline-upload-failed-${lang}`)
    assert.is(await page.locator('[data-testid=feedback-pic-0]').count(), 0, 'no picture was added')
  })

  t(`IM-02 BLD-01 (${lang}) offline, production bundle: an image message in a chat fails with a clear mark, with retry`, async (ctx) => {
    const page = await openCut(ctx)(`/detail?id=${HOST}`, { token: await token(ctx), lang })
    await waitForSelector(page, '[data-testid=detail-chat]', 30_000)
    await page.click('[data-testid=detail-chat]')
    await waitForSelector(page, '[data-testid=composer-file]', 30_000).catch(() => undefined)
    await page.setInputFiles('[data-testid=composer-file]', { name: 'pic.png', mimeType: 'image/png', buffer: PNG })
    const started = Date.now()
    // the picture goes to the store first: unreachable, it is refused there with the upload's message
    // (or, past the store, the message is marked failed by the messaging service it cannot reach)
    const failed = page.locator(`[data-testid=chat-message][data-mine][data-state=failed], [data-testid=toast]:has-text(${JSON.stringify(text(lang, 'message', 'uploadFailed'))})`)
    const said = await poll(async () => (await failed.count()) > 0, UPLOAD_BOUND_MS, 100)
    await shot(page, `offline-chat-image-failed-${lang}`)
    assert.ok(said, `no word ${Date.now() - started} ms after the picture was chosen`)
    assert.is(await page.locator('[data-testid=chat-message][data-mine]:not([data-state=failed])').count(), 0, 'no picture shown as sent')
  })

  t(`LIVE-01 LIVE-06 BLD-01 (${lang}) offline, production bundle: a live room whose video cannot connect offers Retry within the bound, not "Live ended"`, async (ctx) => {
    const started = Date.now()
    const { page } = await enterLiveRoom({ ...ctx, openApp: openCut(ctx) }, lang, { live: false, viewer: { token: await token(ctx) } })
    // NEEDS the live room's can't-connect state with Retry (plugins/live, another branch): until that
    // is merged this check fails here, with the room showing "Live ended" (status ended)
    const retry = page.getByRole('button', { name: w.retry, exact: true }).and(page.locator(':not([data-testid=live-chat-retry])'))
    const offered = await poll(async () => (await retry.count()) > 0, VIDEO_BOUND_MS, 200)
    await shot(page, `offline-live-${lang}`)
    assert.ok(offered, `no Retry ${Date.now() - started} ms into the room (status ${await page.locator('[data-testid=live-room]').getAttribute('data-status')})`)
    assert.is.not(await page.locator('[data-testid=live-room]').getAttribute('data-status'), 'ended', 'the live goes on: not "Live ended"')
  })
}

t.run()
