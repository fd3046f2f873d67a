// A gift storm with faults, shared by the gift e2e suite and the gift bench. A viewer in a live room
// (simulated gifters sending around them) sends gifts in rounds, each with one fault:
//   double   the Send button tapped twice at once: one gift
//   refused  the server refuses the send (harness gift/fail-send, error): the app says so, the viewer
//            taps again (a new key): one gift
//   lost     the send reaches the server but its answer is lost on the way back: the app tries again
//            with the same key: one gift, charged once
//   slow     the answer comes after the app's 8 s time-out (gift/fail-send, slow): the same
//   lucky    a lucky gift that wins (its pool set to always win, gift/odds): one reward
// Then the ledger over the whole storm, every user (the simulated gifters too): the invariant holds,
// every send key is charged once and credited to its host once, every reward key credited once, the
// viewer's sends are the rounds, and the balance the panel shows is the viewer's ledger balance.
import type { Page, Request, Route } from 'playwright-core'
import { GiftLedgerReason as Reason } from '../plugins/gift/api.ts'
import { GiftPaths } from '../plugins/gift/paths.ts'
import { SEND_DEBOUNCE_MS } from '../plugins/gift/rules.ts'

export type Fault = 'double' | 'refused' | 'lost' | 'slow' | 'lucky'

/** a ledger row as the control API answers it (harness/ledger.ts): userId, reason, delta, balanceAfter, key */
type LedgerRow = Record<string, any>

/** the harness as the e2e client (HTTP) or the bench (in process) reaches it */
export interface StormHarness {
  control(name: string, body: Record<string, unknown>): Promise<unknown>
  /** every ledger row and the invariant check */
  ledger(): Promise<{ entries: LedgerRow[]; check: { ok: boolean; problems: string[] } }>
}

export interface StormReport {
  rounds: number
  /** the viewer's sends the rounds should have made, and the ones charged */
  expectedSends: number
  viewerSends: number
  /** every send in the storm (the simulated gifters' too) */
  sends: number
  /** send keys charged more than once, or credited to the host other than once */
  doubleCharged: number
  notCreditedOnce: number
  rewards: number
  /** reward keys credited more than once, or without their send */
  badRewards: number
  viewerRewards: number
  luckyRounds: number
  ledgerOk: boolean
  problems: string[]
  ledgerBalance: number
  /** the balance the panel shows at the end (null: it never showed the ledger's) */
  shown: number | null
}

const POPULAR = 1003
const LUCKY = 1020
/** its reward pool (fixtures/gifts.json tempId) */
const LUCKY_POOL = 'L1'
/** the app gives up on a send after 8 s and tries once more with the same key */
const SLOW_ANSWER_MS = 9000

const sendButton = (page: Page) => page.locator('[data-testid=gift-send]')
const isSend = (url: string) => new URL(url).pathname.endsWith(GiftPaths.send)
/** a send's outcome reaches the app as the send's answer, or (after a lost answer) as its status by key */
const isOutcome = (url: string) => isSend(url) || new URL(url).pathname.endsWith(GiftPaths.sendStatus)

async function pick(page: Page, giftId: number, timeout: number) {
  await page.click(`[data-testid=gift-tab-${giftId === LUCKY ? 'lucky' : 'popular'}]`, { timeout })
  await page.click(`[data-testid=gift-cell][data-gift="${giftId}"]`, { timeout })
  await page.fill('[data-testid=gift-qty]', '1', { timeout })
}

/** Keep, in the page, every toast text shown from now on (a toast is gone long before a tap's time-out).
 *  A string: the test runner's transform would add helpers to a function that the page lacks. */
const KEEP_TOASTS = `(() => {
  if (!window.__toasts) {
    const kept = (window.__toasts = [])
    new MutationObserver(() => document.querySelectorAll('.k-toast').forEach((e) => kept.at(-1) !== e.textContent && kept.push(e.textContent)))
      .observe(document.body, { childList: true, subtree: true, characterData: true })
  }
  window.__toasts.length = 0
})()`

/** what the panel shows: the Send button's state, and the toasts shown since the tap */
const shown = (page: Page) =>
  page
    .evaluate(() => {
      const send = document.querySelector<HTMLButtonElement>('[data-testid=gift-send]')
      const toasts = (window as unknown as { __toasts?: string[] }).__toasts ?? []
      return `Send ${send ? (send.disabled ? 'disabled' : 'enabled') + ` "${send.textContent}"` : 'missing'}, toasts since the tap: ${JSON.stringify(toasts)}`
    })
    .catch((err) => `the page could not be read (${err.message})`)

/** one tap (or two) on Send, resolved once the app has the send's outcome and Send is free again */
async function tap(page: Page, how: 'click' | 'dblclick', timeout: number) {
  // what became of the tap's requests, said when its outcome never came
  const seen: string[] = []
  const start = Date.now()
  const at = () => `at +${Date.now() - start} ms`
  const sent = (r: Request) => isOutcome(r.url()) && seen.push(`sent ${new URL(r.url()).pathname} ${at()}`)
  const failed = (r: Request) => isOutcome(r.url()) && seen.push(`failed ${new URL(r.url()).pathname} (${r.failure()?.errorText}) ${at()}`)
  page.on('request', sent)
  page.on('requestfailed', failed)
  await page.evaluate(KEEP_TOASTS)
  try {
    // together: a tap that fails rejects at once, and the wait for the answer is not left dangling
    await Promise.all([page.waitForResponse((r) => isOutcome(r.url()), { timeout }), sendButton(page)[how]({ timeout })])
  } catch (err) {
    throw new Error(`${(err as Error).message}\n  the tap's requests: ${seen.join('; ') || 'none'}; ${await shown(page)}`)
  } finally {
    page.off('request', sent)
    page.off('requestfailed', failed)
  }
  await page.waitForFunction(`!document.querySelector('[data-testid=gift-send]').disabled`, null, { timeout })
  // the app takes no second send within its debounce: the next tap's precondition, not a wait for a result
  await page.waitForTimeout(SEND_DEBOUNCE_MS + 50)
}

async function round(page: Page, h: StormHarness, fault: Fault, timeout: number) {
  await pick(page, fault === 'lucky' ? LUCKY : POPULAR, timeout)
  if (fault === 'double') return tap(page, 'dblclick', timeout)
  if (fault === 'refused') {
    await h.control('gift/fail-send', { count: 1, mode: 'error' })
    await tap(page, 'click', timeout)
    return tap(page, 'click', timeout)
  }
  if (fault === 'lost') {
    // The first request reaches the harness (and is charged there); its answer never reaches the page.
    // The route stays for the whole tap and lets the retry through: a route that removed itself
    // after one use was seen to lose the retry's events (the retry landed, the test never saw it).
    let lost = false
    const loseFirst = async (route: Route) => {
      if (lost) return route.continue()
      lost = true
      await route.fetch()
      await route.abort('failed')
    }
    await page.route(`**${GiftPaths.send}`, loseFirst)
    try {
      return await tap(page, 'click', timeout)
    } finally {
      await page.unroute(`**${GiftPaths.send}`, loseFirst)
    }
  }
  if (fault === 'slow') {
    await h.control('gift/fail-send', { count: 1, mode: 'slow', ms: SLOW_ANSWER_MS })
    return tap(page, 'click', timeout + SLOW_ANSWER_MS)
  }
  // lucky: every send of this lucky gift wins for the round (the simulated gifters' too), then the
  // fixture's odds again (a forced win would be left queued for whoever sends next)
  await h.control('gift/odds', { tempId: LUCKY_POOL, pool: [{ id: 1, multiple: 2, weight: 1, winningStyle: 1 }] })
  try {
    await tap(page, 'click', timeout)
  } finally {
    await h.control('gift/odds', { reset: true })
  }
}

/** the balance the panel shows, once it is `want` (bounded); else what it shows */
async function shownBalance(page: Page, want: number, timeout: number): Promise<number | null> {
  const read = `Number((document.querySelector('[data-testid=gift-balance-num]')?.textContent ?? '').replace(/[^\\d]/g, ''))`
  await page.waitForFunction(`${read} === ${want}`, null, { timeout }).catch(() => undefined)
  const shown = (await page.evaluate(read)) as number
  return Number.isFinite(shown) ? shown : null
}

/** Run the rounds in an open gift panel; `viewerId`: the viewer's user id. Read the ledger rows the storm added. */
export async function giftStorm(page: Page, h: StormHarness, viewerId: number, faults: Fault[], timeout = 15_000): Promise<StormReport> {
  const from = (await h.ledger()).entries.length
  for (const fault of faults) await round(page, h, fault, timeout)
  const { entries, check } = await h.ledger()
  const rows = entries.slice(from)
  const count = (xs: string[]) => xs.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>())
  const sends = rows.filter((r) => r.reason === Reason.send)
  const sendKeys = count(sends.map((r) => `${r.userId}|${r.key}`))
  const incomes = count(rows.filter((r) => r.reason === Reason.income).map((r) => String(r.key)))
  const rewards = rows.filter((r) => r.reason === Reason.luckyReward)
  const rewardKeys = count(rewards.map((r) => `${r.userId}|${r.key}`))
  const sent = new Set(sends.map((r) => `${r.userId}|${r.key}:reward`))
  const viewerRows = entries.filter((r) => r.userId === viewerId)
  const ledgerBalance = viewerRows.length ? viewerRows[viewerRows.length - 1].balanceAfter : NaN
  return {
    rounds: faults.length,
    expectedSends: faults.length,
    viewerSends: sends.filter((r) => r.userId === viewerId).length,
    sends: sends.length,
    doubleCharged: [...sendKeys.values()].filter((n) => n > 1).length,
    notCreditedOnce: sends.filter((r) => incomes.get(String(r.key)) !== 1).length,
    rewards: rewards.length,
    badRewards: [...rewardKeys].filter(([k, n]) => n > 1 || !sent.has(k)).length,
    viewerRewards: rewards.filter((r) => r.userId === viewerId).length,
    luckyRounds: faults.filter((f) => f === 'lucky').length,
    ledgerOk: check.ok,
    problems: check.problems ?? [],
    ledgerBalance,
    shown: await shownBalance(page, ledgerBalance, timeout),
  }
}

/** true when the storm kept every promise: the rows of the bench and the asserts of the e2e test */
export const stormHolds = (r: StormReport) =>
  r.ledgerOk && r.viewerSends === r.expectedSends && r.doubleCharged === 0 && r.notCreditedOnce === 0 && r.badRewards === 0 && r.viewerRewards === r.luckyRounds && r.shown === r.ledgerBalance
