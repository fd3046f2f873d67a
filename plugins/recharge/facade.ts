// The 'recharge' service as the first bundle knows it. Opening the sheet and listing an item's pay
// methods need no more than this; paying loads the service (state.ts) on first use, so a user
// who never pays never downloads it. Lazily loaded pages attach the service synchronously: they
// import state.ts statically anyway (see rechargeService in state.ts).
import { signal, type ReadonlySignal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import { shellRef } from '../shell/api.ts'
import type { PayMethodSku, RechargeApi, RechargeItem, RechargeOpenOptions } from './api.ts'
import { SHEET_ID } from './ids.ts'
import { methodWeights, sortMethods, visibleMethods } from './methods.ts'
import type { RechargeDeps, RechargeService } from './state.ts'

export type RechargeFactory = (kernel: Kernel, deps: RechargeDeps) => RechargeService

export interface RechargeFacade extends RechargeApi {
  /** the full service once loaded, else null */
  loaded: ReadonlySignal<RechargeService | null>
  /** load the service (once; a failed load may be tried again) */
  load(): Promise<RechargeService>
  /** the service, created now with create if it does not exist yet */
  attach(create: RechargeFactory): RechargeService
}

/** a sysConfigParams value of the base config as a string, or null */
export function configValue(kernel: Kernel, key: string): string | null {
  const v = kernel.get(shellRef)?.baseConfig.peek()?.sysConfigParams?.[key]
  return v == null ? null : String(v)
}

/** the pay methods of an item a user may see here, in the configured order (PAY-04, PAY-08) */
export function methodsFor(kernel: Kernel, item: RechargeItem, ctx: RechargeOpenOptions): PayMethodSku[] {
  const thirdParty = configValue(kernel, 'third_party_pay') === '1'
  const visible = visibleMethods(item.skuInfoList ?? [], { vip: item.vipFlag === 1, thirdParty, inCall: ctx.inCall, inLive: ctx.inLive })
  return sortMethods(visible, methodWeights(configValue(kernel, 'payment_method_weight')))
}

export function createRechargeFacade(kernel: Kernel, deps: RechargeDeps): RechargeFacade {
  const loaded = signal<RechargeService | null>(null)
  let loading: Promise<RechargeService> | null = null
  const attach = (create: RechargeFactory) => loaded.peek() ?? (loaded.value = create(kernel, deps))
  const load = () =>
    // with the plugin's strings: the service toasts (a refused VIP item) on pages of other plugins
    (loading ??= Promise.all([import('./state.ts'), kernel.i18n.ready(undefined, ['recharge']).catch(() => undefined)]).then(
      ([m]) => attach(m.createRecharge),
      (err) => {
        loading = null
        throw err
      },
    ))
  return {
    loaded,
    load,
    attach,
    methodsFor: (item, ctx) => methodsFor(kernel, item, ctx),
    buy: (item, method, ctx) => load().then((s) => s.pay(item, method, ctx)),
    async open(opts) {
      await kernel.overlays.open(SHEET_ID, opts)
    },
  }
}
