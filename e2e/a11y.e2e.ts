// Accessibility: axe-core, the engine browsers' own tools use, over every route of the route table and
// the main overlays, logged in, at phone size, in English and Arabic. A critical or serious violation
// fails the suite; moderate and minor ones are printed.
import axe from 'axe-core'
import type { Page } from 'playwright-core'
import { assert, type E2EContext, e2eSuite, enterLiveRoom, poll, shot, waitForSelector } from './lib.ts'
import { LEADS_ON, registeredPaths } from './routes.ts'

const t = e2eSuite('a11y')

interface Finding {
  where: string
  rule: string
  impact: string
  nodes: string[]
}

/** axe's findings on what the page shows now (WCAG 2.1 A and AA, and best practice) */
async function audit(page: Page, where: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const axe = (window as any).axe
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    // each node with axe's reason (for contrast: the colours and the ratio found); no named functions
    // in here: the test runner's transform would name them with a helper the page does not have
    return r.violations.map((v: any) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 3).map((n: any) => `${n.target.join(' ')}: ${[...n.any, ...n.all, ...n.none][0]?.message ?? ''}`),
    }))
  })
  return violations.map((v: Omit<Finding, 'where'>) => ({ where, ...v }))
}

const blocking = (f: Finding) => f.impact === 'critical' || f.impact === 'serious'
const describe = (f: Finding) => `${f.where}: ${f.impact} ${f.rule} (${f.nodes.join(' | ')})`

/** Open path by a full load and wait until the app is past the landing page and the network is quiet. */
async function visit(page: Page, path: string, lang: 'en' | 'ar') {
  await page.goto(`${new URL(page.url()).origin}${path}?lang=${lang}`)
  await poll(async () => new URL(page.url()).pathname !== '/landingPage' && (await page.locator('[data-testid=landing]').count()) === 0)
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})
}

function report(findings: Finding[]) {
  const minor = findings.filter((f) => !blocking(f))
  if (minor.length) console.log(`  a11y, moderate or minor (not failing):\n    ${minor.map(describe).join('\n    ')}`)
  const bad = findings.filter(blocking)
  assert.equal(bad.map(describe), [], `critical or serious violations:\n${bad.map(describe).join('\n')}`)
}

t('A11Y the audit fails on a planted unnamed button', async ({ openApp, harness }) => {
  const viewer = await harness.viewer()
  const page = await openApp('/wall', { token: viewer.token, waitFor: '[data-testid=wall]' })
  await page.evaluate(() => {
    const b = document.createElement('button')
    b.dataset.testid = 'planted'
    document.querySelector('[data-testid=wall]')!.append(b)
  })
  const found = (await audit(page, '/wall')).filter(blocking)
  assert.ok(
    found.some((f) => f.rule === 'button-name' && f.nodes.some((n) => n.includes('planted'))),
    `the planted button is reported: ${found.map(describe).join('; ')}`,
  )
})

for (const lang of ['en', 'ar'] as const) {
  t(`A11Y every route of the route table has no critical or serious violation (${lang})`, async ({ openApp, harness }) => {
    const viewer = await harness.viewer()
    const page = await openApp('/wall', { token: viewer.token, lang, waitFor: '[data-testid=wall]' })
    const paths = (await registeredPaths()).filter((p) => !LEADS_ON.includes(p))
    const findings: Finding[] = []
    for (const path of paths) {
      await visit(page, path, lang)
      findings.push(...(await audit(page, path)))
    }
    report(findings)
  })
}

/** the main overlays: the daily popup at launch, a live room with its gift panel, the recharge sheet and
 *  its confirmation, a call's waiting screen and the call itself */
async function overlayFindings(ctx: E2EContext, lang: 'en' | 'ar'): Promise<Finding[]> {
  const findings: Finding[] = []
  const viewer = await ctx.harness.viewer()
  // the check-in popup the suite counts as seen today, shown again as on a first launch of the day
  const wall = await ctx.openApp('/wall', {
    token: viewer.token,
    lang,
    beforeLoad: async (_page, context) => {
      await context.addInitScript(() => localStorage.removeItem('popupShown.engage.checkin-daily'))
    },
  })
  await waitForSelector(wall, '[data-testid=checkin-popup]', 20_000)
  findings.push(...(await audit(wall, 'check-in popup')))
  const { page } = await enterLiveRoom(ctx, lang, { viewer })
  findings.push(...(await audit(page, 'live room')))
  await page.click('[data-testid=live-gift]')
  await waitForSelector(page, '[data-testid=gift-grid]')
  findings.push(...(await audit(page, 'gift panel')))

  // with no diamonds, a call opens the recharge sheet, and leaving it asks once (PAY-03)
  const host = 200002
  const balance = (n: number) => ctx.harness.call('POST', `/users/${viewer.userId}/balance`, { diamondNum: n })
  await balance(0)
  const call = await ctx.openApp(`/detail?id=${host}`, { token: viewer.token, lang })
  await waitForSelector(call, '[data-testid=detail-call]')
  findings.push(...(await audit(call, 'host profile')))
  await call.click('[data-testid=detail-call]')
  await waitForSelector(call, '[data-testid=recharge-sheet]')
  findings.push(...(await audit(call, 'recharge sheet')))
  await call.click('[data-testid=recharge-sheet] [data-testid=sheet-close]')
  await waitForSelector(call, '[data-testid=confirm-dialog]')
  findings.push(...(await audit(call, 'confirmation dialog')))
  await call.click('[data-testid=confirm-ok]')

  await balance(5000)
  await ctx.harness.call('POST', '/calls/behaviour', { hostId: host, answer: 'accept', afterSec: 3 })
  await call.reload()
  await waitForSelector(call, '[data-testid=detail-call]')
  await call.click('[data-testid=detail-call]')
  await waitForSelector(call, '[data-testid=call-waiting]')
  findings.push(...(await audit(call, 'call waiting')))
  await waitForSelector(call, '[data-testid=call-screen]', 15_000)
  findings.push(...(await audit(call, 'call screen')))
  await shot(call, `a11y-call-${lang}`)
  return findings
}

for (const lang of ['en', 'ar'] as const) {
  t(`A11Y the main overlays (launch popup, recharge sheet, live room, gift panel, call) have no critical or serious violation (${lang})`, async (ctx) => {
    report(await overlayFindings(ctx, lang))
  })
}

t.run()
