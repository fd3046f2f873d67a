// Gifts in Chromium against the harness, in English and Arabic: the gift panel in a live room,
// a send landing in the room's chat with the ledger matching the balance shown (a double tap
// charged once), a full-screen gift played and gone, a lucky gift win, and a gift storm with double
// taps, refused sends and lost answers retried, against the ledger.
import type { Page } from 'playwright-core'
import { SEND_DEBOUNCE_MS } from '../plugins/gift/rules.ts'
import { GiftPaths } from '../plugins/gift/paths.ts'
import { GPU_WEBGL } from './chromium.ts'
import { giftStorm, type StormHarness } from './gift-storm.ts'
import { assert, consoleOf, type E2EContext, e2eSuite, enterLiveRoom, errorsOf, poll, shot, sizeReport, waitForSelector } from './lib.ts'

const t = e2eSuite('gift')

/** what the MP4 player's canvas holds: pixels opaque (over 200) and clear (0) */
interface Drawn {
  ok: boolean
  opaque: number
  clear: number
}

/** What the page's MP4 gift canvases drew, sampled in the page every 100 ms while one is shown (the
 *  test's own round trips are too slow for a 3 s play on a busy machine): per play, the most pixels
 *  seen opaque (alpha over 200) and clear (alpha 0) in one frame; each canvas seen; and every WebGL
 *  context made, with its canvas, keeping its drawing buffer so the sampler can read what was drawn.
 *  __mp4Log keeps each change of what the layer shows (its gift, the player's layer, the canvas's
 *  size, the <video>'s state) and each WebGL context made, refused or lost, so a play that never
 *  showed says where it stopped. (A script's text: the test transform's helpers are not in the page.) */
const MP4_PLAYS = `(() => {
  const get = HTMLCanvasElement.prototype.getContext
  window.__gl = []; window.__mp4Plays = []; window.__mp4Canvases = new Set(); window.__mp4DrawnNow = false; window.__mp4Log = []
  const note = (what) => window.__mp4Log.push(Math.round(performance.now()) + ' ms ' + what)
  HTMLCanvasElement.prototype.getContext = function (type, attrs) {
    const c = get.call(this, type, /webgl/.test(type) ? { ...attrs, preserveDrawingBuffer: true } : attrs)
    if (/webgl/.test(type) && !window.__gl.some((g) => g.ctx === c)) {
      note(type + (c ? ' context made' : ' context refused'))
      if (c) {
        window.__gl.push({ canvas: this, ctx: c })
        this.addEventListener('webglcontextlost', () => note(type + ' context lost'))
      }
    }
    return c
  }
  let play = null, seen = ''
  setInterval(() => {
    const full = document.querySelector('[data-testid=gift-full]'), v = document.querySelector('video[id^=gift-mp4]')
    const c = document.querySelector('[data-testid=gift-full] [data-testid=gift-mp4] canvas')
    const now = 'full ' + (full?.dataset.gift ?? '-') + ', layer ' + !!document.querySelector('[data-testid=gift-mp4]') + ', canvas ' + (c ? c.width + 'x' + c.height : '-') + ', video ' + (v ? 'ready ' + v.readyState + (v.error ? ' error ' + v.error.code : '') + (v.paused ? ' paused' : ' playing') : '-')
    if (now !== seen) note(seen = now)
    if (!c) {
      if (play) window.__mp4Plays.push(play)
      play = null; window.__mp4DrawnNow = false
      return
    }
    play ??= { ok: false, opaque: 0, clear: 0 }
    window.__mp4Canvases.add(c)
    if (!c.width) return
    const copy = document.createElement('canvas'); copy.width = c.width; copy.height = c.height
    const g = copy.getContext('2d'); g.drawImage(c, 0, 0)
    const d = g.getImageData(0, 0, c.width, c.height).data
    let opaque = 0, clear = 0
    for (let i = 3; i < d.length; i += 4) d[i] > 200 ? opaque++ : d[i] === 0 && clear++
    if (opaque > 500 && clear > 500) play.ok = window.__mp4DrawnNow = true
    // held for the test's screenshot (its round trips are slower than a play on a busy machine)
    if (play.ok && window.__mp4Hold) { window.__mp4Hold = false; document.querySelector('video[id^=gift-mp4]')?.pause() }
    play.opaque = Math.max(play.opaque, opaque); play.clear = Math.max(play.clear, clear)
  }, 100)
})()`

/** what the browser's own canvases did: size sets that reached the browser (each one drops the
 *  bitmap and allocates another), per shown canvas and for the offscreen ones, 2D context resets,
 *  and frames copied onto each shown canvas; the SVGA canvas's pixels kept as its third frame is
 *  drawn (a loaded machine skips frames of a 3 s play). Counted below anything the app sets on a canvas. */
const CANVAS_COUNTS = `(() => {
  const counts = window.__canvas = { sets: new WeakMap(), offscreenSets: 0, resets: 0, frames: new WeakMap() }
  const bump = (map, key) => map.set(key, (map.get(key) || 0) + 1)
  for (const [proto, shown] of [[HTMLCanvasElement.prototype, true], [OffscreenCanvas.prototype, false]])
    for (const side of ['width', 'height']) {
      const own = Object.getOwnPropertyDescriptor(proto, side)
      Object.defineProperty(proto, side, { ...own, set(v) { shown ? bump(counts.sets, this) : counts.offscreenSets++; own.set.call(this, v) } })
    }
  for (const proto of [CanvasRenderingContext2D.prototype, OffscreenCanvasRenderingContext2D.prototype]) {
    const reset = proto.reset
    proto.reset = function () { counts.resets++; return reset.call(this) }
  }
  const draw = CanvasRenderingContext2D.prototype.drawImage
  CanvasRenderingContext2D.prototype.drawImage = function (...a) {
    draw.apply(this, a)
    bump(counts.frames, this.canvas)
    if (this.canvas.dataset.testid !== 'gift-svga') return
    counts.svga = this.canvas
    if (counts.frames.get(this.canvas) === 3) counts.third = this.getImageData(0, 0, this.canvas.width, this.canvas.height).data
  }
})()`

/** the SVGA canvas's third frame is one frame of the file as svga's own Player draws it alone, on a
 *  canvas of its own (no earlier frame left under it): the frame's number, or -1 */
const SVGA_THIRD_FRAME = (chunk: string, file: string) => `(async () => {
  const now = window.__canvas.third
  const { Parser, Player } = await import(${JSON.stringify(chunk)})
  const parser = new Parser()
  const video = await parser.load(${JSON.stringify(file)})
  const alone = document.createElement('canvas')
  const player = new Player({ container: alone, loop: 1 })
  await player.mount(video)
  let found = -1
  for (let f = 0; f < video.frames && found < 0; f++) {
    // drawFrame draws the player's current frame, whatever its argument
    player.currentFrame = f
    player.drawFrame(f)
    const d = alone.getContext('2d').getImageData(0, 0, alone.width, alone.height).data
    if (d.length === now.length && d.every((v, i) => v === now[i])) found = f
  }
  player.destroy()
  parser.destroy()
  return found
})()`

/** the device the page reports (navigator.hardwareConcurrency, navigator.deviceMemory): the gift
 *  layer's tier reads them, and this machine's own cores say nothing of a phone's */
const device = (cores: number, memoryGb: number) => async (page: Page) => {
  // a script's text, not a function: the test runner's transform would wrap a function in helpers the page lacks
  await page.addInitScript(`Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => ${cores} }); Object.defineProperty(navigator, 'deviceMemory', { get: () => ${memoryGb} })`)
}

async function openPanel(page: Page) {
  await page.click('[data-testid=live-gift]')
  await waitForSelector(page, '[data-testid=gift-grid]')
}

/** HAR-06 for gifts: the ledger holds, and the balance the panel shows is the ledger's */
async function ledgerMatches(ctx: E2EContext, page: Page, userId: number) {
  const { entries, check } = await ctx.harness.ledger(userId)
  assert.ok(check.ok, `ledger check: ${JSON.stringify(check.problems ?? check)}`)
  const last = entries.filter((e) => e.userId === userId).at(-1)
  const ledgerBalance = Number(last?.balanceAfter)
  const shown = await poll(async () => {
    const text = (await page.locator('[data-testid=gift-balance-num]').textContent()) ?? ''
    return Number(text.replace(/[^\d]/g, '')) === ledgerBalance ? ledgerBalance : null
  })
  assert.is(shown, ledgerBalance, 'the balance shown is the ledger')
  return entries
}

t('LIVE-07 (en) a broken SVGA file does not block the queue: its banner shows, its play ends, and the next full-screen gift plays', async (ctx) => {
  const { page } = await enterLiveRoom(ctx, 'en', { beforeLoad: device(8, 8) })
  // the server's file is not SVGA (the parser refuses it)
  let served = 0
  await page.route('**/gift/anim.svga*', (route) => (served++, route.fulfill({ status: 200, contentType: 'application/octet-stream', body: 'not an svga file' })))
  await openPanel(page)
  await page.click('[data-testid=gift-cell][data-gift="1009"]')
  await page.fill('[data-testid=gift-qty]', '1')
  await page.click('[data-testid=gift-send]')
  await waitForSelector(page, '[data-testid=gift-banner][data-gift="1009"]')
  await poll(async () => (await page.locator('[data-testid=gift-full][data-gift="1009"]').count()) === 0, 15_000)
  assert.is(served, 1, 'the SVGA player asked for the file once')
  assert.is(await page.locator('[data-testid=gift-svga]').count(), 0, 'no SVGA canvas left')
  await page.waitForTimeout(SEND_DEBOUNCE_MS + 100)
  await page.click('[data-testid=gift-cell][data-gift="1008"]')
  await page.click('[data-testid=gift-send]')
  await waitForSelector(page, '[data-testid=gift-full][data-gift="1008"] svg', 15_000)
  assert.equal(errorsOf(page), [])
})

t('LIVE-07 (en) a broken MP4 file does not block the queue: its banner shows, its play ends, no MP4 player is left, and the next full-screen gift plays', async (ctx) => {
  const beforeLoad = async (p: Page) => {
    await device(8, 8)(p)
    await p.addInitScript(GPU_WEBGL)
  }
  const { page } = await enterLiveRoom(ctx, 'en', { beforeLoad })
  // the server's file is not an MP4 (the <video> cannot read it)
  let served = 0
  await page.route('**/gift/anim.mp4*', (route) => (served++, route.fulfill({ status: 200, contentType: 'video/mp4', body: 'not an mp4 file' })))
  await openPanel(page)
  await page.click('[data-testid=gift-cell][data-gift="1010"]')
  await page.fill('[data-testid=gift-qty]', '1')
  await page.click('[data-testid=gift-send]')
  await waitForSelector(page, '[data-testid=gift-banner][data-gift="1010"]')
  await poll(async () => served > 0 && (await page.locator('[data-testid=gift-full][data-gift="1010"]').count()) === 0, 15_000)
  assert.ok(served >= 1, 'the MP4 player asked for the file')
  assert.is(await page.locator('[data-testid=gift-mp4]').count(), 0, 'no MP4 layer left')
  assert.is(await page.locator('video[id^=gift-mp4]').count(), 0, 'no <video> of a gift left')
  await page.waitForTimeout(SEND_DEBOUNCE_MS + 100)
  await page.click('[data-testid=gift-cell][data-gift="1008"]')
  await page.click('[data-testid=gift-send]')
  await waitForSelector(page, '[data-testid=gift-full][data-gift="1008"] svg', 15_000)
  assert.equal(errorsOf(page), [])
})

/** lottie's worker is running in the page: a worker from a blob whose message handler completes
 *  animation data (lottie writes its worker from its own function's text) */
async function lottieWorker(page: Page): Promise<boolean> {
  for (const w of page.workers()) {
    if (w.url().startsWith('blob:') && (await w.evaluate('String(self.onmessage).includes("completeData")').catch(() => false))) return true
  }
  return false
}

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-07 (${lang}) the gift panel in a live room: a send lands in the chat, a double tap is charged once, the ledger matches the balance shown; a full-screen Lottie gift plays, its file completed in lottie's worker, plays again from the same file, and is gone`, async (ctx) => {
    const { page, viewer } = await enterLiveRoom(ctx, lang, { beforeLoad: device(8, 8) })
    await openPanel(page)
    assert.is(await page.locator('[data-testid=gift-tab-lucky]').count(), 1, 'lucky gifts exist in a room')
    await shot(page, `gift-panel-${lang}`)
    await page.click('[data-testid=gift-cell][data-gift="1003"]')
    await page.click('[data-testid=gift-qty-picks]')
    await page.locator('[data-testid=gift-pick]', { hasText: '5' }).last().click()
    assert.is(await page.inputValue('[data-testid=gift-qty]'), '5')
    // a double tap: one gift
    await page.locator('[data-testid=gift-send]').dblclick()
    await waitForSelector(page, '[data-testid=live-line][data-type=sendGiftTip]')
    await waitForSelector(page, '[data-testid=gift-banner]')
    const entries = await ledgerMatches(ctx, page, viewer.userId)
    const sends = entries.filter((e) => e.reason === 'gift.send' && e.userId === viewer.userId)
    assert.is(sends.length, 1, 'one charge for the double tap')
    assert.is(sends[0].delta, -50)
    await shot(page, `gift-sent-${lang}`)
    // a full-screen gift: the player loads, plays and is destroyed
    // the app drops a second send within its debounce: this lets the product's own clock pass it
    await page.waitForTimeout(SEND_DEBOUNCE_MS + 100)
    await page.click('[data-testid=gift-cell][data-gift="1008"]')
    await page.fill('[data-testid=gift-qty]', '1')
    await page.click('[data-testid=gift-send]')
    // lottie's groups are built once the worker has sent the completed data back
    await waitForSelector(page, '[data-testid=gift-full] svg g', 15_000)
    await shot(page, `gift-fullscreen-${lang}`)
    assert.ok(await poll(() => lottieWorker(page), 5_000), "the file's data was completed in lottie's worker, not on the page")
    await poll(async () => (await page.locator('[data-testid=gift-full]').count()) === 0, 15_000)
    assert.is(await page.locator('[data-testid=gift-full]').count(), 0, 'the player is gone after its play')
    // the same file again, from the data kept for it: it draws again
    await page.waitForTimeout(SEND_DEBOUNCE_MS + 100)
    await page.click('[data-testid=gift-send]')
    await waitForSelector(page, '[data-testid=gift-full] svg g', 15_000)
    await poll(async () => (await page.locator('[data-testid=gift-full]').count()) === 0, 15_000)
    assert.is(await page.locator('[data-testid=gift-full]').count(), 0, 'the second play is gone too')
    await ledgerMatches(ctx, page, viewer.userId)
    assert.equal(errorsOf(page), [])
  })

  t(`LIVE-07 (${lang}) an SVGA gift plays with the SVGA player: its canvas drawn, each frame cleared in place and exactly svga's own, the player kept while the room is open and destroyed (its parser's worker ended) after leaving the room`, async (ctx) => {
    const beforeLoad = async (p: Page) => {
      await device(8, 8)(p)
      await p.addInitScript(CANVAS_COUNTS)
    }
    const { page, viewer } = await enterLiveRoom(ctx, lang, { beforeLoad })
    let file = ''
    page.on('request', (r) => /\.svga(\?|$)/.test(r.url()) && (file = r.url()))
    // the svga parser reads and inflates the file in a worker of its own (from a blob: URL); the
    // harness's video draws in one too, by name
    const blobWorkers: Array<{ closed: boolean; video: Promise<boolean> }> = []
    page.on('worker', (w) => {
      if (!w.url().startsWith('blob:')) return
      const seen = { closed: false, video: w.evaluate('self.name').then((n) => n === 'generated-video', () => false) }
      blobWorkers.push(seen)
      w.on('close', () => (seen.closed = true))
    })
    const parserWorkers = async () => {
      const video = await Promise.all(blobWorkers.map((w) => w.video))
      return blobWorkers.filter((_, i) => !video[i])
    }
    await openPanel(page)
    await page.click('[data-testid=gift-cell][data-gift="1009"]')
    await page.fill('[data-testid=gift-qty]', '1')
    await page.click('[data-testid=gift-send]')
    await waitForSelector(page, '[data-testid=gift-full][data-gift="1009"] canvas[data-testid=gift-svga]', 15_000)
    // pixels the player drew (a script's text: the test transform's helpers are not in the page)
    const painted = `(() => { const c = document.querySelector('[data-testid=gift-svga]'); if (!c || !c.width) return 0; const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n })()`
    const drawn = await poll(async () => ((await page.evaluate(painted)) as number) || null, 10_000, 50)
    assert.ok(drawn && drawn > 500, `the SVGA player drew on its canvas (${drawn} pixels)`)
    await shot(page, `gift-svga-${lang}`)
    await poll(() => page.evaluate('!!window.__canvas.third'), 10_000)
    // every frame cleared its two canvases in place: the browser saw the sizes set when the file was
    // mounted and for the first frame's drawing canvas, not once or three times a frame
    const counts = (await page.evaluate(`(() => { const c = window.__canvas, shown = c.svga; return { frames: c.frames.get(shown) || 0, sets: c.sets.get(shown) || 0, offscreenSets: c.offscreenSets, resets: c.resets } })()`)) as Record<string, number>
    assert.ok(counts.frames >= 3, `frames drawn: ${JSON.stringify(counts)}`)
    assert.ok(counts.sets <= 2 && counts.offscreenSets <= 2, `sizes set by the browser, not per frame: ${JSON.stringify(counts)}`)
    assert.ok(counts.resets >= 2 * counts.frames, `each frame cleared both canvases in place: ${JSON.stringify(counts)}`)
    await poll(async () => (await page.locator('[data-testid=gift-full]').count()) === 0, 15_000)
    assert.is(await page.locator('[data-testid=gift-svga]').count(), 0, 'the canvas is taken out after its play')
    const workers = await parserWorkers()
    assert.is(workers.length, 1, 'one parser worker for the room')
    assert.is(workers[0].closed, false, 'the player is kept while the room is open')
    // the third frame is svga's own frame, with nothing of the two frames before it (after the counts
    // and the workers: svga's own player here sets its sizes every frame, and its parser has a worker)
    const chunk = (await sizeReport()).files.find((f) => f.source === 'plugins/gift/svga.ts')!.file
    const frame = (await page.evaluate(SVGA_THIRD_FRAME(`/${chunk}`, file))) as number
    assert.ok(frame >= 0, `the canvas's third frame is one of the file's frames as svga draws it alone (frame ${frame})`)
    await ledgerMatches(ctx, page, viewer.userId)
    // the panel closed by a tap above it, then the room left
    await page.click('[data-testid=overlay-backdrop]', { position: { x: 195, y: 80 } })
    await poll(async () => (await page.locator('[data-overlay="gift.panel"]').count()) === 0)
    await page.click('[data-testid=live-exit]')
    await page.click('[data-testid=live-exit-confirm-exit]')
    await poll(async () => workers[0].closed, 10_000)
    assert.ok(workers[0].closed, "the player is destroyed after the room: its parser's worker ended")
    assert.equal(errorsOf(page), [])
  })

  t(`LIVE-07 (${lang}) an MP4 gift plays with the alpha-MP4 player: its WebGL canvas opaque where the gift is and transparent around it, one player reused for a second play, destroyed (its WebGL context lost) after leaving the room`, async (ctx) => {
    // the viewer with 20,000 diamonds: two Yachts cost 5,998
    const rich = (await ctx.harness.users()).find((u) => u.userType === 1 && u.token && Number(u.diamondNum) >= 20_000)
    const beforeLoad = async (p: Page) => {
      await device(8, 8)(p)
      await p.addInitScript(GPU_WEBGL)
      await p.addInitScript(MP4_PLAYS)
    }
    const { page, viewer } = await enterLiveRoom(ctx, lang, { viewer: rich, beforeLoad })
    await openPanel(page)
    const plays = async () => (await page.evaluate('window.__mp4Plays')) as Drawn[]
    for (const round of [1, 2]) {
      if (round === 2) await page.waitForTimeout(SEND_DEBOUNCE_MS + 100)
      else {
        await page.click('[data-testid=gift-cell][data-gift="1010"]')
        await page.fill('[data-testid=gift-qty]', '1')
      }
      // the first play is held on a drawn frame for its screenshot, then goes on
      if (round === 1) await page.evaluate('window.__mp4Hold = true')
      await page.click('[data-testid=gift-send]')
      await waitForSelector(page, '[data-testid=gift-full][data-gift="1010"] [data-testid=gift-mp4] canvas', 15_000).catch(async (err: Error) => {
        throw new Error(`play ${round}: ${err.message}; the layer as the page saw it: ${JSON.stringify(await page.evaluate('window.__mp4Log'))}; the console: ${JSON.stringify(consoleOf(page).slice(-10))}`)
      })
      if (round === 1 && (await poll(async () => page.evaluate('window.__mp4DrawnNow'), 8000))) {
        await shot(page, `gift-mp4-${lang}`)
        await page.evaluate(`document.querySelector('video[id^=gift-mp4]')?.play()`)
      }
      // the sampler records a play when its canvas leaves the page
      await poll(async () => (await plays()).length >= round, 20_000)
      const drawn = (await plays())[round - 1]
      assert.ok(drawn?.ok, `play ${round}: the MP4 player drew the gift opaque and left the rest clear (${JSON.stringify(drawn)})`)
      assert.is(await page.locator('[data-testid=gift-mp4]').count(), 0, `play ${round}: the layer is taken out after its play`)
    }
    const players = `(() => [...window.__mp4Canvases].map((c) => window.__gl.find((g) => g.canvas === c)?.ctx.isContextLost() ?? 'none'))()`
    assert.equal(await page.evaluate(players), [false], 'one player (one canvas, its context alive) for both plays while the room is open')
    await ledgerMatches(ctx, page, viewer.userId)
    // the panel closed by a tap above it, then the room left
    await page.click('[data-testid=overlay-backdrop]', { position: { x: 195, y: 80 } })
    await poll(async () => (await page.locator('[data-overlay="gift.panel"]').count()) === 0)
    await page.click('[data-testid=live-exit]')
    await page.click('[data-testid=live-exit-confirm-exit]')
    await poll(async () => JSON.stringify(await page.evaluate(players)) === '[true]', 10_000)
    assert.equal(await page.evaluate(players), [true], 'the player is destroyed after the room: its WebGL context lost')
    assert.is(await page.locator('video[id^=gift-mp4]').count(), 0, 'no <video> of a gift left')
    assert.equal(errorsOf(page), [])
  })

  t(`LIVE-07 (${lang}) on a phone whose WebGL is drawn in software (no usable GPU) an MP4 gift shows its banner with a light effect and no full-screen play, while a Lottie gift still plays; the ledger matches`, async (ctx) => {
    const rich = (await ctx.harness.users()).find((u) => u.userType === 1 && u.token && Number(u.diamondNum) >= 20_000)
    // this Chromium's own WebGL is SwiftShader's: nothing pretends a GPU here
    const { page, viewer } = await enterLiveRoom(ctx, lang, { viewer: rich, beforeLoad: device(8, 8) })
    await page.evaluate(`window.__fullSeen = []; new MutationObserver(() => document.querySelectorAll('[data-testid=gift-full]').forEach((e) => window.__fullSeen.includes(e.dataset.gift) || window.__fullSeen.push(e.dataset.gift))).observe(document.body, { childList: true, subtree: true })`)
    await openPanel(page)
    await page.click('[data-testid=gift-cell][data-gift="1010"]')
    await page.fill('[data-testid=gift-qty]', '1')
    await page.click('[data-testid=gift-send]')
    // the sign that the send landed and the layer ran: the Yacht's banner, lit
    await waitForSelector(page, '[data-testid=gift-banner][data-gift="1010"][data-light]')
    // the banner's 350 ms entrance, so the picture shows it
    await page.waitForTimeout(400)
    await shot(page, `gift-mp4-software-${lang}`)
    await page.waitForTimeout(SEND_DEBOUNCE_MS + 100)
    await page.click('[data-testid=gift-cell][data-gift="1008"]')
    await page.fill('[data-testid=gift-qty]', '1')
    await page.click('[data-testid=gift-send]')
    await waitForSelector(page, '[data-testid=gift-full][data-gift="1008"]', 15_000)
    assert.equal(await page.evaluate('window.__fullSeen'), ['1008'], 'only the Lottie gift played full screen')
    assert.is(await page.locator('video[id^=gift-mp4]').count(), 0, 'no MP4 player was made')
    await ledgerMatches(ctx, page, viewer.userId)
    assert.equal(errorsOf(page), [])
  })

  t(`LIVE-07 (${lang}) on a weak phone (2 cores, 2 GB) a full-screen gift shows its banner with a light effect and no full-screen play; the ledger matches`, async (ctx) => {
    const { page, viewer } = await enterLiveRoom(ctx, lang, { beforeLoad: device(2, 2) })
    await openPanel(page)
    await page.click('[data-testid=gift-cell][data-gift="1008"]')
    await page.fill('[data-testid=gift-qty]', '1')
    await page.click('[data-testid=gift-send]')
    // the sign that the send landed and the layer ran: the gift's banner, lit
    await waitForSelector(page, '[data-testid=gift-banner][data-gift="1008"][data-light]')
    await shot(page, `gift-lite-${lang}`)
    assert.is(await page.locator('[data-testid=gift-full]').count(), 0, 'no full-screen play on a lite device')
    await ledgerMatches(ctx, page, viewer.userId)
    assert.equal(errorsOf(page), [])
  })

  t(`LIVE-07 (${lang}) a send whose answers are lost twice is pending, never "not sent": confirmed by its key, charged once, and the balance shown is the ledger`, async (ctx) => {
    const { page, viewer } = await enterLiveRoom(ctx, lang)
    await openPanel(page)
    // both tries reach the harness (the first is charged, the second answers the same); neither answer reaches the page
    await page.route(`**${GiftPaths.send}`, async (route) => (await route.fetch(), route.abort('failed')), { times: 2 })
    // the first two status questions are lost as well: the send stays pending a while (and is seen so)
    await page.route(`**${GiftPaths.sendStatus}`, (route) => route.abort('failed'), { times: 2 })
    await page.click('[data-testid=gift-cell][data-gift="1003"]')
    await page.click('[data-testid=gift-send]')
    await waitForSelector(page, '[data-testid=gift-pending]')
    assert.ok(await page.locator('[data-testid=gift-send]').isDisabled(), 'no second paid try while it is pending')
    await shot(page, `gift-pending-${lang}`)
    await poll(async () => (await page.locator('[data-testid=gift-pending]').count()) === 0, 40_000)
    const entries = await ledgerMatches(ctx, page, viewer.userId)
    assert.is(entries.filter((e) => e.reason === 'gift.send' && e.userId === viewer.userId).length, 1, 'charged once')
    const notSent = lang === 'en' ? 'The gift was not sent' : 'لم تُرسل الهدية'
    assert.is(await page.locator(`[data-testid=toast]:has-text(${JSON.stringify(notSent)})`).count(), 0, 'never "not sent"')
    assert.equal(errorsOf(page), [])
  })

  t(`LIVE-08 (${lang}) lucky boxes whose answers are lost are pending, never nothing won: confirmed by their key, opened once, the prize and balance are the ledger's`, async (ctx) => {
    const { page, viewer } = await enterLiveRoom(ctx, lang)
    await ctx.harness.call('POST', '/gift/boxes', { userId: viewer.userId, count: 3 })
    await openPanel(page)
    await page.click('[data-testid=gift-tab-lucky]')
    await page.click('[data-testid=gift-cell][data-gift="1023"]')
    await page.click('[data-testid=gift-boxes-open]')
    await waitForSelector(page, '[data-testid=gift-boxes-count]')
    await poll(async () => /3/.test((await page.locator('[data-testid=gift-boxes-count]').innerText()).replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))))
    // the claim and its retry reach the harness (the first opens the box), the first two status questions too; no answer
    // reaches the page, so the opening stays pending a while (and is seen so)
    await page.route(`**${GiftPaths.boxClaim}`, async (route) => (await route.fetch(), route.abort('failed')), { times: 4 })
    await page.click('[data-testid=gift-boxes-one]')
    await waitForSelector(page, '[data-testid=gift-boxes-pending]')
    assert.ok(await page.locator('[data-testid=gift-boxes-one]').isDisabled(), 'no other opening while it may land')
    await shot(page, `gift-boxes-pending-${lang}`)
    await waitForSelector(page, '[data-testid=gift-boxes-prize]', 40_000)
    assert.is(await page.locator('[data-testid=gift-boxes-pending]').count(), 0)
    const prizes = (await ctx.harness.ledger(viewer.userId)).entries.filter((e) => e.reason === 'box.prize' && e.userId === viewer.userId)
    assert.equal(prizes.map((e) => e.opened), [1], 'one box opened once')
    const shownPrize = Number((await page.locator('[data-testid=gift-boxes-prize]').innerText()).replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).match(/\d[\d,]*/)![0].replace(/,/g, ''))
    assert.is(shownPrize, prizes[0].delta, 'the prize shown is the ledger row')
    await shot(page, `gift-boxes-settled-${lang}`)
    await page.click('[data-testid=gift-boxes] .gf-link')
    await ledgerMatches(ctx, page, viewer.userId)
    assert.equal(errorsOf(page), [])
  })

  t(`LIVE-08 (${lang}) a lucky gift win: the reward shown, a luckyGift chat record, the reward credited once and the balance is the ledger`, async (ctx) => {
    const { page, viewer } = await enterLiveRoom(ctx, lang)
    await ctx.harness.call('POST', '/gift/lucky-force', { multiple: 500, winningStyle: 3 })
    await openPanel(page)
    await page.click('[data-testid=gift-tab-lucky]')
    await page.click('[data-testid=gift-cell][data-gift="1020"]')
    await waitForSelector(page, '[data-testid=gift-lucky-banner]')
    await page.click('[data-testid=gift-send]')
    await waitForSelector(page, '[data-testid=gift-lucky-win]')
    await waitForSelector(page, '[data-testid=live-line][data-type=luckyGift]')
    await shot(page, `gift-lucky-win-${lang}`)
    const entries = await ledgerMatches(ctx, page, viewer.userId)
    const rewards = entries.filter((e) => e.reason === 'lucky.reward' && e.userId === viewer.userId)
    assert.is(rewards.length, 1)
    assert.is(rewards[0].delta, 5000)
    assert.equal(errorsOf(page), [])
  })

  t(`HAR-06 (${lang}) a gift storm with double taps, refused sends and lost answers retried: the ledger holds, every send charged once and credited to the host once, every lucky reward once, the balance shown is the ledger's`, async (ctx) => {
    const { page, hostId, viewer } = await enterLiveRoom(ctx, lang)
    await openPanel(page)
    // other gifters in the room meanwhile (their sends and rewards are checked too)
    await ctx.harness.call('POST', '/gift/sim', { hostId, perSec: 4 })
    const h: StormHarness = { control: (name, body) => ctx.harness.call('POST', '/' + name, body), ledger: () => ctx.harness.ledger() }
    const r = await giftStorm(page, h, viewer.userId, ['double', 'refused', 'lost', 'lucky', 'double', 'lost'], 30_000).finally(() => ctx.harness.call('POST', '/gift/sim', { hostId, perSec: 0 }))
    await shot(page, `gift-storm-${lang}`)
    assert.ok(r.ledgerOk, `ledger check: ${r.problems.join('; ')}`)
    assert.is(r.viewerSends, r.expectedSends, 'one charge per round: a double tap, a refused send tapped again, a lost answer retried')
    assert.ok(r.sends > r.viewerSends, 'the simulated gifters sent too')
    assert.is(r.doubleCharged, 0, 'no send key charged twice')
    assert.is(r.notCreditedOnce, 0, 'every send credited to its host once')
    assert.is(r.badRewards, 0, 'every reward credited once, each for a send')
    assert.is(r.viewerRewards, r.luckyRounds, 'the lucky round won once')
    assert.is(r.shown, r.ledgerBalance, 'the balance shown is the ledger')
    assert.equal(errorsOf(page), [])
  })
}
t.run()
