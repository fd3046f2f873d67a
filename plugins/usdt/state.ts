// The USDT service: keeps the crypto order (localStorage, 1 hour), ticks its 5-minute countdown,
// and carries out what the rules decide (query the status, refresh the user, show the result, go back).
import { signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import { safeStorage } from '../../kernel/storage.ts'
import type { OrderStatus } from '../recharge/api.ts'
import { shellRef } from '../shell/api.ts'
import { ref } from '../../kernel/plugin.ts'
import type { UsdtApi, UsdtOrderDetail } from './api.ts'
import { kept, usdtStep, type Shortfall, type UsdtEffect, type UsdtEvent, type UsdtState } from './rules.ts'

export const USDT_STORE_KEY = 'usdtPay'
export const UsdtPath = { status: '/api/fuse/queryUsdtOrderStat', createOrder: '/api/fuse/v3/createOrder', template: '/api/template/getTempLate' } as const

/** the USDT status answer: the order status, with what reached its address (`received`, USDT) */
type UsdtOrderStatus = OrderStatus & { usdt?: { amount?: unknown; received?: unknown } | null }

const usdtAmount = (v: unknown) => (typeof v === 'string' && /^\d{1,9}(\.\d{1,8})?$/.test(v) ? v : null)

/** an underpaid order's shortfall from its status answer: something arrived, less than asked */
function shortfallOf(s: UsdtOrderStatus | null): Shortfall | null {
  const received = usdtAmount(s?.usdt?.received)
  const amount = usdtAmount(s?.usdt?.amount)
  return received && amount && Number(received) > 0 && Number(received) < Number(amount) ? { received, amount } : null
}

type Kept = UsdtState & { detail?: UsdtOrderDetail }
/** an event without its time: the service adds now() */
type UsdtInput = UsdtEvent extends infer E ? (E extends UsdtEvent ? Omit<E, 'now'> & { now?: number } : never) : never

export interface UsdtService extends UsdtApi {
  start(orderCode: string, detail: UsdtOrderDetail): void
  /** after a resync (socket reopened, app in the foreground again): a pending order's status is
   *  asked again, since its push may have been missed; a settled answer applies as the query's */
  recheck(): void
  dispatch(e: UsdtInput): void
  /** the service's clock (injected in tests) */
  now(): number
  dispose(): void
}

/** the whole service, for this plugin's own pages; other plugins see its UsdtApi side through usdtRef */
export const usdtServiceRef = ref<UsdtService>('usdt.service')
export const usdtService = (kernel: Kernel): UsdtService => kernel.need(usdtServiceRef)

/** the kept order in storage, or null (none, unreadable, or older than an hour) */
function readKept(store: ReturnType<typeof safeStorage>, now: number): Kept | null {
  try {
    return kept(JSON.parse(store.get(USDT_STORE_KEY) ?? 'null'), now) as Kept | null
  } catch {
    return null
  }
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
  const state = signal<Kept | null>(readKept(store, now()))
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
        kernel.api.post<UsdtOrderStatus>(UsdtPath.status, { searchValue: orderCode }, { silent: true }).then(
          (s) => dispatch({ type: 'queried', orderCode, status: s?.status ?? 2, shortfall: shortfallOf(s) }),
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
    recheck() {
      const kept = state.peek()
      if (kept?.status !== 2) return
      const { orderCode } = kept
      kernel.api.post<UsdtOrderStatus>(UsdtPath.status, { searchValue: orderCode }, { silent: true }).then(
        // still pending: nothing missed (the countdown's own query decides about going back)
        (s) => (s?.status === 1 || s?.status === 0) && dispatch({ type: 'queried', orderCode, status: s.status, shortfall: shortfallOf(s) }),
        () => {},
      )
    },
    dispose() {
      if (ticker != null) stop(ticker)
      ticker = null
    },
  }
}
