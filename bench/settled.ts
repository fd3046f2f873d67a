// Network idle (Playwright's 500 ms) can come before the late plugins join: at 4x CPU the app's
// first screen settles, then waits for an idle moment, with no request in between. A bench that
// measures a page, a room or a scroll first waits for this, so the join's work is not in its figure.
import type { Page } from 'playwright-core'

const QUIET_MS = 2000
const LIMIT_MS = 30_000

/** Resolves once the page has fetched nothing for QUIET_MS (at most LIMIT_MS: a page that polls). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 60_000 })
  await page.evaluate(`new Promise((resolve) => {
    const start = performance.now()
    let last = start
    new PerformanceObserver(() => { last = performance.now() }).observe({ type: 'resource' })
    const check = () => {
      const now = performance.now()
      if (now - last >= ${QUIET_MS} || now - start >= ${LIMIT_MS}) resolve()
      else setTimeout(check, 100)
    }
    check()
  })`)
}
