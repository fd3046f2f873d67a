// The offers service as the first bundle knows it: the running special offer and the discount
// entry flag (the wall's icon and entry read them), with the server calls that fill them
// (state.ts) loaded on first use.
import { signal, type Signal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { RechargeItem } from '../recharge/api.ts'
import { offerLeft } from './left.ts'

export interface SpecialOffer {
  item: RechargeItem
  startedAt: number
  durationS: number
}

export interface OffersDeps {
  storage?: Storage
  now?: () => number
}

export interface OffersService {
  /** the special offer while it runs */
  special: Signal<SpecialOffer | null>
  discountEntry: Signal<boolean>
  /** ask the server (searchValue = the scene); queues the popup when allowed today */
  trigger(scene: string): Promise<void>
  /** seconds left of the running offer */
  left(): number
  checkDiscount(): Promise<void>
  now(): number
}

export const offersServiceRef = ref<OffersService>('offers.service')

/** the offers show on the wall only */
export const onWall = (path: string) => /^\/(white-)?wall$/.test(path)

export function createOffersFacade(kernel: Kernel, deps: OffersDeps = {}): OffersService {
  const now = deps.now ?? (() => Date.now())
  const special = signal<SpecialOffer | null>(null)
  const load = () => import('./state.ts')
  const offers: OffersService = {
    special,
    discountEntry: signal(false),
    now,
    left: () => {
      const s = special.peek()
      return s ? offerLeft(s.startedAt, s.durationS, now()) : 0
    },
    trigger: (scene) => load().then((m) => m.triggerSpecial(kernel, offers, deps, scene)),
    checkDiscount: () => load().then((m) => m.checkDiscount(kernel, offers, deps)),
  }
  return offers
}
