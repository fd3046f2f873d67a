// Sending a gift: the checks before it (pending, debounce, level, balance), one idempotency key per
// tap reused by its retry, and a send whose answer never came confirmed by that key. A send the
// server took goes to `landed` with the server's answer (the balance, the reward).
import { signal, type Signal } from '@preact/signals-react'
import { isInsufficient, ApiError } from '../../kernel/api.ts'
import { confirmPaid, sendPaid, type KeyStatus } from '../../kernel/paid.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { Timers } from '../../kernel/timers.ts'
import { shellRef } from '../shell/api.ts'
import { rechargeRef } from '../recharge/api.ts'
import { sendAnswer, type GiftPanelOptions, type GiftSendOutcome, type SendAnswer } from './api.ts'
import type { Gift } from './catalogue.ts'
import { GiftPaths } from './paths.ts'
import { checkSend, LEVEL_TOAST_MS, MAX_NUM, quantityOf, RANKING_DEBOUNCE_MS, rechargeSource, SEND_DEBOUNCE_MS, SEND_TIMEOUT_MS } from './rules.ts'

export interface GiftSender {
  send(gift: Gift, quantity: string | number, options: GiftPanelOptions): Promise<GiftSendOutcome>
  /** a send on its way (the Send button shows it) */
  sending: Signal<boolean>
  /** a send whose answer never came is being confirmed by its key: no other gift goes meanwhile */
  pending: Signal<boolean>
}

export interface SenderDeps {
  now: () => number
  timers?: Timers
  /** the server took the send: show it and take its balance */
  landed(gift: Gift, num: number, answer: SendAnswer): void
}

/** a send's status by its key: done carries the send's own answer */
const statusOf = (raw: unknown): KeyStatus<SendAnswer> => {
  const state = (raw as { state?: unknown } | null)?.state
  if (state === 'done') return { state, answer: sendAnswer(raw) ?? { totalReward: 0, maxRatePool: null } }
  return state === 'none' ? { state } : { state: 'pending' }
}

export function createGiftSender(kernel: Kernel, deps: SenderDeps): GiftSender {
  const sending = signal(false)
  const pending = signal(false)
  const t = (key: string) => kernel.i18n.t(key)
  let lastSend = -Infinity

  // a send the server took is sent even when its answer is malformed: no balance, no reward then
  const post = (gift: Gift, num: number, o: GiftPanelOptions, requestId: string): Promise<SendAnswer> =>
    kernel.api
      .post(
        GiftPaths.send,
        { giftId: gift.id, giftNum: num, scene: o.scene, anchorId: o.hostId, ...(o.scene === 'LIVE' && { liveId: o.hostId }), requestId, ...(gift.tempId && { tempId: gift.tempId }), ...(o.path && { path: o.path }) },
        { timeout: SEND_TIMEOUT_MS, silent: true },
      )
      .then((raw) => sendAnswer(raw) ?? { totalReward: 0, maxRatePool: null })

  // The answer never came: say so, keep Send busy, and ask by the same key until the server knows.
  // Done lands the gift with its own answer; never means it was not sent; no word within the bound
  // leaves it to the balance the server reports (a refresh now, and every resync).
  const confirm = async (gift: Gift, num: number, key: string) => {
    pending.value = true
    kernel.overlays.toast(t('gift.pending'), { type: 'info' })
    const s = await confirmPaid((k) => kernel.api.post(GiftPaths.sendStatus, { requestId: k }, { silent: true, timeout: SEND_TIMEOUT_MS }).then(statusOf), key, deps.timers)
    if (s.state === 'done') deps.landed(gift, num, s.answer)
    else if (s.state === 'none') kernel.overlays.toast(t('gift.sendFailed'), { type: 'warning' })
    else {
      kernel.overlays.toast(t('gift.pendingLong'), { type: 'info' })
      void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
    }
    pending.value = false
    sending.value = false
  }

  /** why this send may not go now, said to the user; null when it may */
  const refusal = (gift: Gift, num: number, o: GiftPanelOptions): GiftSendOutcome | null => {
    const debounce = o.fromRanking ? RANKING_DEBOUNCE_MS : SEND_DEBOUNCE_MS
    // a tap while an earlier send may still land (a wish card has no Send button to show it): say so again
    if (pending.peek()) {
      kernel.overlays.toast(t('gift.pending'), { type: 'info' })
      return 'pending'
    }
    if (sending.peek() || deps.now() - lastSend < debounce) return 'debounced'
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
    return null
  }

  const send = async (gift: Gift, quantity: string | number, o: GiftPanelOptions): Promise<GiftSendOutcome> => {
    const num = Math.min(MAX_NUM, quantityOf(quantity))
    const refused = refusal(gift, num, o)
    if (refused) return refused
    lastSend = deps.now()
    sending.value = true
    let waiting = false
    try {
      const r = await sendPaid((key) => post(gift, num, o, key))
      if (r.state === 'pending') {
        waiting = true
        void confirm(gift, num, r.key)
        return 'pending'
      }
      deps.landed(gift, num, r.answer)
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
  }

  return { send, sending, pending }
}
