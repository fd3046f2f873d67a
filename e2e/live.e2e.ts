// Live rooms in Chromium against the harness, in English and Arabic: entering a room from the
// wall's Live tab, chatting, swiping to the next room, minimising to picture-in-picture and
// coming back, the host ending the live, and a full-server notice on the wall.
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import { assert, e2eSuite, type E2EContext, enterLiveRoom, errorsOf, expectText, pathOf, poll, SCREENSHOTS, waitForAttribute, waitForSelector } from './lib.ts'

const t = e2eSuite('live')

/** a screenshot with room for a busy machine (a live room draws its video all the time) */
async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), timeout: 30_000 })
}
const ROOM = '[data-testid=live-room]'

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-01 LIVE-02 LIVE-06 (${lang}) a live card on the wall opens the room; it plays, chats and translates the host`, async (ctx) => {
    const { page, hostId } = await enterLiveRoom(ctx, lang)
    assert.match(pathOf(page), new RegExp(`^/live\\?id=${hostId}`))
    assert.is(await page.locator('[data-testid=tab-wall]').count(), 0, 'no tab bar while the room is on (SHELL-05)')
    await waitForSelector(page, '[data-testid=live-video] [data-generated-video]')
    await waitForSelector(page, '[data-testid=live-audience]')
    // a viewer's line with markup stays text; a host line is translated below; a record type renders
    await ctx.harness.call('POST', '/live/chat', { hostId, text: '<b>bold?</b>', nick: 'Omar', level: 25, vip: true })
    await ctx.harness.call('POST', '/live/chat', { hostId, text: 'Thank you all for coming!', fromHost: true })
    await ctx.harness.call('POST', '/live/chat', { hostId, record: { type: 'sendGiftTip', giftNum: 3 }, nick: 'Sam' })
    await ctx.harness.call('POST', '/live/chat', { hostId, record: { type: 'noSuchType' } })
    await expectText(page, '[data-testid=live-chat-list]', '<b>bold?</b>')
    assert.is(await page.locator('[data-testid=live-chat-list] b').count(), 0, 'no markup rendered')
    await expectText(page, '[data-testid=live-translation]', `[${lang}] Thank you all for coming!`)
    await waitForSelector(page, '[data-testid=live-line][data-type=sendGiftTip]')
    // sending
    await page.fill('[data-testid=live-input]', 'hello from the e2e')
    await page.click('[data-testid=live-send]')
    await expectText(page, '.lv-line--self', 'hello from the e2e')
    assert.is(await page.inputValue('[data-testid=live-input]'), '')
    await page.fill('[data-testid=live-input]', 'join my whatsapp')
    await poll(async () => {
      await page.click('[data-testid=live-send]')
      return (await page.locator('text=/Prohibited terms|كلمات محظورة/').count()) > 0
    })
    assert.is(await page.inputValue('[data-testid=live-input]'), 'join my whatsapp', 'the text stays to edit')
    // an entrance with a level shows its banner; malformed notifications break nothing
    await ctx.harness.call('POST', '/live/notify', { hostId, raw: { type: 'x' } })
    await ctx.harness.call('POST', '/live/notify', { hostId, type: 0, nick: 'Sultan', level: 40 })
    await waitForSelector(page, '[data-testid=live-entrance]')
    // the banner sits above the chat, never over its lines
    const [entrance, chatList] = await Promise.all(['[data-testid=live-entrance]', '[data-testid=live-chat-list]'].map((s) => page.locator(s).boundingBox()))
    assert.ok(entrance && chatList && entrance.y + entrance.height <= chatList.y + 1, `the entrance banner (${JSON.stringify(entrance)}) clears the chat (${JSON.stringify(chatList)})`)
    await shot(page, `live-room-${lang}`)
    assert.equal(errorsOf(page), [])
  })
}

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-06 (${lang}) the chat keeps its newest line in view as lines arrive; a viewer who scrolled up to read keeps that line in view`, async (ctx) => {
    const { page, hostId } = await enterLiveRoom(ctx, lang)
    const list = page.locator('[data-testid=live-chat-list]')
    // whether a line is wholly inside the list's box (a string, so the page runs it as written)
    const inView = (text: string) =>
      page.evaluate(`(() => {
        const list = document.querySelector('[data-testid=live-chat-list]').getBoundingClientRect()
        const line = [...document.querySelectorAll('[data-testid=live-line]')].find((l) => l.textContent.includes(${JSON.stringify(text)}))
        if (!line) return false
        const r = line.getBoundingClientRect()
        return r.top >= list.top - 1 && r.bottom <= list.bottom + 1
      })()`) as Promise<boolean>
    // lines in batches under a tick's crowd limit, so none is thinned
    const say = async (from: number, to: number) => {
      for (let i = from; i < to; i++) await ctx.harness.call('POST', '/live/chat', { hostId, text: `line ${i}`, nick: 'Omar' })
      await expectText(page, '[data-testid=live-chat-list]', `line ${to - 1}`)
    }
    for (let i = 0; i < 30; i += 5) await say(i, i + 5)
    assert.ok(await poll(() => inView('line 29'), 10_000), 'the newest line is in view')
    assert.not.ok(await inView('line 3'), 'the oldest lines went up out of view')
    // the viewer scrolls up to read an older line; more lines come
    await list.evaluate((el) => el.querySelector('[data-testid=live-line]:nth-child(12)')!.scrollIntoView({ block: 'center' }))
    const reading = ((await list.locator('[data-testid=live-line]').nth(10).textContent()) ?? '').replace(/^.*(line \d+).*$/, '$1')
    assert.ok(await poll(() => inView(reading), 5000), `${reading} in view`)
    await say(30, 35)
    await say(35, 40)
    assert.ok(await inView(reading), `${reading} stays in view while new lines arrive below`)
    assert.not.ok(await inView('line 39'), 'the new lines wait below')
    // back at the bottom, the chat follows the newest line again
    await list.evaluate((el) => el.scrollBy(0, 1e6))
    await say(40, 45)
    assert.ok(await poll(() => inView('line 44'), 10_000), 'following the newest line again')
    assert.equal(errorsOf(page), [])
  })
}

t('LIVE-01 (ar) the home page lists the followed hosts live now and the rooms live now; a card opens her room', async (ctx) => {
  const viewer = await ctx.harness.viewer()
  // a host the seeded viewer follows goes live (the fixtures' followedByTestUser)
  await ctx.harness.call('POST', '/live/start', { hostId: 200003 })
  const page = await ctx.openApp('/wall', { token: viewer.token, lang: 'ar' })
  await waitForSelector(page, '[data-testid=host-card]')
  // the home tab (the match scene landing at '/')
  const [list] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/agora/live/queryLiveList'), { timeout: 30_000 }), page.click('[data-testid=tab-home]')])
  assert.ok(list, 'the home page asked for the rooms live now')
  await waitForSelector(page, '[data-testid=home-live]', 30_000)
  await waitForSelector(page, '[data-testid=home-followed-200003]')
  await shot(page, 'live-home-ar')
  await page.click('[data-testid=home-followed-200003]')
  await waitForSelector(page, ROOM)
  assert.is(await page.locator(ROOM).getAttribute('data-host'), '200003')
  assert.match(pathOf(page), /^\/live\?id=200003/)
  assert.equal(errorsOf(page), [])
})

t('LIVE-04 (en) swiping up goes to the next room; LIVE-16 minimise to picture-in-picture and come back', async (ctx) => {
  const { page, hostId } = await enterLiveRoom(ctx, 'en')
  const box = (await page.locator(ROOM).boundingBox())!
  const x = box.x + box.width / 2
  // a short, slow drag snaps back: 10 px every 50 ms is 0.2 px/ms, under the 0.4 that passes (four quick
  // steps could pass by speed alone on a fast machine)
  await page.mouse.move(x, box.y + 420)
  await page.mouse.down()
  for (const y of [410, 400, 390, 380]) {
    await page.waitForTimeout(50) // the finger's pace, not a wait for a result
    await page.mouse.move(x, box.y + y)
  }
  const stage = page.locator(`${ROOM} .lv-stage`)
  const still = /translate3d\(0px, 0px, 0px\)/
  assert.not.match((await stage.getAttribute('style')) ?? '', still, 'the room follows the finger')
  await page.mouse.up()
  // the release decided: back to rest, the same host
  assert.ok(await poll(async () => still.test((await stage.getAttribute('style')) ?? ''), 5_000), 'back at rest')
  assert.is(Number(await page.locator(ROOM).getAttribute('data-host')), hostId, 'snapped back')
  // a long one passes
  await page.mouse.move(x, box.y + 640)
  await page.mouse.down()
  await page.mouse.move(x, box.y + 200, { steps: 8 })
  await page.mouse.up()
  const next = await poll(async () => {
    const h = Number(await page.locator(ROOM).getAttribute('data-host'))
    return h && h !== hostId ? h : 0
  }, 15_000)
  assert.ok(next, 'another room')
  assert.match(pathOf(page), new RegExp(`id=${next}`))
  await ctx.harness.call('POST', '/live/rate', { hostId: next, chatPerSec: 0, eventsPerSec: 0 })
  await waitForAttribute(page, ROOM, 'data-status', 'live', 20_000)
  // close asks Exit or Minimize; Minimize leaves the room playing in a window over the wall
  await page.click('[data-testid=live-exit]')
  await waitForSelector(page, '[data-testid=live-exit-confirm]')
  await shot(page, 'live-exit-confirm-en')
  await page.click('[data-testid=live-minimize]')
  await waitForSelector(page, '[data-testid=live-pip]')
  assert.is(pathOf(page).startsWith('/live'), false)
  await waitForSelector(page, '[data-testid=live-pip] [data-generated-video]')
  await shot(page, 'live-pip-en')
  await page.click('[data-testid=live-pip]')
  await waitForSelector(page, ROOM)
  assert.is(Number(await page.locator(ROOM).getAttribute('data-host')), next)
  await waitForAttribute(page, ROOM, 'data-status', 'live')
  assert.is(await page.locator('[data-testid=live-pip]').count(), 0)
  assert.equal(errorsOf(page), [])
})

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-18 (${lang}) the host ends the live: the end screen with Follow, Message, Next Live and recommendations`, async (ctx) => {
    const { page, hostId } = await enterLiveRoom(ctx, lang)
    await ctx.harness.call('POST', '/live/end', { hostId })
    await waitForAttribute(page, ROOM, 'data-status', 'ended')
    await waitForSelector(page, '[data-testid=live-end]')
    await waitForSelector(page, '[data-testid=live-end-follow]')
    await waitForSelector(page, '[data-testid=live-end-message]')
    await waitForSelector(page, '[data-testid=live-recommend]')
    await shot(page, `live-end-${lang}`)
    await page.click('[data-testid=live-next]')
    await poll(async () => Number(await page.locator(ROOM).getAttribute('data-host')) !== hostId)
    await waitForAttribute(page, ROOM, 'data-status', 'live', 20_000)
    assert.equal(errorsOf(page), [])
  })
}

t('LIVE-02 (en) a room whose video fails with a UID conflict goes to live end', async (ctx) => {
  // every live room's video refuses viewers (a /live address opened directly goes through the landing page, SHELL-02)
  for (const r of await ctx.harness.call('GET', '/live/rooms')) await ctx.harness.call('POST', '/live/video-fail', { hostId: r.hostId, code: 'UID_CONFLICT' })
  const { page } = await enterLiveRoom(ctx, 'en', { live: false })
  await waitForAttribute(page, ROOM, 'data-status', 'ended', 20_000)
  assert.is(await page.locator('[data-testid=live-end]').getAttribute('data-reason'), 'uid-conflict')
  for (const r of await ctx.harness.call('GET', '/live/rooms')) await ctx.harness.call('POST', '/live/video-fail', { hostId: r.hostId, code: null })
})

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-17 (${lang}) a full-server notice crosses the wall; a tap opens that host's room, and in it says 'Already in this live room'`, async (ctx) => {
    const viewer = await ctx.harness.viewer()
    const page = await ctx.openApp('/wall', { token: viewer.token, lang })
    await waitForSelector(page, '[data-testid=host-card]')
    const hostId = (await ctx.harness.call('GET', '/live/rooms'))[0].hostId
    // the live plugin is late: its push handler may still be joining; the push waits for it
    await poll(async () => {
      await ctx.harness.call('POST', '/live/notice', { hostId, attachType: 66, giftNum: 9, userId: viewer.userId })
      return (await page.locator('[data-testid=live-notice]').count()) > 0
    }, 15_000, 2500)
    await page.click('[data-testid=live-notice]')
    await waitForSelector(page, ROOM)
    assert.is(Number(await page.locator(ROOM).getAttribute('data-host')), hostId)
    await ctx.harness.call('POST', '/live/notice', { hostId, attachType: 66, giftNum: 1, userId: viewer.userId })
    await waitForSelector(page, '[data-testid=live-notice]', 15_000)
    await shot(page, `live-notice-${lang}`)
    await page.click('[data-testid=live-notice]')
    await expectText(page, 'body', lang === 'ar' ? 'أنت بالفعل في غرفة البث هذه' : 'Already in this live room')
  })
}
const ENTER = '/api/agora/live/getRoomAndJoinRoomV2'
const viewersOf = async (ctx: E2EContext, hostId: number) =>
  Number((await ctx.harness.call('GET', '/live/rooms')).find((r: any) => r.hostId === hostId)?.viewers ?? -1)

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-02 NET-05 (${lang}) a room whose enter is refused, then late, says it cannot connect with Retry and a way out, never "Live ended"; Retry enters`, async (ctx) => {
    const endedText = lang === 'ar' ? /انتهى البث|لا توجد/ : /Live ended|No other live/
    await ctx.harness.call('POST', '/settings', { faults: { [ENTER]: { fail: 1, code: '5000', msg: 'room down' } } })
    const { page, hostId } = await enterLiveRoom(ctx, lang, { live: false })
    const opened = Date.now()
    await waitForAttribute(page, ROOM, 'data-status', 'failed', 20_000)
    assert.ok(Date.now() - opened < 16_000, 'within the loading bound')
    await waitForSelector(page, '[data-testid=live-failed][data-reason=enter]')
    const retry = page.getByRole('button', { name: lang === 'ar' ? 'إعادة المحاولة' : 'Retry', exact: true })
    assert.is(await retry.count(), 1, 'one Retry button, by its name')
    await waitForSelector(page, '[data-testid=live-close]')
    await waitForSelector(page, '[data-testid=live-failed-leave]')
    assert.is(await page.locator('body').evaluate((b, re) => new RegExp(re).test(b.textContent ?? ''), endedText.source), false, 'not "Live ended"')
    await shot(page, `live-cant-connect-${lang}`)
    // the answer now late (past the enter's own 5 s): Retry says the same again, then one that works plays
    await ctx.harness.call('POST', '/settings', { faults: { [ENTER]: { fail: 1, delayMs: 7_000 } } })
    await retry.click()
    await waitForAttribute(page, ROOM, 'data-status', 'loading')
    await waitForAttribute(page, ROOM, 'data-status', 'failed', 20_000)
    await ctx.harness.call('POST', '/settings', { faults: { [ENTER]: null } })
    await retry.click()
    await waitForAttribute(page, ROOM, 'data-status', 'live', 20_000)
    assert.is(Number(await page.locator(ROOM).getAttribute('data-host')), hostId)
    assert.equal(errorsOf(page), [])
  })
}

t('LIVE-02 NET-05 (en) a room whose video cannot reach its service says it cannot connect (not "ended"); Leave goes back to the wall', async (ctx) => {
  for (const r of await ctx.harness.call('GET', '/live/rooms')) await ctx.harness.call('POST', '/live/video-fail', { hostId: r.hostId, code: 'NETWORK_ERROR' })
  const { page } = await enterLiveRoom(ctx, 'en', { live: false })
  await waitForAttribute(page, ROOM, 'data-status', 'failed', 20_000)
  await waitForSelector(page, '[data-testid=live-failed][data-reason=video]')
  assert.is(await page.locator('[data-testid=live-end]').count(), 0)
  await page.click('[data-testid=live-failed-leave]')
  await poll(() => pathOf(page).startsWith('/wall'), 10_000)
  assert.match(pathOf(page), /^\/wall/)
  for (const r of await ctx.harness.call('GET', '/live/rooms')) await ctx.harness.call('POST', '/live/video-fail', { hostId: r.hostId, code: null })
  assert.equal(errorsOf(page), [])
})

/** the call ends by the host; any post-call sheet is closed */
async function afterHostHangsUp(page: Page) {
  await waitForSelector(page, '[data-testid=call-screen]', 30_000)
  await page.waitForSelector('[data-testid=call-screen]', { state: 'detached', timeout: 30_000 })
}

t('LIVE-14 LIVE-02 (en) after a private call from the room, the user is back in the room, live, with its close button', async (ctx) => {
  for (const r of await ctx.harness.call('GET', '/live/rooms')) await ctx.harness.call('POST', '/live/private-call', { hostId: r.hostId, open: true })
  await ctx.harness.call('POST', '/calls/behaviour', { answer: 'accept', afterSec: 1, hangUpAfterSec: 4 })
  const { page, hostId } = await enterLiveRoom(ctx, 'en')
  await waitForAttribute(page, '[data-testid=live-call]', 'data-blink', 'true')
  await page.click('[data-testid=live-call]', { force: true })
  await page.click('[data-testid=live-private-go]')
  await afterHostHangsUp(page)
  await waitForAttribute(page, ROOM, 'data-status', 'live', 30_000)
  assert.is(Number(await page.locator(ROOM).getAttribute('data-host')), hostId)
  assert.match(pathOf(page), new RegExp(`^/live\\?id=${hostId}`))
  await waitForSelector(page, '[data-testid=live-exit]')
  await shot(page, 'live-after-private-call-en')
  assert.equal(errorsOf(page), [])
})

t('LIVE-18 (ar) after a call from the end screen\'s Video, the user is back on the end screen, not a blank page', async (ctx) => {
  await ctx.harness.call('POST', '/calls/behaviour', { answer: 'accept', afterSec: 1, hangUpAfterSec: 4 })
  const { page, hostId } = await enterLiveRoom(ctx, 'ar')
  await ctx.harness.call('POST', '/live/end', { hostId })
  await waitForSelector(page, '[data-testid=live-end-video]')
  await page.click('[data-testid=live-end-video]')
  await afterHostHangsUp(page)
  await waitForAttribute(page, ROOM, 'data-status', 'ended', 20_000)
  // the post-call sheet (rating) is closed by a tap above it
  if (await page.locator('[data-overlay="calls.post"]').count()) await page.mouse.click(195, 40)
  await page.waitForSelector('[data-overlay="calls.post"]', { state: 'detached', timeout: 10_000 })
  await waitForSelector(page, '[data-testid=live-end-close]')
  await shot(page, 'live-end-after-call-ar')
  await page.click('[data-testid=live-end-close]')
  await poll(() => !pathOf(page).startsWith('/live'), 10_000)
  assert.is(pathOf(page).startsWith('/live'), false, 'the end screen closes')
  assert.equal(errorsOf(page), [])
})

t('LIVE-16 (en) the picture-in-picture window\'s x closes it and leaves the room: the harness counts one viewer less', async (ctx) => {
  const { page, hostId } = await enterLiveRoom(ctx, 'en')
  const inRoom = await poll(async () => ((await viewersOf(ctx, hostId)) > 0 ? viewersOf(ctx, hostId) : 0), 10_000, 200)
  assert.ok(inRoom > 0, 'counted in the room')
  await page.click('[data-testid=live-exit]')
  await page.click('[data-testid=live-minimize]')
  await waitForSelector(page, '[data-testid=live-pip]')
  await shot(page, 'live-pip-close-en')
  // a finger's tap on the x, as a phone gives it
  const x = (await page.locator('[data-testid=live-pip-close]').boundingBox())!
  await page.touchscreen.tap(x.x + x.width / 2, x.y + x.height / 2)
  await page.waitForSelector('[data-testid=live-pip]', { state: 'detached', timeout: 10_000 })
  assert.ok(await poll(async () => (await viewersOf(ctx, hostId)) === inRoom - 1, 10_000, 200), 'left the room')
  assert.equal(errorsOf(page), [])
})

for (const lang of ['en', 'ar'] as const) {
  type Box = { x: number; y: number; w: number; h: number }
  t(`LIVE-05 LIVE-07 LIVE-02 (${lang}) in a busy room, gift banners, the entrance banner, the join chip, the chat and the 'host is in a private call' text never cover each other`, async (ctx) => {
    const { page, hostId } = await enterLiveRoom(ctx, lang)
    await ctx.harness.call('POST', '/live/rate', { hostId, chatPerSec: 3, eventsPerSec: 0 })
    // a string, so the page runs it as written (no helper names the test's compiler adds)
    const BOXES = `(() => {
      const pick = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height }))
      return { gift: pick('[data-testid=gift-banner]'), entrance: pick('[data-testid=live-entrance]'), joined: pick('[data-testid=live-joined]'), chat: pick('[data-testid=live-chat-list]'), calling: pick('[data-testid=live-calling] > *') }
    })()`
    const boxes = async () => (await page.evaluate(BOXES)) as Record<'gift' | 'entrance' | 'joined' | 'chat' | 'calling', Box[]>
    const overlap = (a: Box, b: Box) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1
    const pairs: Array<[string, string]> = [['gift', 'entrance'], ['gift', 'joined'], ['gift', 'chat'], ['gift', 'calling'], ['entrance', 'joined'], ['entrance', 'chat'], ['joined', 'chat'], ['entrance', 'calling'], ['joined', 'calling'], ['chat', 'calling']]
    const seen = { gift: 0, entrance: 0, joined: 0, calling: 0, both: 0 }
    const bad: string[] = []
    let shotTaken = false
    // a busy room, live and then with the host away: gifts, high-level entrances and joins every few hundred ms
    for (const phase of ['live', 'calling'] as const) {
      if (phase === 'calling') {
        await ctx.harness.call('POST', '/live/away', { hostId })
        await waitForAttribute(page, ROOM, 'data-status', 'calling', 15_000)
      }
      // at least 6 s of a busy room, longer (up to 30 s) on a slow machine until each widget was seen a few times
      const started = Date.now()
      const enough = () => (phase === 'live' ? seen.gift > 3 && seen.entrance > 3 && seen.joined > 3 && seen.both > 3 : seen.calling > 3)
      for (let i = 0; Date.now() - started < 30_000 && (Date.now() - started < 6_000 || !enough()); i++) {
        if (i % 2 === 0) await ctx.harness.call('POST', '/live/chat', { hostId, nick: `Sender ${i}`, record: { type: 'sendGiftTip', giftId: 1001 + (i % 3), giftNum: 1 + (i % 4) } })
        await ctx.harness.call('POST', '/live/notify', { hostId, type: 0, nick: lang === 'ar' ? `ناصر ${i}` : `Nasser ${i}`, level: 20 + (i % 30) })
        const b = await boxes()
        for (const k of ['gift', 'entrance', 'joined', 'calling'] as const) if (b[k].length) seen[k]++
        if (b.gift.length && b.entrance.length) seen.both++
        for (const [p, q] of pairs)
          for (const a of (b as Record<string, Box[]>)[p])
            for (const c of (b as Record<string, Box[]>)[q]) if (overlap(a, c)) bad.push(`${phase}: ${p} ${JSON.stringify(a)} over ${q} ${JSON.stringify(c)}`)
        if (phase === 'calling' && !shotTaken && b.gift.length && b.entrance.length && b.calling.length) {
          shotTaken = true
          await shot(page, `live-busy-calling-${lang}`)
        }
        if (phase === 'live' && i === 8) await shot(page, `live-busy-${lang}`)
        await page.waitForTimeout(150) // the sampling pace, not a wait for a result
      }
    }
    assert.ok(seen.gift > 3 && seen.entrance > 3 && seen.joined > 3 && seen.calling > 3 && seen.both > 3, `the widgets were seen together: ${JSON.stringify(seen)}`)
    assert.equal(bad.slice(0, 5), [], `${bad.length} overlaps`)
    await ctx.harness.call('POST', '/live/away', { hostId, away: false })
    assert.equal(errorsOf(page), [])
  })
}

t('LIVE-04 (ar) a swipe to the next room shows her cover (picture, name) at once; the old room and its input bar are not seen', async (ctx) => {
  const { page, hostId } = await enterLiveRoom(ctx, 'ar')
  const box = (await page.locator(ROOM).boundingBox())!
  const x = box.x + box.width / 2
  await page.mouse.move(x, box.y + 640)
  await page.mouse.down()
  await page.mouse.move(x, box.y + 200, { steps: 8 })
  await page.mouse.up()
  // at once: sampled before the switch's minimum wait of 1.2 s has passed
  const released = Date.now()
  await waitForSelector(page, '[data-testid=live-switching]', 1_000)
  const cover = await page.locator('[data-testid=live-switching]').evaluate((el) => {
    const r = el.getBoundingClientRect()
    const input = document.querySelector('[data-testid=live-input]')
    const hit = input ? document.elementFromPoint(input.getBoundingClientRect().x + 10, Math.max(1, input.getBoundingClientRect().y + 10)) : null
    return { host: el.getAttribute('data-host'), name: el.querySelector('[data-testid=live-switching-name]')?.textContent ?? '', full: r.top <= 0 && r.height >= window.innerHeight - 1, inputSeen: !!hit && !!hit.closest('.lv-input') }
  })
  assert.ok(Date.now() - released < 1_200, 'before the room changes')
  assert.ok(Number(cover.host) > 0 && Number(cover.host) !== hostId, `the next host (${cover.host})`)
  assert.ok(cover.name.length > 0, 'her name')
  assert.ok(cover.full, 'the cover fills the room')
  assert.is(cover.inputSeen, false, 'no input bar over it')
  await shot(page, 'live-switching-ar')
  await poll(async () => Number(await page.locator(ROOM).getAttribute('data-host')) === Number(cover.host), 15_000)
  assert.is(Number(await page.locator(ROOM).getAttribute('data-host')), Number(cover.host), 'the room entered is the one shown')
  assert.equal(errorsOf(page), [])
})

t.run()
