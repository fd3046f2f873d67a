// What a landed lucky send leaves in the room: the combo window (Send reads Combo for a while)
// and the last win, shown by the win animation and the lucky tip for LUCKY_TIP_MS.
import { signal, type Signal } from '@preact/signals-react'
import type { SendAnswer } from './api.ts'
import { isLucky, type Gift } from './catalogue.ts'
import { COMBO_WINDOW_MS, LUCKY_TIP_MS } from './rules.ts'

export interface LuckyWin {
  key: number
  reward: number
  style: number
  giftId: number
  /** what the send cost (price x quantity): the win's tier is its multiple of this */
  spent: number
}

export interface LuckyMoment {
  luckyWin: Signal<LuckyWin | null>
  combo: Signal<boolean>
  /** a send of `num` of `gift` landed with this answer */
  landed(gift: Gift, num: number, answer: SendAnswer): void
  dispose(): void
}

export function createLuckyMoment(): LuckyMoment {
  const luckyWin = signal<LuckyWin | null>(null)
  const combo = signal(false)
  let winSeq = 0
  let tipTimer: ReturnType<typeof setTimeout> | undefined
  let comboTimer: ReturnType<typeof setTimeout> | undefined

  return {
    luckyWin,
    combo,
    landed(gift, num, answer) {
      if (isLucky(gift)) {
        combo.value = true
        clearTimeout(comboTimer)
        comboTimer = setTimeout(() => (combo.value = false), answer.luckGiftComboTime || COMBO_WINDOW_MS)
      }
      const reward = answer.totalReward
      if (reward > 0) {
        luckyWin.value = { key: ++winSeq, reward, style: answer.maxRatePool?.winningStyle || 1, giftId: gift.id, spent: gift.price * num }
        clearTimeout(tipTimer)
        tipTimer = setTimeout(() => (luckyWin.value = null), LUCKY_TIP_MS)
      }
    },
    dispose() {
      clearTimeout(tipTimer)
      clearTimeout(comboTimer)
    },
  }
}
