// One pair's intimacy (LIVE-15), as the sheet and the chat card show it: the info and the
// privileges by host id, and the level gift (d2 §4.8): it works only when the experience has
// reached the needed value ('This gift can only be gifted when intimacy is full' otherwise);
// confirming sends one gift under one request id (a retry is charged once) and reloads the info.
// An answer lost twice is pending (kernel/paid.ts): asked about by the same id, never 'not sent'.
// An answer containing diamond.not.enough opens recharge. No balance is computed here: the
// harness pushes the ledger's.
import { signal } from '@preact/signals-react'
import { isInsufficient } from '../../kernel/api.ts'
import { answer } from '../../kernel/guard.ts'
import { askBySending, confirmPaid, sendPaid } from '../../kernel/paid.ts'
import type { Timers } from '../../kernel/timers.ts'
import { shellRef } from '../shell/api.ts'
import { Msg } from '../../kernel/protocol/envelope.ts'
import type { Kernel } from '../../kernel/types.ts'
import { rechargeRef } from '../recharge/api.ts'
import { intimacyInfo, IntimacyPaths, privilegeAnswer, type IntimacyInfo, type Privilege } from './api.ts'

export type Load = 'loading' | 'ready' | 'failed'
/** what a tap on the gift button did */
export type GiftOutcome = 'not-full' | 'max' | 'busy' | 'cancelled' | 'sent' | 'recharge' | 'failed' | 'pending'

/** the bar is full: the next level's gift may be sent */
export const isFull = (i: IntimacyInfo) => i.upNeddExperienceValue != null && i.experienceValue >= i.upNeddExperienceValue
/** the bar's share, 0-1 (full at the maximum level) */
export const progressOf = (i: IntimacyInfo) => (i.upNeddExperienceValue == null ? 1 : i.upNeddExperienceValue > 0 ? Math.min(1, Math.max(0, i.experienceValue / i.upNeddExperienceValue)) : 0)

export type Intimacy = ReturnType<typeof createIntimacy>

/** a level gift not answered in this time is tried once more with the same id */
const SEND_TIMEOUT_MS = 8000

export function createIntimacy(kernel: Kernel, hostId: number, opts: { inLive?: boolean; timers?: Timers } = {}) {
  const info = signal<IntimacyInfo | null>(null)
  const status = signal<Load>('loading')
  const privileges = signal<Privilege[] | null>(null)
  const privilegeStatus = signal<Load>('loading')
  const sending = signal(false)
  /** a level gift whose answer never came is being confirmed by its id */
  const pending = signal(false)
  const t = kernel.i18n.t

  const load = async () => {
    status.value = info.peek() ? 'ready' : 'loading'
    try {
      info.value = await kernel.api.post(IntimacyPaths.info, { anchorId: hostId }, { silent: true }).then(answer(intimacyInfo, IntimacyPaths.info))
      status.value = 'ready'
    } catch {
      if (!info.peek()) status.value = 'failed'
    }
  }

  const loadPrivileges = async () => {
    privilegeStatus.value = 'loading'
    try {
      privileges.value = (await kernel.api.post(IntimacyPaths.privileges, { anchorId: hostId }, { silent: true }).then(answer(privilegeAnswer, IntimacyPaths.privileges))).privilegeList
      privilegeStatus.value = 'ready'
    } catch {
      privilegeStatus.value = 'failed'
    }
  }

  const openRecharge = () => void kernel.get(rechargeRef)?.open({ source: 'intimacy', inLive: !!opts.inLive })

  /** the gift button: refused unless full; a confirmation, then one send and a reload */
  const sendGift = async (): Promise<GiftOutcome> => {
    const i = info.peek()
    if (!i || !i.gift || i.upNeddExperienceValue == null) return 'max'
    if (!isFull(i)) {
      kernel.overlays.toast(t('intimacy.notFull'), { type: 'warning' })
      return 'not-full'
    }
    if (sending.peek()) return 'busy'
    sending.value = true
    try {
      const ok = await kernel.overlays.confirm({ message: t('intimacy.confirm', { n: i.gift.giftPrice, level: i.level + 1 }), ok: t('intimacy.send'), cancel: t('intimacy.cancel') })
      if (!ok) return 'cancelled'
      const attempt = (requestId: string) => kernel.api.post<unknown>(IntimacyPaths.sendGift, { anchorId: hostId, giftId: i.gift!.id, giftNum: 1, requestId }, { silent: true, timeout: SEND_TIMEOUT_MS })
      const r = await sendPaid(attempt)
      let reply: unknown
      if (r.state === 'done') reply = r.answer
      else {
        // the send may have landed: the same id asks (the server does it at most once), no new try meanwhile
        pending.value = true
        kernel.overlays.toast(t('intimacy.pending'), { type: 'info' })
        const s = await confirmPaid(askBySending(attempt), r.key, opts.timers).finally(() => (pending.value = false))
        if (s.state === 'none') throw new Error('not sent')
        if (s.state !== 'done') {
          kernel.overlays.toast(t('intimacy.pendingLong'), { type: 'info' })
          void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
          return 'pending'
        }
        reply = s.answer
      }
      if (typeof reply === 'string' && reply.includes(Msg.notEnough)) {
        openRecharge()
        return 'recharge'
      }
      await load()
      return 'sent'
    } catch (err) {
      // an error envelope of diamond.not.enough: the kernel's insufficient-balance event opens the shop
      if (isInsufficient(err)) return 'recharge'
      kernel.overlays.toast(t('intimacy.sendFailed'), { type: 'warning' })
      return 'failed'
    } finally {
      sending.value = false
    }
  }

  return { hostId, info, status, privileges, privilegeStatus, sending, pending, load, loadPrivileges, sendGift }
}
