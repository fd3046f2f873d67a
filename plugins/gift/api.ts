// The gift plugin's public face: other plugins open the gift panel through giftRef (an optional
// link: in an app without gifts it is absent and the gift buttons hide).
import { ref } from '../../kernel/plugin.ts'
import { int, list, num, obj, or, type Guard } from '../../kernel/guard.ts'

/** where a gift is sent from: the scene of the gift post (d2 §7) */
export type GiftScene = 'LIVE' | 'CALL' | 'IM'

export interface GiftPanelOptions {
  scene: GiftScene
  /** the receiving host's user id */
  hostId: number
  /** the send path reported with the gift, e.g. 'top_gifters' from the host rank popup */
  path?: string
  /** opened from the ranking popup: the send debounce is 1.5 s instead of 1 s */
  fromRanking?: boolean
}

/** a gift someone else sent (a room's gift record), to show as a banner, combo and animation */
export interface GiftPlay {
  senderId: string
  senderNick: string
  giftId: number
  num: number
  /** the record's picture, used when the catalogue does not know the gift */
  img?: string
}

/** how a send ended: sent, dropped by the debounce, refused for the level, sent to recharge, failed */
/** 'pending': no answer came for two tries with one key; the gift may still land and is confirmed by that key */
export type GiftSendOutcome = 'sent' | 'pending' | 'debounced' | 'level' | 'recharge' | 'failed'

export interface GiftApi {
  openPanel(options: GiftPanelOptions): void
  /** send a catalogue gift by id without the panel (the wishful gifts), under the panel's rules
   *  (debounce, level, balance, one idempotency key per tap); 'failed' for a gift not in the catalogue */
  send(giftId: number, quantity: number, options: GiftPanelOptions): Promise<GiftSendOutcome>
  /** show a gift another viewer sent (the live room calls it for each gift record of its chat) */
  play(gift: GiftPlay): void
}

export const giftRef = ref<GiftApi>('gift')

/** Ledger reasons the gift endpoints write (the diamond records page translates them). */
export const GiftLedgerReason = {
  /** the sender's debit: unit price x count (lucky sends too, with lucky: true) */
  send: 'gift.send',
  /** the receiving host's share of a gift */
  income: 'gift.income',
  /** a lucky gift's reward to the sender */
  luckyReward: 'lucky.reward',
  /** a prize from an opened lucky box */
  boxPrize: 'box.prize',
} as const

// ---- guards of the answers (kernel/guard.ts): every field has its safe default, so a malformed
// answer to a send the server took still counts as sent (without a balance or a reward)

const count = or(num, 0)

/** d2 §3 gift send response */
export interface SendAnswer {
  diamondNum?: number
  maxRatePool: { winningStyle?: number } | null
  totalReward: number
  luckGiftComboTime?: number
  boxCount?: number
}

export const sendAnswer: Guard<SendAnswer> = obj({
  diamondNum: or(num, undefined),
  maxRatePool: or(obj({ winningStyle: or(int, undefined) }), null),
  totalReward: count,
  luckGiftComboTime: or(num, undefined),
  boxCount: or(int, undefined),
})

/** the lucky boxes the user holds */
export const boxListAnswer = obj({ count: or(int, 0) })

/** the boxes opened: each prize, their total, the boxes left and the new balance */
export const boxClaimAnswer = obj({
  prizes: or(list(obj({ id: int, prize: count }), 99), []),
  totalReward: count,
  count: or(int, 0),
  diamondNum: or(num, undefined),
})
