// Lucky boxes: the count the server keeps, and opening them under the pending rule (a lost answer
// is tried once more with the same key, then asked about by that key; the claim answers the same
// for a key it already did), never shown as nothing won.
import { signal, type Signal } from '@preact/signals-react'
import { askBySending, confirmPaid, sendPaid } from '../../kernel/paid.ts'
import { answer } from '../../kernel/guard.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { Timers } from '../../kernel/timers.ts'
import { shellRef } from '../shell/api.ts'
import { boxClaimAnswer, boxListAnswer } from './api.ts'
import { GiftPaths } from './paths.ts'
import { SEND_TIMEOUT_MS } from './rules.ts'

export interface BoxesOpened {
  prizes: Array<{ id: number; prize: number }>
  totalReward: number
}

export interface BoxOpening {
  boxes: Signal<number | null>
  /** an opening whose answer never came is being confirmed by its key: no other opening meanwhile */
  boxesPending: Signal<boolean>
  loadBoxes(): Promise<void>
  /** null: not opened (refused, or the server says it never was); 'unknown': no word within the bound */
  openBoxes(num: number): Promise<BoxesOpened | null | 'unknown'>
}

export function createBoxOpening(kernel: Kernel, timers?: Timers): BoxOpening {
  const boxes = signal<number | null>(null)
  const boxesPending = signal(false)

  const loadBoxes = async () => {
    try {
      boxes.value = answer(boxListAnswer, GiftPaths.boxList)(await kernel.api.post(GiftPaths.boxList, {}, { silent: true })).count
    } catch {
      boxes.value ??= 0
    }
  }

  const openBoxes = async (num: number): Promise<BoxesOpened | null | 'unknown'> => {
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
      const s = await confirmPaid(askBySending(attempt), r.key, timers)
      if (s.state === 'done') return opened(s.answer)
      if (s.state === 'unknown') void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
      await loadBoxes()
      return s.state === 'unknown' ? 'unknown' : null
    } catch {
      await loadBoxes()
      return null
    } finally {
      boxesPending.value = false
    }
  }

  return { boxes, boxesPending, loadBoxes, openBoxes }
}
