// The gift service (LIVE-07, LIVE-08), put together from its parts: the catalogue
// (catalogue-store.ts), sending (sending.ts), the lucky win and combo window (lucky-moment.ts), lucky
// boxes (box-opening.ts), and the animation queue the gift layer draws (queue.ts). What is left
// here is what joins them: a landed send or a room's gift push goes to the queue.
import type { ReadonlySignal, Signal } from '@preact/signals-react'
import { safeImageUrl } from '../../kernel/url.ts'
import { prefersReducedMotion } from '../../kernel/style.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { Timers } from '../../kernel/timers.ts'
import type { GiftApi, GiftPanelOptions, GiftPlay, GiftSendOutcome, SendAnswer } from './api.ts'
import type { Gift } from './catalogue.ts'
import { createBoxOpening, type BoxOpening } from './box-opening.ts'
import { createCatalogueStore, type Loadable } from './catalogue-store.ts'
import { createTierMeter, type DeviceTier, type TierDeps } from './device-tier.ts'
import { formatOf } from './formats.ts'
import { drawsFormat, playsFormat } from './player.ts'
import { createLuckyMoment, type LuckyMoment } from './lucky-moment.ts'
import { createGiftQueue, type GiftQueue } from './queue.ts'
import { MAX_NUM } from './rules.ts'
import { createGiftSender, type GiftSender } from './sending.ts'


export const PANEL_ID = 'gift.panel'
export const BOXES_ID = 'gift.boxes'

export interface GiftService extends Omit<GiftApi, 'send'>, Omit<GiftSender, 'send'>, Omit<LuckyMoment, 'landed' | 'dispose'>, BoxOpening {
  catalogue: Signal<Loadable>
  load(force?: boolean): Promise<void>
  send(gift: Gift, quantity: string | number, options: GiftPanelOptions): Promise<GiftSendOutcome>
  /** giftRef's send: the gift found by id in the catalogue (loaded first) */
  sendById: GiftApi['send']
  queue: GiftQueue
  /** lite on a weak device: banners with a light effect instead of full-screen animations */
  tier: ReadonlySignal<DeviceTier>
  dispose(): void
}

export interface GiftDeps {
  now?: () => number
  /** the waits between status questions of a pending send */
  timers?: Timers
  reducedMotion?: () => boolean
  /** the device's signs and frame clock (tests) */
  tier?: TierDeps
}

/** the animation file when this app has a player for its format; otherwise the banner alone says it */
const playable = (animation?: string): { animation?: string } => (animation && playsFormat(formatOf(animation)) ? { animation } : {})

export function createGiftService(kernel: Kernel, deps: GiftDeps = {}): GiftService {
  const store = createCatalogueStore(kernel)
  const meter = createTierMeter(deps.tier)
  const queue = createGiftQueue({ reducedMotion: deps.reducedMotion ?? prefersReducedMotion, lite: () => meter.tier.peek() === 'lite', draws: (a) => drawsFormat(formatOf(a)) })
  // the measured frame time (meter.measure) is not started yet: on a loaded test machine it turned
  // every device lite, so until its sign is proven stable the tier reads cores and memory only
  const lucky = createLuckyMoment()
  const boxes = createBoxOpening(kernel, deps.timers)

  const landed = (gift: Gift, num: number, answer: SendAnswer) => {
    if (answer.diamondNum !== undefined) kernel.session.setBalance(answer.diamondNum)
    const me = kernel.session.user.peek()
    const reward = answer.totalReward
    queue.add({ senderId: me?.yxAccid ?? 'me', senderNick: me?.nickname ?? '', giftId: gift.id, giftName: gift.name, img: gift.img, num, ...playable(gift.animation), ...(reward > 0 && { reward }) })
    lucky.landed(gift, num, answer)
    if (answer.boxCount !== undefined) boxes.boxes.value = answer.boxCount
  }
  const sender = createGiftSender(kernel, { now: deps.now ?? Date.now, timers: deps.timers, landed })

  const showPlay = (p: GiftPlay) => {
    const g = store.giftOf(p.giftId)
    queue.add({ senderId: p.senderId, senderNick: p.senderNick, giftId: p.giftId, giftName: g?.name ?? '', img: g?.img || safeImageUrl(p.img), num: Math.max(1, Math.min(MAX_NUM, Math.floor(p.num) || 1)), ...playable(g?.animation) })
  }

  return {
    catalogue: store.catalogue,
    load: store.load,
    sending: sender.sending,
    pending: sender.pending,
    send: sender.send,
    queue,
    tier: meter.tier,
    luckyWin: lucky.luckyWin,
    combo: lucky.combo,
    ...boxes,
    openPanel(options) {
      void store.load()
      void kernel.overlays.open(PANEL_ID, options)
    },
    play(p) {
      if (store.catalogue.peek().status === 'ready') return showPlay(p)
      void store.load().then(() => showPlay(p))
    },
    async sendById(giftId, quantity, o) {
      await store.load()
      const gift = store.giftOf(giftId)
      if (!gift) {
        kernel.overlays.toast(kernel.i18n.t('gift.sendFailed'), { type: 'warning' })
        return 'failed'
      }
      return sender.send(gift, quantity, o)
    },
    dispose() {
      meter.dispose()
      lucky.dispose()
      queue.dispose()
    },
  }
}
