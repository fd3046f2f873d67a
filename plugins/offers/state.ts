// The offers service: the running special offer and the discount entry flag (the wall's icon and
// entry read them), and the server calls that fill them: the special-offer trigger (PAY-09) and
// the discount flag (PAY-10), with the once-a-day popup rule.
import { signal, type Signal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import type { Kernel } from '../../kernel/types.ts'
import { safeStorage } from '../../kernel/storage.ts'
import type { RechargeItem } from '../recharge/api.ts'
import { DISCOUNT_POPUP, SPECIAL_POPUP, type DiscountAnswer, type SpecialTrigger } from './api.ts'
import { DISCOUNT_PAGE_SIZE, offerLeft, showDiscountEntry, shownKey, specialPopupAllowed } from './rules.ts'

interface SpecialOffer {
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

export function createOffers(kernel: Kernel, deps: OffersDeps = {}): OffersService {
  const now = deps.now ?? (() => Date.now())
  const special = signal<SpecialOffer | null>(null)
  const offers: OffersService = {
    special,
    discountEntry: signal(false),
    now,
    left: () => {
      const s = special.peek()
      return s ? offerLeft(s.startedAt, s.durationS, now()) : 0
    },
    trigger: (scene) => triggerSpecial(kernel, offers, deps, scene),
    checkDiscount: () => checkDiscount(kernel, offers, deps),
  }
  return offers
}

export const OffersPath = { trigger: '/api/index/triggerSpecialPopup', discount: '/api/pool/mergeTheDiscountAnchor' } as const
export const SPECIAL_SHOWN_KEY = 'specialPopTime'
const DISCOUNT_SHOWN_KEY = 'discountPopTime'

const storeOf = (deps: OffersDeps) => safeStorage(deps.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage))

/** ask the server (searchValue = the scene); keep the running offer; queue the popup once a day */
async function triggerSpecial(kernel: Kernel, offers: OffersService, deps: OffersDeps, scene: string) {
  const r = await kernel.api.post<SpecialTrigger>(OffersPath.trigger, { searchValue: scene }, { silent: true }).catch(() => null)
  // what the trigger decided, for support (and the end-to-end tests, which wait for it)
  const said = (what: string) => console.info('[offers] special offer', what)
  if (!r?.item || !(r.specialOffDuration > 0)) {
    offers.special.value = null
    return said('none')
  }
  const now = offers.now()
  offers.special.value = { item: r.item, startedAt: now, durationS: r.specialOffDuration }
  // d3 §4: once a day, the shown time saved as month plus date
  const store = storeOf(deps)
  if (!specialPopupAllowed(store.get(SPECIAL_SHOWN_KEY), now)) return said('running, popup shown today')
  store.set(SPECIAL_SHOWN_KEY, shownKey(now))
  kernel.overlays.enqueue(SPECIAL_POPUP)
  said('running, popup queued')
}

/** is the user a discount user? then the entry shows, and the popup once a day */
async function checkDiscount(kernel: Kernel, offers: OffersService, deps: OffersDeps) {
  const r = await kernel.api.post<DiscountAnswer>(OffersPath.discount, { pageNum: 1, pageSize: DISCOUNT_PAGE_SIZE }, { silent: true }).catch(() => null)
  offers.discountEntry.value = showDiscountEntry(r)
  const store = storeOf(deps)
  const now = offers.now()
  if (offers.discountEntry.peek() && r?.anchorList?.length && specialPopupAllowed(store.get(DISCOUNT_SHOWN_KEY), now)) {
    store.set(DISCOUNT_SHOWN_KEY, shownKey(now))
    kernel.overlays.enqueue(DISCOUNT_POPUP)
  }
}
