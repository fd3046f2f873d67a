// The gift service (LIVE-07, LIVE-08): the catalogue, the panel, sending (checks, debounce, one
// idempotency key per tap reused by its retry, the balance from the server's answer), the lucky
// reward and combo window, lucky boxes, and the animation queue the gift layer draws.
import { signal, type Signal } from '@preact/signals-react'
import { isInsufficient, ApiError } from '../../kernel/api.ts'
import { askBySending, confirmPaid, sendPaid, type KeyStatus } from '../../kernel/paid.ts'
import { shellRef } from '../shell/api.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { Timers } from '../../kernel/timers.ts'
import { rechargeRef } from '../recharge/api.ts'
import { answer } from '../../kernel/guard.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import { prefersReducedMotion } from '../../kernel/style.ts'
import { boxClaimAnswer, boxListAnswer, sendAnswer, type GiftApi, type GiftPanelOptions, type GiftPlay, type GiftSendOutcome, type SendAnswer } from './api.ts'
import { findGift, isLucky, readCatalogue, type Catalogue, type Gift } from './catalogue.ts'
import { GiftPaths } from './paths.ts'
import { createGiftQueue, type GiftQueue } from './queue.ts'
import { checkSend, COMBO_WINDOW_MS, LEVEL_TOAST_MS, LUCKY_TIP_MS, MAX_NUM, quantityOf, RANKING_DEBOUNCE_MS, rechargeSource, SEND_DEBOUNCE_MS } from './rules.ts'

export const PANEL_ID = 'gift.panel'
export const BOXES_ID = 'gift.boxes'
/** a send not answered in this time is tried once more with the same key */
const SEND_TIMEOUT_MS = 8000

export type Loadable = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; data: Catalogue }


export interface LuckyWin {
  key: number
  reward: number
  style: number
  giftId: number
  /** what the send cost (price x quantity): the win's tier is its multiple of this */
  spent: number
}

export interface GiftService extends Omit<GiftApi, 'send'> {
  catalogue: Signal<Loadable>
  load(force?: boolean): Promise<void>
  send(gift: Gift, quantity: string | number, options: GiftPanelOptions): Promise<GiftSendOutcome>
  /** giftRef's send: the gift found by id in the catalogue (loaded first) */
  sendById: GiftApi['send']
  /** a send on its way (the Send button shows it) */
  sending: Signal<boolean>
  /** a send whose answer never came is being confirmed by its key: no other gift goes meanwhile */
  pending: Signal<boolean>
  queue: GiftQueue
  /** the last lucky win, shown by the win animation and the lucky tip (3.5 s) */
  luckyWin: Signal<LuckyWin | null>
  /** the lucky combo window (5 s after a lucky send): Send reads Combo */
  combo: Signal<boolean>
  boxes: Signal<number | null>
  /** an opening whose answer never came is being confirmed by its key: no other opening meanwhile */
  boxesPending: Signal<boolean>
  loadBoxes(): Promise<void>
  /** null: not opened (refused, or the server says it never was); 'unknown': no word within the bound */
  openBoxes(num: number): Promise<BoxesOpened | null | 'unknown'>
  dispose(): void
}

/** a send's status by its key: done carries the send's own answer */
const statusOf = (raw: unknown): KeyStatus<SendAnswer> => {
  const state = (raw as { state?: unknown } | null)?.state
  if (state === 'done') return { state, answer: sendAnswer(raw) ?? { totalReward: 0, maxRatePool: null } }
  return state === 'none' ? { state } : { state: 'pending' }
}

export interface BoxesOpened {
  prizes: Array<{ id: number; prize: number }>
  totalReward: number
}

export interface GiftDeps {
  now?: () => number
  /** the waits between status questions of a pending send */
  timers?: Timers
  reducedMotion?: () => boolean
}


export function createGiftService(kernel: Kernel, deps: GiftDeps = {}): GiftService {
  const now = deps.now ?? Date.now
  const catalogue = signal<Loadable>({ status: 'idle' })
  const sending = signal(false)
  const pending = signal(false)
  const luckyWin = signal<LuckyWin | null>(null)
  const combo = signal(false)
  const boxes = signal<number | null>(null)
  const boxesPending = signal(false)
  const queue = createGiftQueue({ reducedMotion: deps.reducedMotion ?? prefersReducedMotion })
  const t = (key: string, v?: Record<string, unknown>) => kernel.i18n.t(key, v)
  let lastSend = -Infinity
  let winSeq = 0
  let tipTimer: ReturnType<typeof setTimeout> | undefined
  let comboTimer: ReturnType<typeof setTimeout> | undefined
  let loading: Promise<void> | null = null

  const load = (force = false) => {
    if (!force && (catalogue.peek().status === 'ready' || loading)) return loading ?? Promise.resolve()
    catalogue.value = { status: 'loading' }
    loading = kernel.api
      .post<unknown>(GiftPaths.list, {}, { silent: true })
      .then((answer) => void (catalogue.value = { status: 'ready', data: readCatalogue(answer) }))
      .catch(() => void (catalogue.value = { status: 'error' }))
      .finally(() => void (loading = null))
    return loading
  }

  // a send the server took is sent even when its answer is malformed: no balance, no reward then
  const post = (gift: Gift, num: number, o: GiftPanelOptions, requestId: string): Promise<SendAnswer> =>
    kernel.api
      .post(
        GiftPaths.send,
        { giftId: gift.id, giftNum: num, scene: o.scene, anchorId: o.hostId, ...(o.scene === 'LIVE' && { liveId: o.hostId }), requestId, ...(gift.tempId && { tempId: gift.tempId }), ...(o.path && { path: o.path }) },
        { timeout: SEND_TIMEOUT_MS, silent: true },
      )
      .then((raw) => sendAnswer(raw) ?? { totalReward: 0, maxRatePool: null })

  const landed = (gift: Gift, num: number, answer: SendAnswer) => {
    if (answer.diamondNum !== undefined) kernel.session.setBalance(answer.diamondNum)
    const me = kernel.session.user.peek()
    const reward = answer.totalReward
    queue.add({ senderId: me?.yxAccid ?? 'me', senderNick: me?.nickname ?? '', giftId: gift.id, giftName: gift.name, img: gift.img, num, ...(gift.animation && { animation: gift.animation }), ...(reward > 0 && { reward }) })
    if (isLucky(gift)) {
      combo.value = true
      clearTimeout(comboTimer)
      comboTimer = setTimeout(() => (combo.value = false), answer.luckGiftComboTime || COMBO_WINDOW_MS)
    }
    if (reward > 0) {
      luckyWin.value = { key: ++winSeq, reward, style: answer.maxRatePool?.winningStyle || 1, giftId: gift.id, spent: gift.price * num }
      clearTimeout(tipTimer)
      tipTimer = setTimeout(() => (luckyWin.value = null), LUCKY_TIP_MS)
    }
    if (answer.boxCount !== undefined) boxes.value = answer.boxCount
  }

  // The answer never came: say so, keep Send busy, and ask by the same key until the server knows.
  // Done lands the gift with its own answer; never means it was not sent; no word within the bound
  // leaves it to the balance the server reports (a refresh now, and every resync).
  const confirm = async (gift: Gift, num: number, key: string) => {
    pending.value = true
    kernel.overlays.toast(t('gift.pending'), { type: 'info' })
    const s = await confirmPaid((k) => kernel.api.post(GiftPaths.sendStatus, { requestId: k }, { silent: true, timeout: SEND_TIMEOUT_MS }).then(statusOf), key, deps.timers)
    if (s.state === 'done') landed(gift, num, s.answer)
    else if (s.state === 'none') kernel.overlays.toast(t('gift.sendFailed'), { type: 'warning' })
    else {
      kernel.overlays.toast(t('gift.pendingLong'), { type: 'info' })
      void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
    }
    pending.value = false
    sending.value = false
  }

  const showPlay = (p: GiftPlay) => {
    const c = catalogue.peek()
    const g = c.status === 'ready' ? findGift(c.data, p.giftId) : undefined
    queue.add({ senderId: p.senderId, senderNick: p.senderNick, giftId: p.giftId, giftName: g?.name ?? '', img: g?.img || safeImageUrl(p.img), num: Math.max(1, Math.min(MAX_NUM, Math.floor(p.num) || 1)), ...(g?.animation && { animation: g.animation }) })
  }

  const service: GiftService = {
    catalogue,
    load,
    sending,
    pending,
    queue,
    luckyWin,
    combo,
    boxes,
    boxesPending,
    openPanel(options) {
      void load()
      void kernel.overlays.open(PANEL_ID, options)
    },
    play(p) {
      if (catalogue.peek().status === 'ready') return showPlay(p)
      void load().then(() => showPlay(p))
    },
    async send(gift, quantity, o) {
      const debounce = o.fromRanking ? RANKING_DEBOUNCE_MS : SEND_DEBOUNCE_MS
      // a tap while an earlier send may still land (a wish card has no Send button to show it): say so again
      if (pending.peek()) {
        kernel.overlays.toast(t('gift.pending'), { type: 'info' })
        return 'pending'
      }
      if (sending.peek() || now() - lastSend < debounce) return 'debounced'
      const num = Math.min(MAX_NUM, quantityOf(quantity))
      const user = kernel.session.user.peek()
      const check = checkSend(gift, num, user?.diamondNum ?? 0, Number(user?.userLevel ?? 0))
      if (check === 'level') {
        kernel.overlays.toast(t('gift.levelLow'), { type: 'warning', position: 'top', duration: LEVEL_TOAST_MS })
        return check
      }
      if (check === 'recharge') {
        const scene = kernel.scene.peek()
        void kernel.get(rechargeRef)?.open({ source: rechargeSource(gift), inLive: !!scene.live, inCall: !!scene.call })
        return check
      }
      lastSend = now()
      sending.value = true
      let waiting = false
      try {
        const r = await sendPaid((key) => post(gift, num, o, key))
        if (r.state === 'pending') {
          waiting = true
          void confirm(gift, num, r.key)
          return 'pending'
        }
        landed(gift, num, r.answer)
        return 'sent'
      } catch (err) {
        // diamond.not.enough: the kernel's insufficient-balance event opens the shop
        if (isInsufficient(err)) return 'recharge'
        const levelLow = err instanceof ApiError && err.message === 'level.not.enough'
        kernel.overlays.toast(t(levelLow ? 'gift.levelLow' : 'gift.sendFailed'), levelLow ? { type: 'warning', position: 'top', duration: LEVEL_TOAST_MS } : { type: 'warning' })
        return 'failed'
      } finally {
        if (!waiting) sending.value = false
      }
    },
    async sendById(giftId, quantity, o) {
      await load()
      const c = catalogue.peek()
      const gift = c.status === 'ready' ? findGift(c.data, giftId) : undefined
      if (!gift) {
        kernel.overlays.toast(t('gift.sendFailed'), { type: 'warning' })
        return 'failed'
      }
      return service.send(gift, quantity, o)
    },
    async loadBoxes() {
      try {
        boxes.value = answer(boxListAnswer, GiftPaths.boxList)(await kernel.api.post(GiftPaths.boxList, {}, { silent: true })).count
      } catch {
        boxes.value ??= 0
      }
    },
    // the pending rule: a lost answer is tried once more with the same key, then asked about by
    // that key (the claim answers the same for a key it already did), never shown as nothing won
    async openBoxes(num) {
      const attempt = (requestId: string) => kernel.api.post(GiftPaths.boxClaim, { num, requestId }, { silent: true, timeout: SEND_TIMEOUT_MS })
      const opened = (raw: unknown): BoxesOpened => {
        const r = answer(boxClaimAnswer, GiftPaths.boxClaim)(raw)
        if (r.diamondNum !== undefined) kernel.session.setBalance(r.diamondNum)
        boxes.value = r.count
        return { prizes: r.prizes, totalReward: r.totalReward }
      }
      try {
        const r = await sendPaid(attempt)
        if (r.state === 'done') return opened(r.answer)
        boxesPending.value = true
        const s = await confirmPaid(askBySending(attempt), r.key, deps.timers)
        if (s.state === 'done') return opened(s.answer)
        if (s.state === 'unknown') void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
        await service.loadBoxes()
        return s.state === 'unknown' ? 'unknown' : null
      } catch {
        await service.loadBoxes()
        return null
      } finally {
        boxesPending.value = false
      }
    },
    dispose() {
      clearTimeout(tipTimer)
      clearTimeout(comboTimer)
      queue.dispose()
    },
  }
  return service
}
