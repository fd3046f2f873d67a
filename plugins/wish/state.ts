// The wishful gifts of the room being watched (LIVE-09): the host's wish list from the room's
// answer (liveWishList, clickAgreement), kept up to date by the room message 80 while watching; a
// completed wish stays at 100 % for about 3 s, then leaves. A tap asks for the agreement first
// (the popup, until 'No more reminders' was recorded), then checks the balance ('Not enough
// diamonds please recharge' and the recharge sheet) and sends one of the gift through the gift
// feature. Every count and balance shown comes from the server.
import { safeImageUrl } from '../../kernel/url.ts'
import { batch, computed, effect, signal } from '@preact/signals-react'
import type { Timers } from '../../kernel/timers.ts'
import type { Kernel } from '../../kernel/types.ts'
import { CallStatus, callsRef, FrontType } from '../calls/api.ts'
import { giftRef, type GiftSendOutcome } from '../gift/api.ts'
import type { LiveApi } from '../live/api.ts'
import { rechargeRef } from '../recharge/api.ts'
import { WISH_AGREE, type AgreeAnswer, type AgreeProps } from './api.ts'
import { WISH_BROKE_TOAST_MS, WISH_DONE_MS, WISH_RECHARGE_SOURCE, WISH_SEND_PATH, WISH_UPDATE, WishPaths } from './paths.ts'

/** d2 §3: a wish is a gift (giftId, giftName, giftSmallImg, giftPrice) with its goal (giftNum) and count (compelteGiftNum) */
export interface Wish {
  giftId: number
  target: number
  done: number
  name: string
  img: string
  price: number
}

const MAX_WISHES = 10
const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** the wishes of a list as the server gives it; entries without a gift id or a goal are left out */
export function toWishes(raw: unknown): Wish[] {
  const seen = new Set<number>()
  const out: Wish[] = []
  for (const w of Array.isArray(raw) ? raw : []) {
    if (!w || typeof w !== 'object' || out.length >= MAX_WISHES) continue
    const giftId = Number(w.giftId ?? w.id)
    const target = Number(w.giftNum)
    if (!Number.isInteger(giftId) || giftId <= 0 || !Number.isInteger(target) || target <= 0 || seen.has(giftId)) continue
    seen.add(giftId)
    const price = Number(w.giftPrice)
    out.push({
      giftId,
      target,
      done: Math.max(0, Math.min(target, Math.floor(Number(w.compelteGiftNum) || 0))),
      name: text(w.giftName),
      img: safeImageUrl(w.giftSmallImg ?? w.giftImg),
      price: Number.isFinite(price) && price > 0 ? Math.ceil(price) : 0,
    })
  }
  return out
}

export const isDone = (w: Wish) => w.done >= w.target
/** the bar's length: the percent done, whole */
export const percentOf = (w: Wish) => Math.round((Math.min(w.done, w.target) / w.target) * 100)

export type WishState = ReturnType<typeof createWish>
/** what a tap led to: the popup, or the send's outcome */
export type TapOutcome = 'asked' | GiftSendOutcome

export function createWish(kernel: Kernel, live: LiveApi, timers: Timers) {
  const wishes = signal<Wish[]>([])
  /** the agreement is recorded (the room's clickAgreement 1, or recorded here) */
  const agreed = signal(false)
  /** d2 §2.10: Cancel is hidden in a bot (robot) call */
  const botCall = computed(() => {
    const i = kernel.get(callsRef)?.info.value
    return !!i && i.callFrontGameType === FrontType.BOT && (i.status === CallStatus.CALLING || i.status === CallStatus.CALLING_ING)
  })
  let hostId: number | null = null
  let seenFields: unknown = null
  /** removal timers of completed wishes, by gift id */
  const leaving = new Map<number, unknown>()
  /** completed and removed in this room: a later list still naming them does not bring them back */
  const gone = new Set<number>()

  const stopLeaving = (giftId: number) => {
    timers.clearTimeout(leaving.get(giftId))
    leaving.delete(giftId)
  }
  const drop = (giftId: number) => {
    leaving.delete(giftId)
    gone.add(giftId)
    wishes.value = wishes.peek().filter((w) => w.giftId !== giftId)
  }

  /** a list from the server; `entering`: the room's own answer, whose completed wishes are not shown */
  const apply = (list: Wish[], entering: boolean) => {
    const before = new Map(wishes.peek().map((w) => [w.giftId, w]))
    const next: Wish[] = []
    for (const w of list) {
      if (!isDone(w)) {
        gone.delete(w.giftId) // a wish the host set again
        stopLeaving(w.giftId)
      } else if (gone.has(w.giftId) || (entering && !before.has(w.giftId))) {
        gone.add(w.giftId)
        continue
      }
      const old = before.get(w.giftId)
      next.push(old ? { ...w, name: w.name || old.name, img: w.img || old.img, price: w.price || old.price } : w)
      if (isDone(w) && !leaving.has(w.giftId)) leaving.set(w.giftId, timers.setTimeout(() => drop(w.giftId), WISH_DONE_MS))
    }
    for (const id of [...leaving.keys()]) if (!next.some((w) => w.giftId === id)) stopLeaving(id)
    wishes.value = next
  }

  const reset = () => {
    for (const id of [...leaving.keys()]) stopLeaving(id)
    gone.clear()
    seenFields = null
    batch(() => {
      wishes.value = []
      agreed.value = false
    })
  }

  const offRoom = effect(() => {
    const id = live.current.value?.hostId ?? null
    const fields = live.fields.value
    if (id !== hostId) {
      hostId = id
      reset()
    }
    if (!fields || fields === seenFields || id == null) return
    seenFields = fields
    batch(() => {
      agreed.value = Number(fields.clickAgreement) === 1
      apply(toWishes(fields.liveWishList), true)
    })
  })
  const offUpdate = live.onRoomMessage(WISH_UPDATE, (data) => {
    if (hostId == null || (data.anchorId != null && Number(data.anchorId) !== hostId)) return
    apply(toWishes(data.liveWishList), false)
  })

  /** d2 §5: too few diamonds for the gift: the warning (1 s) and the recharge sheet; else one gift */
  const give = async (w: Wish): Promise<GiftSendOutcome> => {
    const id = hostId
    const gift = kernel.get(giftRef)
    if (id == null || !gift) return 'failed'
    if (Number(kernel.session.user.peek()?.diamondNum ?? 0) < w.price) {
      kernel.overlays.toast(kernel.i18n.t('wish.notEnough'), { type: 'warning', duration: WISH_BROKE_TOAST_MS })
      void kernel.get(rechargeRef)?.open({ source: WISH_RECHARGE_SOURCE, inLive: true })
      return 'recharge'
    }
    return gift.send(w.giftId, 1, { scene: 'LIVE', hostId: id, path: WISH_SEND_PATH })
  }

  /** 'No more reminders' on Agree: recorded once; a failed record asks again next time */
  const record = () => {
    const id = hostId
    agreed.value = true
    kernel.api.post(WishPaths.agreement, { anchorId: id, clickAgreement: 1 }, { silent: true }).catch(() => {
      if (hostId === id) agreed.value = false
    })
  }

  let asking = false
  const tap = async (w: Wish): Promise<TapOutcome> => {
    if (agreed.peek()) return give(w)
    if (asking) return 'asked'
    asking = true
    try {
      const answer = await kernel.overlays.open<AgreeAnswer>(WISH_AGREE, { wish: w, botCall: botCall.peek() } satisfies AgreeProps)
      if (!answer?.agree) return 'asked'
      if (answer.noMore && !agreed.peek()) record()
      return give(w)
    } finally {
      asking = false
    }
  }

  return {
    wishes,
    agreed,
    botCall,
    tap,
    dispose() {
      offRoom()
      offUpdate()
      reset()
    },
  }
}
