// The social calls' paths and shared rules, apart from api.ts so the harness slice (fake.ts) needs no UI.
/** d1 §7 and d3 §7; collect, card and the ranking's payload are not shown there: the harness decides
 *  (documented in harness/README.md) */
export const SocialPath = {
  search: '/api/search/query',
  recommend: '/api/search/recommend',
  userRank: '/api/ranking/v2/userRank',
  friends: '/api/user/userFriend',
  blackList: '/api/user/blackList',
  /** ENG-11: the block list the app reads (the spec's newer path; the harness answers both) */
  blackListV2: '/api/user/blackListV2',
  block: '/api/user/blockUser',
  unblock: '/api/user/removeBlockUser',
  collectList: '/api/user/collectList',
  collect: '/api/user/collectUser',
  card: '/api/user/getUserCard',
  feedback: '/api/feedback/save',
  follow: '/api/user/followUser',
} as const

/** d3 §5 and §9 */
export const FEEDBACK_MAX = 500
export const FEEDBACK_PICS_MAX = 4
/** a search longer than this is cut (a name or a uid is never this long) */
export const SEARCH_MAX = 50
/** d3 §9 the follow list page size */
export const FRIENDS_PAGE_SIZE = 200
export const LIST_PAGE_SIZE = 20

/** d3 §4 Feedback: the four types, Application problem first (the default) */
export const FeedbackType = { app: 1, account: 2, suggest: 3, other: 4 } as const

/** the user ranking's periods (rankType) */
export const RankType = { day: 1, week: 2, month: 3 } as const
