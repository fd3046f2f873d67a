// The moments calls (d3 §7), apart from api.ts so the harness slice needs no UI. The payloads of
// detail, getComments, comment and like are not shown in the spec: the harness README says ours.
export const MomentsPath = {
  feed: '/api/expand/friendsCircle/queryAnchorFriendsCircleListV2',
  detail: '/api/expand/friendsCircle/v2/detail',
  comments: '/api/expand/friendsCircle/getComments',
  comment: '/api/expand/friendsCircle/comment',
  like: '/api/expand/friendsCircle/like',
} as const

export const MOMENTS_PAGE_SIZE = 10
export const COMMENT_MAX = 200
export const MOMENTS_DETAIL_PATH = '/moments-detail'
