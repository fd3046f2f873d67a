// The gift API paths (d2 §7). The spec shows the gift list and the lucky box paths; the gift post
// ("path not shown") is chosen here and listed in harness/README.md.
export const GiftPaths = {
  list: '/api/gift/v2/getGiftListByWeight',
  send: '/api/gift/v2/sendGift',
  /** what became of a send, by its requestId: { state: done (+ the send's answer) | pending | none } (the harness's path) */
  sendStatus: '/api/gift/v2/sendStatus',
  boxList: '/api/luckybox/list',
  boxClaim: '/api/luckybox/claim',
} as const

