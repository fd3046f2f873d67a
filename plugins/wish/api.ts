// The wishful gifts' public face (LIVE-09): the agreement popup's id and what it is given and
// answers. The feature offers no service: it fills the live room's 'wish' slot itself.
import type { Wish } from './state.ts'

/** d2 §2.10 the wishful-gift agree popup */
export const WISH_AGREE = 'wish.agree'

export interface AgreeProps {
  wish: Wish
  /** in a bot call the popup has no Cancel */
  botCall: boolean
}

/** Agree (with 'No more reminders' checked or not), or Cancel */
export interface AgreeAnswer {
  agree: boolean
  noMore: boolean
}
