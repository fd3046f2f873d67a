// The USDT service: keeps the crypto order (localStorage, 1 hour), ticks its 5-minute countdown,
// and carries out what the rules decide (query the status, refresh the user, show the result, go back).
import { signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import { safeStorage } from '../../kernel/storage.ts'
import type { OrderStatus } from '../recharge/api.ts'
import { shellRef } from '../shell/api.ts'
import { usdtRef, type UsdtApi, type UsdtOrderDetail } from './api.ts'
import { readKept, USDT_STORE_KEY, type UsdtFacade } from './facade.ts'
import { usdtStep, type UsdtEffect, type UsdtEvent, type UsdtState } from './rules.ts'

export { USDT_STORE_KEY }
export const UsdtPath = { status: '/api/fuse/queryUsdtOrderStat', createOrder: '/api/fuse/v3/createOrder', template: '/api/template/getTempLate' } as const

type Kept = UsdtState & { detail?: UsdtOrderDetail }
/** an event without its time: the service adds now() */
export type UsdtInput = UsdtEvent extends infer E ? (E extends UsdtEvent ? Omit<E, 'now'> & { now?: number } : never) : never

export interface UsdtService extends UsdtApi {
  start(orderCode: string, detail: UsdtOrderDetail): void
  dispatch(e: UsdtInput): void
  /** the service's clock (injected in tests) */
  now(): number
  dispose(): void
}

/** the whole service, for this plugin's own (lazily loaded) pages; other plugins use usdtRef */
export function usdtService(kernel: Kernel): UsdtService {
  return (kernel.need(usdtRef) as UsdtFacade).attach(createUsdt)
}

export interface UsdtDeps {
  storage?: Storage
  now?: () => number
  setInterval?: (fn: () => void, ms: number) => unknown
  clearInterval?: (id: unknown) => void
}

export function createUsdt(kernel: Kernel, deps: UsdtDeps = {}): UsdtService {
  const store = safeStorage(deps.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage))
  const now = deps.now ?? (() => Date.now())
  const every = deps.setInterval ?? ((fn, ms) => setInterval(fn, ms))
  const stop = deps.clearInterval ?? ((id) => clearInterval(id as ReturnType<typeof setInterval>))
  const state = signal<Kept | null>(readKept(deps.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage), now()))
  let ticker: unknown = null

  const save = (next: Kept | null) => {
    state.value = next
    if (next) store.set(USDT_STORE_KEY, JSON.stringify(next))
    else store.remove(USDT_STORE_KEY)
    // the ticker runs while anything is kept: the countdown, then the 1-hour expiry
    if (next && ticker == null) ticker = every(() => dispatch({ type: 'tick' }), 1000)
    if (!next && ticker != null) {
      stop(ticker)
      ticker = null
    }
  }

  const run = (effects: UsdtEffect[], orderCode: string | undefined) => {
    for (const effect of effects) {
      if (effect === 'refreshUser') void kernel.get(shellRef)?.refreshUser().catch(() => {})
      if (effect === 'query' && orderCode) {
        kernel.api.post<OrderStatus>(UsdtPath.status, { searchValue: orderCode }, { silent: true }).then(
          (s) => dispatch({ type: 'queried', orderCode, status: s?.status ?? 2 }),
          () => {},
        )
      }
      if (effect === 'showResult' && kernel.router.path.peek().startsWith('/usdtPay')) kernel.router.navigate('/usdtPay/pay-status', { replace: true })
      if (effect === 'back' && kernel.router.path.peek() === '/usdtPay') kernel.router.back()
      if (effect === 'notPaid') kernel.overlays.toast(kernel.i18n.t('usdt.notPaid'), { type: 'warning', duration: 4000 })
    }
  }

  function dispatch(e: UsdtInput) {
    const before = state.peek()
    const step = usdtStep(before, { ...e, now: e.now ?? now() } as UsdtEvent)
    const next = step.state ? ({ ...before, ...step.state } as Kept) : null
    if (next !== before && JSON.stringify(next) !== JSON.stringify(before)) save(next)
    else if (!next && before) save(null)
    run(step.effects, (step.state ?? before)?.orderCode)
  }

  if (state.peek()) save(state.peek())

  return {
    state,
    dispatch,
    now,
    start(orderCode, detail) {
      const step = usdtStep(null, { type: 'start', orderCode, now: now() })
      save({ ...step.state!, detail })
    },
    dispose() {
      if (ticker != null) stop(ticker)
      ticker = null
    },
  }
}
