// What a viewer sees when messaging fails, in Chromium against the harness, in English and Arabic:
// a live room whose chat room refuses the connection (the chat area says so, with Retry, the video
// plays on), and a chat whose image the messaging service refuses (marked failed, with retry).
import type { Page } from 'playwright-core'
import { assert, e2eSuite, enterLiveRoom, expectText, LIVE_ROOM, poll, shot, waitForSelector } from './lib.ts'

const t = e2eSuite('chat-failures', { settings: { imReplyMs: 0 } })
const VIEWER = { userId: 100001, token: 'test-token-100001' }

/** a 40 x 40 PNG the page draws */
async function picture(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas')
    c.width = c.height = 40
    const g = c.getContext('2d')!
    g.fillStyle = '#e0468a'
    g.fillRect(0, 0, 40, 40)
    return c.toDataURL('image/png').split(',')[1]
  })
  return Buffer.from(b64, 'base64')
}

for (const lang of ['en', 'ar'] as const) {
  t(`LIVE-06 (${lang}) a chat room that refuses the connection: the chat area says chat could not connect, with Retry; the video plays on`, async (ctx) => {
    // the chat room's socket is refused; every other socket goes through
    let refuse = true
    const refuseChatRoom = (p: Page) =>
      p.routeWebSocket(/\/chatroom/, (ws) => {
        if (refuse) return void ws.close()
        ws.connectToServer()
      })
    const { page } = await enterLiveRoom({ ...ctx, openApp: (path, o) => ctx.openApp(path, { ...o, beforeLoad: refuseChatRoom }) }, lang)
    await expectText(page, '[data-testid=live-chat-failed]', lang === 'en' ? "Chat couldn't connect." : 'تعذّر اتصال الدردشة.')
    await shot(page, `live-chat-failed-${lang}`)
    refuse = false
    await page.click('[data-testid=live-chat-retry]')
    assert.ok(await poll(async () => (await page.locator('[data-testid=live-chat-failed]').count()) === 0), 'the chat entered on Retry')
    assert.is(await page.locator(LIVE_ROOM).getAttribute('data-status'), 'live')
  })

  t(`IM-02 (${lang}) an image the messaging service refuses is marked failed in the chat, with retry`, async ({ openApp, harness }) => {
    const host = lang === 'en' ? 200005 : 200006
    await harness.call('POST', '/im/send', { from: host, to: VIEWER.userId, text: lang === 'en' ? 'Send me a picture' : 'أرسل لي صورة' })
    const page = await openApp(`/detail?id=${host}`, {
      token: VIEWER.token,
      lang,
      // the messaging socket passes through, but its image sends are refused the way the SDK refused them (191001)
      beforeLoad: (p) =>
        p.routeWebSocket(/\/im$/, (ws) => {
          const server = ws.connectToServer()
          ws.onMessage((frame) => {
            const req = JSON.parse(String(frame))
            if (req.op === 'send' && req.message?.messageType === 1) ws.send(JSON.stringify({ id: req.id, ok: false, code: 191001, msg: 'misuse' }))
            else server.send(frame)
          })
        }),
    })
    await page.click('[data-testid=detail-chat]')
    await waitForSelector(page, '[data-testid=talk-list]', 30_000)
    await page.setInputFiles('[data-testid=composer-file]', { name: 'pic.png', mimeType: 'image/png', buffer: await picture(page) })
    await waitForSelector(page, '[data-testid=chat-message][data-mine][data-state=failed]')
    await shot(page, `chat-image-failed-${lang}`)
  })
}

t.run()
