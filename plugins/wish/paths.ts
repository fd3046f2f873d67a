// The wishful gifts' wire (d2 §7, LIVE-09): the agreement call and the room message that carries a
// host's wish list while viewers watch. The spec shows neither the message nor the wishlist
// agreement's path; the harness's choices are in harness/README.md "Wishful gifts".
export const WishPaths = {
  /** records the viewer's wishful-gift agreement ('No more reminders'); also d2 §7's "wishlist agreement" */
  agreement: '/api/agora/live/clickAgreement',
} as const

/** chat-room custom message: { type: 80, anchorId, liveWishList } after a gift moved a wish */
export const WISH_UPDATE = 80

/** d2 §4.4: a completed wish leaves the carousel after about 3 s */
export const WISH_DONE_MS = 3000
/** d2 §5: 'Not enough diamonds please recharge' shows for 1 s */
export const WISH_BROKE_TOAST_MS = 1000
/** the carousel turns to the next wish every 3 s */
export const WISH_AUTOPLAY_MS = 3000
/** d2 §5: a gift sent for too few diamonds opens recharge with source 'giftclickout' (not a lucky gift) */
export const WISH_RECHARGE_SOURCE = 'giftclickout'
/** the send path reported with a wishful gift */
export const WISH_SEND_PATH = 'wish'
