// The USDT plugin's public face: the kept crypto order, for the floating badge or anyone else.
import type { ReadonlySignal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import { bool, id, obj, type Guard } from '../../kernel/guard.ts'
import type { UsdtState } from './rules.ts'

export interface UsdtOrderDetail {
  address: string
  amount: string
  chainName: string
  expireTime: number
  productId: string
  diamondNum: number
}

export interface UsdtApi {
  /** the crypto order kept for an hour (PAY-06); null when none */
  state: ReadonlySignal<(UsdtState & { detail?: UsdtOrderDetail }) | null>
}

export const usdtRef = ref<UsdtApi>('usdt')
/** 'pay.usdt' push (PAY-06): a crypto order was settled. */
export const UsdtPush = 'pay.usdt'

export interface UsdtSettled {
  status: boolean
  orderCode: string
}
/** guard of 'pay.usdt' (kernel/guard.ts): a yes or no for a named order, or dropped */
export const usdtSettled: Guard<UsdtSettled> = obj({ status: bool, orderCode: id() })

declare module '../../kernel/types.ts' {
  interface PushTypes {
    'pay.usdt': UsdtSettled
  }
}
