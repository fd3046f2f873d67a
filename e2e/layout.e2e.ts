// Layout: the floating widgets (offer countdown, discount pill, pay button, crypto-payment badge)
// keep to their reserved strip above the tab bar, side by side, and cover no host's name or price,
// the tab bar, the header or the wall's tabs; at 390 x 844 and 320 x 640, in English and Arabic.
import type { Page } from 'playwright-core'
import { assert, consoleOf, e2eSuite, poll, shot, waitForSelector } from './lib.ts'

const t = e2eSuite('layout', { settings: { wallOffers: true } })

// the pay button and the USDT badge always show in this setup; the offer's countdown and the discount
// pill when the offers plugin's answers say so (measured whenever they are there)
const WIDGETS = ['pay-fab', 'usdt-badge']
const MAYBE = ['special-icon', 'discount-entry']
const SIZES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]

interface Box {
  x: number
  y: number
  width: number
  height: number
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5
const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox()
  assert.ok(box, `${selector} has a box`)
  return box!
}

/** The wall as the viewer (a discount user with the special offer), a USDT order pending, the day's popups seen. */
async function openWall(ctx: { openApp: (path: string, o: object) => Promise<Page>; harness: { viewer(): Promise<Record<string, any>> } }, lang: 'en' | 'ar', size: { width: number; height: number }) {
  const viewer = await ctx.harness.viewer()
  return ctx.openApp('/wall', {
    token: viewer.token,
    lang,
    ...size,
    beforeLoad: async (_page: Page, context: { addInitScript: (fn: () => void) => Promise<void> }) => {
      await context.addInitScript(() => {
        const d = new Date()
        for (const k of ['specialPopTime', 'discountPopTime']) localStorage.setItem(k, `${d.getMonth() + 1}-${d.getDate()}`)
        if (!localStorage.getItem('usdtPay')) localStorage.setItem('usdtPay', JSON.stringify({ orderCode: 'U-layout', status: 2, startedAt: Date.now(), savedAt: Date.now() }))
      })
    },
  })
}

for (const lang of ['en', 'ar'] as const) {
  for (const size of SIZES) {
    t(`SHELL-15 PAY-09 PAY-10 the floating widgets stack in one strip (one row at 390 px) and cover no card, control or each other; country names read whole (${lang}, ${size.width}x${size.height})`, async (ctx) => {
      const page = await openWall(ctx, lang, size)
      await waitForSelector(page, '[data-testid=host-card]').catch(async (e) => {
        await shot(page, `layout-debug-${lang}-${size.width}`)
        throw e
      })
      for (const id of WIDGETS) await waitForSelector(page, `[data-testid=${id}]`)
      // the positive sign that the offers were decided (their widgets are in, or will not come)
      await poll(() => consoleOf(page).some((l) => l.startsWith('[offers] special offer ')))
      const ids = [...WIDGETS]
      for (const id of MAYBE) if (await page.locator(`[data-testid=${id}]`).count()) ids.push(id)

      const dock = await boxOf(page, '[data-testid=widget-dock]')
      const widgets = await Promise.all(ids.map((id) => boxOf(page, `[data-testid=${id}]`)))
      const controls = await Promise.all(['[data-testid=tabbar]', '[data-testid=header]', '.wl-tabs'].map((s) => boxOf(page, s)))
      widgets.forEach((w, i) => {
        assert.ok(inside(w, dock), `${ids[i]} keeps to the strip`)
        assert.ok(w.x >= 0 && w.x + w.width <= size.width, `${ids[i]} is on screen`)
        widgets.slice(i + 1).forEach((o, j) => assert.not.ok(overlap(w, o), `${ids[i]} and ${ids[i + j + 1]} do not overlap`))
        controls.forEach((c, k) => assert.not.ok(overlap(w, c), `${ids[i]} covers no bar (${k})`))
      })
      assert.ok(dock.y + dock.height <= controls[0].y + 1, 'the strip sits on the tab bar')
      // at 390 px the four widgets and the strip's toggle keep to one row (57 px: the 40 px pay button
      // and the padding; two rows are over 100)
      if (size.width >= 390) assert.ok(dock.height <= 64, `the strip is one row: ${dock.height} px`)

      // country names read whole beside or above the price: no name cut to a letter and an ellipsis
      // the country list is a secondary load (NET-09, 3 s after the first): its names first
      await poll(async () => (await page.locator('[data-testid=host-card] .wl-card__country-name:not(:empty)').count()) >= 4)
      await shot(page, `layout-widgets-${lang}-${size.width}`)
      const countries = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid=host-card] .wl-card__country-name')]
          .filter((el) => el.textContent)
          .map((el) => {
            const price = el.closest('.wl-card__meta')!.querySelector('.wl-card__price')!.getBoundingClientRect()
            const r = el.getBoundingClientRect()
            const apart = r.right <= price.left + 0.5 || price.right <= r.left + 0.5 || r.bottom <= price.top + 0.5 || price.bottom <= r.top + 0.5
            return { name: el.textContent!, cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1, apart }
          }),
      )
      assert.ok(countries.length >= 4, `countries shown: ${countries.length}`)
      // and the header's title is not cut beside the trophy and the balance
      assert.ok(await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid=header] h1')].every((h) => h.scrollWidth <= h.clientWidth + 1)), 'the title reads whole')
      for (const c of countries) {
        assert.not.ok(c.cut, `${c.name} reads whole at ${size.width} px`)
        assert.ok(c.apart, `${c.name} is clear of the price`)
      }

      // every host name and price the user can see (wholly above the strip) is under nothing
      const covered = await page.evaluate(() => {
        const stripTop = document.querySelector('[data-testid=widget-dock]')!.getBoundingClientRect().top
        const out: string[] = []
        for (const el of document.querySelectorAll<HTMLElement>('.wl-card__nick, .wl-card__price')) {
          const r = el.getBoundingClientRect()
          const cx = r.left + r.width / 2
          const cy = r.top + r.height / 2
          // only what is wholly in view: a label partly behind the strip or the header is scrolled away, as under the tab bar
          if (r.top < 0 || r.bottom > stripTop || r.width === 0) continue
          const hit = document.elementFromPoint(cx, cy)
          if (hit && !el.closest('[data-testid=host-card]')!.contains(hit)) out.push(`${el.textContent} under ${hit.className || hit.tagName}`)
        }
        return out
      })
      assert.equal(covered, [], 'no name or price under a widget')

      // the page leaves room: the last card scrolls clear of the strip
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const last = page.locator('[data-testid=host-card] .wl-card__price').last()
      await poll(async () => ((await last.boundingBox())?.y ?? Infinity) + ((await last.boundingBox())?.height ?? 0) <= dock.y)
    })
  }

  t(`SHELL-15 the widgets' strip collapses to one button and gives the page its room back (${lang})`, async (ctx) => {
    const page = await openWall(ctx, lang, SIZES[0])
    await waitForSelector(page, '[data-testid=host-card]')
    await waitForSelector(page, '[data-testid=pay-fab]')
    const room = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--dock-h').trim())
    // the room follows the strip's laid-out height (a resize observer's report, after the widget shows)
    await poll(async () => (await room()) !== '0px')
    await page.click('[data-testid=widget-dock-toggle]')
    await poll(async () => (await page.locator('[data-testid=pay-fab]').isHidden()) && (await room()) === '0px')
    await shot(page, `layout-widgets-collapsed-${lang}`)
    await page.click('[data-testid=widget-dock-toggle]')
    await waitForSelector(page, '[data-testid=pay-fab]')
  })
}

t.run()
