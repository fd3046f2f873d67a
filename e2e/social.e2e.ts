// Social pages and moments in Chromium against the harness, in English and Arabic: feedback with a
// 20 MB picture (compressed on the phone), a moment's like and comment, a host search and the
// ranking, block and unblock.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { assert, e2eSuite, errorsOf, type E2EContext, expectText, poll, shot, TIMEOUT, waitForAttribute, waitForSelector } from './lib.ts'

const t = e2eSuite('social')
const TOKEN = 'test-token-100001'
const $ = (id: string) => `[data-testid=${id}]`
/** the social and moments plugins join after the first screen: on a loaded machine that takes a while */
const JOINED = TIMEOUT * 3

async function toast(page: Page, text: string) {
  await waitForSelector(page, `${$('toast')}:has-text(${JSON.stringify(text)})`)
}

/** open the app on the wall (pages outside the deep-link list start there), then go to `path` in the app */
async function openAt(ctx: Pick<E2EContext, 'openApp'>, path: string, lang: 'en' | 'ar') {
  const page = await ctx.openApp('/wall', { token: TOKEN, lang })
  await page.waitForURL(/\/wall/)
  await go(page, path)
  return page
}
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer) {
  let c = 0xffffffff
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}
/** a real PNG of about width * height * 3 bytes (stored, not deflated): a sunset gradient */
function bigPng(width: number, height: number): Buffer {
  const row = 1 + width * 3
  const raw = Buffer.alloc(row * height)
  for (let y = 0; y < height; y++) {
    const o = y * row
    for (let x = 0; x < width; x++) {
      raw[o + 1 + x * 3] = 255 - Math.floor((y / height) * 120)
      raw[o + 2 + x * 3] = Math.floor((x / width) * 160 + (y / height) * 60)
      raw[o + 3 + x * 3] = 90 + Math.floor((y / height) * 140)
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 0 })), chunk('IEND', Buffer.alloc(0))])
}
/** a JPEG's size in pixels, from its first frame header */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  for (let i = 2; i + 9 < b.length; ) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]
    if (marker >= 0xc0 && marker <= 0xc3) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) }
    i += 2 + b.readUInt16BE(i + 2)
  }
  return null
}

const PICTURE = bigPng(2600, 2600)
// a file on disk: the browser reads it itself (sending 20 MB through the driver takes too long)
const PICTURE_DIR = mkdtempSync(join(tmpdir(), 'social-e2e-'))
const PICTURE_FILE = join(PICTURE_DIR, 'sunset.png')
writeFileSync(PICTURE_FILE, PICTURE)
t.after(() => rmSync(PICTURE_DIR, { recursive: true, force: true }))

for (const lang of ['en', 'ar'] as const) {
  const T =
    lang === 'en'
      ? { done: 'feedback successful!', notImage: 'That file is not a picture', enter: 'Please enter name or uid', unblock: 'Unblock', block: 'Block', types: ['Application problem', 'Account problem', 'Suggest', 'Other'] }
      : { done: 'تم إرسال الملاحظات بنجاح!', notImage: 'هذا الملف ليس صورة', enter: 'يرجى إدخال الاسم أو المعرّف', unblock: 'إلغاء الحظر', block: 'حظر', types: ['مشكلة في التطبيق', 'مشكلة في الحساب', 'اقتراح', 'أخرى'] }

  t(`ENG-06 feedback with a 20 MB picture (${lang}): four types, text up to 500, email; a non-image refused, the picture compressed to a JPEG of at most 960 px and 2 MB, 'feedback successful!' and back after 2 s`, async (ctx) => {
    assert.ok(PICTURE.length > 20_000_000, 'a 20 MB picture')
    const page = await openAt(ctx, '/feedback', lang)
    await waitForSelector(page, $('feedback-form'), JOINED)
    // the four types, Application problem chosen first; the text stops at 500
    assert.equal(await page.locator('[data-testid^=feedback-type-]').allTextContents(), T.types)
    assert.is(await page.getAttribute($('feedback-type-app'), 'aria-checked'), 'true')
    await page.click($('feedback-type-account'))
    await page.fill($('feedback-text'), 'y'.repeat(501))
    assert.is((await page.inputValue($('feedback-text'))).length, 500)
    await expectText(page, $('feedback-count'), '500/500')
    await page.fill($('feedback-text'), 'The call dropped twice <b>today</b> 😢')
    await page.fill($('feedback-email'), 'viewer@example.com')
    await page.setInputFiles($('feedback-file'), { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
    await toast(page, T.notImage)
    await page.setInputFiles($('feedback-file'), PICTURE_FILE)
    await waitForSelector(page, $('feedback-pic-0'), TIMEOUT * 2)
    await shot(page, `social-feedback-${lang}`)
    await page.click($('feedback-submit'))
    await toast(page, T.done)
    const rows = (await ctx.harness.call('GET', '/social/feedback')).items
    assert.equal(rows.map((r: any) => [r.feedbackType, r.suggestion, r.email, r.pics.length]), [[2, 'The call dropped twice <b>today</b> 😢', 'viewer@example.com', 1]])
    const res = await fetch(rows[0].pics[0])
    const jpeg = Buffer.from(await res.arrayBuffer())
    assert.is(res.headers.get('content-type'), 'image/jpeg')
    assert.ok(jpeg.length <= 2 * 1024 * 1024, `compressed to ${jpeg.length} bytes`)
    assert.equal(jpegSize(jpeg), { width: 960, height: 960 })
    // back after 2 s: opened directly, back is the main page
    assert.ok(await poll(() => new URL(page.url()).pathname === '/wall', 6000), 'back after 2 s')
  })

  t(`ENG-08 a moment's detail (${lang}): like from the feed, comments, a comment with HTML shown as text, kept after a reload`, async (ctx) => {
    const page = await ctx.openApp('/wall', { token: TOKEN, lang })
    await page.click($('tab-moments'), { timeout: JOINED })
    const first = page.locator('[data-testid^=moment-like-]').first()
    await first.waitFor({ timeout: JOINED })
    const id = (await first.getAttribute('data-testid'))!.replace('moment-like-', '')
    const before = Number((await page.textContent($(`moment-likes-${id}`)))!.replace(/\D/g, ''))
    await first.dblclick()
    await page.waitForSelector(`${$(`moment-like-${id}`)}[aria-pressed=true]`)
    await expectText(page, $(`moment-likes-${id}`), String(before + 1))
    await page.click($(`moment-comment-${id}`))
    await waitForSelector(page, $('moment-detail'), JOINED)
    await waitForSelector(page, $('comment-form'))
    const html = '<img src=x onerror=alert(1)> nice 🌅'
    await page.fill($('comment-input'), html)
    await page.click($('comment-send'))
    const mine = page.locator('.mo-comment', { hasText: 'nice 🌅' })
    await mine.waitFor()
    assert.is(await mine.locator('.mo-comment__text').textContent(), html)
    assert.is(await mine.locator('.mo-comment__text *').count(), 0, 'no markup from a comment')
    await shot(page, `social-moment-detail-${lang}`)
    // the detail is a deep link: opened afresh, the server keeps the like and the comment
    await page.reload()
    await waitForSelector(page, `${$(`moment-like-${id}`)}[aria-pressed=true]`, JOINED)
    await expectText(page, $(`moment-likes-${id}`), String(before + 1))
    await page.locator('.mo-comment', { hasText: 'nice 🌅' }).waitFor()
    assert.equal(errorsOf(page), [])
  })

  t(`ENG-11 search a host and the ranking (${lang}): blank asks for a name or uid, a name finds her, her card opens; the user ranking`, async (ctx) => {
    const page = await openAt(ctx, '/searchHost', lang)
    await waitForSelector(page, $('recommend-list'), JOINED)
    await shot(page, `social-search-recommended-${lang}`)
    await page.click($('search-go'))
    await toast(page, T.enter)
    await page.fill($('search-input'), 'sofia')
    await page.press($('search-input'), 'Enter')
    await waitForSelector(page, $('search-200002'))
    await shot(page, `social-search-${lang}`)
    await page.fill($('search-input'), '🦄'.repeat(30))
    await page.press($('search-input'), 'Enter')
    await waitForSelector(page, $('search-empty'))
    await page.fill($('search-input'), 'sofia')
    await page.press($('search-input'), 'Enter')
    await page.click($('search-200002'))
    await waitForSelector(page, $('card-200002'))
    await shot(page, `social-card-${lang}`)
    await go(page, '/rank')
    await waitForSelector(page, $('rank-list'), JOINED)
    await waitForSelector(page, $('rank-me'))
    await shot(page, `social-rank-${lang}`)
  })

  t(`NET-08 a status pushed by the control API changes her row in Following and her profile (${lang}): a busy host reads busy`, async (ctx) => {
    // the test user follows Isabella (200003)
    await ctx.harness.setHostStatus(200003, 'busy')
    const page = await openAt(ctx, '/friends', lang)
    await ctx.harness.waitForSocket(100001)
    const row = `${$('friend-200003-status')}`
    await waitForAttribute(page, row, 'data-status', 'busy', JOINED)
    await shot(page, `net08-friends-busy-${lang}`)
    await ctx.harness.setHostStatus(200003, 'online')
    await waitForAttribute(page, row, 'data-status', 'online')
    await go(page, '/detail?id=200003&yxId=host_200003&path=friends')
    await waitForAttribute(page, $('detail-status'), 'data-status', 'online', JOINED)
    await ctx.harness.setHostStatus(200003, 'busy')
    await waitForAttribute(page, $('detail-status'), 'data-status', 'busy')
    await expectText(page, $('detail-status'), lang === 'en' ? 'Busy' : 'مشغولة')
    await shot(page, `net08-detail-busy-${lang}`)
    await ctx.harness.setHostStatus(200003, 'offline')
    await waitForAttribute(page, $('detail-status'), 'data-status', 'offline')
    assert.equal(errorsOf(page), [])
  })

  t(`ENG-11 blocking a host from her profile (${lang}): a toast, the profile says so with Unblock, her chat leaves the inbox and her messages stop, search loses her; the block list lists her and Unblock brings her back`, async (ctx) => {
    const say = (from: number, text: string) => ctx.harness.call('POST', '/im/send', { from, to: 100001, text })
    const T2 = lang === 'en' ? { blocked: 'You have blocked this user', unblock: 'Unblock' } : { blocked: 'لقد حظرت هذا المستخدم', unblock: 'إلغاء الحظر' }
    // Isabella (200003) and Sara (200010) are followed; both have written
    await say(200003, 'Hi from Isabella')
    await say(200010, 'Hi from Sara')
    const page = await openAt(ctx, '/message', lang)
    await waitForSelector(page, $('conversation-host_200003'), JOINED)
    await go(page, '/detail?id=200003&yxId=host_200003&path=friends')
    await waitForSelector(page, $('detail-block'), JOINED)
    await page.click($('detail-block'))
    await page.click($('confirm-ok'))
    await toast(page, T2.blocked)
    await expectText(page, $('detail-blocked'), T2.blocked)
    await expectText(page, $('detail-unblock'), T2.unblock)
    assert.is(await page.locator($('detail-call')).count(), 0, 'no call to her')
    await shot(page, `eng11-detail-blocked-${lang}`)
    // her next message is not delivered; Sara's, sent after it, is the sign the inbox heard the server
    await say(200003, 'Are you there?')
    await say(200010, 'Sara again')
    await go(page, '/message')
    await expectText(page, $('conversation-host_200010'), 'Sara again', JOINED)
    assert.is(await page.locator($('conversation-host_200003')).count(), 0, 'her chat left the inbox')
    await shot(page, `eng11-inbox-blocked-${lang}`)
    await go(page, '/searchHost')
    await page.fill($('search-input'), 'Isabella')
    await page.click($('search-go'))
    await waitForSelector(page, $('search-empty'), JOINED)
    await go(page, '/blocklist')
    await waitForSelector(page, $('blocklist-200003'), JOINED)
    await shot(page, `eng11-blocklist-${lang}`)
    await page.click($('blocklist-undo-200003'))
    await waitForSelector(page, $('blocklist-empty'))
    await go(page, '/searchHost')
    await page.fill($('search-input'), 'Isabella')
    await page.click($('search-go'))
    await waitForSelector(page, $('search-200003'), JOINED)
    await go(page, '/message')
    await waitForSelector(page, $('conversation-host_200003'), JOINED)
    // what she sent while blocked never arrived
    assert.not.ok((await page.locator($('conversation-host_200003')).textContent())?.includes('Are you there?'))
    assert.equal(errorsOf(page), [])
  })

  t(`ENG-11 block and unblock (${lang}): from her card (asked first), on the block list, unblocked there`, async (ctx) => {
    const page = await openAt(ctx, '/card?id=200002', lang)
    await waitForSelector(page, $('card-block'), JOINED)
    await page.click($('card-block'))
    await page.click($('confirm-ok'))
    await expectText(page, $('card-block'), T.unblock)
    await go(page, '/blocklist')
    await waitForSelector(page, $('blocklist-200002'), JOINED)
    await shot(page, `social-blocklist-${lang}`)
    await page.dblclick($('blocklist-undo-200002'))
    await waitForSelector(page, $('blocklist-empty'))
    await shot(page, `social-blocklist-empty-${lang}`)
    await go(page, '/card?id=200002')
    await expectText(page, $('card-block'), T.block)
  })
}

t(`ENG-06 the report route: the live room's Report opens /feedback with hostid and hostlvl, and the report is kept with the host`, async (ctx) => {
  const page = await ctx.openApp('/wall', { token: TOKEN, lang: 'en' })
  const live = page.locator('[data-testid=host-card][data-status=live]').first()
  await live.waitFor({ timeout: JOINED })
  await live.click({ timeout: JOINED })
  await waitForSelector(page, '[data-testid=live-room]', JOINED)
  const hostId = Number(await page.locator('[data-testid=live-room]').getAttribute('data-host'))
  await page.click($('live-more'), { timeout: JOINED })
  await page.click($('live-report-report'))
  await waitForSelector(page, $('feedback-form'), JOINED)
  const url = new URL(page.url())
  assert.equal([url.pathname, url.searchParams.get('hostid')], ['/feedback', String(hostId)])
  const level = url.searchParams.get('hostlvl') ?? ''
  await expectText(page, $('feedback-host'), String(hostId))
  await page.click($('feedback-type-other'))
  await page.fill($('feedback-text'), 'Rude words in the room')
  await page.click($('feedback-submit'))
  await toast(page, 'feedback successful!')
  const rows = (await ctx.harness.call('GET', '/social/feedback')).items
  assert.equal(rows.map((r: any) => [r.hostId, r.hostLvl, r.feedbackType]), [[hostId, level, 4]])
})

t.run()
